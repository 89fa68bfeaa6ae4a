/** The builder's words: operators, value hints, and the default condition of each field. */
import type { BuilderField, Condition, Group } from '../api/types.ts';

export const OPERATOR_WORDS: Record<string, string> = {
  in: 'is one of',
  not_in: 'is none of',
  eq: 'is',
  neq: 'is not',
  gt: 'is more than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  within_days: 'in the last',
  not_within_days: 'not in the last',
  any: 'includes any of',
  none: 'includes none of',
  has: 'has',
  has_not: 'has no',
};

/** The operator's words for a field (a keyword "any" reads differently from a tag "any"). */
export function operatorWords(field: BuilderField, op: string): string {
  if (field.field === 'tap_to_text_keyword') return op === 'any' ? 'any keyword' : 'one of these keywords';
  if (field.input === 'cart') return op === 'has' ? 'has a cart' : 'has no cart';
  return OPERATOR_WORDS[op] ?? op;
}

export function defaultCondition(field: BuilderField): Condition {
  const op = field.operators[0]!;
  switch (field.input) {
    case 'choices':
      return { field: field.field, op, values: [field.choices[0]!] };
    case 'days':
      return { field: field.field, op, days: 30 };
    case 'number':
    case 'money':
      return { field: field.field, op: field.operators.includes('gte') ? 'gte' : op, value: 1 };
    case 'states':
      return { field: field.field, op, values: [] };
    case 'cart':
      return { field: field.field, op, states: ['pending', 'abandoned'] };
    case 'keywords':
      return { field: field.field, op };
    default:
      return { field: field.field, op, values: [] };
  }
}

/** Why the tree cannot be counted yet (a condition waiting for its values), or null. */
export function incomplete(group: Group, fields: BuilderField[]): string | null {
  for (const rule of group.rules) {
    if ('rules' in rule) {
      if (rule.rules.length === 0) return 'A group needs at least one condition.';
      const inner = incomplete(rule, fields);
      if (inner) return inner;
      continue;
    }
    const field = fields.find((f) => f.field === rule.field);
    const label = field?.label ?? rule.field;
    if (rule.values !== undefined && rule.values.length === 0 && !(field?.input === 'keywords' && rule.op === 'any'))
      return `${label}: give at least one value.`;
    if (field?.input === 'keywords' && rule.op === 'in' && !rule.values?.length)
      return `${label}: give at least one keyword.`;
    if (rule.days !== undefined && !(Number.isInteger(rule.days) && rule.days >= 1))
      return `${label}: a whole number of days, 1 or more.`;
    if (rule.value !== undefined && !(Number.isFinite(rule.value) && rule.value >= 0))
      return `${label}: a number, 0 or more.`;
    if (rule.states !== undefined && rule.states.length === 0) return `${label}: pick at least one cart state.`;
  }
  return group.rules.length === 0 ? 'Add a condition.' : null;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n === 1 ? one : many}`;
