/**
 * Candidate selection rules (spec 1 sections 4 and 9). Pure: the one outcome each candidate gets,
 * with the checks that led to it (what `reclaim explain` shows). The windows and their constants
 * are in windows.ts (re-exported here).
 */
import type { GoalEvent } from '../../attribution/index.ts';
import { isEligibleForOutreach, isTexasNumber, isUsSmsNumber } from '../../contacts/index.ts';
import { evaluateRules, type RuleCandidate, type WorkflowRules } from '../rules.ts';
import type { CandidateKind } from './windows.ts';

export {
  CART_WINDOW_MINUTES,
  ORDER_LOOKBACK_EXTRA_MINUTES,
  MAX_ORDER_CANDIDATES,
  MAX_ORDERS_PER_INTEGRATION,
  EVENT_WINDOW_MS,
  CANDIDATE_KIND,
  candidateKind,
  candidateWindow,
  inWindow,
  type CandidateKind,
  type CandidateWindow,
} from './windows.ts';

/** Recently-engaged cutoff for cart flows when the brand sets no re_engage_period. */
export const RECENTLY_ENGAGED_DAYS = 30;
/** Order flows: a conversation within this many days makes a duplicate when the brand sets no re_engage_period. */
export const DEFAULT_RE_ENGAGE_PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

export const OUTCOMES = [
  'started',
  'triggered',
  'filtered_out',
  'channel_missing',
  'channel_blocked',
  'recently_engaged',
  'holdout',
  'duplicate',
] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const isTextingOutcome = (outcome: Outcome): boolean => outcome === 'started' || outcome === 'triggered';

/** The goal state recorded beside the flow event (goal states know no 'duplicate'). */
export const goalState = (outcome: Outcome): Exclude<Outcome, 'duplicate'> =>
  outcome === 'duplicate' ? 'filtered_out' : outcome;

export const emptyOutcomeCounts = (): Record<Outcome, number> =>
  Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;

export interface BrandSettings {
  name: string;
  texasCompliance: boolean;
  holdoutGroups: string[];
  /** Days; null when the brand sets none. */
  reEngagePeriodDays: number | null;
}

/** brands.extra_data.texas_compliance and .holdout.groups, brands.re_engage_period. */
export function brandSettings(row: {
  name: string;
  re_engage_period: number | string | null;
  extra_data: Record<string, unknown> | null;
}): BrandSettings {
  const extra = row.extra_data ?? {};
  const holdout = extra.holdout as { groups?: unknown } | undefined;
  const groups = Array.isArray(holdout?.groups)
    ? holdout.groups
        .filter((g): g is string => typeof g === 'string' && g.trim() !== '')
        .map((g) => g.trim().toUpperCase())
    : [];
  const period =
    row.re_engage_period === null || row.re_engage_period === undefined ? null : Number(row.re_engage_period);
  return {
    name: row.name,
    texasCompliance: extra.texas_compliance === true,
    holdoutGroups: groups,
    reEngagePeriodDays: period !== null && Number.isFinite(period) ? period : null,
  };
}

/** A two-letter state from an address in any of the platforms' spellings: the send job's reading, shared. */
export { stateOfAddress as provinceOf } from '../../messaging/index.ts';

/** Spec 1 section 9: Texas customers are those with a Texas area code or a TX address. */
export const isTexasCustomer = ({
  username,
  province,
}: {
  username?: string | null;
  province?: string | null;
}): boolean => (username ? isTexasNumber(username) : false) || province === 'TX';

export interface ChannelFacts {
  id: number;
  username: string;
  status: 'subscribed' | 'unsubscribed' | 'blocked';
  /** contact_channels.extra_data.blocked: an agent's block. */
  blocked: boolean;
  lastEngagedAt: Date | null;
}

export interface CandidateFacts {
  kind: CandidateKind;
  /** cart, checkout, order or customer event id. */
  eventId: number;
  contactId: number | null;
  contactGroup: string | null;
  /** The contact's best SMS channel (usable first), or null. */
  channel: ChannelFacts | null;
  province: string | null;
  rule: RuleCandidate;
  outreach: { replied: boolean; conversationsWithSentOutgoing: number };
  /** Order flows: the contact's newest conversation of the brand. */
  lastConversationAt: Date | null;
  /** Set when another candidate of the same contact comes first in this run. */
  duplicateOf?: number;
}

export interface Check {
  check: 'channel' | 'consent' | 'texas' | 'duplicate' | 'recently_engaged' | 'outreach' | 'rules' | 'holdout';
  passed: boolean;
  detail: string;
  /** The detail's facts as machine values, for words of the reader's own (the panel's). */
  facts?: CheckFacts;
}

export interface CheckFacts {
  /** The machine reason of a failed check (no_channel, texas, re_engage_period, …) or of a pass. */
  code?: string;
  /** The instant the check compared (the last engagement, the last conversation). */
  at?: string;
  /** The period it used, in days. */
  days?: number;
  /** Conversations without a reply (outreach). */
  count?: number;
  /** The contact's holdout group. */
  group?: string;
}

export interface Decision {
  outcome: Outcome;
  /** A short machine reason: rules, texas, no_channel, not_us_number, blocked, unsubscribed, ... */
  reason: string;
  /** The sentence that decided, for people. */
  detail: string;
  checks: Check[];
}

export interface DecideInput {
  facts: CandidateFacts;
  brand: BrandSettings;
  workflow: { type: string; rules: WorkflowRules | null | undefined };
  now: Date;
}

const days = (n: number): string => `${n} day${n === 1 ? '' : 's'}`;

/**
 * The outcome of one candidate. The checks run in this order and the first failure decides:
 * channel (a +1 SMS channel; channel_missing), consent (not unsubscribed or blocked;
 * channel_blocked), Texas (filtered_out 'texas' unless the brand has texas_compliance), duplicate
 * (another candidate of the contact in this run; for order flows also a conversation within the
 * re-engage period), recently engaged (cart and checkout flows: a reply within re_engage_period
 * days, else 30), outreach eligibility (filtered_out 'outreach_limit'), the workflow's rules
 * (filtered_out 'rules'), the holdout group (holdout: last, so held-out shoppers are exactly those
 * who would have been texted). Otherwise started (cart flows) or triggered (order flows).
 */
export function decideOutcome({ facts, brand, workflow, now }: DecideInput): Decision {
  const checks: Check[] = [];
  const fail = (
    outcome: Outcome,
    reason: string,
    check: Check['check'],
    detail: string,
    facts: CheckFacts = {},
  ): Decision => {
    checks.push({ check, passed: false, detail, facts: { code: reason, ...facts } });
    return { outcome, reason, detail, checks };
  };
  const pass = (check: Check['check'], detail: string, facts?: CheckFacts): void =>
    void checks.push({ check, passed: true, detail, ...(facts ? { facts } : {}) });
  const channel = facts.channel;

  if (facts.contactId === null)
    return fail('channel_missing', 'no_contact', 'channel', 'no contact: the shopper left no phone number');
  if (!channel) return fail('channel_missing', 'no_channel', 'channel', 'the contact has no SMS channel');
  if (!isUsSmsNumber(channel.username))
    return fail('channel_missing', 'not_us_number', 'channel', 'the SMS channel is not a US (+1) number');
  pass('channel', 'a +1 SMS channel');
  if (channel.blocked || channel.status === 'blocked')
    return fail('channel_blocked', 'blocked', 'consent', 'the SMS channel is blocked');
  if (channel.status === 'unsubscribed')
    return fail('channel_blocked', 'unsubscribed', 'consent', 'the SMS channel opted out (unsubscribed)');
  pass('consent', 'the SMS channel is subscribed');

  if (isTexasCustomer({ username: channel.username, province: facts.province })) {
    const why = isTexasNumber(channel.username) ? 'a Texas area code' : 'a TX address';
    if (!brand.texasCompliance)
      return fail(
        'filtered_out',
        'texas',
        'texas',
        `Texas customer (${why}) and the brand has not set texas_compliance`,
      );
    pass('texas', `Texas customer (${why}); the brand has texas_compliance`);
  } else {
    pass('texas', 'not a Texas customer');
  }

  if (facts.duplicateOf !== undefined)
    return fail(
      'duplicate',
      'same_contact',
      'duplicate',
      `another ${facts.kind} of this contact (${facts.kind} ${facts.duplicateOf}) was chosen in this run`,
    );
  if (facts.kind === 'order') {
    const period = brand.reEngagePeriodDays ?? DEFAULT_RE_ENGAGE_PERIOD_DAYS;
    if (
      facts.lastConversationAt &&
      period > 0 &&
      facts.lastConversationAt.getTime() > now.getTime() - period * DAY_MS
    ) {
      return fail(
        'duplicate',
        're_engage_period',
        'duplicate',
        `the contact had a conversation on ${facts.lastConversationAt.toISOString()}, within the re-engage period of ${days(period)}`,
        { at: facts.lastConversationAt.toISOString(), days: period },
      );
    }
    pass('duplicate', `no conversation within the re-engage period of ${days(period)}`, { days: period });
  } else if (facts.kind === 'cart' || facts.kind === 'checkout') {
    const period = brand.reEngagePeriodDays ?? RECENTLY_ENGAGED_DAYS;
    const engaged = channel.lastEngagedAt;
    if (engaged && period > 0 && engaged.getTime() > now.getTime() - period * DAY_MS) {
      return fail(
        'recently_engaged',
        'recently_engaged',
        'recently_engaged',
        `the channel engaged on ${engaged.toISOString()}, within ${days(period)}`,
        { at: engaged.toISOString(), days: period },
      );
    }
    pass(
      'recently_engaged',
      engaged ? `last engaged ${engaged.toISOString()}, more than ${days(period)} ago` : 'never engaged',
      engaged ? { at: engaged.toISOString(), days: period } : { code: 'never_engaged', days: period },
    );
  }

  const outreach = facts.outreach;
  if (!isEligibleForOutreach(outreach)) {
    return fail(
      'filtered_out',
      'outreach_limit',
      'outreach',
      `${outreach.conversationsWithSentOutgoing} conversations without a reply: outreach stops after 3`,
      { count: outreach.conversationsWithSentOutgoing },
    );
  }
  pass(
    'outreach',
    outreach.replied
      ? 'the contact has replied before'
      : `${outreach.conversationsWithSentOutgoing} unanswered conversation(s), fewer than 3`,
  );

  const evaluation = evaluateRules(workflow.rules, facts.rule, { workflowType: workflow.type });
  if (!evaluation.passed) return fail('filtered_out', 'rules', 'rules', evaluation.reason);
  pass('rules', evaluation.reason);

  const group = facts.contactGroup?.trim().toUpperCase() ?? null;
  if (group && brand.holdoutGroups.includes(group))
    return fail(
      'holdout',
      'holdout',
      'holdout',
      `contact group ${group} is held out (brand holdout groups ${brand.holdoutGroups.join(', ')})`,
      { group },
    );
  pass(
    'holdout',
    brand.holdoutGroups.length ? `contact group ${group ?? 'none'} is not held out` : 'the brand holds nobody out',
  );

  const outcome: Outcome = facts.kind === 'order' ? 'triggered' : 'started';
  return {
    outcome,
    reason: outcome,
    detail:
      outcome === 'triggered'
        ? 'every check passed: the order flow is triggered'
        : 'every check passed: a conversation is started',
    checks,
  };
}

/**
 * Decides candidates in order (newest order first, oldest cart first). One contact is texted once
 * per run: a later candidate of a contact already chosen (texted or held out) in this run is
 * decided again as a duplicate of the first. `seen` carries the chosen contacts across pages.
 */
export function decideAll(
  items: CandidateFacts[],
  input: Omit<DecideInput, 'facts'>,
  seen: Map<number, number> = new Map(),
): Decision[] {
  return items.map((facts) => {
    let decision = decideOutcome({ ...input, facts });
    const chosen = isTextingOutcome(decision.outcome) || decision.outcome === 'holdout';
    if (!chosen || facts.contactId === null) return decision;
    const first = seen.get(facts.contactId);
    if (first === undefined || first === facts.eventId) {
      seen.set(facts.contactId, facts.eventId);
      return decision;
    }
    facts.duplicateOf = first;
    decision = decideOutcome({ ...input, facts });
    return decision;
  });
}

/** What rules read from line items: product ids (Shopify gids and plain ids alike) and collection ids. */
export function lineItemFacts(lineItems: unknown): { productIds: string[]; collectionIds: string[] } {
  const items = Array.isArray(lineItems) ? (lineItems as Record<string, unknown>[]) : [];
  const productIds = new Set<string>();
  const collectionIds = new Set<string>();
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    if (item.product_id !== null && item.product_id !== undefined && String(item.product_id) !== '')
      productIds.add(String(item.product_id));
    const collections = item.collection_ids;
    if (Array.isArray(collections)) for (const c of collections) collectionIds.add(String(c));
  }
  return { productIds: [...productIds], collectionIds: [...collectionIds] };
}

/** Does the rule set read the contact's order count (so it is worth a query)? */
export const rulesUseOrderCount = (rules: WorkflowRules | null | undefined): boolean =>
  [rules?.main_rule, ...(Array.isArray(rules?.rules) ? rules.rules : [])].some((rule) => rule?.field === 'order_count');

/** A candidate's decided outcome, as its flow event and goal event record it. */
export interface OutcomeRecord {
  brandId: number;
  workflowId: number;
  kind: CandidateKind;
  eventId: number;
  contactId: number | null;
  channelId: number | null;
  outcome: Outcome;
  reason: string;
  detail: string;
  cartId?: number | null;
  checkoutId?: number | null;
  orderId?: number | null;
  conversationId?: number | null;
}

/** The goal state change event of an outcome (a duplicate counts as filtered_out; state_display keeps the reason). */
export const goalEventOf = (r: OutcomeRecord): GoalEvent => ({
  brandId: r.brandId,
  workflowId: r.workflowId,
  orderId: r.orderId ?? null,
  checkoutId: r.checkoutId ?? null,
  cartId: r.cartId ?? null,
  conversationId: r.conversationId ?? null,
  state: goalState(r.outcome),
  stateDisplay: r.reason,
});
