import { describe, expect, it } from 'vitest';
import { demoOverview, loadDemoFixtures, seedDemo } from '../../src/demo/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

describe('demo seed', () => {
  it('loads the demo once; a second run changes nothing and gives the same counts', async () => {
    const first = await seedDemo(t.db);
    expect(first.created).toBe(true);
    expect(first.counts).toEqual({ brands: 1, workflows: 3, contacts: 200, carts: 300, orders: 150, conversations: 5 });

    const rowsBefore = await t.db.raw<{ rows: { n: string }[] }>(
      `select (select count(*) from contact_channels) + (select count(*) from conversation_messages) + (select count(*) from discount_rules) as n`,
    );
    const second = await seedDemo(t.db);
    expect(second).toEqual({ ...first, created: false });
    const rowsAfter = await t.db.raw<{ rows: { n: string }[] }>(
      `select (select count(*) from contact_channels) + (select count(*) from conversation_messages) + (select count(*) from discount_rules) as n`,
    );
    expect(rowsAfter.rows[0]!.n).toBe(rowsBefore.rows[0]!.n);
    // A fresh install has plans to subscribe to, each readable through its permission, made once.
    const plans = await t.db('plans').orderBy('price').select('name', 'price', 'usage_charge_percentage', 'status');
    expect(plans.map((p) => [p.name, p.price, Number(p.usage_charge_percentage), p.status])).toEqual([
      ['Starter', 49, 10, 'published'],
      ['Growth', 149, 7, 'published'],
      ['Scale', 399, 5, 'published'],
    ]);
    expect(await t.db('permissions').where('attribute', 'like', 'plans:%')).toHaveLength(3);
  });

  it('is the brand the README describes: Northwind Outfitters on a connected Shopify shop', async () => {
    const brand = await t.db('brands').where({ name: 'Northwind Outfitters' }).first();
    const link = await t
      .db('brand_integrations as bi')
      .join('integrations as i', 'i.id', 'bi.integration_id')
      .where('bi.brand_id', brand.id)
      .first('i.slug', 'bi.lookup_id', 'bi.status', 'bi.is_enabled');
    expect(link).toEqual({
      slug: 'shopify',
      lookup_id: 'northwind-outfitters.myshopify.com',
      status: 'connected',
      is_enabled: true,
    });
    const workflows = await t
      .db('workflows')
      .where({ brand_id: brand.id })
      .orderBy('id')
      .select('name', 'type', 'delay_minutes');
    expect(workflows).toEqual([
      { name: 'Abandoned Cart', type: 'checkout', delay_minutes: 30 },
      { name: 'Post Purchase', type: 'order', delay_minutes: 4320 },
      { name: 'Replenishment', type: 'order', delay_minutes: 40320 },
    ]);
  });

  it('covers every cart state, non-US and Texas numbers, unsubscribed channels, all within 48 hours', async () => {
    const overview = await demoOverview(t.db);
    expect(Object.keys(overview.carts_by_state).sort()).toEqual([
      'abandoned',
      'complete',
      'empty',
      'no_identity',
      'pending',
    ]);
    const channels = await t.db('contact_channels').where({ type: 'sms' }).select('username', 'status');
    expect(channels.filter((c) => !c.username.startsWith('+1')).length).toBeGreaterThan(0);
    expect(channels.filter((c) => /^\+1(512|214|713|210|817)/.test(c.username)).length).toBeGreaterThan(0);
    expect(channels.filter((c) => c.status === 'unsubscribed').length).toBeGreaterThan(0);
    const oldest = await t.db('carts').min<{ at: Date }[]>({ at: 'updated_at' });
    expect(Date.now() - oldest[0]!.at.getTime()).toBeLessThanOrEqual(48 * 3600_000 + 60_000);
    // Consent is recorded per channel with its source and time.
    const consent = await t.db('channel_consent_events').count<{ n: string }[]>({ n: '*' });
    expect(Number(consent[0]!.n)).toBe(400);
  });

  it('the fixtures it loads are the counts it reports', async () => {
    const fixtures = await loadDemoFixtures();
    expect([fixtures.contacts.length, fixtures.carts.length, fixtures.orders.length]).toEqual([200, 300, 150]);
  });
});
