/**
 * The brand API's charge list: a brand's charges newest first with plan, subscription status and
 * gateway, in_review left out, paged with the total and the total amount, money as USD strings.
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
  world = await seedWorld(t.db, 'bill');
  token = await api.login(world.user.email);
  const charge = await t.db('subscription_charges').where({ brand_id: world.ids.brandId }).first();
  await t.db('subscription_charges').insert([
    {
      ...charge,
      id: undefined,
      amount: 99,
      type: 'recurring',
      order_id: null,
      extra_data: {},
      created_at: new Date(Date.now() + 1000),
    },
    { ...charge, id: undefined, amount: 7, status: 'in_review', order_id: null, extra_data: {} },
  ]);
});

describe('GET /api/brands/:brandId/charges', () => {
  it('pages newest first with the total and total amount; in_review charges are left out', async () => {
    const url = `/api/brands/${world.ids.brandId}/charges`;
    const first = await api.get(`${url}?limit=1`, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 2, offset: 0, limit: 1, total_amount: '111.50' });
    expect(first.json().items).toEqual([
      expect.objectContaining({
        type: 'recurring',
        amount: '99.00',
        currency: 'USD',
        plan: expect.objectContaining({ name: `Plan ${world.tag}` }),
      }),
    ]);
    const second = await api.get(`${url}?limit=1&offset=1`, token);
    expect(second.json().items).toEqual([
      expect.objectContaining({
        type: 'usage',
        amount: '12.50',
        earnings: '120.00',
        description: `Charge ${world.tag}`,
      }),
    ]);
    const gateway = await api.get(`${url}?gateway=paypal`, token);
    expect(gateway.statusCode).toBe(400);
    expect(gateway.json().error.message).toMatch(/^Invalid query: gateway: /);
  });
});
