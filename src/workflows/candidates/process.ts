/**
 * From selected rows to outcomes: facts gathered for a page of candidates in a few queries, the
 * pure decision per candidate, and the write of a chunk in one transaction (carts abandoned,
 * flow events, conversations with their first message, goal events).
 */
import type { Logger } from '../../app/index.ts';
import { insertGoalEvents } from '../../attribution/index.ts';
import { maskUsername } from '../../contacts/index.ts';
import { startConversations, type StartConversationInput } from '../../conversations/index.ts';
import type { Handle, Tx } from '../../db/index.ts';
import { formatDiscountValue, resolveDiscountRule, type ResolvedDiscountRule } from '../../discounts/index.ts';
import { markAbandoned, shopifyCartLink } from '../../stores/index.ts';
import {
  brandSettings,
  decideAll,
  goalEventOf,
  isTextingOutcome,
  lineItemFacts,
  provinceOf,
  rulesUseOrderCount,
  type BrandSettings,
  type CandidateFacts,
  type CandidateKind,
  type Decision,
  type OutcomeRecord,
} from './rules.ts';
import {
  lastConversations,
  orderCounts,
  outreachStatsFor,
  type CandidateRow,
  type LockKey,
  type WorkflowContextRow,
} from './store.ts';
import { renderMessage } from '../render.ts';
import {
  insertCartChoices,
  insertFlowEvents,
  type CartChoiceWrite,
  type StorePlatform,
  type WorkflowRow,
} from '../store.ts';
import { isCartRecoveryKind } from './rules-choice.ts';

type SelectKind = Exclude<CandidateKind, 'event'>;

/** The discount a workflow's texts carry: a code per shopper from its rule (none without a store). */
export function conversationDiscount(
  discount: ResolvedDiscountRule | null,
  platform: StorePlatform | null,
): StartConversationInput['discount'] {
  return discount && platform
    ? {
        discountRuleId: discount.id,
        platform,
        prefix: discount.codePrefix,
        type: discount.codeType,
        durationDays: discount.durationDays,
        usageLimit: discount.usageLimit,
      }
    : null;
}

/** What every candidate of one workflow shares: brand settings, store URL, discount. */
export interface WorkflowPlan {
  workflow: WorkflowRow;
  kind: SelectKind;
  brand: BrandSettings;
  storeUrl: string | null;
  /** The resolved discount rule when the workflow's action is a discount, else null. */
  discount: ResolvedDiscountRule | null;
  linkBaseUrl: string;
}

export function planWorkflow(
  workflow: WorkflowRow,
  kind: SelectKind,
  context: WorkflowContextRow,
  ruleRow: Record<string, unknown> | null,
  { linkBaseUrl, logger }: { linkBaseUrl: string; logger?: Logger },
): WorkflowPlan {
  const brand = brandSettings({
    name: context.brand_name,
    re_engage_period: context.re_engage_period,
    extra_data: context.extra_data,
  });
  const site =
    context.company_website?.trim() ||
    (context.domain?.trim() ? `https://${context.domain.trim()}` : '') ||
    (context.lookup_id?.includes('.') ? `https://${context.lookup_id}` : '');
  const discount =
    workflow.action?.type === 'discount'
      ? resolveDiscountRule(ruleRow as never, logger?.child({ workflow_id: workflow.id })).rule
      : null;
  return { workflow, kind, brand, storeUrl: site ? site.replace(/\/+$/, '') : null, discount, linkBaseUrl };
}

export interface Candidate {
  row: CandidateRow;
  facts: CandidateFacts;
  decision: Decision;
}

const tagsOf = (value: unknown): string[] => {
  if (Array.isArray(value))
    return value
      .map(String)
      .map((t) => t.trim())
      .filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  return [];
};

/** Facts of one row (the extra maps come from factsFor's batch queries). */
export function factsOf(
  row: CandidateRow,
  kind: SelectKind,
  extra: {
    outreach?: { replied: boolean; conversationsWithSentOutgoing: number };
    lastConversationAt?: Date | null;
    orderCount?: number | null;
  },
): CandidateFacts {
  const { productIds, collectionIds } = lineItemFacts(row.line_items);
  return {
    kind,
    eventId: row.event_id,
    contactId: row.contact_id,
    contactGroup: row.contact_group,
    channel:
      row.channel_id === null
        ? null
        : {
            id: row.channel_id,
            username: row.username ?? '',
            status: row.channel_status ?? 'subscribed',
            blocked: row.channel_blocked === true,
            lastEngagedAt: row.last_engaged_at,
          },
    province: provinceOf(row.shipping, row.billing),
    rule: {
      cartTotal: kind === 'order' ? null : row.total,
      orderTotal: kind === 'order' ? row.total : null,
      productIds,
      collectionIds,
      orderCount: extra.orderCount,
      tags: [...tagsOf(row.contact_tags), ...tagsOf(row.tags)],
      contactGroup: row.contact_group,
    },
    outreach: extra.outreach ?? { replied: false, conversationsWithSentOutgoing: 0 },
    lastConversationAt: extra.lastConversationAt ?? null,
  };
}

/** Facts of a page of rows of one kind, in a few queries (order counts only when asked for). */
export async function pageFacts(
  db: Handle,
  kind: SelectKind,
  rows: CandidateRow[],
  { brandId, withOrderCounts }: { brandId: number; withOrderCounts: boolean },
): Promise<CandidateFacts[]> {
  const channelIds = [...new Set(rows.flatMap((r) => (r.channel_id === null ? [] : [r.channel_id])))];
  const contactIds = [...new Set(rows.flatMap((r) => (r.contact_id === null ? [] : [r.contact_id])))];
  const [outreach, last, counts] = await Promise.all([
    outreachStatsFor(db, channelIds),
    kind === 'order' ? lastConversations(db, brandId, contactIds) : Promise.resolve(new Map<number, Date>()),
    kind === 'order' || withOrderCounts ? orderCounts(db, contactIds) : Promise.resolve(undefined),
  ]);
  return rows.map((row) =>
    factsOf(row, kind, {
      outreach: row.channel_id === null ? undefined : outreach.get(row.channel_id),
      lastConversationAt: row.contact_id === null ? null : (last.get(row.contact_id) ?? null),
      orderCount: counts && row.contact_id !== null ? (counts.get(row.contact_id) ?? 0) : undefined,
    }),
  );
}

/**
 * Decides a page of rows of one workflow. `seen` carries the contacts already chosen in this run
 * (one text per contact per run).
 */
export async function decidePage(
  db: Handle,
  plan: WorkflowPlan,
  rows: CandidateRow[],
  { now, seen }: { now: Date; seen: Map<number, number> },
): Promise<Candidate[]> {
  const facts = await pageFacts(db, plan.kind, rows, {
    brandId: plan.workflow.brand_id,
    withOrderCounts: rulesUseOrderCount(plan.workflow.rules),
  });
  const decisions = decideAll(
    facts,
    { brand: plan.brand, workflow: { type: plan.workflow.type, rules: plan.workflow.rules }, now },
    seen,
  );
  return rows.map((row, i) => ({ row, facts: facts[i]!, decision: decisions[i]! }));
}

/** Where the short link goes: the checkout URL the platform gave, else a cart permalink, else the store. */
export function linkTarget(plan: WorkflowPlan, row: CandidateRow): string | null {
  if (row.link) return row.link;
  if (plan.kind !== 'order' && plan.storeUrl && plan.workflow.platform === 'shopify' && Array.isArray(row.line_items)) {
    const lines = (row.line_items as Record<string, unknown>[]).map((l) => ({
      variantId: String(l?.variant_id ?? ''),
      quantity: Number(l?.quantity ?? 0),
    }));
    return shopifyCartLink(plan.storeUrl, lines);
  }
  return plan.storeUrl;
}

export function startInput(plan: WorkflowPlan, candidate: Candidate, now: Date): StartConversationInput {
  const { workflow, discount } = plan;
  const { row, facts } = candidate;
  const target = linkTarget(plan, row);
  return {
    brandId: workflow.brand_id,
    workflowId: workflow.id,
    contactId: facts.contactId!,
    contactChannelId: facts.channel!.id,
    cartId: plan.kind === 'cart' ? row.event_id : row.cart_id,
    checkoutId: plan.kind === 'checkout' ? row.event_id : null,
    orderId: plan.kind === 'order' ? row.event_id : null,
    scheduledFor: now,
    shortLinkTarget: target,
    linkBaseUrl: plan.linkBaseUrl,
    discount: conversationDiscount(discount, workflow.platform),
    body: ({ cartLink, discountCode }) =>
      renderMessage(workflow.message, {
        first_name: row.first_name,
        brand_name: plan.brand.name,
        cart_link: cartLink ?? target ?? '',
        discount_code: discountCode,
        discount_value: discount && discountCode ? formatDiscountValue(discount) : null,
      }),
  };
}

export function outcomeRecord(
  plan: WorkflowPlan,
  candidate: Candidate,
  conversationId: number | null = null,
): OutcomeRecord {
  const { row, facts, decision } = candidate;
  return {
    brandId: plan.workflow.brand_id,
    workflowId: plan.workflow.id,
    kind: plan.kind,
    eventId: row.event_id,
    contactId: facts.contactId,
    channelId: facts.channel?.id ?? null,
    outcome: decision.outcome,
    reason: decision.reason,
    detail: decision.detail,
    cartId: plan.kind === 'cart' ? row.event_id : row.cart_id,
    checkoutId: plan.kind === 'checkout' ? row.event_id : null,
    orderId: plan.kind === 'order' ? row.event_id : null,
    conversationId,
  };
}

/** A decided candidate with the workflow it belongs to (a chunk can mix workflows). */
export interface Planned {
  plan: WorkflowPlan;
  candidate: Candidate;
}

export interface ChunkResult {
  /** Candidates whose outcome this run recorded (others were decided by another run meanwhile). */
  recorded: Planned[];
  /** Conversation id per recorded texted candidate. */
  conversations: Map<Planned, number>;
}

const key = (p: Planned): string => `${p.plan.workflow.id}:${p.candidate.row.event_id}`;

/** The run lock a candidate is decided under: its store's for cart and checkout workflows, else its workflow's. */
export const lockKeyOf = (plan: WorkflowPlan): LockKey =>
  isCartRecoveryKind(plan.kind)
    ? { space: 'store', id: plan.workflow.brand_integration_id! }
    : { space: 'workflow', id: plan.workflow.id };

/** The cart_recovery_choices row of a chosen cart or checkout candidate (started or held out). */
function cartChoiceOf({ plan, candidate }: Planned): CartChoiceWrite | undefined {
  const { outcome } = candidate.decision;
  if (!isCartRecoveryKind(plan.kind) || (outcome !== 'started' && outcome !== 'holdout')) return undefined;
  const { row } = candidate;
  return {
    brandId: plan.workflow.brand_id,
    cartId: plan.kind === 'cart' ? row.event_id : row.cart_id,
    checkoutId: plan.kind === 'checkout' ? row.event_id : null,
    workflowId: plan.workflow.id,
    outcome,
  };
}

/**
 * Writes one chunk (of one or many workflows) in the caller's transaction. Carts and checkouts
 * still pending become abandoned (a row lock: a concurrent run waits, then finds them taken); the
 * flow event insert skips candidates another run recorded; the workflow chosen for a cart is
 * recorded (unique per cart: a second choice fails the chunk); only what this run recorded gets a
 * conversation and a goal event. A handful of statements whatever the chunk's size.
 */
export async function commitChunk(tx: Tx, chunk: Planned[], now: Date): Promise<ChunkResult> {
  let live = chunk;
  for (const kind of ['cart', 'checkout'] as const) {
    const ofKind = chunk.filter((p) => p.plan.kind === kind);
    if (ofKind.length === 0) continue;
    const still = await markAbandoned(tx, kind, [...new Set(ofKind.map((p) => p.candidate.row.event_id))]);
    live = live.filter((p) => p.plan.kind !== kind || still.has(p.candidate.row.event_id));
  }
  const written = await insertFlowEvents(
    tx,
    live.map((p) => outcomeRecord(p.plan, p.candidate)),
  );
  const recorded = live.filter((p) => written.has(key(p)));
  await insertCartChoices(
    tx,
    recorded.flatMap((p) => cartChoiceOf(p) ?? []),
  );
  const texting = recorded.filter((p) => isTextingOutcome(p.candidate.decision.outcome));
  const started = await startConversations(
    tx,
    texting.map((p) => startInput(p.plan, p.candidate, now)),
    { now },
  );
  const conversations = new Map(texting.map((p, i) => [p, started[i]!.conversationId]));
  await insertGoalEvents(
    tx,
    recorded.map((p) => goalEventOf(outcomeRecord(p.plan, p.candidate, conversations.get(p) ?? null))),
  );
  return { recorded, conversations };
}

/** "cart 12 → +1415***2671" style entries for people (never the full number). */
export const textedEntry = (
  plan: WorkflowPlan,
  c: Candidate,
  conversationId?: number,
): { kind: SelectKind; id: number; contact_id: number | null; phone: string; conversation_id?: number } => ({
  kind: plan.kind,
  id: c.row.event_id,
  contact_id: c.facts.contactId,
  phone: maskUsername(c.facts.channel?.username ?? ''),
  ...(conversationId !== undefined ? { conversation_id: conversationId } : {}),
});
