/**
 * The brand API routes the panel's settings and insights pages read, on the demo data set: the
 * brand's insights and their counts by category and tag over a period, its attribution windows and
 * holdout groups, its subscription and plan, its store connections (never a credential) and its
 * texting number and quiet-hours rules. Another brand's user gets 404 'Brand not found' from each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoFixtures, seedDemo } from '../../src/demo/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let northwind: number;
let harbor: number;
let brandToken: string;
let partnerToken: string;

const ROUTES = [
  'insights',
  'stats/insights',
  'attribution/settings',
  'subscription',
  'store-connections',
  'texting',
] as const;

async function login(email: string, password: string, app: 'brand' | 'admin'): Promise<string> {
  const answer = await api.post('/api/auth/login', '', { email, password, app });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().access_token as string;
}

beforeAll(async () => {
  await seedDemo(api.ctx, { demoPasswords: true });
  const fixtures = await loadDemoFixtures();
  const brand = fixtures.brands.find((b) => b.user)!;
  const partner = fixtures.brands.find((b) => b.partner)!;
  northwind = Number((await t.db('brands').where({ name: brand.brand.name }).first('id')).id);
  harbor = Number((await t.db('brands').where({ name: partner.brand.name }).first('id')).id);
  brandToken = await login(brand.user!.email, brand.user!.password, 'brand');
  partnerToken = await login(partner.partner!.user.email, partner.partner!.user.password, 'admin');
}, 120_000);

const get = async (path: string, token = brandToken) => {
  const answer = await api.get(path, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('the routes behind the panel’s insights and settings pages', () => {
  it('insights: the demo’s insights with their conversations in the period, most first, and the counts by tag', async () => {
    const list = await get(`/api/brands/${northwind}/insights`);
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.length).toBe(Math.min(list.total, 20));
    const counts = list.items.map((i: { conversations: number }) => i.conversations);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(list.items[0]).toMatchObject({ category: expect.any(String), conversations: expect.any(Number) });
    expect(list.period.days).toBe(30);

    const rows = await t.db.raw<{ rows: Array<{ n: number }> }>(
      `select count(distinct mi.brand_insight_id)::int as n from conversation_message_insights mi
         join conversations c on c.id = mi.conversation_id
        where mi.brand_id = ? and mi.brand_insight_id is not null and c.created_at >= ? and c.created_at < ?`,
      [northwind, list.period.from, list.period.to],
    );
    expect(list.total).toBe(rows.rows[0]!.n);

    const stats = await get(`/api/brands/${northwind}/stats/insights`);
    const tags = stats.counts.map((c: { tag: string | null }) => c.tag);
    expect(tags).toEqual(expect.arrayContaining(['shipping']));
    const messages = stats.counts.reduce((sum: number, c: { messages: number }) => sum + c.messages, 0);
    const all = await t.db.raw<{ rows: Array<{ n: number }> }>(
      `select count(*)::int as n from conversation_message_insights mi join conversations c on c.id = mi.conversation_id
        where mi.brand_id = ? and c.created_at >= ? and c.created_at < ?`,
      [northwind, stats.period.from, stats.period.to],
    );
    expect(messages).toBe(all.rows[0]!.n);

    const returns = await get(`/api/brands/${northwind}/insights?tag=returns`);
    expect(returns.total).toBeGreaterThan(0);
    expect(returns.total).toBeLessThan(list.total);
    expect(returns.items.every((i: { tag: string }) => i.tag === 'returns')).toBe(true);

    const empty = await get(`/api/brands/${northwind}/insights?from=2020-01-01&to=2020-01-31`);
    expect(empty).toMatchObject({ items: [], total: 0 });
  });

  it('attribution settings: the model, the windows in hours and the holdout group D', async () => {
    const settings = await get(`/api/brands/${northwind}/attribution/settings`);
    expect(settings).toMatchObject({
      type: 'last_touch',
      hard_cap_days: 30,
      windows: { message: 120, click: 120, reply: 120, discount_code: 720 },
      holdout_groups: ['D'],
    });
  });

  it('subscription: Northwind’s live Growth plan; none for a brand without a plan', async () => {
    const { subscription } = await get(`/api/brands/${northwind}/subscription`);
    expect(subscription).toMatchObject({ status: 'active', plan: { name: 'Growth' } });
    expect(subscription.plan.price).toMatch(/^\d+\.\d{2}$/);
    expect(await get(`/api/brands/${harbor}/subscription`, partnerToken)).toEqual({ subscription: null });
  });

  it('store connections: platform, shop, status and health, and no credential', async () => {
    const answer = await api.get(`/api/brands/${northwind}/store-connections`, brandToken);
    expect(answer.statusCode).toBe(200);
    const { items } = answer.json();
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ status: 'connected', is_enabled: true, platform: expect.any(String) });
    expect(answer.body).not.toMatch(/credential|access_token|secret/i);
  });

  it('texting: the number texts go out from and the quiet-hours rules', async () => {
    const texting = await get(`/api/brands/${northwind}/texting`);
    expect(texting.quiet_hours).toMatchObject({
      start: '08:00',
      end: '21:00',
      strict_states: ['FL', 'OK', 'MD'],
      strict_end: '20:00',
      strict_limit: 3,
      strict_limit_hours: 24,
    });
    expect(['sms_integration', 'support_phone', null]).toContain(texting.number_source);
    if (texting.number) expect(texting.number).toMatch(/^\+?\w/);
    expect(texting.ten_dlc).toBeNull();
  });

  it('texting: the 10DLC registration state and since when, once a registration has started', async () => {
    await t
      .db('integrations')
      .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
      .onConflict('slug')
      .ignore();
    const infobip = await t.db('integrations').where({ slug: 'infobip' }).first('id');
    const since = '2026-11-20T15:00:00.000Z';
    const [row] = await t
      .db('brand_integrations')
      .insert({
        brand_id: northwind,
        integration_id: infobip.id,
        status: 'pending_setup',
        is_enabled: false,
        settings: { automation_state: 'campaign_approval_pending', automation_metadata: { since } },
      })
      .returning('id');
    try {
      const texting = await get(`/api/brands/${northwind}/texting`);
      expect(texting.ten_dlc).toEqual({ status: 'campaign_approval_pending', updated_at: since, failed_from: null });
    } finally {
      await t.db('brand_integrations').where({ id: row.id }).delete();
    }
  });

  it('each route answers 404 Brand not found to a user of another brand, with nothing of the brand', async () => {
    for (const route of ROUTES) {
      const answer = await api.get(`/api/brands/${northwind}/${route}`, partnerToken);
      expect(answer.statusCode, route).toBe(404);
      expect(answer.json()).toMatchObject({ error: { message: 'Brand not found' } });
    }
  });
});
