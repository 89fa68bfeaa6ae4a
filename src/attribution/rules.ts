/**
 * Attribution rules (spec 2 section 4, spec 3 "Orders"): pure functions, no I/O.
 *
 * A brand's settings (brands.attribution_type / attribution_rules / attribution_hard_cap) and
 * their defaults:
 * - attribution_hard_cap: days, default 30 (0-365). No rule looks further back than this.
 * - attribution_rules (jsonb, every key optional):
 *     message_window_hours  default 120 (5 days): an outgoing SENT (sent or delivered) marketing
 *                           message of a workflow conversation;
 *     click_window_hours    default 120: a click on that conversation's short link;
 *     reply_window_hours    default 120: an ordinary incoming reply (not STOP/HELP/START);
 *     count_discount_codes  default true: the order used a code issued in a conversation of the
 *                           brand; codes count within the hard cap.
 *   0 turns a kind off; every window is cut to the hard cap. An unreadable value falls back to
 *   the defaults and the ledger says so.
 * - attribution_type: 'last_touch' (default): a used discount code names its conversation
 *   outright, otherwise the conversation with the latest qualifying touch wins; 'first_touch':
 *   the same with the earliest touch; 'code_only': only discount codes count.
 * The touch must be at or before the order's created_at.
 */
import { z } from 'zod';

export type AttributionType = 'last_touch' | 'first_touch' | 'code_only';
export type EvidenceKind = 'message' | 'click' | 'reply' | 'discount_code';
/** What decided: the evidence kind of a recovered order, or why nothing counted. */
export type AttributionRule = EvidenceKind | 'no_evidence' | 'outside_window' | 'not_counted';

export const ATTRIBUTION_TYPES: readonly AttributionType[] = ['last_touch', 'first_touch', 'code_only'];
export const DEFAULT_ATTRIBUTION_TYPE: AttributionType = 'last_touch';
export const DEFAULT_HARD_CAP_DAYS = 30;
export const DEFAULT_WINDOW_HOURS = 120;

export interface AttributionSettings {
  type: AttributionType;
  hardCapDays: number;
  /** Hours before the order each kind counts for; 0 = off. discount_code = the hard cap. */
  windows: Record<EvidenceKind, number>;
  warnings: string[];
}

const hours = z
  .number()
  .int()
  .min(0)
  .max(24 * 365);
const rulesSchema = z
  .object({
    message_window_hours: hours.optional(),
    click_window_hours: hours.optional(),
    reply_window_hours: hours.optional(),
    count_discount_codes: z.boolean().optional(),
  })
  .strict();

export type AttributionRulesInput = z.infer<typeof rulesSchema>;

/** The settings a brand row stands for, defaults filled in (see the file comment). */
export function resolveAttributionSettings(brand: {
  attribution_type?: string | null;
  attribution_rules?: unknown;
  attribution_hard_cap?: number | null;
}): AttributionSettings {
  const warnings: string[] = [];
  let type = DEFAULT_ATTRIBUTION_TYPE;
  if (brand.attribution_type !== null && brand.attribution_type !== undefined) {
    if ((ATTRIBUTION_TYPES as readonly string[]).includes(brand.attribution_type))
      type = brand.attribution_type as AttributionType;
    else warnings.push(`unknown attribution_type "${brand.attribution_type}"; using ${DEFAULT_ATTRIBUTION_TYPE}`);
  }
  const capValid =
    typeof brand.attribution_hard_cap === 'number' &&
    Number.isInteger(brand.attribution_hard_cap) &&
    brand.attribution_hard_cap >= 0;
  if (brand.attribution_hard_cap !== null && brand.attribution_hard_cap !== undefined && !capValid)
    warnings.push(`invalid attribution_hard_cap; using ${DEFAULT_HARD_CAP_DAYS} days`);
  const hardCapDays = capValid ? (brand.attribution_hard_cap as number) : DEFAULT_HARD_CAP_DAYS;

  let rules: AttributionRulesInput = {};
  if (brand.attribution_rules !== null && brand.attribution_rules !== undefined) {
    const parsed = rulesSchema.safeParse(brand.attribution_rules);
    if (parsed.success) rules = parsed.data;
    else warnings.push('unreadable attribution_rules; using the default windows');
  }
  const cap = hardCapDays * 24;
  const touch = (value: number | undefined): number =>
    type === 'code_only' ? 0 : Math.min(value ?? DEFAULT_WINDOW_HOURS, cap);
  return {
    type,
    hardCapDays,
    windows: {
      message: touch(rules.message_window_hours),
      click: touch(rules.click_window_hours),
      reply: touch(rules.reply_window_hours),
      discount_code: rules.count_discount_codes === false ? 0 : cap,
    },
    warnings,
  };
}

/** One piece of evidence found for the order's shopper or its codes. */
export interface EvidenceItem {
  kind: EvidenceKind;
  /** message id, link click id, reply (incoming message) id or discount code id. */
  id: number;
  conversationId: number;
  workflowId: number | null;
  at: Date;
  code?: string;
  /** Set when the item can never count, whatever the window (undelivered, a STOP reply, …). */
  ineligible?: string;
}

export interface JudgedItem extends EvidenceItem {
  hoursBefore: number;
  windowHours: number;
  counted: boolean;
  reason: string;
}

export interface AttributionDecision {
  recovered: boolean;
  rule: AttributionRule;
  /** The deciding rule's window; outside_window: the window the latest item missed; else the widest look-back. */
  windowHours: number;
  conversationId?: number;
  workflowId?: number;
  items: JudgedItem[];
}

const KIND_LABEL: Record<EvidenceKind, string> = {
  message: 'message',
  click: 'click',
  reply: 'reply',
  discount_code: 'discount code',
};
/** At the same instant a stronger signal names the rule. */
const STRENGTH: Record<EvidenceKind, number> = { discount_code: 3, click: 2, reply: 1, message: 0 };

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** Judges each item against its window and picks the winning conversation. */
export function decideAttribution(
  orderAt: Date,
  items: EvidenceItem[],
  settings: AttributionSettings,
): AttributionDecision {
  const judged: JudgedItem[] = items
    .map((item) => {
      const hoursBefore = round1((orderAt.getTime() - item.at.getTime()) / 3_600_000);
      const windowHours = settings.windows[item.kind];
      const exactHours = (orderAt.getTime() - item.at.getTime()) / 3_600_000;
      let reason: string;
      let counted = false;
      if (item.ineligible) reason = item.ineligible;
      else if (exactHours < 0) reason = 'after the order';
      else if (windowHours === 0)
        reason =
          settings.type === 'code_only' && item.kind !== 'discount_code'
            ? `${KIND_LABEL[item.kind]}s do not count under code_only`
            : `${KIND_LABEL[item.kind]}s are turned off for this brand`;
      else if (item.workflowId === null) reason = 'the conversation has no workflow';
      else if (exactHours > windowHours) reason = `outside the ${windowHours} h ${KIND_LABEL[item.kind]} window`;
      else {
        counted = true;
        reason = `inside the ${windowHours} h ${KIND_LABEL[item.kind]} window`;
      }
      return { ...item, hoursBefore, windowHours, counted, reason };
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime() || STRENGTH[b.kind] - STRENGTH[a.kind] || b.id - a.id);

  const counted = judged.filter((i) => i.counted);
  const widest = Math.max(0, ...Object.values(settings.windows));
  if (counted.length === 0) {
    // The latest item that only missed its window names the window; otherwise the widest look-back.
    const outside = judged.find((i) => i.reason.startsWith('outside'));
    if (outside) return { recovered: false, rule: 'outside_window', windowHours: outside.windowHours, items: judged };
    return {
      recovered: false,
      rule: judged.length === 0 ? 'no_evidence' : 'not_counted',
      windowHours: widest,
      items: judged,
    };
  }
  const codes = counted.filter((i) => i.kind === 'discount_code');
  // judged is newest first: last_touch takes the first, first_touch the last.
  const pick = (list: JudgedItem[]): JudgedItem =>
    settings.type === 'first_touch' ? list[list.length - 1]! : list[0]!;
  const winner = codes.length > 0 ? pick(codes) : pick(counted);
  // The rule is the strongest signal of the winning conversation at its deciding touch.
  const sameTouch = counted.filter(
    (i) => i.conversationId === winner.conversationId && i.at.getTime() === winner.at.getTime(),
  );
  const decisive = sameTouch.reduce((best, i) => (STRENGTH[i.kind] > STRENGTH[best.kind] ? i : best), winner);
  return {
    recovered: true,
    rule: decisive.kind,
    windowHours: decisive.windowHours,
    conversationId: winner.conversationId,
    workflowId: winner.workflowId!,
    items: judged,
  };
}

/** Why a piece of evidence counts or not, as a machine value the panel phrases. */
export type EvidenceReasonCode =
  | 'inside_window'
  | 'outside_window'
  | 'after_order'
  | 'kind_off'
  | 'not_under_code_only'
  | 'no_workflow'
  | 'keyword_reply'
  | 'not_delivered'
  | 'team_reply'
  | 'service_message'
  | 'other';

/**
 * The code of a reason decideAttribution (and the evidence reader's `ineligible`) writes. The
 * ledger keeps the sentence; the code is read from it, so decisions recorded before it existed
 * answer the same codes.
 */
export function evidenceReasonCode(reason: string): EvidenceReasonCode {
  if (reason.startsWith('inside the ')) return 'inside_window';
  if (reason.startsWith('outside the ')) return 'outside_window';
  if (reason === 'after the order') return 'after_order';
  if (reason.endsWith('do not count under code_only')) return 'not_under_code_only';
  if (reason.endsWith('are turned off for this brand')) return 'kind_off';
  if (reason === 'the conversation has no workflow') return 'no_workflow';
  if (reason.startsWith('a keyword reply')) return 'keyword_reply';
  if (reason.startsWith('not delivered')) return 'not_delivered';
  if (reason.startsWith("a conversational reply by the brand's team")) return 'team_reply';
  if (reason.startsWith('a service message')) return 'service_message';
  return 'other';
}

/** Billing status an attributed order holds in each order state. */
export function billingStatusFor(
  state: string,
  current: string | null,
): 'billable' | 'not_billable' | 'processing' | 'complete' {
  if (state === 'cancelled') return 'not_billable';
  // A charge already under way (billing owns these) is left alone.
  if (current === 'processing' || current === 'complete') return current;
  return 'billable';
}

/** One line on why the order is (not) billed, for explain. */
export function summarize(
  decision: Pick<AttributionDecision, 'recovered' | 'rule' | 'windowHours' | 'conversationId' | 'workflowId' | 'items'>,
  settings: Pick<AttributionSettings, 'hardCapDays'>,
): string {
  if (decision.recovered) {
    const item = decision.items.find(
      (i) => i.counted && i.kind === decision.rule && i.conversationId === decision.conversationId,
    );
    const what = item
      ? `${KIND_LABEL[item.kind]} ${item.kind === 'discount_code' ? `${item.code} ` : ''}${item.hoursBefore} h before the order`
      : KIND_LABEL[decision.rule as EvidenceKind];
    return `recovered by conversation ${decision.conversationId} (workflow ${decision.workflowId}): ${what}, inside the ${decision.windowHours} h ${KIND_LABEL[decision.rule as EvidenceKind]} window`;
  }
  if (decision.rule === 'no_evidence')
    return `not recovered: no message, click, reply or discount code from a workflow conversation in the ${settings.hardCapDays} days before the order`;
  if (decision.rule === 'outside_window') {
    const latest = decision.items.find((i) => i.reason.startsWith('outside'));
    return `not recovered: the evidence is outside its window${latest ? ` (latest: ${KIND_LABEL[latest.kind]} ${latest.id}, ${latest.hoursBefore} h before, ${latest.reason})` : ''}`;
  }
  return "not recovered: none of the evidence counts under the brand's attribution settings";
}

/** Recovery rates of texted and held-out carts and the lift between them. */
export function liftFigures(
  texted: { carts: number; converted: number },
  heldOut: { carts: number; converted: number },
): {
  texted_rate: number | null;
  holdout_rate: number | null;
  absolute_lift: number | null;
  relative_lift: number | null;
} {
  const rate = (g: { carts: number; converted: number }): number | null =>
    g.carts === 0 ? null : g.converted / g.carts;
  const t = rate(texted);
  const h = rate(heldOut);
  const r4 = (n: number): number => Math.round(n * 10_000) / 10_000;
  return {
    texted_rate: t === null ? null : r4(t),
    holdout_rate: h === null ? null : r4(h),
    absolute_lift: t === null || h === null ? null : r4(t - h),
    relative_lift: t === null || h === null || h === 0 ? null : r4((t - h) / h),
  };
}

/** Below this many carts on a side the comparison is shown with a warning. */
export const MIN_CARTS_FOR_LIFT = 30;
