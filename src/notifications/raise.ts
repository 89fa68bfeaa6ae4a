/**
 * Notifications the product raises itself, each at most once per cause (its unique cause key, see
 * rules.ts causeKeys), all of type 'system', each to the audience that can act on it:
 * - a shopper replied (engaged conversation): the brand's tenant, whose people answer shoppers;
 * - a store disconnected (app uninstalled, or a shop plan that ends billing): the brand's tenant,
 *   since only the merchant can install the app again;
 * - a dead-lettered webhook, a failed billing sync, a 10DLC registration stopped at
 *   manual_intervention: staff, who replay webhooks, run billing sync and the registration (ops
 *   commands); the brand is named for context but its users do not see these.
 * Raising twice is harmless: the second call finds the first notification and creates nothing.
 */
import type { Handle } from '../db/index.ts';
import {
  agentEscalationText,
  billingSyncFailedText,
  causeKeys,
  engagedConversationText,
  newInsightsText,
  ERROR_EXCERPT_LENGTH,
  excerpt,
  storeDisconnectedText,
  tenDlcManualInterventionText,
  webhookDeadLetterText,
  type RaisedKind,
  type RaisedText,
} from './rules.ts';
import { findBrandTenant, insertManyOnce, insertOnce } from './store.ts';

export interface Raised {
  /** The notification of this cause (new or raised before); null when its brand no longer exists. */
  id: number | null;
  /** False when the cause had raised it before (or its brand is gone). */
  created: boolean;
}

async function raise(
  db: Handle,
  {
    kind,
    key,
    text,
    brandId,
    audience,
    data,
  }: {
    kind: RaisedKind;
    key: string;
    text: (brandName: string | null) => RaisedText;
    brandId: number | null;
    audience: 'tenant' | 'staff';
    data: Record<string, unknown>;
  },
): Promise<Raised> {
  const brand = brandId === null ? undefined : await findBrandTenant(db, brandId);
  // A tenant's notification needs its brand; a staff one only names it.
  if (audience === 'tenant' && !brand) return { id: null, created: false };
  const { title, body } = text(brand?.name ?? null);
  return insertOnce(db, {
    type: 'system',
    title,
    body,
    user_id: null,
    tenant_id: audience === 'tenant' ? brand!.tenantId : null,
    brand_id: brand ? brandId : null,
    audience: audience === 'staff' ? 'staff' : 'all',
    extra_data: { kind, ...data },
    dedupe_key: key,
  });
}

/** A shopper replied in a conversation: to the brand's tenant, once per conversation. */
export async function raiseEngagedConversation(
  db: Handle,
  {
    brandId,
    conversationId,
    shopperName,
    reply,
  }: { brandId: number; conversationId: number; shopperName?: string | null; reply?: string | null },
): Promise<Raised> {
  return raise(db, {
    kind: 'engaged_conversation',
    key: causeKeys.engagedConversation(conversationId),
    text: () => engagedConversationText({ shopperName, reply }),
    brandId,
    audience: 'tenant',
    data: { conversation_id: conversationId, link: `/b/${brandId}/conversations/${conversationId}` },
  });
}

/** A webhook event failed its last attempt: to staff, once per stored event. */
export async function raiseWebhookDeadLettered(
  db: Handle,
  {
    webhookEventId,
    source,
    topic,
    attempts,
    error,
    brandId = null,
  }: {
    webhookEventId: number;
    source: string;
    topic: string | null;
    attempts: number;
    error: string;
    brandId?: number | null;
  },
): Promise<Raised> {
  return raise(db, {
    kind: 'webhook_dead_letter',
    key: causeKeys.webhookDeadLetter(webhookEventId),
    text: () => webhookDeadLetterText({ webhookEventId, source, topic, attempts, error }),
    brandId,
    audience: 'staff',
    data: { webhook_event_id: webhookEventId, source, topic },
  });
}

/** A subscription could not be synced with its gateway: to staff, once per subscription and failure. */
export async function raiseBillingSyncFailed(
  db: Handle,
  {
    brandId,
    subscriptionId,
    gateway,
    error,
  }: { brandId: number; subscriptionId: number; gateway: string | null; error: string },
): Promise<Raised> {
  return raise(db, {
    kind: 'billing_sync_failed',
    key: causeKeys.billingSyncFailed(subscriptionId, error),
    text: (brandName) => billingSyncFailedText({ brandId, brandName, subscriptionId, gateway, error }),
    brandId,
    audience: 'staff',
    data: { subscription_id: subscriptionId, gateway, error: excerpt(error, ERROR_EXCERPT_LENGTH) },
  });
}

/** A brand's store was disconnected (or its plan ended billing): to the brand's tenant, once per install and reason. */
export async function raiseStoreDisconnected(
  db: Handle,
  {
    brandId,
    brandIntegrationId,
    platform,
    reason,
    installedAt,
    shop = null,
  }: {
    brandId: number;
    brandIntegrationId: number;
    platform: string;
    reason: string;
    installedAt: string | null;
    shop?: string | null;
  },
): Promise<Raised> {
  return raise(db, {
    kind: 'store_disconnected',
    key: causeKeys.storeDisconnected(brandIntegrationId, installedAt, reason),
    text: () => storeDisconnectedText({ platform, reason, shop }),
    brandId,
    audience: 'tenant',
    data: {
      brand_integration_id: brandIntegrationId,
      platform,
      reason,
      link: `/b/${brandId}/settings`,
    },
  });
}

/**
 * A brand's 10DLC registration entered manual_intervention (spec 3 section 4): to staff, once each
 * time it entered that state (`since`: when it did, automation_metadata.last_updated).
 */
export async function raiseTenDlcManualIntervention(
  db: Handle,
  {
    brandId,
    brandIntegrationId,
    reason,
    since,
  }: { brandId: number; brandIntegrationId: number; reason: string; since: Date },
): Promise<Raised> {
  return raise(db, {
    kind: 'tendlc_manual_intervention',
    key: causeKeys.tenDlcManualIntervention(brandIntegrationId, since),
    text: (brandName) => tenDlcManualInterventionText({ brandId, brandName, reason }),
    brandId,
    audience: 'staff',
    data: { brand_integration_id: brandIntegrationId, reason: excerpt(reason, ERROR_EXCERPT_LENGTH) },
  });
}

/** An insight batch found new insights for a brand: to the brand's tenant, once per batch. */
export async function raiseNewInsights(
  db: Handle,
  { brandId, insightIds, topics }: { brandId: number; insightIds: number[]; topics: string[] },
): Promise<Raised> {
  return raise(db, {
    kind: 'new_insights',
    key: causeKeys.newInsights(brandId, Math.min(...insightIds)),
    text: () => newInsightsText({ count: insightIds.length, topics }),
    brandId,
    audience: 'tenant',
    data: { insight_ids: insightIds.slice(0, 100), link: `/b/${brandId}/insights` },
  });
}

/** The shopper agent escalated a question: to the brand's tenant, once per escalation. */
export async function raiseAgentEscalation(
  db: Handle,
  {
    brandId,
    conversationId,
    escalationId,
    question,
    why,
  }: { brandId: number; conversationId: number; escalationId: number; question: string; why: string },
): Promise<Raised> {
  return raise(db, {
    kind: 'agent_escalation',
    key: causeKeys.agentEscalation(escalationId),
    text: () => agentEscalationText({ question, why }),
    brandId,
    audience: 'tenant',
    data: {
      conversation_id: conversationId,
      escalation_id: escalationId,
      link: `/b/${brandId}/conversations/${conversationId}`,
    },
  });
}

/** raiseAgentEscalation for several escalations: each brand read once, the notifications inserted together. */
export async function raiseAgentEscalations(
  db: Handle,
  items: { brandId: number; conversationId: number; escalationId: number; question: string; why: string }[],
): Promise<Raised[]> {
  const brands = new Map<number, Awaited<ReturnType<typeof findBrandTenant>>>();
  for (const brandId of new Set(items.map((i) => i.brandId))) brands.set(brandId, await findBrandTenant(db, brandId));
  const rows = items.flatMap((item) => {
    const brand = brands.get(item.brandId);
    // A tenant's notification needs its brand.
    if (!brand) return [];
    const { title, body } = agentEscalationText({ question: item.question, why: item.why });
    return [
      {
        type: 'system' as const,
        title,
        body,
        user_id: null,
        tenant_id: brand.tenantId,
        brand_id: item.brandId,
        audience: 'all' as const,
        extra_data: {
          kind: 'agent_escalation',
          conversation_id: item.conversationId,
          escalation_id: item.escalationId,
          link: `/b/${item.brandId}/conversations/${item.conversationId}`,
        },
        dedupe_key: causeKeys.agentEscalation(item.escalationId),
      },
    ];
  });
  const saved = await insertManyOnce(db, rows);
  const byKey = new Map(rows.map((r, i) => [r.dedupe_key, saved[i]!]));
  return items.map((item) => byKey.get(causeKeys.agentEscalation(item.escalationId)) ?? { id: null, created: false });
}
