/**
 * In-app notification rules (spec 2 sections 3, 4, 7 and 9). Pure: no I/O.
 *
 * Who sees a notification (its audience):
 * - 'user': addressed to one user (user_id set): that user only, whatever its tenant_id says;
 * - 'tenant': addressed to a tenant (tenant_id set, no user): every ACTIVE member of the tenant
 *   (tenant_users.state 'active') while they are one; an invited, suspended or removed member does
 *   not see it, nor does a partner or a staff user who is not a member;
 * - 'global': no user and no tenant (the spec's global notification): every user;
 * - 'staff': no user and no tenant, audience 'staff': staff users (users.is_staff) only.
 * Read state is per user (user_notifications, upserted when read): a tenant's or a global
 * notification read by one user stays unread for the others.
 */
import { createHash } from 'node:crypto';
import { AppError, maskPhoneNumbers } from '../app/index.ts';

export const NOTIFICATION_TYPES = ['announcement', 'system', 'reminder', 'security'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The list filters of spec 2: every visible one, the unread ones, or one type. */
export const NOTIFICATION_FILTERS = ['all', 'unread', 'announcement', 'system'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Spec 2 section 9: notification page size default 10. */
export const DEFAULT_NOTIFICATION_LIMIT = 10;
export const MAX_NOTIFICATION_LIMIT = 100;

export const NOTIFICATION_AUDIENCES = ['user', 'tenant', 'global', 'staff'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  userNotFound: 'User not found',
  tenantNotFound: 'Tenant not found',
  brandNotFound: 'Brand not found',
  oneAddress: 'A notification is addressed to one user, one tenant, everyone or staff: give only one of them.',
  staffUnaddressed: 'A staff notification is for every staff user: it cannot also name a user or a tenant.',
} as const;

/** Where a new notification goes, as the caller gave it (ids already known to exist). */
export interface AddressInput {
  userId?: number;
  tenantId?: number;
  brandId?: number;
  /** The brand's tenant, when brandId was given. */
  brandTenantId?: number;
  audience?: 'all' | 'staff';
}

export interface Address {
  user_id: number | null;
  tenant_id: number | null;
  brand_id: number | null;
  audience: 'all' | 'staff';
}

/**
 * The stored address of a new notification. A brand alone (no user, no tenant) addresses the
 * brand's tenant, never everyone: a notification about a brand must not reach other brands'
 * users. A brand given with a tenant must be that tenant's.
 */
export function resolveAddress(input: AddressInput): Address {
  const audience = input.audience ?? 'all';
  const brandId = input.brandId ?? null;
  if (audience === 'staff') {
    if (input.userId !== undefined || input.tenantId !== undefined)
      throw new AppError('invalid_input', NOTIFICATION_MESSAGES.staffUnaddressed, { code: 'staff_addressed' });
    return { user_id: null, tenant_id: null, brand_id: brandId, audience };
  }
  if (input.userId !== undefined && input.tenantId !== undefined)
    throw new AppError('invalid_input', NOTIFICATION_MESSAGES.oneAddress, { code: 'two_addresses' });
  if (input.userId !== undefined) return { user_id: input.userId, tenant_id: null, brand_id: brandId, audience };
  if (input.tenantId !== undefined) {
    if (brandId !== null && input.brandTenantId !== input.tenantId)
      throw new AppError('not_found', NOTIFICATION_MESSAGES.brandNotFound);
    return { user_id: null, tenant_id: input.tenantId, brand_id: brandId, audience };
  }
  if (brandId !== null) return { user_id: null, tenant_id: input.brandTenantId ?? null, brand_id: brandId, audience };
  return { user_id: null, tenant_id: null, brand_id: null, audience };
}

/** The audience of a stored notification. */
export function audienceOf(row: {
  user_id: number | null;
  tenant_id: number | null;
  audience: string;
}): NotificationAudience {
  if (row.user_id !== null) return 'user';
  if (row.tenant_id !== null) return 'tenant';
  return row.audience === 'staff' ? 'staff' : 'global';
}

// ---- Notifications the product raises: one per cause (the cause key is unique). ----

/** What raised a notification, kept as extra_data.kind. */
export const RAISED_KINDS = [
  'engaged_conversation',
  'webhook_dead_letter',
  'billing_sync_failed',
  'store_disconnected',
  'tendlc_manual_intervention',
  'new_insights',
  'agent_escalation',
] as const;
export type RaisedKind = (typeof RAISED_KINDS)[number];

const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The unique key of each cause. */
export const causeKeys = {
  /** One per escalation the shopper agent opened. */
  agentEscalation: (escalationId: number): string => `agent_escalation:${escalationId}`,
  /** One per conversation: the first reply of a shopper, not every reply. */
  engagedConversation: (conversationId: number): string => `engaged_conversation:${conversationId}`,
  /** One per stored webhook event: replayed and dead again, it raises nothing new. */
  webhookDeadLetter: (webhookEventId: number): string => `webhook_dead_letter:${webhookEventId}`,
  /** One per subscription and failure text: the hourly sync failing the same way raises nothing new. */
  billingSyncFailed: (subscriptionId: number, error: string): string =>
    `billing_sync_failed:${subscriptionId}:${shortHash(error.trim())}`,
  /** One per install of a store and reason (an uninstall, a shop plan that ends billing). */
  storeDisconnected: (brandIntegrationId: number, installedAt: string | null, reason: string): string =>
    `store_disconnected:${brandIntegrationId}:${installedAt ?? 'unknown'}:${reason}`,
  /** One per time the registration entered manual_intervention. */
  tenDlcManualIntervention: (brandIntegrationId: number, since: Date): string =>
    `tendlc_manual_intervention:${brandIntegrationId}:${since.toISOString()}`,
  /** One per insight batch that found new insights (named by the first new insight). */
  newInsights: (brandId: number, firstInsightId: number): string => `new_insights:${brandId}:${firstInsightId}`,
};

/** A text cut to `max` characters (an ellipsis marks the cut), phone numbers masked. */
export function excerpt(text: string, max: number): string {
  const clean = maskPhoneNumbers(text.replace(/\s+/g, ' ').trim());
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export const EXCERPT_LENGTH = 140;
export const ERROR_EXCERPT_LENGTH = 300;

export interface RaisedText {
  title: string;
  body: string;
}

export function engagedConversationText({
  shopperName,
  reply,
}: {
  shopperName?: string | null;
  reply?: string | null;
}): RaisedText {
  const who = shopperName?.trim() || 'A shopper';
  return {
    title: `${who} replied`,
    body: reply?.trim() ? `${who} replied: "${excerpt(reply, EXCERPT_LENGTH)}"` : `${who} replied to a text.`,
  };
}

/** New insights from shoppers' messages: how many, and the first topics. */
/** The shopper agent escalated a question to the brand's team. */
export function agentEscalationText({ question, why }: { question: string; why: string }): RaisedText {
  return {
    title: 'A shopper needs an answer from your team',
    body: `The agent escalated "${excerpt(question, EXCERPT_LENGTH)}": ${why}`,
  };
}

export function newInsightsText({ count, topics }: { count: number; topics: string[] }): RaisedText {
  const shown = topics.slice(0, 3).map((t) => `"${excerpt(t, EXCERPT_LENGTH)}"`);
  const more = count > shown.length ? ` and ${count - shown.length} more` : '';
  return {
    title: count === 1 ? 'A new insight from shoppers' : `${count} new insights from shoppers`,
    body: `Shoppers' messages raised ${count === 1 ? 'a new topic' : 'new topics'}: ${shown.join(', ')}${more}.`,
  };
}

export function webhookDeadLetterText({
  webhookEventId,
  source,
  topic,
  attempts,
  error,
}: {
  webhookEventId: number;
  source: string;
  topic: string | null;
  attempts: number;
  error: string;
}): RaisedText {
  const what = topic ? `${source} ${topic}` : source;
  return {
    title: `Webhook dead-lettered: ${what}`,
    body:
      `Webhook event ${webhookEventId} (${what}) failed ${attempts} time${attempts === 1 ? '' : 's'} and will not be retried: ` +
      `${excerpt(error, ERROR_EXCERPT_LENGTH)}. Fix the cause, then run: reclaim webhooks replay ${webhookEventId}`,
  };
}

export function billingSyncFailedText({
  brandId,
  brandName,
  subscriptionId,
  gateway,
  error,
}: {
  brandId: number;
  brandName?: string | null;
  subscriptionId: number;
  gateway: string | null;
  error: string;
}): RaisedText {
  const brand = brandName?.trim() || `brand ${brandId}`;
  return {
    title: `Billing sync failed for ${brand}`,
    body:
      `Subscription ${subscriptionId}${gateway ? ` (${gateway})` : ''} could not be synced: ${excerpt(error, ERROR_EXCERPT_LENGTH)}. ` +
      `The hourly sync tries again; reclaim billing sync --brand ${brandId} runs it now.`,
  };
}

const PLATFORM_NAMES: Record<string, string> = { shopify: 'Shopify', bigcommerce: 'BigCommerce' };

export function storeDisconnectedText({
  platform,
  reason,
  shop,
}: {
  platform: string;
  reason: string;
  shop?: string | null;
}): RaisedText {
  const name = PLATFORM_NAMES[platform] ?? platform;
  const store = shop ? `${name} store ${shop}` : `${name} store`;
  if (reason.startsWith('shop_plan_')) {
    const plan = reason.slice('shop_plan_'.length);
    return {
      title: `Store plan ${plan}`,
      body: `${name} reports the plan of your ${store} as ${plan}: billing through the store has ended. Reclaim picks up again once the store is active and the app is installed.`,
    };
  }
  return {
    title: 'Store disconnected',
    body: `Reclaim was uninstalled from your ${store}: no new conversations start and billing through the store has ended. Install the app again to reconnect.`,
  };
}

export function tenDlcManualInterventionText({
  brandId,
  brandName,
  reason,
}: {
  brandId: number;
  brandName?: string | null;
  reason: string;
}): RaisedText {
  const brand = brandName?.trim() || `brand ${brandId}`;
  return {
    title: `10DLC registration needs attention: ${brand}`,
    body: `The texting registration (10DLC) of ${brand} stopped at manual_intervention: ${excerpt(reason, ERROR_EXCERPT_LENGTH)}`,
  };
}
