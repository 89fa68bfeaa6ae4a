/**
 * The brand API's campaign reads: the list and one campaign, each with its progress, none of
 * another brand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createSegment } from '../../src/workflows/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let token: string;
let campaignId: number;
let otherId: number;

beforeAll(async () => {
  world = await seedWorld(t.db, 'campaigns');
  token = await api.login(world.user.email);
  const ctx = await t.context();
  const filter = { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] };
  const brandId = world.ids.brandId!;
  const segment = await createSegment(ctx, { brandId, name: 'Buyers', filter });
  const at = new Date(Date.now() + 86_400_000).toISOString();
  campaignId = (await createCampaign(ctx, { brandId, segmentId: segment.id, message: 'Sale: {cart_link}', at })).id;
  const other = await createBrand(t.db);
  await createIntegration(t.db, other.id);
  const otherSegment = await createSegment(ctx, { brandId: other.id, name: 'All', filter });
  otherId = (await createCampaign(ctx, { brandId: other.id, segmentId: otherSegment.id, message: 'Hi', at })).id;
});

describe('GET /api/brands/:brandId/campaigns', () => {
  it("lists the brand's campaigns with their progress, and no other brand's", async () => {
    const base = `/api/brands/${world.ids.brandId}/campaigns`;
    const list = await api.get(base, token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, offset: 0 });
    expect(list.json().items[0]).toMatchObject({
      id: campaignId,
      name: 'Campaign',
      segment: { name: 'Buyers' },
      brand_id: world.ids.brandId,
      smart_sending: true,
      link_url: null,
      progress: { state: 'scheduled', targeted: 0, sent: 0, recovered_revenue: '0.00', skipped: {} },
    });
    expect(Date.parse(list.json().items[0].progress.scheduled_for)).toBeGreaterThan(Date.now());
    expect(list.json().items.map((c: { id: number }) => c.id)).not.toContain(otherId);
  });
});

describe('GET /api/brands/:brandId/campaigns/:campaignId', () => {
  it("gives one campaign with its progress; another brand's is not found", async () => {
    const base = `/api/brands/${world.ids.brandId}/campaigns`;
    const one = await api.get(`${base}/${campaignId}`, token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: campaignId,
      brand_id: world.ids.brandId,
      segment: { name: 'Buyers' },
      message: 'Sale: {cart_link}',
      // Nothing to send yet, and the outbox has no pace: no estimate.
      progress: {
        state: 'scheduled',
        targeted: 0,
        queued: 0,
        sent: 0,
        skipped: {},
        estimated_finish_at: null,
        pace: null,
      },
    });
    for (const id of [otherId, 999_999_999]) {
      const missing = await api.get(`${base}/${id}`, token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Flow not found');
    }
  });
});
