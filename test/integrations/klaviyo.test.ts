import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, type AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { initiateContact } from '../../src/contacts/index.ts';
import { refreshKlaviyoConsent } from '../../src/flows/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import {
  beginKlaviyoConnect,
  checkKlaviyo,
  completeKlaviyoConnect,
  connectKlaviyoApiKey,
  klaviyoProfileConsent,
  klaviyoRoutes,
} from '../../src/integrations/index.ts';
import { createBrand, usPhone } from '../factories/index.ts';
import { KLAVIYO_API_KEY, KLAVIYO_CLIENT, startFakeKlaviyo, type FakeKlaviyo } from '../fakes/klaviyo.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../helpers/db.ts';
import { listenHttp, type ListeningServer } from '../helpers/listening-server.ts';

const t = useTestDatabase();
let fake: FakeKlaviyo;
let ctx: AppContext;
let server: ListeningServer;
const PUBLIC_URL = 'https://reclaim.example.com';
const REDIRECT = `${PUBLIC_URL}/api/integration/klaviyo/auth`;
const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');

const klaviyoRow = async (brandId: number) => {
  const klaviyo = await t.db('integrations').where({ slug: 'klaviyo' }).first();
  return t.db('brand_integrations').where({ brand_id: brandId, integration_id: klaviyo.id }).first();
};

/** Begins the flow, has the fake issue a code for its challenge, and calls our callback as the browser would. */
async function connect(brandId: number) {
  const { authorizeUrl } = await beginKlaviyoConnect(ctx, { brandId });
  const url = new URL(authorizeUrl);
  const code = `code-${brandId}-${Date.now()}`;
  fake.issueCode(code, url.searchParams.get('code_challenge')!, url.searchParams.get('redirect_uri')!);
  const answer = await fetch(
    `${server.base}/api/integration/klaviyo/auth?code=${code}&state=${encodeURIComponent(url.searchParams.get('state')!)}`,
  );
  return { answer, url };
}

beforeAll(async () => {
  fake = await startFakeKlaviyo();
  ctx = await t.context({
    KLAVIYO_CLIENT_ID: KLAVIYO_CLIENT.id,
    KLAVIYO_CLIENT_SECRET: KLAVIYO_CLIENT.secret,
    KLAVIYO_BASE_URL: fake.url,
    PUBLIC_URL,
  });
  server = await listenHttp(ctx, [klaviyoRoutes]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('Klaviyo OAuth with PKCE', () => {
  it('authorizes at klaviyo.com with an S256 challenge, exchanges at /oauth/token with Basic auth and a form body', async () => {
    const brand = await createBrand(t.db);
    const { answer, url } = await connect(brand.id);
    expect(url.origin + url.pathname).toBe('https://www.klaviyo.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: KLAVIYO_CLIENT.id,
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      scope: 'accounts:read profiles:read',
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Klaviyo account Northwind Outfitters is connected.');

    const exchange = fake.requests.find((r) => r.path === '/oauth/token')!;
    expect(exchange.headers.authorization).toBe(
      `Basic ${Buffer.from(`${KLAVIYO_CLIENT.id}:${KLAVIYO_CLIENT.secret}`).toString('base64')}`,
    );
    expect(exchange.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', redirect_uri: REDIRECT });
    expect((exchange.body as Record<string, string>).code_verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);

    const row = await klaviyoRow(brand.id);
    expect(row).toMatchObject({ status: 'connected', is_enabled: true });
    expect(row.settings).toMatchObject({ auth_mode: 'oauth', organization_name: 'Northwind Outfitters' });
    expect(decryptSecret(row.settings.credentials.access_token, key)).toMatch(/^kl-access-/);
    expect(JSON.stringify(row.settings)).not.toMatch(/kl-access-|kl-refresh-/);
    expect(row.settings.credentials.code_verifier).toBeUndefined();
    const accounts = fake.requests.find((r) => r.path === '/api/accounts')!;
    expect(accounts.headers.revision).toBe('2026-10-15');
  });

  it("'Brand data is required', a replayed state refused, 'Invalid integration id, got X expected Y'", async () => {
    await expect(beginKlaviyoConnect(ctx, {})).rejects.toThrow('Brand data is required');
    await expect(beginKlaviyoConnect(ctx, { brandId: 999_999 })).rejects.toThrow('Brand not found');
    const brand = await createBrand(t.db);
    const { url } = await connect(brand.id);
    // The state was spent by the first callback.
    await expect(completeKlaviyoConnect(ctx, { code: 'again', state: url.searchParams.get('state')! })).rejects.toThrow(
      'The Klaviyo authorization state does not match',
    );
    // A state naming another provider's integration row.
    await t.db('integrations').insert({ name: 'Slack', slug: 'slack', category: 'chat' }).onConflict('slug').ignore();
    const slack = await t.db('integrations').where({ slug: 'slack' }).first();
    const klaviyo = await t.db('integrations').where({ slug: 'klaviyo' }).first();
    const [other] = await t
      .db('brand_integrations')
      .insert({ brand_id: brand.id, integration_id: slack.id, status: 'pending_setup' })
      .returning('id');
    await expect(completeKlaviyoConnect(ctx, { code: 'x', state: `${other.id}.${'a'.repeat(43)}` })).rejects.toThrow(
      `Invalid integration id, got ${slack.id} expected ${klaviyo.id}`,
    );
  });

  it("a refresh refused with invalid_grant is 'Refresh token is expired'; the link's health says so", async () => {
    const brand = await createBrand(t.db);
    await connect(brand.id);
    const row = await klaviyoRow(brand.id);
    const refreshToken = decryptSecret(row.settings.credentials.refresh_token, key);
    // The access token has expired: the next call refreshes it.
    await t
      .db('brand_integrations')
      .where({ id: row.id })
      .update({ settings: t.db.raw(`settings || '{"token_expires_at":"2020-01-01T00:00:00Z"}'::jsonb`) });
    // Two calls at once refresh once (the refresh token is rotated, so a second refresh would fail).
    const tokenCalls = () => fake.requests.filter((r) => r.path === '/oauth/token');
    const before = tokenCalls().length;
    const both = await Promise.all([
      checkKlaviyo(ctx, { brandId: brand.id }),
      checkKlaviyo(ctx, { brandId: brand.id }),
    ]);
    expect(both.map((a) => a.organizationName)).toEqual(['Northwind Outfitters', 'Northwind Outfitters']);
    expect(tokenCalls().length - before).toBe(1);
    expect(tokenCalls().at(-1)!.body).toEqual({ grant_type: 'refresh_token', refresh_token: refreshToken });

    const renewed = await klaviyoRow(brand.id);
    fake.expireRefreshToken(decryptSecret(renewed.settings.credentials.refresh_token, key));
    await t
      .db('brand_integrations')
      .where({ id: row.id })
      .update({ settings: t.db.raw(`settings || '{"token_expires_at":"2020-01-01T00:00:00Z"}'::jsonb`) });
    await expect(checkKlaviyo(ctx, { brandId: brand.id })).rejects.toThrow('Refresh token is expired');
    expect((await klaviyoRow(brand.id)).settings.health.status).toBe('Refresh token is expired');
  });

  it("a code the token endpoint refuses is 'Failed to exchange authorization code'", async () => {
    const brand = await createBrand(t.db);
    const { authorizeUrl } = await beginKlaviyoConnect(ctx, { brandId: brand.id });
    const state = new URL(authorizeUrl).searchParams.get('state')!;
    await expect(completeKlaviyoConnect(ctx, { code: 'never-issued', state })).rejects.toThrow(
      'Failed to exchange authorization code',
    );
    expect((await klaviyoRow(brand.id)).status).toBe('pending_setup');
  });
});

describe('Klaviyo API key mode and profiles', () => {
  it("'API key is required'; a key is checked with an account lookup and stored sealed", async () => {
    const brand = await createBrand(t.db);
    await expect(connectKlaviyoApiKey(ctx, { brandId: brand.id, apiKey: '  ' })).rejects.toThrow('API key is required');
    await expect(connectKlaviyoApiKey(ctx, { brandId: brand.id, apiKey: 'pk_wrong' })).rejects.toThrow(
      'Klaviyo: Authentication credentials were not provided.',
    );
    expect(await klaviyoRow(brand.id)).toBeUndefined();
    const done = await connectKlaviyoApiKey(ctx, { brandId: brand.id, apiKey: KLAVIYO_API_KEY });
    expect(done.account.id).toBe('AbC123');
    const row = await klaviyoRow(brand.id);
    expect(decryptSecret(row.settings.credentials.api_key, key)).toBe(KLAVIYO_API_KEY);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Klaviyo-API-Key ${KLAVIYO_API_KEY}`);
  });

  it('a profile with subscriptions refreshes the contact and records the consent change', async () => {
    const brand = await createBrand(t.db);
    await connectKlaviyoApiKey(ctx, { brandId: brand.id, apiKey: KLAVIYO_API_KEY });
    const phone = usPhone('617');
    fake.profiles.set('01KLAVIYOPROFILE', {
      email: 'sam@example.com',
      phone_number: phone,
      first_name: 'Sam',
      last_name: 'Rivera',
      location: { timezone: 'America/New_York' },
      subscriptions: {
        email: {
          marketing: {
            can_receive_email_marketing: false,
            consent: 'UNSUBSCRIBED',
            consent_timestamp: '2026-09-01T08:00:00Z',
          },
        },
        sms: {
          marketing: {
            can_receive_sms_marketing: true,
            consent: 'SUBSCRIBED',
            consent_timestamp: '2026-10-01T12:00:00Z',
            method: 'FORM',
            method_detail: 'Checkout popup',
          },
        },
      },
    });
    const looked = await klaviyoProfileConsent(ctx, { brandId: brand.id, profileId: '01KLAVIYOPROFILE' });
    expect(fake.requests.at(-1)!.query.get('additional-fields[profile]')).toBe('subscriptions');
    expect(looked?.consent.sms).toMatchObject({ status: 'subscribed', compliance_type: 'p2p' });

    const refreshed = await refreshKlaviyoConsent(ctx, { brandId: brand.id, email: 'sam@example.com' });
    expect(refreshed.created).toBe(true);
    const channels = await t.db('contact_channels').where({ contact_id: refreshed.contactId }).orderBy('type');
    expect(channels.map((c) => [c.type, c.username, c.status, c.compliance_type])).toEqual([
      ['email', 'sam@example.com', 'unsubscribed', 'a2p'],
      ['sms', phone, 'subscribed', 'p2p'],
    ]);
    const events = await t.db('channel_consent_events').where({ brand_id: brand.id }).orderBy('id');
    expect(events.find((e) => e.username === phone)).toMatchObject({
      status: 'subscribed',
      source: 'klaviyo:FORM: Checkout popup',
    });
  });
});

describe('a contact created for a brand with Klaviyo', () => {
  it("takes its consent from the Klaviyo profile found by e-mail, recorded in the channel's history", async () => {
    const brand = await createBrand(t.db);
    await connectKlaviyoApiKey(ctx, { brandId: brand.id, apiKey: KLAVIYO_API_KEY });
    const phone = usPhone('212');
    fake.profiles.set('01UNSUBSCRIBED', {
      email: 'quinn@example.com',
      phone_number: phone,
      subscriptions: {
        sms: {
          marketing: {
            can_receive_sms_marketing: false,
            consent: 'UNSUBSCRIBED',
            consent_timestamp: '2026-11-01T09:00:00Z',
          },
        },
      },
    });
    const created = await initiateContact(
      { db: t.db },
      {
        brandId: brand.id,
        phone,
        email: 'quinn@example.com',
        smsMarketingState: 'not_subscribed',
        consentSource: 'shopify:checkouts/update',
      },
    );
    const sms = () => t.db('contact_channels').where({ contact_id: created.contactId, type: 'sms' }).first();
    expect(await sms()).toMatchObject({ status: 'subscribed', compliance_type: 'a2p' });
    await runDueJobs(ctx, TASKS);
    expect(await sms()).toMatchObject({ status: 'unsubscribed', compliance_type: 'na' });
    const history = await t.db('channel_consent_events').where({ username: phone }).orderBy('id');
    expect(history.map((e) => [e.status, e.source])).toEqual([
      ['subscribed', 'shopify:checkouts/update'],
      ['unsubscribed', 'klaviyo'],
    ]);
  });
});

describe('reclaim klaviyo', () => {
  it("connect refuses a blank key with 'API key is required'; check --json shows the account, never the key", async () => {
    const { runCli } = await import('../helpers/cli.ts');
    const { testEnv } = await import('../helpers/db.ts');
    const env = { ...testEnv(t.url), KLAVIYO_BASE_URL: fake.url };
    const brand = await createBrand(t.db);
    const blank = await runCli(['klaviyo', 'connect', '--brand', String(brand.id), '--api-key', ' '], env);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain('API key is required');
    expect(await klaviyoRow(brand.id)).toBeUndefined();

    await connectKlaviyoApiKey(ctx, { brandId: brand.id, apiKey: KLAVIYO_API_KEY });
    const checked = await runCli(['klaviyo', 'check', '--brand', String(brand.id), '--json'], env);
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({
      brand_id: brand.id,
      account: { organizationName: 'Northwind Outfitters' },
    });
    expect(checked.stdout + checked.stderr).not.toContain(KLAVIYO_API_KEY);
  });
});
