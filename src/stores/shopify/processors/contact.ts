/**
 * Which contact channels a Shopify payload names (spec 3 section 4; spec 2 section 5: only mail
 * and phone channels, phones must be +1) and the capture through the contacts domain.
 */
import { coerceError, type AppContext } from '../../../app/index.ts';
import {
  initiateContact,
  isUsSmsNumber,
  normalizeUsername,
  prepareChannels,
  type ChannelInput,
  type InitiateContactInput,
} from '../../../contacts/index.ts';
import type { BrandIntegration } from '../../integrations/store.ts';
import { subscribedPhones } from '../store/processors.ts';

interface Consent {
  state?: string | null;
  consent_updated_at?: string | null;
}
interface Person {
  id?: string | number | null;
  email?: string | null;
  phone?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  sms_marketing_consent?: Consent | null;
  email_marketing_consent?: Consent | null;
}
interface Address {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
}

/** The shopper fields shared by checkouts, orders and customers. */
export interface ShopperFields {
  email?: string | null;
  phone?: string | null;
  sms_marketing_phone?: string | null;
  buyer_accepts_sms_marketing?: boolean | null;
  customer?: Person | null;
  shipping_address?: Address | null;
  billing_address?: Address | null;
  /** When the payload was written (consent time of buyer_accepts_sms_marketing). */
  updated_at?: string | null;
}

export type ShopperContact = Omit<InitiateContactInput, 'brandId' | 'brandIntegrationId' | 'consentSource' | 'source'>;

const toDate = (value: string | null | undefined): Date | undefined => {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
};
const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The channels of a shopper, one per address, with the marketing state that belongs to it:
 * the SMS marketing phone the buyer accepted is subscribed; the customer's own phone and e-mail
 * carry the customer's sms / email marketing consent; other phones (checkout, shipping, billing)
 * have no state, so their source decides (customer, shipping, billing are p2p).
 */
export function shopperContact(fields: ShopperFields): ShopperContact {
  const customer = fields.customer ?? undefined;
  const customerPhone = present(customer?.phone) ? normalizeUsername(customer.phone) : undefined;
  const customerEmail = present(customer?.email) ? normalizeUsername(customer.email) : undefined;
  const smsOptIn =
    fields.buyer_accepts_sms_marketing === true && present(fields.sms_marketing_phone)
      ? normalizeUsername(fields.sms_marketing_phone)
      : undefined;
  const byUsername = new Map<string, ChannelInput>();

  const addPhone = (value: string | null | undefined, source: string): void => {
    if (!present(value)) return;
    const username = normalizeUsername(value);
    if (byUsername.has(username)) return;
    const channel: ChannelInput = { username, type: 'sms', source };
    if (username === smsOptIn)
      Object.assign(channel, { marketingState: 'subscribed', consentedAt: toDate(fields.updated_at) });
    else if (username === customerPhone && customer?.sms_marketing_consent?.state) {
      Object.assign(channel, {
        marketingState: customer.sms_marketing_consent.state,
        consentedAt: toDate(customer.sms_marketing_consent.consent_updated_at),
      });
    }
    byUsername.set(username, channel);
  };
  const addEmail = (value: string | null | undefined): void => {
    if (!present(value)) return;
    const username = normalizeUsername(value);
    if (byUsername.has(username)) return;
    const channel: ChannelInput = { username, type: 'email', source: 'customer' };
    if (username === customerEmail && customer?.email_marketing_consent?.state) {
      Object.assign(channel, {
        marketingState: customer.email_marketing_consent.state,
        consentedAt: toDate(customer.email_marketing_consent.consent_updated_at),
      });
    }
    byUsername.set(username, channel);
  };

  addPhone(fields.phone, 'customer');
  addPhone(customer?.phone, 'customer');
  addPhone(fields.shipping_address?.phone, 'shipping');
  addPhone(fields.billing_address?.phone, 'billing');
  addPhone(fields.sms_marketing_phone, 'sms_marketing');
  addEmail(fields.email);
  addEmail(customer?.email);

  const channels = [...byUsername.values()];
  const phones = channels.filter((channel) => channel.type === 'sms');
  const names = [customer, fields.shipping_address, fields.billing_address].find(
    (person) => present(person?.first_name) || present(person?.last_name),
  );
  return {
    channels,
    externalId: customer?.id !== undefined && customer?.id !== null ? String(customer.id) : undefined,
    givenName: names?.first_name?.trim() || null,
    familyName: names?.last_name?.trim() || null,
    // The contact-level flag makes every phone without a state subscribed: set it to true only
    // when the accepted SMS marketing phone is the shopper's only phone.
    ...(fields.buyer_accepts_sms_marketing === false ||
    (fields.buyer_accepts_sms_marketing === true && phones.every((phone) => phone.username === smsOptIn))
      ? { buyerAcceptsSmsMarketing: fields.buyer_accepts_sms_marketing }
      : {}),
  };
}

/**
 * Finds or creates the shopper's contact with its channels. A failure is logged and the event
 * goes on without a contact (spec 2 section 8). Nothing usable (no +1 phone, no e-mail) gives null.
 */
export async function captureContact(
  ctx: AppContext,
  integration: BrandIntegration,
  contact: ShopperContact,
  consentSource: string,
  source: string = 'shopify',
): Promise<number | null> {
  const { channels } = prepareChannels(contact);
  if (channels.length === 0) return null;
  try {
    const result = await initiateContact(ctx, {
      ...contact,
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      source,
      consentSource,
    });
    return result.contactId;
  } catch (error) {
    ctx.logger.warn(
      { err: coerceError(error), brand_id: integration.brand_id, brand_integration_id: integration.id },
      'contact initiation failed; processing continues without a contact',
    );
    return null;
  }
}

/** A contact can be texted when it has a subscribed +1 phone channel (spec 2 section 4). */
export async function hasUsablePhone(ctx: AppContext, contactId: number | null): Promise<boolean> {
  if (contactId === null) return false;
  return (await subscribedPhones(ctx.db, contactId)).some(isUsSmsNumber);
}
