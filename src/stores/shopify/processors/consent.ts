/**
 * Shopify's consent topics. From API 2025-01 customers/create|update no longer carry
 * `sms_marketing_consent` or `email_marketing_consent` (Shopify's changelog "New customer's webhook
 * and changes to existing customer's webhooks payload"); a change of either arrives on its own topic:
 * - customers_marketing_consent/update `{ id, phone, sms_marketing_consent }`;
 * - customers_email_marketing_consent/update `{ customer_id, email_address, email_marketing_consent }`.
 * Each is applied as customers/update applied its consent object: the customer's contact (by its
 * Shopify id, else by the address) and channel through the contacts domain, the change in the
 * consent ledger, an unsubscribed state making the channel unsubscribed at once (the send job texts
 * subscribed channels only). Two differences, since the consent is the whole event: an address that
 * is already another contact's channel takes the consent there, and a failure fails the event (it
 * is retried) instead of being logged and passed over. A change older than one already applied
 * changes nothing.
 */
import type { AppContext } from '../../../app/index.ts';
import {
  initiateContact,
  normalizeMarketingState,
  normalizeUsername,
  prepareChannels,
  type InitiateContactInput,
} from '../../../contacts/index.ts';
import type { WebhookEvent } from '../../../webhooks/index.ts';
import type { BrandIntegration } from '../../integrations/store.ts';
import {
  parseShopifyPayload,
  type ShopifyConsentTopic,
  type ShopifyEmailConsentPayload,
  type ShopifySmsConsentPayload,
} from '../payloads.ts';
import { newerConsentEventExists } from '../store/processors.ts';
import { isRedacted } from './checkout.ts';
import { shopperContact, type ShopperFields } from './contact.ts';

type Outcome = 'processed' | 'skipped';

interface ConsentReport {
  channel: 'sms' | 'email';
  customerId: string;
  address: string | null | undefined;
  state: string | null | undefined;
  consentUpdatedAt: string | null | undefined;
  /** The payload as customers/update would have carried it, for shopperContact. */
  fields: ShopperFields;
}

function consentReport(topic: ShopifyConsentTopic, payload: unknown): ConsentReport {
  if (topic === 'customers_marketing_consent/update') {
    const sms = parseShopifyPayload<ShopifySmsConsentPayload>(topic, payload);
    const consent = sms.sms_marketing_consent;
    return {
      channel: 'sms',
      customerId: String(sms.id),
      address: sms.phone,
      state: consent?.state,
      consentUpdatedAt: consent?.consent_updated_at,
      fields: { phone: sms.phone, customer: { id: sms.id, phone: sms.phone, sms_marketing_consent: consent } },
    };
  }
  const email = parseShopifyPayload<ShopifyEmailConsentPayload>(topic, payload);
  const consent = email.email_marketing_consent;
  return {
    channel: 'email',
    customerId: String(email.customer_id),
    address: email.email_address,
    state: consent?.state,
    consentUpdatedAt: consent?.consent_updated_at,
    fields: {
      email: email.email_address,
      customer: { id: email.customer_id, email: email.email_address, email_marketing_consent: consent },
    },
  };
}

const toDate = (value: string | null | undefined): Date | undefined => {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/**
 * customers_marketing_consent/update or customers_email_marketing_consent/update. Skipped (200,
 * nothing changed) when the payload names no address or no state Reclaim knows (Shopify's published
 * samples have both null), or when a processed event already reported a later consent time for the
 * same customer and address.
 */
export async function processShopifyConsent(
  ctx: AppContext,
  integration: BrandIntegration,
  event: WebhookEvent,
  topic: ShopifyConsentTopic,
): Promise<Outcome> {
  if (isRedacted(event.payload)) return 'skipped';
  const report = consentReport(topic, event.payload);
  const log = ctx.logger.child({ brand_id: integration.brand_id, webhook_event_id: event.id, topic });
  const address = report.address?.trim();
  if (!address || normalizeMarketingState(report.state) === undefined) {
    log.info('consent event without an address or a known state; nothing changed');
    return 'skipped';
  }
  const consentUpdatedAt = toDate(report.consentUpdatedAt);
  if (
    consentUpdatedAt &&
    event.shop &&
    (await newerConsentEventExists(ctx.db, {
      shop: event.shop,
      channel: report.channel,
      customerId: report.customerId,
      address,
      consentUpdatedAt,
      eventId: event.id,
    }))
  ) {
    log.info('consent change older than one already applied; nothing changed');
    return 'skipped';
  }
  const contact = shopperContact(report.fields);
  if (prepareChannels(contact).channels.length === 0) {
    log.info('consent event for an address Reclaim cannot reach (not a +1 number or not an e-mail); nothing changed');
    return 'skipped';
  }
  const input: InitiateContactInput = {
    ...contact,
    brandId: integration.brand_id,
    brandIntegrationId: integration.id,
    source: 'shopify',
    consentSource: `shopify:${topic}`,
  };
  // A failure fails the event (retried, then listed as failed): a consent is never dropped.
  const result = await initiateContact(ctx, input);
  const username = normalizeUsername(address);
  if (result.dropped.some((dropped) => dropped.username === username && dropped.reason === 'username_taken')) {
    // The address is a channel of another contact (one captured before the customer was known): it takes the consent.
    await initiateContact(ctx, { ...input, externalId: undefined, givenName: null, familyName: null });
  }
  return 'processed';
}
