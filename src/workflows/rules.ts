/**
 * Pure workflow rules (spec 1 sections 3, 4, 5, 9): the constants, the rule evaluator that decides
 * whether a candidate passes a workflow's rules, and discount rule resolution (spec 3 section 5:
 * invalid data falls back to the default rule). No I/O here; the optional logger only records why a
 * discount rule was replaced.
 */
import { z } from 'zod';

export const WORKFLOW_TYPES = [
  'checkout',
  'order',
  'cart',
  'schedule',
  'tap_to_text',
  'events',
  'campaign',
  'inbound',
] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];
export const WORKFLOW_STATUSES = ['draft', 'active'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const RULE_CONDITIONS = ['AND', 'OR'] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];
export const WORKFLOW_ACTION_TYPES = ['message', 'discount'] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTION_TYPES)[number];

/** Spec 1 section 9: default discount 15%; templates use 10. */
export const DEFAULT_DISCOUNT_PERCENT = 15;
export const TEMPLATE_DISCOUNT_PERCENT = 10;
/** Spec 1 section 9: "a Los Angeles value". */
export const DEFAULT_TIMEZONE = 'America/Los_Angeles';
/**
 * The delay a workflow gets when none is given ("inbound uses the default delay"). The spec keeps
 * the value back; we use the abandoned-cart delay, 30 minutes.
 */
export const DEFAULT_DELAY_MINUTES = 30;
/** Spec 1 section 9: default names per type (events and inbound have none: a name must be given). */
export const DEFAULT_WORKFLOW_NAMES: Partial<Record<WorkflowType, string>> = {
  checkout: 'Abandoned Cart',
  order: 'Post Purchase',
  cart: 'Cart Flow',
  schedule: 'Scheduled Flow',
  tap_to_text: 'Tap to Text',
  campaign: 'Campaign',
};
/** Workflow types whose candidates are orders: they need a main rule. */
export const ORDER_WORKFLOW_TYPES: readonly WorkflowType[] = ['order'];

export const NAME_REQUIRED = 'Name is required';
export const MAIN_RULE_REQUIRED = 'Main rule is required for Post Purchase Workflow.';
export const INVALID_DISCOUNT_RULE = 'Invalid discount rule';

// ---------------------------------------------------------------------------------------------
// Rules over a candidate

export const RULE_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not_in', 'contains'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
type FieldKind = 'number' | 'list' | 'text';
/** Rule fields and what they read from the candidate. */
export const RULE_FIELDS = {
  cart_total: { kind: 'number', key: 'cartTotal' },
  order_total: { kind: 'number', key: 'orderTotal' },
  order_count: { kind: 'number', key: 'orderCount' },
  product_ids: { kind: 'list', key: 'productIds' },
  collection_ids: { kind: 'list', key: 'collectionIds' },
  tags: { kind: 'list', key: 'tags' },
  contact_group: { kind: 'text', key: 'contactGroup' },
} as const satisfies Record<string, { kind: FieldKind; key: keyof RuleCandidate }>;
export type RuleField = keyof typeof RULE_FIELDS;
/** Which operators make sense for which kind of field (others fail validation and evaluation). */
export const OPERATORS_BY_KIND: Record<FieldKind, readonly RuleOperator[]> = {
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not_in'],
  list: ['eq', 'neq', 'in', 'not_in', 'contains'],
  text: ['eq', 'neq', 'in', 'not_in', 'contains'],
};

export interface RuleCandidate {
  cartTotal?: number | null;
  orderTotal?: number | null;
  productIds: string[];
  collectionIds: string[];
  orderCount?: number | null;
  tags: string[];
  contactGroup?: string | null;
}

export interface Rule {
  field: string;
  operator: string;
  value: unknown;
}

export interface WorkflowRules {
  condition?: RuleCondition | string;
  rules?: Rule[];
  main_rule?: Rule | null;
  /** The visual editor's graph, kept as given. */
  graph?: unknown;
}

export interface RuleEvaluation {
  passed: boolean;
  /** Which rule decided, for people: "main rule order_count gte 1 failed (order_count is 0)". */
  reason: string;
  /** 'main' for the main rule, the rule's 1-based position, or null when no single rule decided. */
  decidedBy: 'main' | number | null;
}

const isFieldName = (field: string): field is RuleField => Object.hasOwn(RULE_FIELDS, field);
const isOperator = (operator: string): operator is RuleOperator =>
  (RULE_OPERATORS as readonly string[]).includes(operator);

/** Shopify gids and plain ids compare equal: gid://shopify/Product/42 is 42. */
const normalizeId = (value: unknown): string => {
  const text = String(value ?? '').trim();
  return text.startsWith('gid://') ? text.slice(text.lastIndexOf('/') + 1) : text.toLowerCase();
};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const toNumber = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** "cart_total gte 50", "tags contains \"vip\"", "product_ids in [1, 2]". */
export function describeRule(rule: Rule): string {
  const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));
  const value = Array.isArray(rule.value) ? `[${rule.value.map(show).join(', ')}]` : show(rule.value);
  return `${rule.field} ${rule.operator} ${value}`;
}

/** Why a rule cannot be evaluated (unknown field or operator, a value that does not fit), else undefined. */
export function ruleProblem(rule: Rule): string | undefined {
  if (!rule || typeof rule !== 'object') return 'a rule must be an object with field, operator and value';
  if (!isFieldName(String(rule.field)))
    return `unknown field '${String(rule.field)}' (expected one of ${Object.keys(RULE_FIELDS).join(', ')})`;
  if (!isOperator(String(rule.operator)))
    return `unknown operator '${String(rule.operator)}' (expected one of ${RULE_OPERATORS.join(', ')})`;
  const { kind } = RULE_FIELDS[rule.field as RuleField];
  if (!OPERATORS_BY_KIND[kind].includes(rule.operator as RuleOperator))
    return `operator '${rule.operator}' does not apply to ${rule.field}`;
  const values = asArray(rule.value);
  if (values.length === 0 || values.some((v) => v === null || v === undefined || v === ''))
    return `${rule.field} ${rule.operator} needs a value`;
  if (kind === 'number' && values.some((v) => toNumber(v) === undefined))
    return `${rule.field} compares numbers, got ${JSON.stringify(rule.value)}`;
  if (Array.isArray(rule.value) && ['gt', 'gte', 'lt', 'lte'].includes(rule.operator))
    return `${rule.field} ${rule.operator} takes one value`;
  return undefined;
}

function actualOf(field: RuleField, candidate: RuleCandidate): unknown {
  return candidate[RULE_FIELDS[field].key];
}

function showActual(actual: unknown): string {
  if (Array.isArray(actual)) return actual.length ? `[${actual.join(', ')}]` : 'empty';
  return actual === null || actual === undefined ? 'unknown' : String(actual);
}

/** One rule against one candidate: passed or not, and a sentence saying why. */
export function checkRule(rule: Rule, candidate: RuleCandidate): { passed: boolean; text: string } {
  const problem = ruleProblem(rule);
  if (problem) return { passed: false, text: `${describeRule(rule)} cannot be evaluated: ${problem}` };
  const field = rule.field as RuleField;
  const operator = rule.operator as RuleOperator;
  const actual = actualOf(field, candidate);
  const kind = RULE_FIELDS[field].kind;
  let passed: boolean;
  if (actual === null || actual === undefined) {
    passed = false;
  } else if (kind === 'number') {
    const a = Number(actual);
    const wanted = asArray(rule.value).map((v) => toNumber(v)!);
    const b = wanted[0]!;
    const compare: Record<RuleOperator, () => boolean> = {
      eq: () => a === b,
      neq: () => a !== b,
      gt: () => a > b,
      gte: () => a >= b,
      lt: () => a < b,
      lte: () => a <= b,
      in: () => wanted.includes(a),
      not_in: () => !wanted.includes(a),
      contains: () => false,
    };
    passed = compare[operator]();
  } else {
    const have = (kind === 'list' ? (actual as unknown[]) : [actual]).map(normalizeId);
    const wanted = asArray(rule.value).map(normalizeId);
    const includesAll = wanted.every((w) => have.includes(w));
    const includesAny = wanted.some((w) => have.includes(w));
    const compare: Record<RuleOperator, () => boolean> = {
      eq: () => (kind === 'list' ? includesAll : have[0] === wanted[0]),
      neq: () => (kind === 'list' ? !includesAny : have[0] !== wanted[0]),
      in: () => includesAny,
      not_in: () => !includesAny,
      contains: () => (kind === 'list' ? includesAll : wanted.every((w) => have[0]!.includes(w))),
      gt: () => false,
      gte: () => false,
      lt: () => false,
      lte: () => false,
    };
    passed = compare[operator]();
  }
  return { passed, text: `${describeRule(rule)} ${passed ? 'passed' : 'failed'} (${field} is ${showActual(actual)})` };
}

/**
 * A workflow's rules against a candidate. Order workflows need a main rule, checked first; the
 * other rules combine with AND (all must pass; the first failure decides) or OR (one must pass; the
 * first success decides). No rules: everyone passes.
 */
export function evaluateRules(
  rules: WorkflowRules | null | undefined,
  candidate: RuleCandidate,
  { workflowType }: { workflowType?: string } = {},
): RuleEvaluation {
  const main = rules?.main_rule ?? null;
  if (!main && workflowType && (ORDER_WORKFLOW_TYPES as readonly string[]).includes(workflowType))
    return { passed: false, reason: MAIN_RULE_REQUIRED, decidedBy: 'main' };
  let prefix = '';
  if (main) {
    const result = checkRule(main, candidate);
    if (!result.passed) return { passed: false, reason: `main rule ${result.text}`, decidedBy: 'main' };
    prefix = `main rule ${result.text}; `;
  }
  const list = Array.isArray(rules?.rules) ? rules!.rules : [];
  const condition = String(rules?.condition ?? 'AND').toUpperCase();
  if (condition !== 'AND' && condition !== 'OR')
    return {
      passed: false,
      reason: `${prefix}condition '${String(rules?.condition)}' is neither AND nor OR`,
      decidedBy: null,
    };
  if (list.length === 0)
    return {
      passed: true,
      reason: main ? `${prefix}no other rules` : 'no rules: every candidate passes',
      decidedBy: main ? 'main' : null,
    };
  const results = list.map((rule) => checkRule(rule, candidate));
  if (condition === 'AND') {
    const failed = results.findIndex((r) => !r.passed);
    if (failed >= 0)
      return {
        passed: false,
        reason: `${prefix}rule ${failed + 1} of ${list.length} (AND): ${results[failed]!.text}`,
        decidedBy: failed + 1,
      };
    return {
      passed: true,
      reason: `${prefix}all ${list.length} rules passed (AND): ${results.map((r) => r.text).join('; ')}`,
      decidedBy: list.length === 1 ? 1 : null,
    };
  }
  const passed = results.findIndex((r) => r.passed);
  if (passed >= 0)
    return {
      passed: true,
      reason: `${prefix}rule ${passed + 1} of ${list.length} (OR): ${results[passed]!.text}`,
      decidedBy: passed + 1,
    };
  return {
    passed: false,
    reason: `${prefix}none of ${list.length} rules passed (OR): ${results.map((r) => r.text).join('; ')}`,
    decidedBy: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Discount rules (spec 3 sections 3 and 5)

export const DISCOUNT_TYPES = ['percentage', 'fixed', 'shipping'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_CODE_TYPES = ['static', 'dynamic', 'custom'] as const;
export type DiscountCodeType = (typeof DISCOUNT_CODE_TYPES)[number];
export const DISCOUNT_CATEGORIES = ['order', 'shipping'] as const;
export type DiscountCategory = (typeof DISCOUNT_CATEGORIES)[number];
/** Spec 1 section 3 / spec 3 section 9: discount codes last 10 days by default. */
export const DEFAULT_DISCOUNT_DURATION_DAYS = 10;

export interface CombinesWith {
  orderDiscounts: boolean;
  productDiscounts: boolean;
  shippingDiscounts: boolean;
}

export interface ResolvedDiscountRule {
  /** The discount_rules row this came from (kept when its data was invalid and replaced). */
  id: number | null;
  type: DiscountType;
  /** Percent for percentage, money for fixed, 0 for shipping. */
  value: number;
  durationDays: number;
  codeType: DiscountCodeType;
  /** The brand's own prefix (without the dash), or null for the product's LR- prefix. */
  codePrefix: string | null;
  category: DiscountCategory;
  minimum: number | null;
  usageLimit: number;
  appliesOncePerCustomer: boolean;
  combinesWith: CombinesWith;
}

export interface DiscountRuleRow {
  id?: number | string | null;
  type?: unknown;
  value?: unknown;
  duration?: unknown;
  extra_data?: unknown;
}

const NOTHING: CombinesWith = { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false };

/** Spec 3 section 5: dynamic, order category, 10 percent, combines with nothing, once per customer. */
export const DEFAULT_DISCOUNT_RULE: Readonly<ResolvedDiscountRule> = Object.freeze({
  id: null,
  type: 'percentage',
  value: TEMPLATE_DISCOUNT_PERCENT,
  durationDays: DEFAULT_DISCOUNT_DURATION_DAYS,
  codeType: 'dynamic',
  codePrefix: null,
  category: 'order',
  minimum: null,
  usageLimit: 1,
  appliesOncePerCustomer: true,
  combinesWith: NOTHING,
});

/** Letters, digits and inner dashes, up to 20: what a store accepts at the start of a code. */
export const CODE_PREFIX_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,18}[A-Za-z0-9])?$/;

const codeOverrides = z
  .object({
    combinesWith: z
      .object({
        orderDiscounts: z.boolean().optional(),
        productDiscounts: z.boolean().optional(),
        shippingDiscounts: z.boolean().optional(),
      })
      .optional(),
    appliesOncePerCustomer: z.boolean().optional(),
    usageLimit: z.number().int().positive().optional(),
  })
  .loose();

export const discountExtraDataSchema = z
  .object({
    type: z.enum(DISCOUNT_CODE_TYPES).default('dynamic'),
    // 'LR-' and 'SUMMER-' are read as LR and SUMMER: the dash is added when the code is made.
    code_prefix: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/-+$/, '') || null : v),
      z.string().regex(CODE_PREFIX_PATTERN, 'letters, digits and dashes, up to 20').nullable().optional(),
    ),
    category: z.enum(DISCOUNT_CATEGORIES).optional(),
    minimum: z.coerce.number().min(0).nullable().optional(),
    basicCodeDiscount: codeOverrides.optional(),
    freeShippingCodeDiscount: codeOverrides.optional(),
  })
  .loose();

export const discountRuleRowSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES),
    value: z.coerce.number().min(0),
    duration: z.coerce.number().int().positive().default(DEFAULT_DISCOUNT_DURATION_DAYS),
    extra_data: z.preprocess((v) => v ?? {}, discountExtraDataSchema),
  })
  .superRefine((row, ctx) => {
    if (row.type === 'percentage' && !(row.value > 0 && row.value <= 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage must be above 0 and at most 100' });
    if (row.type === 'fixed' && !(row.value > 0))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a fixed amount must be above 0' });
    const category = row.extra_data.category;
    if (category && (category === 'shipping') !== (row.type === 'shipping'))
      ctx.addIssue({
        code: 'custom',
        path: ['extra_data', 'category'],
        message: `category ${category} does not fit a ${row.type} discount`,
      });
    if (row.extra_data.type === 'static' && !row.extra_data.code_prefix)
      ctx.addIssue({
        code: 'custom',
        path: ['extra_data', 'code_prefix'],
        message: 'a static code needs code_prefix (the code itself)',
      });
  });

export const summarizeZodIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ');

export interface DiscountRuleResolution {
  rule: ResolvedDiscountRule;
  valid: boolean;
  reason?: string;
}

/**
 * A discount_rules row as the rule codes are made from. Invalid data (or no row) gives the
 * default rule, with the reason; pass a logger to have the reason logged (spec 3 section 5).
 */
export function resolveDiscountRule(
  row: DiscountRuleRow | null | undefined,
  logger?: { warn(obj: object, msg: string): void },
): DiscountRuleResolution {
  const id = row?.id === null || row?.id === undefined ? null : Number(row.id);
  const fallback = (reason: string): DiscountRuleResolution => {
    logger?.warn({ discount_rule_id: id, reason }, 'invalid discount rule: the default rule is used');
    return { rule: { ...DEFAULT_DISCOUNT_RULE, id }, valid: false, reason };
  };
  if (!row) return fallback('No discount rule found');
  const parsed = discountRuleRowSchema.safeParse(row);
  if (!parsed.success) return fallback(summarizeZodIssues(parsed.error.issues));
  const { type, value, duration, extra_data: extra } = parsed.data;
  const overrides = (type === 'shipping' ? extra.freeShippingCodeDiscount : extra.basicCodeDiscount) ?? {};
  return {
    valid: true,
    rule: {
      id,
      type,
      value: type === 'shipping' ? 0 : value,
      durationDays: duration,
      codeType: extra.type,
      codePrefix: extra.code_prefix ?? null,
      category: extra.category ?? (type === 'shipping' ? 'shipping' : 'order'),
      minimum: extra.minimum ?? null,
      usageLimit: overrides.usageLimit ?? 1,
      appliesOncePerCustomer: overrides.appliesOncePerCustomer ?? true,
      combinesWith: { ...NOTHING, ...overrides.combinesWith },
    },
  };
}

/** How a discount reads in a message: '10%', '$5', '$5.50', 'free shipping'. */
export function formatDiscountValue(rule: Pick<ResolvedDiscountRule, 'type' | 'value'>): string {
  if (rule.type === 'shipping') return 'free shipping';
  if (rule.type === 'percentage') return `${Number(rule.value.toFixed(2))}%`;
  return Number.isInteger(rule.value) ? `$${rule.value}` : `$${rule.value.toFixed(2)}`;
}
