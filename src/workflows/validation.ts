/**
 * Workflow validation (spec 1 section 5). Pure: a draft in, the problems out, the spec's texts
 * verbatim where it has them ('Name is required', 'Main rule is required for Post Purchase
 * Workflow.', 'Invalid discount rule'), our own sentences elsewhere.
 */
import { AppError } from '../app/index.ts';
import { resolveDiscountRule, type DiscountRuleRow } from '../discounts/index.ts';
import type { MessageBlock } from './render.ts';
import { messageText } from './render.ts';
import {
  INVALID_DISCOUNT_RULE,
  MAIN_RULE_REQUIRED,
  NAME_REQUIRED,
  ORDER_WORKFLOW_TYPES,
  RULE_CONDITIONS,
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_STATUSES,
  WORKFLOW_TYPES,
  ruleProblem,
  type Rule,
  type WorkflowRules,
} from './rules.ts';
import { MAX_PRIORITY, MIN_PRIORITY } from './candidates/rules-choice.ts';

export const DELAY_NOT_NUMERIC = 'Delay must be a whole number of minutes';
export const PRIORITY_INVALID = `Priority must be a whole number from ${MIN_PRIORITY} to ${MAX_PRIORITY}`;
export const CONDITION_INVALID = 'Condition must be AND or OR';
export const STATUS_INVALID = 'Status must be draft or active';
export const TYPE_INVALID = `Type must be one of ${WORKFLOW_TYPES.join(', ')}`;
export const ACTION_INVALID = `Action must be one of ${WORKFLOW_ACTION_TYPES.join(', ')}`;
export const TIMEZONE_INVALID = 'Timezone must be an IANA name such as America/Los_Angeles';
export const WINDOW_INVALID = 'The end (ends_at) must be after the start (starts_at)';
export const MESSAGE_REQUIRED = 'Message is required';

export interface WorkflowAction {
  type?: string;
  discount?: { type?: string; value?: number } | null;
  [key: string]: unknown;
}

/** Everything validation looks at; `discountRule` is the row a discount action would use. */
export interface WorkflowDraft {
  name?: string | null;
  type?: string | null;
  status?: string | null;
  delay_minutes?: unknown;
  priority?: unknown;
  timezone?: string | null;
  starts_at?: Date | null;
  ends_at?: Date | null;
  message?: MessageBlock[] | null;
  rules?: WorkflowRules | null;
  action?: WorkflowAction | null;
  discountRule?: DiscountRuleRow | null;
}

export function isValidTimezone(timezone: string): boolean {
  if (!timezone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** A whole number of minutes, 0 or more (numbers or numeric strings). */
export function isDelay(value: unknown): boolean {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  if (typeof value === 'string' && !/^\s*\d+\s*$/.test(value)) return false;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0;
}

/** A whole number from MIN_PRIORITY to MAX_PRIORITY (numbers or numeric strings). */
export function isPriority(value: unknown): boolean {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  if (typeof value === 'string' && !/^\s*-?\d+\s*$/.test(value)) return false;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= MIN_PRIORITY && n <= MAX_PRIORITY;
}

const ruleIssues = (rules: WorkflowRules | null | undefined): string[] => {
  const issues: string[] = [];
  if (rules?.main_rule) {
    const problem = ruleProblem(rules.main_rule as Rule);
    if (problem) issues.push(`Main rule: ${problem}`);
  }
  if (rules?.rules !== undefined && !Array.isArray(rules.rules)) issues.push('Rules must be a list');
  (Array.isArray(rules?.rules) ? rules!.rules : []).forEach((rule, index) => {
    const problem = ruleProblem(rule);
    if (problem) issues.push(`Rule ${index + 1}: ${problem}`);
  });
  return issues;
};

/** Every problem of a draft, most important first; empty when it is valid. */
export function workflowIssues(draft: WorkflowDraft, { activating = false }: { activating?: boolean } = {}): string[] {
  const issues: string[] = [];
  if (!(WORKFLOW_TYPES as readonly string[]).includes(String(draft.type))) issues.push(TYPE_INVALID);
  if (!draft.name?.trim()) issues.push(NAME_REQUIRED);
  if (!isDelay(draft.delay_minutes)) issues.push(DELAY_NOT_NUMERIC);
  if (draft.priority !== undefined && !isPriority(draft.priority)) issues.push(PRIORITY_INVALID);
  if (!(WORKFLOW_STATUSES as readonly string[]).includes(String(draft.status ?? 'draft'))) issues.push(STATUS_INVALID);
  const condition = draft.rules?.condition ?? 'AND';
  if (!(RULE_CONDITIONS as readonly string[]).includes(String(condition))) issues.push(CONDITION_INVALID);
  issues.push(...ruleIssues(draft.rules));
  if ((ORDER_WORKFLOW_TYPES as readonly string[]).includes(String(draft.type)) && !draft.rules?.main_rule)
    issues.push(MAIN_RULE_REQUIRED);
  const actionType = draft.action?.type ?? 'message';
  if (!(WORKFLOW_ACTION_TYPES as readonly string[]).includes(actionType)) issues.push(ACTION_INVALID);
  if (actionType === 'discount' && !resolveDiscountRule(draft.discountRule ?? null).valid)
    issues.push(INVALID_DISCOUNT_RULE);
  if (draft.timezone !== undefined && draft.timezone !== null && !isValidTimezone(draft.timezone))
    issues.push(TIMEZONE_INVALID);
  if (draft.starts_at && draft.ends_at && draft.ends_at.getTime() <= draft.starts_at.getTime())
    issues.push(WINDOW_INVALID);
  if ((activating || draft.status === 'active') && !messageText(draft.message ?? []).trim())
    issues.push(MESSAGE_REQUIRED);
  return issues;
}

/** Throws the first problem as an invalid_input AppError (all of them in details.issues). */
export function assertValidWorkflow(draft: WorkflowDraft, options: { activating?: boolean } = {}): void {
  const issues = workflowIssues(draft, options);
  if (issues.length === 0) return;
  const discountReason = issues.includes(INVALID_DISCOUNT_RULE)
    ? resolveDiscountRule(draft.discountRule ?? null).reason
    : undefined;
  throw new AppError('invalid_input', issues[0]!, {
    code: 'invalid_workflow',
    details: { issues, ...(discountReason ? { discount_reason: discountReason } : {}) },
  });
}

/** "cart_total gte 50" / "tags in vip,gold" / "order_count gte 1" -> a rule (lists split on commas for in / not_in). */
export function parseRuleText(text: string): Rule {
  const match = /^\s*(\S+)\s+(\S+)\s+(.+?)\s*$/.exec(text);
  if (!match)
    throw new AppError(
      'invalid_input',
      `A rule reads "field operator value", e.g. "cart_total gte 50"; got "${text}"`,
      { code: 'invalid_rule' },
    );
  const [, field, operator, raw] = match as unknown as [string, string, string, string];
  const op = operator.toLowerCase();
  const scalar = (v: string): string | number =>
    /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v.trim().replace(/^"(.*)"$/, '$1');
  const value =
    op === 'in' || op === 'not_in'
      ? raw
          .split(',')
          .map(scalar)
          .filter((v) => v !== '')
      : scalar(raw);
  return { field: field.toLowerCase(), operator: op, value };
}
