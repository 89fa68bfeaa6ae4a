/**
 * The Shopify webhook adapter: a stored event (see ../routes.ts) turned into our own rows, and
 * what follows outside the store domain handed to the effects (see src/stores/effects.ts). Registered as
 * `shopify` in src/flows/webhook-processors.ts. Every handler is idempotent and
 * order-insensitive: replays change nothing, older events never overwrite newer data.
 */
import type { AppContext } from '../../../app/index.ts';
import { withTransaction } from '../../../db/index.ts';
import type { WebhookEvent } from '../../../webhooks/index.ts';
import type { StoreEffects } from '../../effects.ts';
import { findEnabledIntegration } from '../../integrations/service.ts';
import { disconnectIntegration, patchSettings, type BrandIntegration } from '../../integrations/store.ts';
import { processShopifyCart, processShopifyCheckout, isRedacted } from './checkout.ts';
import { processShopifyConsent } from './consent.ts';
import { captureContact, shopperContact } from './contact.ts';
import { processShopifyOrder, processShopifyOrderDelete, processShopifyOrderEdited } from './orders.ts';
import { newerCustomerEventExists } from '../store/processors.ts';
import { processShopifyPrivacyEvent } from './privacy.ts';
import {
  isShopifyOrderTopic,
  isShopifyTopic,
  parseShopifyPayload,
  SHOPIFY_PRIVACY_TOPICS,
  type ShopifyCustomerPayload,
  type ShopifyShopPayload,
} from '../payloads.ts';

type Outcome = 'processed' | 'skipped';

/** Shop plans that end billing through Shopify (spec 3 section 4). */
export const SHOPIFY_CANCELLED_PLANS = ['cancelled', 'dormant', 'frozen', 'fraudulent'] as const;

/** The plan of a shop payload when it is one that cancels the subscription, else undefined. */
export function cancelledShopPlan(shop: {
  plan_name?: string | null;
  plan_display_name?: string | null;
}): string | undefined {
  for (const value of [shop.plan_name, shop.plan_display_name]) {
    const plan = value?.trim().toLowerCase();
    if (plan && (SHOPIFY_CANCELLED_PLANS as readonly string[]).includes(plan)) return plan;
  }
  return undefined;
}

const toDate = (value: unknown): Date | null => {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/**
 * The processor for source `shopify`. The integration is the enabled one of the shop ('No
 * integration lookup id found' otherwise: skipped, not an error); privacy topics accept a
 * disabled one, since Shopify sends shop/redact 48 hours after the app was uninstalled. Ids
 * beyond 2^53 arrive as strings of their digits (the event store reads payloads losslessly).
 */
export async function processShopifyWebhook(
  ctx: AppContext,
  event: WebhookEvent,
  effects: StoreEffects,
): Promise<Outcome> {
  const topic = event.topic ?? '';
  const log = ctx.logger.child({ webhook_event_id: event.id, topic, shop: event.shop });
  if (!isShopifyTopic(topic)) {
    log.warn('No event type found');
    return 'skipped';
  }
  if (SHOPIFY_PRIVACY_TOPICS.includes(topic)) return processShopifyPrivacyEvent(ctx, event, effects);

  const shop = event.shop?.toLowerCase();
  const integration = shop ? await findEnabledIntegration(ctx.db, 'shopify', shop) : undefined;
  if (!integration) {
    log.warn('No integration lookup id found');
    return 'skipped';
  }
  switch (topic) {
    case 'checkouts/create':
    case 'checkouts/update':
      return (await processShopifyCheckout(ctx, integration, event.payload, { topic })).outcome;
    case 'carts/update':
      return (await processShopifyCart(ctx, integration, event.payload)).outcome;
    case 'orders/delete':
      return (await processShopifyOrderDelete(ctx, integration, event.payload, effects)).outcome;
    case 'orders/edited':
      return (await processShopifyOrderEdited(ctx, integration, event.payload, effects)).outcome;
    case 'app/uninstalled':
      return processAppUninstalled(ctx, integration, event, effects);
    case 'shop/update':
      return processShopUpdate(ctx, integration, event, effects);
    case 'customers/create':
    case 'customers/update':
      return processCustomer(ctx, integration, event);
    case 'customers_marketing_consent/update':
    case 'customers_email_marketing_consent/update':
      return processShopifyConsent(ctx, integration, event, topic);
    default:
      if (isShopifyOrderTopic(topic))
        return (await processShopifyOrder(ctx, integration, event.payload, effects, topic)).outcome;
      log.warn('No event type found');
      return 'skipped';
  }
}

/**
 * app/uninstalled: the integration becomes disconnected and disabled (uninstalled_at set) and, in
 * the same transaction, the store is cancelled (storeCancelled). An uninstall older than the
 * latest install changes nothing.
 */
async function processAppUninstalled(
  ctx: AppContext,
  integration: BrandIntegration,
  event: WebhookEvent,
  effects: StoreEffects,
): Promise<Outcome> {
  const installedAt = toDate(integration.settings.installed_at);
  const uninstalledAt = event.triggered_at ?? event.received_at;
  if (installedAt && uninstalledAt && uninstalledAt.getTime() < installedAt.getTime()) {
    ctx.logger.info(
      { brand_integration_id: integration.id },
      'app/uninstalled older than the latest install; nothing changed',
    );
    return 'skipped';
  }
  await withTransaction(ctx.db, async (tx) => {
    await disconnectIntegration(tx, integration.id);
    await effects.storeCancelled(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      reason: 'app_uninstalled',
      source: 'shopify',
      extra: { shop: event.shop, webhook_event_id: event.id },
    });
  });
  ctx.logger.info(
    { brand_id: integration.brand_id, brand_integration_id: integration.id },
    'shopify app uninstalled: integration disconnected, billing cancel recorded',
  );
  return 'processed';
}

/**
 * shop/update: a plan of cancelled, dormant, frozen or fraudulent cancels the store
 * (storeCancelled, once per change of plan, in the transaction that keeps the plan). The plan and
 * the shop's updated_at are kept on the integration.
 */
async function processShopUpdate(
  ctx: AppContext,
  integration: BrandIntegration,
  event: WebhookEvent,
  effects: StoreEffects,
): Promise<Outcome> {
  if (isRedacted(event.payload)) return 'skipped';
  const shop = parseShopifyPayload<ShopifyShopPayload>('shop/update', event.payload);
  const updatedAt = toDate(shop.updated_at);
  const knownAt = toDate(integration.settings.shop_updated_at);
  if (updatedAt && knownAt && updatedAt.getTime() < knownAt.getTime()) return 'skipped';
  const plan = (shop.plan_name ?? shop.plan_display_name ?? '').trim().toLowerCase() || null;
  const cancelled = cancelledShopPlan(shop);
  const previous = typeof integration.settings.shop_plan_name === 'string' ? integration.settings.shop_plan_name : null;
  await withTransaction(ctx.db, async (tx) => {
    await patchSettings(tx, integration.id, {
      shop_plan_name: plan,
      ...(updatedAt ? { shop_updated_at: updatedAt.toISOString() } : {}),
    });
    if (cancelled && previous !== cancelled) {
      await effects.storeCancelled(tx, {
        brandId: integration.brand_id,
        brandIntegrationId: integration.id,
        reason: `shop_plan_${cancelled}`,
        source: 'shopify',
        extra: { shop: event.shop, webhook_event_id: event.id },
      });
    }
  });
  if (cancelled && previous !== cancelled)
    ctx.logger.info(
      { brand_id: integration.brand_id, plan: cancelled },
      'shop plan ends billing: cancel event recorded',
    );
  return 'processed';
}

/**
 * customers/create|update: the contact and its channels upserted with the consent Shopify reports
 * (sms_marketing_consent / email_marketing_consent, with their times); an update older than one
 * already applied changes nothing. From API 2025-01 these payloads carry no consent objects (the
 * consent topics do, see ./consent.ts); the objects are still read for earlier versions. The
 * analytics track-event forward is not configured yet.
 */
async function processCustomer(ctx: AppContext, integration: BrandIntegration, event: WebhookEvent): Promise<Outcome> {
  if (isRedacted(event.payload)) return 'skipped';
  const customer = parseShopifyPayload<ShopifyCustomerPayload>('customers/update', event.payload);
  const updatedAt = toDate(customer.updated_at);
  if (
    updatedAt &&
    event.shop &&
    (await newerCustomerEventExists(ctx.db, {
      shop: event.shop,
      customerId: String(customer.id),
      updatedAt,
      eventId: event.id,
    }))
  ) {
    ctx.logger.info(
      { brand_id: integration.brand_id },
      'customer event older than one already applied; nothing changed',
    );
    return 'skipped';
  }
  const contact = shopperContact({ email: customer.email, phone: customer.phone, customer });
  const contactId = await captureContact(ctx, integration, contact, `shopify:${event.topic}`);
  return contactId === null ? 'skipped' : 'processed';
}
