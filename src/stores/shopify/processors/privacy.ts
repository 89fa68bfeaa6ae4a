/**
 * Shopify's mandatory privacy topics. customers/data_request: an export of what Reclaim holds on
 * the customer, recorded in privacy_requests. customers/redact: that customer's personal data
 * erased everywhere (orders stay for billing, without personal fields). shop/redact: the same for
 * every customer of the shop, plus the shop's own details. Each request is recorded once. What
 * other domains hold on the shopper is read and erased through the effects (see src/stores/effects.ts).
 */
import type { AppContext } from '../../../app/index.ts';
import { eraseContacts, normalizeUsername } from '../../../contacts/index.ts';
import { withTransaction, type Tx } from '../../../db/index.ts';
import { redactShopifyPayloads, type WebhookEvent } from '../../../webhooks/index.ts';
import type { StoreEffects } from '../../effects.ts';
import { findBrandIntegration, redactIntegrationSettings, type BrandIntegration } from '../../integrations/store.ts';
import { sanitizeShop } from '../rules.ts';
import {
  channelUsernames,
  contactsWithChannels,
  findCustomerContacts,
  findIntegrationContacts,
  findPrivacyRequestForEvent,
  insertPrivacyRequest,
  redactPrivacyRequests,
  REDACTED,
  STORE_JSON_COLUMNS,
  storeRowsOf,
  updateJsonColumns,
  type Identifiers,
} from '../store/privacy.ts';
import {
  parseShopifyPayload,
  type ShopifyCustomerRedactPayload,
  type ShopifyDataRequestPayload,
  type ShopifyShopRedactPayload,
  type ShopifyTopic,
} from '../payloads.ts';

type Json = Record<string, unknown>;

/** Keys whose values are personal wherever they appear in stored store payloads. */
export const PERSONAL_KEYS = new Set([
  'email',
  'contact_email',
  'phone',
  'sms_marketing_phone',
  'first_name',
  'last_name',
  'given_name',
  'family_name',
  'username',
  'customer',
  'shipping_address',
  'billing_address',
  'default_address',
  'addresses',
  'client_details',
  'browser_ip',
  'note',
  'note_attributes',
  'company',
  'address1',
  'address2',
  'zip',
  'latitude',
  'longitude',
]);

/** A regex source matching a phone number in any common format (separators of up to two characters between digits). */
export function phonePattern(phone: string): string | undefined {
  const digits = normalizeUsername(phone).replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.slice(-10);
  if (national.length < 7) return undefined;
  return national.split('').join('[^0-9]{0,2}');
}

export function identifiersOf(usernames: (string | null | undefined)[]): Identifiers {
  const emails = new Set<string>();
  const phonePatterns = new Set<string>();
  for (const value of usernames) {
    if (!value?.trim()) continue;
    const username = normalizeUsername(value);
    if (username.includes('@')) emails.add(username);
    else {
      const pattern = phonePattern(username);
      if (pattern) phonePatterns.add(pattern);
    }
  }
  return { emails: [...emails], phonePatterns: [...phonePatterns] };
}

/**
 * A copy of a stored JSON value without personal data: personal keys removed at any depth, and
 * any string naming the shopper's e-mail or phone replaced by '[redacted]'.
 */
export function stripPersonal(value: unknown, identifiers: Identifiers): unknown {
  if (Array.isArray(value)) return value.map((item) => stripPersonal(item, identifiers));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Json)
        .filter(([key]) => !PERSONAL_KEYS.has(key))
        .map(([key, item]) => [key, stripPersonal(item, identifiers)]),
    );
  }
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (identifiers.emails.some((email) => lower.includes(email))) return REDACTED;
    if (identifiers.phonePatterns.some((pattern) => new RegExp(pattern).test(value))) return REDACTED;
  }
  return value;
}

/** customers/data_request: what Reclaim holds on the customer at that shop. */
export async function exportCustomerData(
  ctx: AppContext,
  integration: BrandIntegration,
  request: ShopifyDataRequestPayload,
  effects: Pick<StoreEffects, 'shopperConversations'>,
): Promise<Json> {
  const customerId =
    request.customer.id === null || request.customer.id === undefined ? undefined : String(request.customer.id);
  const identifiers = identifiersOf([request.customer.email, request.customer.phone]);
  const usernames = [request.customer.email, request.customer.phone]
    .filter((value): value is string => !!value?.trim())
    .map(normalizeUsername);
  const contactIds = await findCustomerContacts(ctx.db, {
    brandId: integration.brand_id,
    externalId: customerId,
    usernames,
  });
  const scope = {
    brandIntegrationId: integration.id,
    contactIds,
    orderExternalIds: (request.orders_requested ?? []).map(String),
    identifiers,
  };
  const conversations = await effects.shopperConversations(ctx.db, { brandId: integration.brand_id, contactIds });
  return {
    customer: { id: customerId ?? null, email: request.customer.email ?? null, phone: request.customer.phone ?? null },
    contacts: await contactsWithChannels(ctx.db, contactIds),
    carts: await storeRowsOf(ctx.db, 'carts', scope),
    checkouts: await storeRowsOf(ctx.db, 'checkouts', scope),
    orders: await storeRowsOf(ctx.db, 'orders', scope),
    conversations,
  };
}

/** Strips personal fields from the carts, checkouts and orders in scope. Returns counts and the orders' ids. */
async function stripStoreRows(
  tx: Tx,
  scope: {
    brandIntegrationId: number;
    contactIds: number[] | 'all';
    orderExternalIds?: string[];
    identifiers: Identifiers;
  },
): Promise<{ counts: Record<'carts' | 'checkouts' | 'orders', number>; orderIds: number[] }> {
  const counts = { carts: 0, checkouts: 0, orders: 0 };
  let orderIds: number[] = [];
  for (const table of ['carts', 'checkouts', 'orders'] as const) {
    const rows = await storeRowsOf(tx, table, scope);
    for (const row of rows) {
      const values = Object.fromEntries(
        STORE_JSON_COLUMNS[table].map((column) => [
          column,
          JSON.stringify(stripPersonal(row[column] ?? {}, scope.identifiers)),
        ]),
      );
      await updateJsonColumns(tx, table, Number(row.id), values);
    }
    counts[table] = rows.length;
    if (table === 'orders') orderIds = rows.map((row) => Number(row.id));
  }
  return { counts, orderIds };
}

/**
 * Erases one customer (or, with `all`, every customer) of a shop: the store's rows, what other
 * domains hold (redactShopper), then the contacts. Returns counts for the record.
 */
async function redact(
  tx: Tx,
  effects: Pick<StoreEffects, 'redactShopper'>,
  {
    integration,
    shop,
    customerId,
    emails,
    orderExternalIds = [],
    all = false,
  }: {
    integration?: BrandIntegration;
    shop: string;
    customerId?: string;
    emails: (string | null | undefined)[];
    orderExternalIds?: string[];
    all?: boolean;
  },
): Promise<Json> {
  let summary: Json = {};
  let identifiers = identifiersOf(emails);
  if (integration) {
    const given = emails.filter((value): value is string => !!value?.trim()).map(normalizeUsername);
    const contactIds = all
      ? await findIntegrationContacts(tx, { brandId: integration.brand_id, brandIntegrationId: integration.id })
      : await findCustomerContacts(tx, { brandId: integration.brand_id, externalId: customerId, usernames: given });
    const usernames = [...new Set([...given, ...(await channelUsernames(tx, contactIds))])];
    identifiers = identifiersOf(usernames);
    const strip = (value: unknown): unknown => stripPersonal(value, identifiers);
    const stores = await stripStoreRows(tx, {
      brandIntegrationId: integration.id,
      contactIds: all ? 'all' : contactIds,
      orderExternalIds,
      identifiers,
    });
    const elsewhere = await effects.redactShopper(tx, {
      brandId: integration.brand_id,
      contactIds,
      orderIds: stores.orderIds,
      strip,
      marker: REDACTED,
    });
    const contacts = await eraseContacts(tx, {
      brandId: integration.brand_id,
      contactIds,
      usernames,
      marker: REDACTED,
    });
    summary = { ...contacts, ...elsewhere, ...stores.counts };
    if (all) await redactIntegrationSettings(tx, integration.id);
  }
  summary.webhook_events = await redactShopifyPayloads(tx, { shop, customerId, orderExternalIds, ...identifiers, all });
  await redactPrivacyRequests(tx, { shop, customerId: all ? undefined : customerId });
  return summary;
}

/** The processor for customers/data_request, customers/redact and shop/redact. */
export async function processShopifyPrivacyEvent(
  ctx: AppContext,
  event: WebhookEvent,
  effects: Pick<StoreEffects, 'shopperConversations' | 'redactShopper'>,
): Promise<'processed' | 'skipped'> {
  const topic = event.topic as ShopifyTopic;
  if (
    (event.payload as { redacted?: unknown } | null)?.redacted === true ||
    (await findPrivacyRequestForEvent(ctx.db, event.id)) !== undefined
  )
    return 'skipped';
  const log = ctx.logger.child({ webhook_event_id: event.id, topic });
  // The signed body names the shop; Shopify's sample payloads (CLI triggers) carry a placeholder
  // ('{shop}.myshopify.com') there, so a value that is not a shop host gives way to the header's.
  const shop =
    sanitizeShop((event.payload as { shop_domain?: unknown } | null)?.shop_domain) ??
    (event.shop ?? '').trim().toLowerCase();
  const integration = shop ? await findBrandIntegration(ctx.db, 'shopify', shop) : undefined;
  const base = {
    brandId: integration?.brand_id ?? null,
    brandIntegrationId: integration?.id ?? null,
    topic,
    shopDomain: shop,
  };

  if (topic === 'customers/data_request') {
    const request = parseShopifyPayload<ShopifyDataRequestPayload>(topic, event.payload);
    const customerId =
      request.customer.id === null || request.customer.id === undefined ? null : String(request.customer.id);
    const exportData = integration
      ? await exportCustomerData(ctx, integration, request, effects)
      : { customer: { id: customerId }, contacts: [], carts: [], checkouts: [], orders: [], conversations: [] };
    const payload = {
      webhook_event_id: event.id,
      shop_id: request.shop_id ?? null,
      data_request_id: request.data_request?.id ?? null,
      orders_requested: request.orders_requested ?? [],
    };
    const id = await insertPrivacyRequest(ctx.db, { ...base, customerExternalId: customerId, payload, exportData });
    log.info({ privacy_request_id: id, brand_id: base.brandId }, 'customer data request exported');
    return 'processed';
  }

  if (topic === 'customers/redact') {
    const request = parseShopifyPayload<ShopifyCustomerRedactPayload>(topic, event.payload);
    const customerId =
      request.customer.id === null || request.customer.id === undefined ? undefined : String(request.customer.id);
    const orderExternalIds = (request.orders_to_redact ?? []).map(String);
    await withTransaction(ctx.db, async (tx) => {
      const summary = await redact(tx, effects, {
        integration,
        shop,
        customerId,
        emails: [request.customer.email, request.customer.phone],
        orderExternalIds,
      });
      const payload = {
        webhook_event_id: event.id,
        shop_id: request.shop_id ?? null,
        orders_to_redact: orderExternalIds,
        summary,
      };
      const id = await insertPrivacyRequest(tx, { ...base, customerExternalId: customerId ?? null, payload });
      log.info({ privacy_request_id: id, brand_id: base.brandId, summary }, 'customer redacted');
    });
    return 'processed';
  }

  const request = parseShopifyPayload<ShopifyShopRedactPayload>('shop/redact', event.payload);
  await withTransaction(ctx.db, async (tx) => {
    const summary = await redact(tx, effects, { integration, shop, emails: [], all: true });
    const id = await insertPrivacyRequest(tx, {
      ...base,
      customerExternalId: null,
      payload: { webhook_event_id: event.id, shop_id: request.shop_id ?? null, summary },
    });
    log.info({ privacy_request_id: id, brand_id: base.brandId, summary }, 'shop redacted');
  });
  return 'processed';
}
