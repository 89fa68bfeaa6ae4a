/**
 * Pure workflow rules (spec 1 sections 3, 4, 5, 9): the constants and the rule evaluator that
 * decides whether a candidate passes a workflow's rules. No I/O here. Discount rules are the
 * discounts domain's (src/discounts/rules.ts).
 */

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

/** A workflow's one state word, shown by every page, CSV and the CLI: a draft stays a draft even when paused. */
export type WorkflowState = 'draft' | 'paused' | 'active';
export const workflowState = (w: { status: string; is_paused: boolean }): WorkflowState =>
  w.status === 'draft' ? 'draft' : w.is_paused ? 'paused' : 'active';
export const WORKFLOW_STATUSES = ['draft', 'active'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const RULE_CONDITIONS = ['AND', 'OR'] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];
export const WORKFLOW_ACTION_TYPES = ['message', 'discount'] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTION_TYPES)[number];

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
