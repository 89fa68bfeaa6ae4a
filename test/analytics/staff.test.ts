import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsDb,
  brandList,
  brandStats,
  brandSubscriptionChargeList,
  staffMembers,
} from '../../src/analytics/index.ts';
import { createUser } from '../factories/accounts.ts';
import { createTestDatabase, useTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { la, seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
let s: Seeded;
beforeAll(async () => {
  s = await seedAnalytics(t.db);
});

describe('GetBrandList: brands ranked by total earnings, internal_testing left out', () => {
  it('ranks by the sales of live-feed recovered orders, all time by default', async () => {
    const list = await brandList(t.db, { where: { search: s.tag } });
    // B: 1,000.00. A: O1 100 + O6 60 + O7 500 (O2 has no workflow). The internal brand's 5,000.00 is not listed.
    expect(list.brands.map((b) => [b.id, b.total_earnings, b.recovered_orders])).toEqual([
      [s.brandB, '1000.00', 1],
      [s.brandA, '660.00', 3],
    ]);
    expect(list.total).toBe(2);
    expect(list.brands[1]).toMatchObject({ name: `Analytics A ${s.tag}`, industry: null });
    expect(Object.keys(list.brands[0]!).sort()).toEqual(
      ['domain', 'id', 'industry', 'name', 'recovered_orders', 'tenant_id', 'total_earnings'].sort(),
    );
  });

  it('earnings of a date range (local days), pages, and a tenant', async () => {
    const ranged = await brandList(t.db, { where: { search: s.tag, from: '2026-11-03', to: '2026-11-16' } });
    expect(ranged.brands.map((b) => [b.id, b.total_earnings])).toEqual([
      [s.brandB, '1000.00'],
      [s.brandA, '160.00'],
    ]);
    const second = await brandList(t.db, { where: { search: s.tag }, limit: 1, offset: 1 });
    expect([second.brands.map((b) => b.id), second.total]).toEqual([[s.brandA], 2]);
    const tenant = (await t.db('brands').where({ id: s.brandA }).first('tenant_id')).tenant_id;
    const own = await brandList(t.db, { where: { tenantId: Number(tenant) } });
    expect(own.brands.map((b) => b.id)).toEqual([s.brandA]);
    await expect(brandList(t.db, { limit: 0 })).rejects.toThrow('limit must be a whole number from 1 to 1000.');
  });
});

describe('GetBrandSubscriptionChargeList: billing charge list (in_review left out) with plans, subscriptions and a count', () => {
  beforeAll(async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: 'Growth', price: 99, usage_charge_percentage: 5, status: 'published' })
      .returning('id');
    const [source] = await t
      .db('subscription_payment_source')
      .insert({ brand_id: s.brandA, gateway: 'stripe' })
      .returning('id');
    const [sub] = await t
      .db('subscriptions')
      .insert({ brand_id: s.brandA, plan_id: plan.id, payment_source_id: source.id, status: 'active' })
      .returning('id');
    const charge = (row: Record<string, unknown>) =>
      t.db('subscription_charges').insert({ subscription_id: sub.id, brand_id: s.brandA, plan_id: plan.id, ...row });
    await charge({ type: 'recurring', status: 'complete', amount: 99, created_at: la(1, '10:00') });
    await charge({
      type: 'usage',
      status: 'queued',
      amount: 5,
      order_id: s.orders.o1,
      created_at: la(11, '10:00'),
      extra_data: { description: 'Recovered order', order_total: 100 },
    });
    await charge({ type: 'usage', status: 'in_review', amount: 3, created_at: la(12, '10:00') });
  });

  it('newest first by default, oldest first on request, by gateway and by local days', async () => {
    const list = await brandSubscriptionChargeList(t.db, { brandId: s.brandA });
    expect(list.charges.map((c) => [c.type, c.status, c.amount, c.earnings])).toEqual([
      ['usage', 'queued', 5, 100],
      ['recurring', 'complete', 99, null],
    ]);
    expect(list.meta).toEqual({ count: 2, total_amount: 104 });
    expect(list.plans.map((p) => p.name)).toEqual(['Growth']);
    expect(list.subscriptions.map((x) => x.status)).toEqual(['active']);
    expect(list.charges[0]!.payment_source).toEqual({ gateway: 'stripe' });
    const asc = await brandSubscriptionChargeList(t.db, { brandId: s.brandA, orderBy: 'created_at_asc' });
    expect(asc.charges.map((c) => c.type)).toEqual(['recurring', 'usage']);
    expect((await brandSubscriptionChargeList(t.db, { brandId: s.brandA, gateway: 'shopify' })).meta.count).toBe(0);
    const week = await brandSubscriptionChargeList(t.db, { brandId: s.brandA, from: '2026-11-10', to: '2026-11-16' });
    expect(week.charges.map((c) => c.type)).toEqual(['usage']);
    await expect(brandSubscriptionChargeList(t.db, { brandId: s.brandA, gateway: 'paypal' })).rejects.toThrow(
      'Invalid payment gateway',
    );
  });
});

describe('the staff member list (spec 4): is_staff users, oldest first, with the total', () => {
  it('pages through staff only', async () => {
    const first = await createUser(t.db, { is_staff: true, created_at: new Date('2026-01-01T00:00:00Z') });
    const second = await createUser(t.db, { is_staff: true, created_at: new Date('2026-02-01T00:00:00Z') });
    await createUser(t.db, { is_staff: true, created_at: new Date('2026-03-01T00:00:00Z') });
    await createUser(t.db, { is_staff: false, created_at: new Date('2025-01-01T00:00:00Z') });
    const page = await staffMembers(t.db, { limit: 2 });
    expect(page.total).toBe(3);
    expect(page.users.map((u) => u.id)).toEqual([first.id, second.id]);
    expect(Object.keys(page.users[0]!).sort()).toEqual(
      ['created_at', 'email', 'family_name', 'given_name', 'id', 'role', 'state'].sort(),
    );
  });
});

describe('reads go to ANALYTICS_DATABASE_URL when it is set', () => {
  let replica: TestDatabase;
  beforeAll(async () => {
    replica = await createTestDatabase();
  });
  afterAll(async () => {
    await replica.drop();
  });

  it('a context with the variable reads the replica; without it, the main database', async () => {
    const main = await t.context();
    expect(analyticsDb(main)).toBe(main.db);
    const period = { from: '2026-11-10', to: '2026-11-16' };
    const stats = await brandStats(analyticsDb(main), { brandId: s.brandA, ...period });
    expect(stats.metrics.find((m) => m.id === 'conversations_started')!.current).toBe(5);

    // The "replica" here is an empty database: brand A is not there.
    const withReplica = await t.context({ ANALYTICS_DATABASE_URL: replica.url });
    expect(analyticsDb(withReplica)).not.toBe(withReplica.db);
    await expect(brandStats(analyticsDb(withReplica), { brandId: s.brandA, ...period })).rejects.toThrow(
      'Brand not found',
    );
    await replica.db('tenants').insert({ id: 1, name: 'Replica' });
    await replica.db('brands').insert({ id: s.brandA, tenant_id: 1, name: 'On the replica' });
    expect((await brandStats(analyticsDb(withReplica), { brandId: s.brandA, ...period })).brand.name).toBe(
      'On the replica',
    );
  });
});
