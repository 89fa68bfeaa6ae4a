/**
 * The brand API's attribution routes: why an order is billed, recovered orders and the holdout
 * lift, each stats answer with the brand's time zone and its period.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let token: string;

beforeAll(async () => {
  world = await seedWorld(t.db, 'lift');
  await t.db('brands').where({ id: world.ids.brandId }).update({ timezone: 'America/Chicago' });
  token = await api.login(world.user.email);
});

describe('stats', () => {
  it("lift and recovered carry the brand's time zone and the period asked for", async () => {
    const lift = await api.get(
      `/api/brands/${world.ids.brandId}/stats/lift?since=2026-01-01&until=2026-02-01T00:00:00Z`,
      token,
    );
    expect(lift.statusCode).toBe(200);
    expect(lift.json()).toMatchObject({
      brand_id: world.ids.brandId,
      timezone: 'America/Chicago',
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-02-01T00:00:00.000Z',
      texted: { carts: 0 },
      held_out: { carts: 0 },
    });
    const recovered = await api.get(`/api/brands/${world.ids.brandId}/stats/recovered`, token);
    expect(recovered.statusCode).toBe(200);
    const { since, until } = recovered.json();
    expect(Date.parse(until) - Date.parse(since)).toBe(30 * 86_400_000);
    expect(recovered.json()).toMatchObject({ timezone: 'America/Chicago', orders: 1, sales: '120.00' });
  });

  it('refuses a period that ends before it starts, and a time that is not ISO 8601', async () => {
    const backwards = await api.get(
      `/api/brands/${world.ids.brandId}/stats/lift?since=2026-02-01&until=2026-01-01`,
      token,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatchObject({ code: 'invalid_period', message: 'since must be before until.' });
    const words = await api.get(`/api/brands/${world.ids.brandId}/stats/lift?since=yesterday`, token);
    expect(words.statusCode).toBe(400);
    expect(words.json().error.message).toMatch(/^Invalid query: since: /);
  });
});

describe('GET /api/brands/:brandId/orders/:orderId/attribution', () => {
  it('says why the order is not billed yet, with its money as a string and its currency', async () => {
    const answer = await api.get(`/api/brands/${world.ids.brandId}/orders/${world.ids.orderId}/attribution`, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      order: { id: world.ids.orderId, number: `#${world.tag}`, total: '120.00', currency: 'USD' },
      billed: false,
      decision: null,
    });
    expect(answer.json().summary).toMatch(/^Not billed: /);
  });
});
