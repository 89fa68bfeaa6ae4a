/**
 * checkouts/create, checkouts/update and carts/update through the Shopify webhook route: the
 * checkout and cart they store, the shopper captured per the compliance table, and older events
 * changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { usPhone } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { lineItem } from '../../helpers/shopify-webhook.ts';
import { checkout, suffix, useShopifyWebhookApp } from '../../helpers/shopify-webhook-app.ts';

const t = useTestDatabase();
const { shop, deliver } = useShopifyWebhookApp(t);

describe('checkouts/create and checkouts/update', () => {
  it('upserts checkout and cart with the shopper captured per the compliance table', async () => {
    const { domain, brandId, integrationId } = await shop();
    const phone = usPhone();
    const email = `shopper-${suffix()}@example.com`;
    const payload = checkout(domain, {
      token: `tok${suffix()}`,
      email: email.toUpperCase(),
      phone,
      checkoutPhone: phone,
      smsState: 'subscribed',
      emailState: 'not_subscribed',
      consentAt: '2026-11-19T08:00:00-05:00',
      firstName: 'Ada',
      lastName: 'Lovelace',
      total: '118.00',
    });
    const event = await deliver(domain, 'checkouts/create', payload);
    expect(event.status).toBe('processed');

    const saved = await t
      .db('checkouts')
      .where({ brand_integration_id: integrationId, external_id: payload.token })
      .first();
    expect(saved).toMatchObject({
      state: 'pending',
      total_price: '118.00',
      is_historical: false,
      abandoned_checkout_url: payload.abandoned_checkout_url,
    });
    const cart = await t.db('carts').where({ id: saved.cart_id }).first();
    expect(cart).toMatchObject({
      external_id: payload.cart_token,
      state: 'pending',
      total: '118.00',
      contact_id: saved.contact_id,
      brand_id: String(brandId),
    });
    expect(cart.extra_data).toMatchObject({
      from_webhook: true,
      abandoned_checkout_url: payload.abandoned_checkout_url,
    });
    expect(cart.data.line_items).toEqual([
      expect.objectContaining({ variant_id: 39072856, quantity: 2, title: 'Hoodie' }),
    ]);

    const contact = await t.db('contacts').where({ id: saved.contact_id }).first();
    expect(contact).toMatchObject({
      given_name: 'Ada',
      family_name: 'Lovelace',
      external_id: '207119551',
      source: 'shopify',
    });
    const channels = await t.db('contact_channels').where({ contact_id: contact.id }).orderBy('type');
    expect(channels.map((c) => [c.type, c.username, c.status, c.compliance_type, c.consent_source])).toEqual([
      ['email', email, 'subscribed', 'a2p', 'shopify:checkouts/create'],
      ['sms', phone, 'subscribed', 'p2p', 'shopify:checkouts/create'],
    ]);
    expect(channels[1].consented_at.toISOString()).toBe('2026-11-19T13:00:00.000Z');
  });

  it('is no_identity without a subscribed +1 phone (e-mail only, a foreign number, an unsubscribed phone)', async () => {
    const { domain, integrationId } = await shop();
    const cases = [
      checkout(domain, { email: `only-${suffix()}@example.com` }),
      checkout(domain, { email: `uk-${suffix()}@example.com`, checkoutPhone: '+447911123456', withCustomer: false }),
      checkout(domain, { phone: usPhone('212'), smsState: 'unsubscribed' }),
      checkout(domain, { withCustomer: false }),
    ];
    for (const payload of cases) expect((await deliver(domain, 'checkouts/update', payload)).status).toBe('processed');
    const rows = await t
      .db('checkouts')
      .where({ brand_integration_id: integrationId })
      .whereIn(
        'external_id',
        cases.map((c) => c.token as string),
      );
    expect(rows.map((row) => row.state)).toEqual(['no_identity', 'no_identity', 'no_identity', 'no_identity']);
    const carts = await t.db('carts').whereIn(
      'id',
      rows.map((row) => row.cart_id),
    );
    expect(carts.map((cart) => cart.state)).toEqual(['no_identity', 'no_identity', 'no_identity', 'no_identity']);
    expect(await t.db('contact_channels').where({ username: '+447911123456' })).toHaveLength(0);
  });

  it('a checkout with completed_at is complete; a shipping phone counts as the shopper (p2p)', async () => {
    const { domain, integrationId } = await shop();
    const phone = usPhone('646');
    const payload = checkout(domain, {
      shippingPhone: phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3'),
      withCustomer: false,
      completedAt: '2026-11-20T10:09:00-05:00',
    });
    await deliver(domain, 'checkouts/update', payload);
    const saved = await t
      .db('checkouts')
      .where({ brand_integration_id: integrationId, external_id: payload.token })
      .first();
    expect(saved.state).toBe('complete');
    expect((await t.db('carts').where({ id: saved.cart_id }).first()).state).toBe('complete');
    expect(await t.db('contact_channels').where({ username: phone }).first()).toMatchObject({
      compliance_type: 'p2p',
      status: 'subscribed',
    });
  });

  it('a failing contact initiation is logged and the checkout is still stored (without a contact)', async () => {
    const { domain, integrationId } = await shop();
    // The database refuses this shopper's contact row: every initiation attempt fails.
    await t.db.raw(`create or replace function refuse_contact() returns trigger language plpgsql as $$
      begin if new.given_name = 'Refused' then raise exception 'contact storage unavailable'; end if; return new; end $$`);
    await t.db.raw(
      'create trigger refuse_contact before insert on contacts for each row execute function refuse_contact()',
    );
    try {
      const payload = checkout(domain, { phone: usPhone(), smsState: 'subscribed', firstName: 'Refused' });
      expect((await deliver(domain, 'checkouts/update', payload)).status).toBe('processed');
      const saved = await t
        .db('checkouts')
        .where({ brand_integration_id: integrationId, external_id: payload.token })
        .first();
      expect(saved).toMatchObject({ state: 'no_identity', contact_id: null, total_price: '59.00' });
      expect(await t.db('carts').where({ id: saved.cart_id }).first()).toMatchObject({
        state: 'no_identity',
        contact_id: null,
      });
    } finally {
      await t.db.raw('drop trigger refuse_contact on contacts');
    }
  }, 20_000);

  it('an older checkout event after a newer one changes nothing', async () => {
    const { domain, integrationId } = await shop();
    const token = `tok${suffix()}`;
    const phone = usPhone();
    await deliver(
      domain,
      'checkouts/update',
      checkout(domain, {
        token,
        phone,
        smsState: 'subscribed',
        total: '80.00',
        updatedAt: '2026-11-20T10:30:00-05:00',
      }),
    );
    const older = await deliver(
      domain,
      'checkouts/update',
      checkout(domain, {
        token,
        phone,
        smsState: 'subscribed',
        total: '59.00',
        updatedAt: '2026-11-20T10:05:00-05:00',
      }),
    );
    expect(older.status).toBe('skipped');
    const saved = await t.db('checkouts').where({ brand_integration_id: integrationId, external_id: token }).first();
    expect(saved.total_price).toBe('80.00');
    expect((await t.db('carts').where({ id: saved.cart_id }).first()).total).toBe('80.00');
  });
});

describe('carts/update', () => {
  it('upserts a pending cart from its line items; no id or no line items is skipped', async () => {
    const { domain, integrationId } = await shop();
    const id = `Z2NwLXVzLWVhc3QxOjAxSE${suffix()}`;
    const payload = {
      id,
      token: id,
      line_items: [lineItem(), lineItem({ variant_id: 808950810, quantity: 1, line_price: '12.50', price: '12.50' })],
      note: null,
      updated_at: '2026-11-20T15:00:00.000Z',
      created_at: '2026-11-20T14:00:00.000Z',
    };
    expect((await deliver(domain, 'carts/update', payload)).status).toBe('processed');
    const cart = await t.db('carts').where({ brand_integration_id: integrationId, external_id: id }).first();
    expect(cart).toMatchObject({ state: 'pending', total: '71.50' });
    expect(cart.extra_data).toEqual({ from_webhook: true });
    expect(cart.data.line_items).toHaveLength(2);

    expect((await deliver(domain, 'carts/update', { token: null, line_items: [lineItem()] })).status).toBe('skipped');
    expect((await deliver(domain, 'carts/update', { id: `empty-${suffix()}`, line_items: [] })).status).toBe('skipped');
    expect(await t.db('carts').where({ brand_integration_id: integrationId })).toHaveLength(1);

    const older = await deliver(domain, 'carts/update', {
      ...payload,
      line_items: [lineItem()],
      updated_at: '2026-11-20T14:30:00.000Z',
    });
    expect(older.status).toBe('skipped');
    expect((await t.db('carts').where({ id: cart.id }).first()).total).toBe('71.50');
  });

  it('is skipped as a success when the brand has beta:disable_carts permitted (denied: processed)', async () => {
    const { domain, brandId, integrationId } = await shop();
    await t
      .db('permissions')
      .insert({ action: 'read', attribute: 'beta:disable_carts' })
      .onConflict(['action', 'attribute'])
      .ignore();
    const permission = await t.db('permissions').where({ action: 'read', attribute: 'beta:disable_carts' }).first();
    await t.db('brand_permissions').insert({ brand_id: brandId, permission_id: permission.id, state: 'permitted' });
    const id = `cart-${suffix()}`;
    const skipped = await deliver(domain, 'carts/update', {
      id,
      token: id,
      line_items: [lineItem()],
      updated_at: '2026-11-20T15:00:00.000Z',
    });
    expect(skipped).toMatchObject({ status: 'skipped', last_error: null });
    expect(await t.db('carts').where({ brand_integration_id: integrationId })).toHaveLength(0);

    await t.db('brand_permissions').where({ brand_id: brandId }).update({ state: 'denied' });
    const processed = await deliver(domain, 'carts/update', {
      id,
      token: id,
      line_items: [lineItem()],
      updated_at: '2026-11-20T15:00:00.000Z',
    });
    expect(processed.status).toBe('processed');
    expect(await t.db('carts').where({ brand_integration_id: integrationId })).toHaveLength(1);
  });
});
