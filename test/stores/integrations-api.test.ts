/**
 * GET /api/integrations and PATCH /api/integrations/:id: brand-scoped (another brand's
 * integration is 404 like a missing one), settings merged, reserved settings refused, the spec's
 * 'No id provided' and 'Integration not found', and credentials never in an answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sealCredentials } from '../../src/stores/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let a: World;
let b: World;
let tokenA: string;
const ACCESS_TOKEN = 'shpat_plain_secret_value_0123456789';

beforeAll(async () => {
  a = await seedWorld(t.db, 'a');
  b = await seedWorld(t.db, 'b');
  await t
    .db('brand_integrations')
    .where({ id: a.ids.integrationId })
    .update({
      settings: {
        credentials: sealCredentials({ access_token: ACCESS_TOKEN }, Buffer.from(TEST_ENCRYPTION_KEY, 'base64')),
        installed_at: '2026-11-01T00:00:00.000Z',
        refresh_token_expires_at: '2027-01-01T00:00:00.000Z',
        reply_signature: 'Old signature',
      },
    });
  tokenA = await api.login(a.user.email);
});

describe('GET /api/integrations', () => {
  it("lists the caller's brands' integrations with which credentials are set, never their values", async () => {
    const answer = await api.get('/api/integrations', tokenA);
    expect(answer.statusCode).toBe(200);
    const { items, total } = answer.json();
    expect(total).toBe(items.length);
    expect(items.map((i: { brand_id: number }) => i.brand_id)).toEqual([a.ids.brandId]);
    expect(items[0]).toMatchObject({
      id: a.ids.integrationId,
      platform: 'shopify',
      status: 'connected',
      sealed: ['access_token'],
      settings: { installed_at: '2026-11-01T00:00:00.000Z', reply_signature: 'Old signature' },
    });
    expect(answer.body).not.toContain(ACCESS_TOKEN);
    expect(answer.body).not.toContain('refresh_token_expires_at');
    expect(answer.body).not.toMatch(/"credentials"/);
  });

  it("answers another brand's id in brand_id with an empty list", async () => {
    const answer = await api.get(`/api/integrations?brand_id=${b.ids.brandId}`, tokenA);
    expect(answer.json()).toEqual({ items: [], total: 0 });
  });
});

describe('PATCH /api/integrations/:id', () => {
  it('merges settings key by key and disables the integration', async () => {
    const answer = await api.call('PATCH', `/api/integrations/${a.ids.integrationId}`, tokenA, {
      settings: { reply_signature: 'The Acme team' },
      is_enabled: false,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ is_enabled: false, settings: { reply_signature: 'The Acme team' } });
    const row = await t.db('brand_integrations').where({ id: a.ids.integrationId }).first();
    expect(row.is_enabled).toBe(false);
    expect(row.settings).toMatchObject({
      installed_at: '2026-11-01T00:00:00.000Z',
      reply_signature: 'The Acme team',
    });
    expect(Object.keys(row.settings.credentials)).toEqual(['access_token']);
    await api.call('PATCH', `/api/integrations/${a.ids.integrationId}`, tokenA, { is_enabled: true });
  });

  it("answers another brand's integration 404 'Integration not found', exactly like a missing one, and changes nothing", async () => {
    const theirs = await api.call('PATCH', `/api/integrations/${b.ids.integrationId}`, tokenA, { is_enabled: false });
    const missing = await api.call('PATCH', '/api/integrations/999999999', tokenA, { is_enabled: false });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Integration not found');
    expect(theirs.body).toBe(missing.body);
    expect((await t.db('brand_integrations').where({ id: b.ids.integrationId }).first()).is_enabled).toBe(true);
  });

  it("answers 'No id provided' without an id, and refuses what Reclaim keeps itself", async () => {
    const none = await api.call('PATCH', '/api/integrations', tokenA, { is_enabled: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('No id provided');
    for (const settings of [{ credentials: { access_token: 'x' } }, { installed_at: 'now' }, { api_key: 'k' }]) {
      const refused = await api.call('PATCH', `/api/integrations/${a.ids.integrationId}`, tokenA, { settings });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/^The setting \w+ cannot be changed here$/);
    }
    const row = await t.db('brand_integrations').where({ id: a.ids.integrationId }).first();
    expect(row.settings.installed_at).toBe('2026-11-01T00:00:00.000Z');
  });
});
