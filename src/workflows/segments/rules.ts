/**
 * Segments (spec 1 "filters"): a tree of conditions over what Reclaim knows of a contact, combined
 * with AND / OR, validated with zod and compiled here into a parameterised SQL predicate. Every
 * value a user gives becomes a binding (`?`); the SQL text comes only from this file, so a filter
 * is never SQL typed by a user. The predicate reads two aliases: `c` (contacts) and `ch` (the
 * contact's SMS channel); the time "now" is a binding too, so a filter compiled once reads the
 * same at any clock. Pure: no I/O.
 */
import { z } from 'zod';
import { isTexasNumber, isUsSmsNumber, TEXAS_AREA_CODES } from '../../contacts/index.ts';
import { AREA_CODES } from '../../messaging/index.ts';

export const FAILED_TO_CREATE_FILTER = 'Failed to create filter';
export const FILTER_NOT_FOUND = 'Filter not found';
/**
 * How deep groups may nest, how many rules one group holds, and how many conditions a whole tree
 * holds. A brand's real segments use a handful of conditions; 100 leaves room for any of them
 * while a preview over a large brand stays within its statement timeout (each condition is a
 * subquery per contact). Checked before zod walks the tree, without recursion, so a tree of any
 * depth or width is refused at once instead of overflowing the stack or reaching PostgreSQL.
 */
export const MAX_FILTER_DEPTH = 5;
export const MAX_GROUP_RULES = 50;
export const MAX_FILTER_CONDITIONS = 100;
export const MAX_LIST_VALUES = 100;
/** How long one statement of a preview, and of a run's audience freeze, may run (SET LOCAL statement_timeout). */
export const PREVIEW_STATEMENT_TIMEOUT_MS = 15_000;
export const FREEZE_STATEMENT_TIMEOUT_MS = 60_000;
export const SEGMENT_TIMED_OUT = 'The segment took too long to evaluate';
/** The consent source of a channel that opted in by texting a tap-to-text keyword. */
export const KEYWORD_CONSENT_SOURCE = 'keyword';

/** PostgreSQL text cannot hold a NUL: refused here, with where it is, rather than by the database. */
const NO_NUL = 'must not contain a NUL character (\\u0000)';
const text = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => !s.includes('\u0000'), { message: NO_NUL });
const texts = z.array(text).min(1).max(MAX_LIST_VALUES);
const days = z.number().int().min(1).max(3650);
const COMPARE = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;
const RECENCY = ['within_days', 'not_within_days'] as const;
const MEMBERSHIP = ['in', 'not_in'] as const;
const ANY_NONE = ['any', 'none'] as const;

/** US states and territories with at least one area code (the messaging domain's table). */
export const US_STATES: readonly string[] = [
  ...new Set([...AREA_CODES.values()].filter(([country]) => country === 'US').map(([, region]) => region)),
].sort();

const areaCodesOf = (states: readonly string[]): string[] =>
  [...AREA_CODES.entries()]
    .filter(([, [country, region]]) => country === 'US' && states.includes(region))
    .map(([code]) => code)
    .sort();

export const conditionSchema = z.discriminatedUnion('field', [
  z.object({
    field: z.literal('channel_status'),
    op: z.enum(MEMBERSHIP),
    values: z.array(z.enum(['subscribed', 'unsubscribed', 'blocked'])).min(1),
  }),
  z.object({ field: z.literal('consent_source'), op: z.enum(MEMBERSHIP), values: texts }),
  z.object({ field: z.literal('last_engaged'), op: z.enum(RECENCY), days }),
  z.object({ field: z.literal('order_count'), op: z.enum(COMPARE), value: z.number().int().min(0).max(1_000_000) }),
  z.object({ field: z.literal('total_spent'), op: z.enum(COMPARE), value: z.number().min(0).max(1e10) }),
  z.object({ field: z.literal('last_order'), op: z.enum(RECENCY), days }),
  z.object({ field: z.literal('products_bought'), op: z.enum(ANY_NONE), values: texts }),
  z.object({ field: z.literal('collections_bought'), op: z.enum(ANY_NONE), values: texts }),
  z.object({ field: z.literal('tags'), op: z.enum(ANY_NONE), values: texts }),
  z.object({
    field: z.literal('contact_group'),
    op: z.enum(MEMBERSHIP),
    values: z.array(z.enum(['A', 'B', 'C', 'D'])).min(1),
  }),
  z.object({
    field: z.literal('state'),
    op: z.enum(MEMBERSHIP),
    values: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .refine((s) => US_STATES.includes(s), { message: 'Unknown US state' }),
      )
      .min(1),
  }),
  z.object({
    field: z.literal('cart'),
    op: z.enum(['has', 'has_not']),
    states: z
      .array(z.enum(['pending', 'abandoned', 'complete']))
      .min(1)
      .default(['pending', 'abandoned']),
    days: days.optional(),
  }),
  z.object({ field: z.literal('conversation'), op: z.enum(RECENCY), days }),
  z.object({
    field: z.literal('tap_to_text_keyword'),
    op: z.enum(['any', 'in']),
    values: texts.optional(),
  }),
]);
export type FilterCondition = z.infer<typeof conditionSchema>;
export type FilterField = FilterCondition['field'];
export const FILTER_FIELDS: readonly FilterField[] = conditionSchema.options.map((o) => o.shape.field.value);

export interface FilterGroup {
  condition: 'AND' | 'OR';
  rules: FilterNode[];
}
export type FilterNode = FilterCondition | FilterGroup;

export const filterSchema: z.ZodType<FilterGroup> = z.lazy(() =>
  z.object({
    condition: z.enum(['AND', 'OR']),
    rules: z
      .array(z.union([conditionSchema, filterSchema]))
      .min(1)
      .max(MAX_GROUP_RULES),
  }),
);

const isGroup = (node: unknown): node is { rules: unknown[] } =>
  typeof node === 'object' && node !== null && Array.isArray((node as { rules?: unknown }).rules);

/**
 * Why a tree is too deep or too large, or null. Iterative (an explicit stack), and it stops at the
 * first limit crossed, so its cost is bounded by the limits, not by the input.
 */
export function filterShapeIssue(input: unknown): string | null {
  if (!isGroup(input)) return null;
  const stack: { node: { rules: unknown[] }; depth: number }[] = [{ node: input, depth: 1 }];
  let conditions = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.depth > MAX_FILTER_DEPTH) return `groups nest at most ${MAX_FILTER_DEPTH} deep`;
    if (next.node.rules.length > MAX_GROUP_RULES) return `a group holds at most ${MAX_GROUP_RULES} rules`;
    for (const rule of next.node.rules) {
      if (isGroup(rule)) stack.push({ node: rule, depth: next.depth + 1 });
      else if (++conditions > MAX_FILTER_CONDITIONS)
        return `a filter holds at most ${MAX_FILTER_CONDITIONS} conditions`;
    }
  }
  return null;
}

/** A parsed filter, or the reasons it is not one (the limits first, then zod's words, with the path). */
export function parseFilter(input: unknown): { ok: true; filter: FilterGroup } | { ok: false; issues: string[] } {
  const shape = filterShapeIssue(input);
  if (shape) return { ok: false, issues: [shape] };
  const parsed = filterSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`),
    };
  return { ok: true, filter: parsed.data };
}

export interface CompiledFilter {
  /** The predicate, with `?` placeholders. */
  sql: string;
  bindings: (string | number | string[] | Date)[];
}

const OPS: Record<(typeof COMPARE)[number], string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const lower = (values: readonly string[]): string[] => values.map((v) => v.toLowerCase());
/** The array of a jsonb value, or an empty one (a malformed payload never breaks the query). */
const arrayOf = (expr: string): string =>
  `(case when jsonb_typeof(${expr}) = 'array' then ${expr} else '[]'::jsonb end)`;
const ORDERS = `from orders o where o.contact_id = c.id and o.brand_id = c.brand_id and o.state <> 'cancelled'`;
const LINE_ITEMS = `jsonb_array_elements(${arrayOf(`o.cleaned_raw_data->'line_items'`)}) li`;
const since = `?::timestamptz - make_interval(days => ?)`;

function compileCondition(c: FilterCondition, now: Date): CompiledFilter {
  const not = (positive: boolean, sql: string): string => (positive ? sql : `not ${sql}`);
  switch (c.field) {
    case 'channel_status':
      return { sql: not(c.op === 'in', `(ch.status = any(?::text[]))`), bindings: [c.values] };
    case 'consent_source':
      return {
        sql: not(c.op === 'in', `(lower(coalesce(ch.consent_source, '')) = any(?::text[]))`),
        bindings: [lower(c.values)],
      };
    case 'last_engaged':
      return {
        sql: not(c.op === 'within_days', `(coalesce(ch.last_engaged_at >= ${since}, false))`),
        bindings: [now, c.days],
      };
    case 'order_count':
      return { sql: `((select count(*) ${ORDERS}) ${OPS[c.op]} ?)`, bindings: [c.value] };
    case 'total_spent':
      return { sql: `((select coalesce(sum(o.total), 0) ${ORDERS}) ${OPS[c.op]} ?::numeric)`, bindings: [c.value] };
    case 'last_order':
      return {
        sql: not(c.op === 'within_days', `exists (select 1 ${ORDERS} and o.created_at >= ${since})`),
        bindings: [now, c.days],
      };
    case 'products_bought':
      return {
        sql: not(
          c.op === 'any',
          `exists (select 1 ${ORDERS.replace('from orders o', `from orders o, ${LINE_ITEMS}`)} and li->>'product_id' = any(?::text[]))`,
        ),
        bindings: [c.values],
      };
    case 'collections_bought':
      return {
        sql: not(
          c.op === 'any',
          `exists (select 1 ${ORDERS.replace('from orders o', `from orders o, ${LINE_ITEMS}, jsonb_array_elements_text(${arrayOf(`li->'collection_ids'`)}) col(v)`)} and col.v = any(?::text[]))`,
        ),
        bindings: [c.values],
      };
    case 'tags':
      return {
        sql: not(
          c.op === 'any',
          `exists (select 1 from jsonb_array_elements_text(${arrayOf(`c.extra_data->'tags'`)}) tag(v) where lower(tag.v) = any(?::text[]))`,
        ),
        bindings: [lower(c.values)],
      };
    case 'contact_group':
      return {
        sql: not(c.op === 'in', `(coalesce(c.extra_data->>'group_name', '') = any(?::text[]))`),
        bindings: [c.values],
      };
    case 'state':
      return {
        sql: not(
          c.op === 'in',
          `(coalesce(substr(ch.username, 3, 3) = any(?::text[]) and ch.username like '+1%', false))`,
        ),
        bindings: [areaCodesOf(c.values)],
      };
    case 'cart': {
      const window = c.days === undefined ? '' : ` and k.updated_at >= ${since}`;
      return {
        sql: not(
          c.op === 'has',
          `exists (select 1 from carts k where k.contact_id = c.id and k.brand_id = c.brand_id and k.state = any(?::text[])${window})`,
        ),
        bindings: c.days === undefined ? [c.states] : [c.states, now, c.days],
      };
    }
    case 'conversation':
      return {
        sql: not(
          c.op === 'within_days',
          `exists (select 1 from conversations v where v.contact_id = c.id and v.brand_id = c.brand_id and v.created_at >= ${since})`,
        ),
        bindings: [now, c.days],
      };
    case 'tap_to_text_keyword': {
      const keywords = c.op === 'in' ? (c.values ?? []).map((v) => v.toUpperCase()) : [];
      return {
        sql: `exists (select 1 from channel_consent_events e where e.contact_channel_id = ch.id and e.source = ? and e.status = 'subscribed'${c.op === 'in' ? ` and upper(e.extra_data->>'keyword') = any(?::text[])` : ''})`,
        bindings: c.op === 'in' ? [KEYWORD_CONSENT_SOURCE, keywords] : [KEYWORD_CONSENT_SOURCE],
      };
    }
  }
}

/** The filter as one SQL predicate over `c` and `ch` with its bindings, in order. */
export function compileFilter(node: FilterNode, { now }: { now: Date }): CompiledFilter {
  if (!('rules' in node)) return compileCondition(node, now);
  const parts = node.rules.map((rule) => compileFilter(rule, { now }));
  return {
    sql: `(${parts.map((p) => p.sql).join(node.condition === 'AND' ? ' and ' : ' or ')})`,
    bindings: parts.flatMap((p) => p.bindings),
  };
}

// -------------------------------------------------------------------------------------------
// Who of the matching contacts may not be texted, and why (the preview's and the campaign's words).

export const EXCLUSION_REASONS = ['unsubscribed', 'no_us_number', 'texas', 'recently_texted', 'unconfirmed'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  unsubscribed: 'unsubscribed',
  no_us_number: 'no +1 number',
  texas: 'Texas without compliance',
  recently_texted: 'recently texted',
  unconfirmed: 'tap-to-text awaiting Y',
};
/** A contact texted by the brand this recently is left out of a campaign (smart sending). */
export const RECENTLY_TEXTED_HOURS = 24;

export interface AudienceFacts {
  /** The contact's SMS channel (null: none). */
  username: string | null;
  status: string | null;
  blocked: boolean;
  /** A text went out to the channel within RECENTLY_TEXTED_HOURS. */
  recentlyTexted: boolean;
  /** A tap-to-text keyword not confirmed with Y yet (double opt-in): no marketing. */
  unconfirmed?: boolean;
}

/**
 * Why a matching contact is not texted (null: reachable). The contacts domain's rules decide: only
 * +1 numbers; Texas numbers only while the brand has texas_compliance.
 */
export function exclusionOf(
  facts: AudienceFacts,
  { texasCompliance }: { texasCompliance: boolean },
): ExclusionReason | null {
  if (facts.username === null) return 'no_us_number';
  if (facts.blocked || facts.status !== 'subscribed') return 'unsubscribed';
  if (!isUsSmsNumber(facts.username)) return 'no_us_number';
  if (!texasCompliance && isTexasNumber(facts.username)) return 'texas';
  if (facts.unconfirmed) return 'unconfirmed';
  if (facts.recentlyTexted) return 'recently_texted';
  return null;
}

export { TEXAS_AREA_CODES };

let usAreaCodeList: string[] | undefined;
/**
 * The area codes isUsSmsNumber takes (a probe number per code), for the set-based freeze: there a
 * number is +1, shaped NXX-NXX-XXXX, with one of these codes. A number it still lets through that
 * isUsSmsNumber would not (a rare exchange) is skipped by the send job (non_us_number).
 */
export function usAreaCodes(): readonly string[] {
  usAreaCodeList ??= Array.from({ length: 800 }, (_, k) => String(200 + k)).filter((code) =>
    ['2345678', '5550123', '8675309', '9999999'].some((rest) => isUsSmsNumber(`+1${code}${rest}`)),
  );
  return usAreaCodeList;
}
