import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/index.ts';
import {
  createBrand,
  createCart,
  createContact,
  createIntegration,
  createOrder,
  createWorkflow,
} from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let brandId: number;
let integrationId: number;

beforeAll(async () => {
  brandId = (await createBrand(t.db)).id;
  integrationId = (await createIntegration(t.db, brandId)).id;
});

/** Runs a duplicate insert and returns what it threw. */
async function refused(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the duplicate insert was accepted');
}

describe('idempotency constraints refuse duplicates as conflicts', () => {
  it('one contact channel per brand and username', async () => {
    const { contact } = await createContact(t.db, brandId, { phone: '+14155550123' });
    const error = await refused(() =>
      t
        .db('contact_channels')
        .insert({ brand_id: brandId, contact_id: contact.id, type: 'sms', username: '+14155550123' }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(
      'contact_channels (brand_id, username) already exists [contact_channels_brand_id_username_key].',
    );
    // The same number at another brand is a different shopper record.
    const other = await createBrand(t.db);
    await expect(createContact(t.db, other.id, { phone: '+14155550123' })).resolves.toBeTruthy();
  });

  it('one cart per integration and external id', async () => {
    await createCart(t.db, { brandId, integrationId, external_id: 'chk-1' });
    const error = await refused(() => createCart(t.db, { brandId, integrationId, external_id: 'chk-1' }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('carts (brand_integration_id, external_id) already exists');
    expect(await t.db('carts').where({ external_id: 'chk-1' }).count<{ n: string }[]>({ n: '*' })).toEqual([
      { n: '1' },
    ]);
  });

  it('one order per integration and external id', async () => {
    await createOrder(t.db, { brandId, integrationId, external_id: 'ord-1' });
    const error = await refused(() => createOrder(t.db, { brandId, integrationId, external_id: 'ord-1' }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('orders (brand_integration_id, external_id) already exists');
  });

  it('one flow event per workflow and cart, order or event', async () => {
    const workflow = await createWorkflow(t.db, { brandId });
    const cart = await createCart(t.db, { brandId, integrationId });
    const row = {
      brand_id: brandId,
      workflow_id: workflow.id,
      event_type: 'cart',
      event_id: cart.id,
      state: 'started',
    };
    await t.db('flow_events').insert(row);
    const error = await refused(() => t.db('flow_events').insert({ ...row, state: 'filtered_out' }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('flow_events (workflow_id, event_type, event_id) already exists');
    // The same id as an order is another candidate.
    await t.db('flow_events').insert({ ...row, event_type: 'order' });
    expect(await t.db('flow_events').where({ workflow_id: workflow.id }).pluck('event_type')).toEqual(
      expect.arrayContaining(['cart', 'order']),
    );
  });

  it('one discount code string per brand', async () => {
    await t.db('discount_codes').insert({ brand_id: brandId, code: 'LR-7KQ2XM' });
    const error = await refused(() => t.db('discount_codes').insert({ brand_id: brandId, code: 'LR-7KQ2XM' }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('discount_codes (brand_id, code) already exists');
  });

  it('one webhook event per source and event id', async () => {
    const event = { source: 'shopify', event_id: 'evt-123', topic: 'checkouts/update', payload: {} };
    await t.db('webhook_events').insert(event);
    const error = await refused(() => t.db('webhook_events').insert(event));
    expect(error.kind).toBe('conflict');
    await t.db('webhook_events').insert({ ...event, source: 'bigcommerce' });
    expect(await t.db('webhook_events').where({ event_id: 'evt-123' }).orderBy('source').pluck('source')).toEqual([
      'bigcommerce',
      'shopify',
    ]);
  });

  it('one usage charge per billable order', async () => {
    const order = await createOrder(t.db, { brandId, integrationId });
    const [plan] = await t
      .db('plans')
      .insert({ name: 'Growth', price: 99, usage_charge_percentage: 5, status: 'published' })
      .returning('id');
    const [subscription] = await t
      .db('subscriptions')
      .insert({ brand_id: brandId, plan_id: plan.id, status: 'active' })
      .returning('id');
    const charge = {
      subscription_id: subscription.id,
      brand_id: brandId,
      plan_id: plan.id,
      order_id: order.id,
      amount: '6.00',
      status: 'queued',
      type: 'usage',
    };
    await t.db('subscription_charges').insert(charge);
    const error = await refused(() => t.db('subscription_charges').insert(charge));
    expect(error.kind).toBe('conflict');
    // Recurring charges are not tied to orders and are not limited by it.
    await t.db('subscription_charges').insert({ ...charge, order_id: null, type: 'recurring', status: 'pending' });
    await t.db('subscription_charges').insert({ ...charge, order_id: null, type: 'recurring', status: 'pending' });
    expect(
      await t.db('subscription_charges').where({ subscription_id: subscription.id }).count<{ n: string }[]>({ n: '*' }),
    ).toEqual([{ n: '3' }]);
  });

  it('refused values never appear in the message (they may be personal data)', async () => {
    await createContact(t.db, brandId, { phone: '+14155550999' });
    const { contact } = await createContact(t.db, brandId);
    const error = await refused(() =>
      t.db('contact_channels').insert({ brand_id: brandId, contact_id: contact.id, username: '+14155550999' }),
    );
    expect(error.message).not.toContain('4155550999');
  });

  it('a value outside a state table is invalid input, not a crash', async () => {
    const error = await refused(() => createCart(t.db, { brandId, integrationId, state: 'lost' }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('carts has a value that is not allowed [carts_state_check]');
  });
});
