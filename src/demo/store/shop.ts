/**
 * The shoppers and their commerce as stored rows: contacts with their SMS and e-mail channels and
 * the consent ledger, carts, checkouts and orders, in the shapes the store webhooks write.
 */
import type { Tx } from '../../db/index.ts';
import type { BrandStory, LineItem, StoryContact } from '../story/index.ts';
import { allocateIds, insertRows, type DemoRow } from './rows.ts';

/** How the demo's seeded consent is labelled in the ledger (a real opt-out is labelled by its keyword). */
export const DEMO_CONSENT_SOURCE = 'demo_seed';

export interface BrandIds {
  brandId: number;
  integrationId: number;
  /** Workflow id by name. */
  workflows: Map<string, number>;
  /** The discount rule id of each workflow with a discount, by workflow name. */
  discountRules: Map<string, number>;
}

export interface ShopIds {
  contacts: number[];
  /** The contact's SMS channel id (null without a phone). */
  smsChannels: (number | null)[];
  carts: number[];
  checkouts: number[];
  orders: number[];
}

const customer = (contact: StoryContact | null) =>
  contact
    ? {
        id: contact.externalId,
        email: contact.email,
        phone: contact.phone,
        first_name: contact.givenName,
        last_name: contact.familyName,
      }
    : null;

const address = (contact: StoryContact | null) =>
  contact
    ? {
        first_name: contact.givenName,
        last_name: contact.familyName,
        city: (contact as StoryContact & { city?: string }).city ?? null,
        province_code: contact.province,
        country_code: contact.phoneKind === 'foreign' ? 'GB' : 'US',
      }
    : null;

const lineTotal = (items: LineItem[]): string => items.reduce((sum, i) => sum + Number(i.line_price), 0).toFixed(2);

async function writeContacts(
  tx: Tx,
  story: BrandStory,
  ids: BrandIds,
): Promise<Pick<ShopIds, 'contacts' | 'smsChannels'>> {
  const contacts = await allocateIds(tx, 'contacts', story.contacts.length);
  await insertRows(
    tx,
    'contacts',
    story.contacts.map((c, i) => ({
      id: contacts[i],
      brand_id: ids.brandId,
      given_name: c.givenName,
      family_name: c.familyName,
      external_id: c.externalId,
      source: 'shopify',
      buyer_accepts_sms_marketing: c.phone !== null && !c.optedOutBefore,
      extra_data: { group_name: c.group },
      created_at: c.createdAt,
      updated_at: c.optedOutAt ?? c.createdAt,
    })),
  );
  const withPhone = story.contacts.flatMap((c, i) => (c.phone ? [i] : []));
  const channelIds = await allocateIds(tx, 'contact_channels', withPhone.length + story.contacts.length);
  const smsChannels: (number | null)[] = story.contacts.map(() => null);
  const channels: DemoRow[] = [];
  const consent: DemoRow[] = [];
  withPhone.forEach((i, k) => {
    const c = story.contacts[i]!;
    const id = channelIds[k]!;
    smsChannels[i] = id;
    const subscribed = !c.optedOutBefore && c.optedOutAt === null;
    channels.push({
      id,
      brand_id: ids.brandId,
      contact_id: contacts[i],
      brand_integration_id: ids.integrationId,
      type: 'sms',
      username: c.phone,
      status: subscribed ? 'subscribed' : 'unsubscribed',
      engagement_status: c.lastEngagedAt ? 'engaged' : 'pending',
      last_engaged_at: c.lastEngagedAt,
      compliance_type: c.optedOutBefore ? 'na' : 'p2p',
      consent_source: c.optedOutAt ? 'sms_keyword:STOP' : DEMO_CONSENT_SOURCE,
      consented_at: c.optedOutAt ?? c.createdAt,
      extra_data: { source: 'customer', ...(c.timeZone ? { timezone: c.timeZone } : {}) },
      created_at: c.createdAt,
      updated_at: c.optedOutAt ?? c.lastEngagedAt ?? c.createdAt,
    });
    consent.push({
      brand_id: ids.brandId,
      contact_channel_id: id,
      username: c.phone,
      status: c.optedOutBefore ? 'unsubscribed' : 'subscribed',
      source: DEMO_CONSENT_SOURCE,
      recorded_at: c.createdAt,
      extra_data: { previous_status: null },
    });
    if (c.optedOutAt)
      consent.push({
        brand_id: ids.brandId,
        contact_channel_id: id,
        username: c.phone,
        status: 'unsubscribed',
        source: 'sms_keyword:STOP',
        recorded_at: c.optedOutAt,
        extra_data: { previous_status: 'subscribed' },
      });
  });
  story.contacts.forEach((c, i) => {
    channels.push({
      id: channelIds[withPhone.length + i],
      brand_id: ids.brandId,
      contact_id: contacts[i],
      brand_integration_id: ids.integrationId,
      type: 'email',
      username: c.email,
      status: 'subscribed',
      compliance_type: 'a2p',
      consent_source: DEMO_CONSENT_SOURCE,
      consented_at: c.createdAt,
      extra_data: { source: 'customer' },
      created_at: c.createdAt,
      updated_at: c.createdAt,
    });
    consent.push({
      brand_id: ids.brandId,
      contact_channel_id: channelIds[withPhone.length + i],
      username: c.email,
      status: 'subscribed',
      source: DEMO_CONSENT_SOURCE,
      recorded_at: c.createdAt,
      extra_data: { previous_status: null },
    });
  });
  await insertRows(tx, 'contact_channels', channels);
  await insertRows(tx, 'channel_consent_events', consent);
  return { contacts, smsChannels };
}

/** Contacts, channels, consent, carts, checkouts and orders of one brand's story. */
export async function writeShop(tx: Tx, story: BrandStory, ids: BrandIds): Promise<ShopIds> {
  const { contacts, smsChannels } = await writeContacts(tx, story, ids);
  const contactOf = (index: number | null) => (index === null ? null : story.contacts[index]!);
  const contactId = (index: number | null) => (index === null ? null : contacts[index]!);
  const carts = await allocateIds(tx, 'carts', story.carts.length);
  const checkouts = await allocateIds(tx, 'checkouts', story.checkouts.length);
  const orders = await allocateIds(tx, 'orders', story.orders.length);

  await insertRows(
    tx,
    'carts',
    story.carts.map((cart, i) => {
      const contact = contactOf(cart.contact);
      return {
        id: carts[i],
        brand_id: ids.brandId,
        brand_integration_id: ids.integrationId,
        external_id: cart.externalId,
        contact_id: contactId(cart.contact),
        state: cart.state,
        total: cart.total,
        extra_data: {
          from_webhook: true,
          ...(cart.checkoutToken ? { abandoned_checkout_url: cart.url, checkout_token: cart.checkoutToken } : {}),
        },
        data: {
          line_items: cart.lineItems,
          ...(cart.checkoutToken ? { checkout_token: cart.checkoutToken } : { cart_url: cart.url }),
        },
        cleaned_raw_data: {
          detail: {
            payload: { customer: customer(contact), shipping_address: address(contact), line_items: cart.lineItems },
          },
        },
        remote_updated_at: cart.updatedAt,
        created_at: cart.createdAt,
        updated_at: cart.updatedAt,
      };
    }),
  );
  await insertRows(
    tx,
    'checkouts',
    story.checkouts.map((checkout, i) => {
      const contact = contactOf(checkout.contact);
      return {
        id: checkouts[i],
        brand_id: ids.brandId,
        brand_integration_id: ids.integrationId,
        external_id: checkout.token,
        cart_id: carts[checkout.cart],
        contact_id: contactId(checkout.contact),
        state: checkout.state,
        total_price: checkout.total,
        checkout_details: {
          token: checkout.token,
          cart_token: story.carts[checkout.cart]!.externalId,
          email: contact?.email ?? null,
          phone: contact?.phone ?? null,
          buyer_accepts_sms_marketing: contact ? contact.phone !== null && !contact.optedOutBefore : null,
          customer: customer(contact),
          shipping_address: address(contact),
          billing_address: address(contact),
          line_items: checkout.lineItems,
          discount_codes: [],
          subtotal_price: lineTotal(checkout.lineItems),
          total_price: checkout.total,
          currency: 'USD',
          customer_locale: 'en-US',
          created_at: checkout.createdAt.toISOString(),
          updated_at: checkout.createdAt.toISOString(),
          source: 'webhook',
        },
        abandoned_checkout_url: checkout.url,
        remote_updated_at: checkout.createdAt,
        created_at: checkout.createdAt,
        updated_at: checkout.updatedAt,
      };
    }),
  );
  await insertRows(
    tx,
    'orders',
    story.orders.map((order, i) => {
      const contact = contactOf(order.contact);
      return {
        id: orders[i],
        brand_id: ids.brandId,
        brand_integration_id: ids.integrationId,
        external_id: order.externalId,
        number: order.number,
        cart_id: order.cart === null ? null : carts[order.cart],
        checkout_id: order.checkout === null ? null : checkouts[order.checkout],
        contact_id: contacts[order.contact],
        // A refunded order is written as placed; the seed cancels it after attribution decided it.
        state: order.cancelledAt ? 'complete' : order.state,
        total: order.total,
        discount_codes: order.discountCode ? [order.discountCode.code] : [],
        cleaned_raw_data: {
          id: order.externalId,
          name: order.number,
          checkout_token: order.checkout === null ? null : story.checkouts[order.checkout]!.token,
          cart_token: order.cart === null ? null : story.carts[order.cart]!.externalId,
          financial_status:
            order.state === 'pending'
              ? 'pending'
              : order.state === 'cancelled' && !order.cancelledAt
                ? 'voided'
                : 'paid',
          fulfillment_status: null,
          confirmed: order.state !== 'pending',
          cancelled_at: order.state === 'cancelled' && !order.cancelledAt ? order.createdAt.toISOString() : null,
          subtotal_price: lineTotal(order.lineItems),
          total_discounts: order.discountCode?.amount ?? '0.00',
          total_price: order.total,
          currency: 'USD',
          discount_codes: order.discountCode ? [order.discountCode] : [],
          line_items: order.lineItems,
          email: contact?.email ?? null,
          phone: contact?.phone ?? null,
          customer: customer(contact),
          shipping_address: address(contact),
        },
        remote_updated_at: order.createdAt,
        created_at: order.createdAt,
        updated_at: order.createdAt,
      };
    }),
  );
  return { contacts, smsChannels, carts, checkouts, orders };
}

/** Orders refunded after attribution: cancelled at their time, as the orders/cancelled webhook records it. */
export async function cancelOrders(tx: Tx, orders: { id: number; at: Date }[]): Promise<void> {
  for (const { id, at } of orders)
    await tx('orders')
      .where({ id })
      .update({
        state: 'cancelled',
        cleaned_raw_data: tx.raw(
          `cleaned_raw_data || jsonb_build_object('cancelled_at', ?::text, 'financial_status', 'refunded')`,
          [at.toISOString()],
        ),
        remote_updated_at: at,
        updated_at: at,
      });
}
