/**
 * Isolation of the brand API, driven by the route registry: every registered `/api` route is
 * called by brand A's member and by a partner outside brand B with B's ids (404 exactly like a
 * missing id, nothing of B in the answer), and anonymously (401). A route added to the registry
 * is covered without touching this file; one that needs an id this file cannot fill fails here.
 */
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { API_ROUTES, ROUTES } from '../../src/cli/index.ts';
import { apiRouteList, buildHttpServer, pathParams, routeKey, type ApiRoute } from '../../src/http/index.ts';
import { createNotification } from '../../src/notifications/index.ts';
import {
  addPartnerMember,
  createInvitedMember,
  createPartner,
  createUser,
  TEST_PASSWORD,
} from '../factories/accounts.ts';
import { createCampaign, createScheduledFlow, createSegment, createTapToTextFlow } from '../../src/workflows/index.ts';
import { createContact } from '../factories/index.ts';
import { addPasskey, addSpareChannels, seedWorld, type World } from '../helpers/brand-api-world.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../helpers/db.ts';
import { createPlan } from '../../src/billing/index.ts';
import { startAdJob } from '../../src/ads/index.ts';
import { sealCredentials } from '../../src/stores/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { OWN_REFUSALS, TESTER, requestBodies, type Ids } from './brand-api-isolation-inputs.ts';

const MISSING_ID = 999_999_999;
/** `/api` routes outside the brand API: the stores' app callbacks (signed by the platforms). */
const OUTSIDE_REGISTRY = [/^\/api\/integration\//];

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
let a: World;
let b: World;
/** The worlds' stores are Shopify shops on the fake, so choosing a plan bills through Shopify app billing. */
let shopify: FakeShopify;
let planId = 0;
const tokens: Record<'a' | 'b' | 'partner' | 'staff', string> = { a: '', b: '', partner: '', staff: '' };
/** The caller's own ids: brand A's, and the caller's own passkey (passkeys belong to a user). */
const own: Record<'a' | 'partner', Record<string, number | string>> = { a: {}, partner: {} };
let staff: Record<string, number | string> = {};
/** A world's ids for its first caller (what routes delete comes from spares[0]). */
const idsOf = (world: World): Record<string, number | string> => ({
  ...world.ids,
  ...world.spares[0],
  passkeyId: world.passkeyId,
});
const registered: Array<{ method: string; url: string }> = [];
const routes: ApiRoute[] = apiRouteList({ routes: API_ROUTES });

const login = async (email: string, appName: 'brand' | 'admin'): Promise<string> => {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD, app: appName },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().access_token;
};

beforeAll(async () => {
  shopify = await FakeShopify.start();
  ctx = await t.context({ PUBLIC_URL: 'https://app.reclaim.test', SHOPIFY_ADMIN_BASE_URL: shopify.url });
  app = await buildHttpServer(ctx, {
    routes: [
      (server) => {
        server.addHook('onRoute', (route) => {
          for (const method of [route.method].flat())
            if (method !== 'HEAD') registered.push({ method, url: route.url });
        });
      },
      ...ROUTES,
    ],
    panel: false,
  });
  a = await seedWorld(t.db, 'a');
  b = await seedWorld(t.db, 'b');
  await addSpareChannels(t.db, a);
  await addSpareChannels(t.db, b);
  for (const world of [a, b]) await shopOnFake(world);
  planId = (await createPlan(t.db, { name: 'Isolation plan', price: 49, rate: 5 })).id;
  // Each brand has a campaign (kept out of the shared world, whose workflow counts other files read);
  // each caller its own draft campaign and segment to change, test, schedule, cancel and delete.
  for (const world of [a, b]) await addCampaigns(world);
  // Each brand has a scheduled flow and a keyword flow, and its escalation is answered (a card can be made of it).
  for (const world of [a, b]) await addFlows(world);
  // A workflow per caller that a route may delete (the shared world's workflow stays).
  for (const world of [a, b]) await addSpareWorkflows(world);
  // A member who has not accepted the invitation yet: re-invited and given a role by the team routes.
  for (const world of [a, b])
    world.ids.memberId = (await createInvitedMember(t.db, { tenantId: world.ids.tenantId! })).user.id;
  tokens.a = await login(a.user.email, 'brand');
  tokens.b = await login(b.user.email, 'brand');
  const partnerUser = await createUser(t.db, { role: 'partner' });
  const partner = await createPartner(t.db, { tenantIds: [a.ids.tenantId!] });
  await addPartnerMember(t.db, { partnerId: partner.id, userId: partnerUser.id });
  tokens.partner = await login(partnerUser.email, 'admin');
  own.a = idsOf(a);
  // Notifications belong to users: the partner's and staff's own are addressed to them.
  const partnerNotice = await createNotification(t.db, {
    type: 'system',
    title: 'For the partner',
    userId: partnerUser.id,
  });
  own.partner = {
    ...a.ids,
    ...a.spares[1],
    passkeyId: await addPasskey(t.db, partnerUser.id, 'Partner key'),
    notificationId: partnerNotice.id,
  };
  const staffUser = await createUser(t.db, { is_staff: true, role: 'admin' });
  tokens.staff = await login(staffUser.email, 'admin');
  const staffNotice = await createNotification(t.db, { type: 'system', title: 'For staff', audience: 'staff' });
  staff = {
    ...b.ids,
    ...b.spares[1],
    passkeyId: await addPasskey(t.db, staffUser.id, 'Staff key'),
    notificationId: staffNotice.id,
  };
});

/** The number a test text goes to: a subscriber of both brands (each brand's own contact). */

async function addCampaigns(world: World): Promise<void> {
  const brandId = world.ids.brandId!;
  const filter = { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] };
  const segment = await createSegment(ctx, { brandId, name: `Buyers ${world.tag}`, filter });
  const at = new Date(Date.now() + 86_400_000).toISOString();
  const message = `Sale ${world.tag}: {cart_link}`;
  world.ids.campaignId = (await createCampaign(ctx, { brandId, segmentId: segment.id, message, at })).id;
  world.ids.campaignSegmentId = segment.id;
  await createContact(t.db, brandId, { phone: TESTER, given_name: 'Tester' });
  for (const spare of world.spares) {
    spare.campaignId = (await createCampaign(ctx, { brandId, segmentId: segment.id, message, draft: true })).id;
    spare.segmentId = (await createSegment(ctx, { brandId, name: `Spare ${world.tag}`, filter })).id;
  }
}

async function addFlows(world: World): Promise<void> {
  const brandId = world.ids.brandId!;
  const segment = await createSegment(ctx, {
    brandId,
    name: `Weekly ${world.tag}`,
    filter: { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] },
  });
  const scheduled = await createScheduledFlow(ctx, {
    brandId,
    segmentId: segment.id,
    cron: '0 10 * * 1',
    message: `Weekly ${world.tag}: {cart_link}`,
  });
  world.ids.segmentId = segment.id;
  // A segment no route deletes (a caller's spare segmentId may be gone by the time a flow is made).
  world.ids.flowSegmentId = segment.id;
  world.ids.scheduledFlowId = scheduled.id;
  const keyword = await createTapToTextFlow(ctx, { brandId, keyword: `JOIN${world.tag}`, message: 'Welcome!' });
  world.ids.keywordFlowId = keyword.id;
  // A job that made (or failed to make) an ad, and a second concept of the world's ad that a route
  // makes again (the first keeps the world's marker).
  await t.db('ad_concepts').insert({ ad_id: world.ids.adId, title: `Second ${world.tag}`, body: 'Second' });
  const started = startAdJob(ctx, { brandId, website: 'http://127.0.0.1:9/', concepts: 1, dimensions: '256x256' });
  await started.wait;
  (world.ids as Record<string, number | string>).jobId = started.job.id;
  world.ids.index = 2;
  await t
    .db('conversation_escalations')
    .where({ id: world.ids.escalationId })
    .update({ processed_question: `Returns ${world.tag}?`, processed_response: 'Within 30 days.' });
}

/** A copy of the world's workflow in each spare set (spares[i].workflowId): DELETE removes one. */
async function addSpareWorkflows(world: World): Promise<void> {
  const original = await t.db('workflows').where({ id: world.ids.workflowId }).first();
  for (const [i, spare] of world.spares.entries()) {
    const { id: _id, created_at: _c, updated_at: _u, ...row } = original;
    const [inserted] = await t
      .db('workflows')
      .insert({
        ...row,
        ...Object.fromEntries(
          ['message', 'rules', 'action', 'extra_data'].map((column) => [column, JSON.stringify(row[column] ?? null)]),
        ),
        name: `Spare flow ${i}`,
        priority: -1 - i,
      })
      .returning('id');
    spare.workflowId = Number(inserted.id);
  }
}

/**
 * The caller's own calls change its world (a block unsubscribes the shopper); each route starts
 * from a shopper who takes texts, so that a reply or a channel delete after a block still works.
 */
async function resubscribe(world: World): Promise<void> {
  await t
    .db('contact_channels')
    .where({ contact_id: world.ids.contactId })
    .update({ status: 'subscribed', extra_data: t.db.raw(`extra_data - 'blocked'`) });
}
/**
 * The world's store becomes a shop of the fake Shopify with a token it issued, and its (local)
 * subscription ends: choosing a plan subscribes through Shopify app billing every time.
 */
async function shopOnFake(world: World): Promise<void> {
  const row = await t.db('brand_integrations').where({ brand_id: world.ids.brandId }).orderBy('id').first();
  const shop = String(row.lookup_id);
  shopify.addShop(shop);
  const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');
  const credentials = sealCredentials({ access_token: shopify.issueToken(shop) }, key);
  await t
    .db('brand_integrations')
    .where({ id: row.id })
    .update({ settings: { ...row.settings, domain: shop, credentials } });
  await t.db('subscriptions').where({ brand_id: world.ids.brandId }).update({ status: 'cancelled' });
}

afterAll(async () => {
  await app.close();
  await shopify?.close();
});

/** A required query a route needs besides ids (a search finds what every world holds). */
const QUERIES: Partial<Record<string, string>> = {
  'GET /api/brands/:brandId/kb/search': 'q=shipping days',
};

/** Path params and id-like query fields, from the given id per name (a name with no id fails). */
function request(route: ApiRoute, ids: Ids): { url: string; missing: string[] } {
  const missing: string[] = [];
  const url = route.path.replace(/:(\w+)/g, (_m, name: string) => {
    const id = ids(name);
    if (id === undefined) missing.push(`:${name}`);
    return String(id ?? MISSING_ID);
  });
  const query = new URLSearchParams(QUERIES[routeKey(route)] ?? '');
  const shape = route.query instanceof z.ZodObject ? (route.query.shape as Record<string, unknown>) : {};
  for (const field of Object.keys(shape).filter((f) => f.endsWith('_id'))) {
    const id = ids(field.replace(/_id$/, 'Id').replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()));
    if (id !== undefined) query.set(field, String(id));
  }
  const qs = query.toString();
  return { url: qs ? `${url}?${qs}` : url, missing };
}

const BODIES = requestBodies(() => planId);

/**
 * The answer of a call that has what it needs: 2xx; public routes and sign-in without a body:
 * below 500, not 401; a staff-only route called by anyone but staff: 403.
 */
function expectServed(route: ApiRoute, answer: LightMyRequestResponse, where: string, isStaff = false): void {
  const refusal = OWN_REFUSALS[routeKey(route)];
  if (route.staff && !isStaff) expect(answer.statusCode, `${where}: ${answer.body}`).toBe(403);
  else if (refusal) {
    expect(answer.statusCode, `${where}: ${answer.body}`).toBe(refusal.status);
    if (typeof refusal.message === 'string') expect(answer.json().error.message).toBe(refusal.message);
    else expect(answer.json().error.message).toMatch(refusal.message);
  } else if (route.public || (route.body && !BODIES[routeKey(route)])) {
    expect(answer.statusCode, `${where}: ${answer.body}`).toBeLessThan(500);
    expect(answer.statusCode, `${where}: ${answer.body}`).not.toBe(401);
  } else expect(answer.statusCode, `${where}: ${answer.body}`).toBeLessThan(300);
}

async function call(route: ApiRoute, url: string, token?: string, ids?: Ids): Promise<LightMyRequestResponse> {
  const body = BODIES[routeKey(route)];
  if (route.body && !body && pathParams(route.path).length > 0)
    throw new Error(`${routeKey(route)} takes a body: give this test a body for it (BODIES)`);
  return app.inject({
    ...(body && ids ? { payload: body(ids) } : {}),
    method: route.method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

const worldIds = (ids: Record<string, number | string>) => (name: string) => ids[name];
/** Brand A's brand with everything else of B: the handler's own brand filter is what answers. */
const aBrandBRest = (name: string) => (name === 'brandId' || name === 'tenantId' ? a.ids[name] : idsOf(b)[name]);
const aBrandMissingRest = (name: string) => (name === 'brandId' || name === 'tenantId' ? a.ids[name] : MISSING_ID);

/** Keys of an answer that name a credential (sign-in answers carry tokens by design, nothing else may). */
function secretKeys(body: string): string[] {
  const found: string[] = [];
  JSON.parse(body || 'null', (key, value) => {
    if (/password|secret|token|hash|credential|api_?key|challenge/i.test(key)) found.push(key);
    return value;
  });
  return found;
}

function expectNothingOf(world: World, body: string, where: string): void {
  for (const marker of world.markers) expect(body, `${where} shows "${marker}"`).not.toContain(marker);
}

const table = routes.map((route) => [routeKey(route), route] as const);

describe('every registered /api route answers an anonymous caller 401 (the document excepted)', () => {
  it.each(table)('%s', async (_key, route) => {
    const { url } = request(route, worldIds(idsOf(b)));
    for (const token of [undefined, 'not-a-token']) {
      const answer = await call(route, url, token);
      if (route.public) {
        expect(answer.statusCode, answer.body).not.toBe(401);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        expectNothingOf(b, answer.body, routeKey(route));
        continue;
      }
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.kind).toBe('unauthorized');
      expectNothingOf(b, answer.body, routeKey(route));
    }
  });
});

describe.each([
  ['a member of brand A', 'a'],
  ['a partner managing brand A only', 'partner'],
] as const)("every registered /api route refuses %s brand B's ids", (_who, caller) => {
  beforeEach(() => resubscribe(a));
  it.each(table)('%s', async (key, route) => {
    const token = tokens[caller];
    const params = pathParams(route.path);

    // Its own brand works, so a 404 below is the guard's (or the handler's brand filter) at work.
    const mine = worldIds(own[caller]);
    const ownCall = request(route, mine);
    expect(ownCall.missing, `${key}: no id of this test fills ${ownCall.missing.join(', ')}`).toEqual([]);
    const ownAnswer = await call(route, ownCall.url, token, mine);
    expectServed(route, ownAnswer, `${key} for its own brand`);
    expectNothingOf(b, ownAnswer.body, `${key} (own ids, B's ids in the query)`);

    if (params.length === 0) return; // nothing of B to ask for: the answer above holds nothing of B

    const theirs = await call(route, request(route, worldIds(idsOf(b))).url, token, worldIds(idsOf(b)));
    const missing = await call(route, request(route, () => MISSING_ID).url, token, () => MISSING_ID);
    expect(theirs.statusCode, `${key}: ${theirs.body}`).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expectNothingOf(b, theirs.body, key);

    if (params.some((p) => p !== 'brandId' && p !== 'tenantId')) {
      const mixed = await call(route, request(route, aBrandBRest).url, token, aBrandBRest);
      const mixedMissing = await call(route, request(route, aBrandMissingRest).url, token, aBrandMissingRest);
      expect(mixed.statusCode, `${key} with brand A and B's other ids: ${mixed.body}`).toBe(404);
      expect(mixed.body).toBe(mixedMissing.body);
      expectNothingOf(b, mixed.body, `${key} (brand A, B's other ids)`);
    }
  });
});

describe("A's calls changed nothing of B", () => {
  it("B's workflows are still there and running, and B's shopper still subscribed after A's pause, change, delete and block attempts", async () => {
    const workflow = await t.db('workflows').where({ id: b.ids.workflowId }).first('is_paused');
    expect(workflow.is_paused).toBe(false);
    const channel = await t.db('contact_channels').where({ contact_id: b.ids.contactId }).first('status');
    expect(channel.status).toBe('subscribed');
    const spares = await t.db('workflows').whereIn('id', [b.spares[0]!.workflowId!, b.spares[1]!.workflowId!]);
    // Still there (A's delete) and as they were (A's change of the delay to 45 minutes, A's activation).
    const original = await t.db('workflows').where({ id: b.ids.workflowId }).first('delay_minutes');
    expect(spares.map((w: { delay_minutes: number }) => w.delay_minutes)).toEqual([
      original.delay_minutes,
      original.delay_minutes,
    ]);
    const user = await t.db('users').where({ id: b.user.id }).first('auth');
    expect(user.auth.pass_keys.map((k: { id: string }) => k.id)).toEqual([b.passkeyId]);
  });
});

describe('the table can see a leak', () => {
  it("brand B's member, and staff, read B through the same routes: every marker of B shows up somewhere, no credential anywhere", async () => {
    for (const [token, ids] of [
      [tokens.b, idsOf(b)],
      [tokens.staff, staff],
    ] as const) {
      const bodies: string[] = [];
      for (const route of routes) {
        await resubscribe(b);
        const answer = await call(route, request(route, worldIds(ids)).url, token, worldIds(ids));
        expectServed(route, answer, routeKey(route), token === tokens.staff);
        bodies.push(answer.body);
        // Sign-in answers carry tokens by design; the document names the fields of sign-in.
        if (route.tag !== 'auth' && route.tag !== 'meta') expect(secretKeys(answer.body), routeKey(route)).toEqual([]);
      }
      const all = bodies.join('\n');
      // Staff hold no membership (the tenant's name and its notifications reach them through no
      // route) and not B's passkey.
      const staffBlind = (m: string) =>
        m.startsWith('Tenant ') || m.startsWith('Notice ') || m === b.passkeyId || m.startsWith('Key ');
      const own = token === tokens.b ? b.markers : b.markers.filter((m) => !staffBlind(m));
      for (const marker of own) expect(all, `nothing shows "${marker}"`).toContain(marker);
    }
  });
});

describe('no /api route escapes the registry', () => {
  it('every /api route the server has is registered (or is a store app callback)', () => {
    const known = new Set(routes.map(routeKey));
    const stray = registered
      .filter((r) => r.url.startsWith('/api/'))
      .filter((r) => !OUTSIDE_REGISTRY.some((pattern) => pattern.test(r.url)))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !known.has(key));
    expect(stray).toEqual([]);
    for (const route of routes) expect(registered.map((r) => `${r.method} ${r.url}`)).toContain(routeKey(route));
  });
});
