/**
 * The rules as readable conditions (the rule language the CLI and the service validate:
 * field, operator, value): each row reads as a sentence under the inputs, with add and remove.
 * Lists (tags, product and collection ids) and "is one of" take comma-separated values.
 */
import { useId } from 'react';
import type { Locale } from '../../../lib/format.ts';
import type { WorkflowEditorOptions } from '../api/get-workflow-editor.ts';
import type { Rule } from '../api/types.ts';
import { FIELDS, ruleInWords } from './words.ts';

export const OPERATOR_LABELS: Record<string, string> = {
  eq: 'is',
  neq: 'is not',
  gt: 'is more than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  in: 'is one of',
  not_in: 'is none of',
  contains: 'includes',
};

export type RuleField = WorkflowEditorOptions['rule_fields'][number];

/** The value as typed (a list as "a, b"). */
export const valueText = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value);

/** The value as the service reads it: lists split on commas, numbers as numbers. */
export function ruleValue(text: string, operator: string, kind: string | undefined): Rule['value'] {
  const asValue = (v: string) => (kind === 'number' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
  if (operator === 'in' || operator === 'not_in')
    return text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
      .map(asValue);
  return asValue(text.trim());
}

export interface RuleRow {
  field: string;
  operator: string;
  text: string;
}

export const toRow = (rule: Rule): RuleRow => ({
  field: rule.field,
  operator: rule.operator,
  text: valueText(rule.value),
});

export function toRule(row: RuleRow, fields: RuleField[]): Rule {
  const kind = fields.find((f) => f.field === row.field)?.kind;
  return { field: row.field, operator: row.operator, value: ruleValue(row.text, row.operator, kind) };
}

/** A new row: the first field, "is at least" where it applies (a threshold is the usual rule). */
function newRow(fields: RuleField[]): RuleRow {
  const first = fields[0];
  const operators = first?.operators ?? ['gte'];
  return { field: first?.field ?? 'cart_total', operator: operators.includes('gte') ? 'gte' : operators[0]!, text: '' };
}

const fieldLabel = (field: string) => FIELDS[field]?.label ?? field.replace(/_/g, ' ');

export function RuleInputs({
  row,
  fields,
  locale,
  onChange,
  label,
}: {
  row: RuleRow;
  fields: RuleField[];
  locale: Pick<Locale, 'locale' | 'currency'>;
  onChange(row: RuleRow): void;
  label: string;
}) {
  const id = useId();
  const field = fields.find((f) => f.field === row.field);
  const operators = field?.operators ?? Object.keys(OPERATOR_LABELS);
  const listy = row.operator === 'in' || row.operator === 'not_in';
  return (
    <div className="rule-row" role="group" aria-label={label}>
      <label className="visually-hidden" htmlFor={`${id}-field`}>
        {label}: field
      </label>
      <select
        id={`${id}-field`}
        value={row.field}
        onChange={(e) => {
          const next = fields.find((f) => f.field === e.target.value);
          const operator = next?.operators.includes(row.operator) ? row.operator : (next?.operators[0] ?? 'eq');
          onChange({ ...row, field: e.target.value, operator });
        }}
      >
        {fields.map((f) => (
          <option key={f.field} value={f.field}>
            {fieldLabel(f.field)}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-op`}>
        {label}: comparison
      </label>
      <select id={`${id}-op`} value={row.operator} onChange={(e) => onChange({ ...row, operator: e.target.value })}>
        {operators.map((op) => (
          <option key={op} value={op}>
            {OPERATOR_LABELS[op] ?? op}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-value`}>
        {label}: value{listy || field?.kind === 'list' ? ' (separate values with commas)' : ''}
      </label>
      <input
        id={`${id}-value`}
        type={field?.kind === 'number' && !listy ? 'number' : 'text'}
        inputMode={field?.kind === 'number' ? 'decimal' : undefined}
        value={row.text}
        placeholder={listy ? 'a, b, c' : ''}
        onChange={(e) => onChange({ ...row, text: e.target.value })}
      />
      <p className="muted rule-words">{row.text.trim() ? ruleInWords(toRule(row, fields), locale) : 'Give a value.'}</p>
    </div>
  );
}

export function RuleEditor({
  rows,
  condition,
  fields,
  locale,
  onChange,
  onCondition,
}: {
  rows: RuleRow[];
  condition: 'AND' | 'OR';
  fields: RuleField[];
  locale: Pick<Locale, 'locale' | 'currency'>;
  onChange(rows: RuleRow[]): void;
  onCondition(condition: 'AND' | 'OR'): void;
}) {
  const id = useId();
  return (
    <fieldset className="rule-editor">
      <legend>Rules</legend>
      {rows.length === 0 ? (
        <p className="muted">No extra rules: every shopper who qualifies is texted.</p>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-cond`}>How the rules combine</label>
          <select id={`${id}-cond`} value={condition} onChange={(e) => onCondition(e.target.value as 'AND' | 'OR')}>
            <option value="AND">All of these must hold</option>
            <option value="OR">Any one of these is enough</option>
          </select>
        </div>
      )}
      <ol className="rule-rows">
        {rows.map((row, i) => (
          <li key={i}>
            <RuleInputs
              row={row}
              fields={fields}
              locale={locale}
              label={`Rule ${i + 1}`}
              onChange={(next) => onChange(rows.map((r, j) => (j === i ? next : r)))}
            />
            <button
              type="button"
              className="button button-quiet"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove rule {i + 1}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={() => onChange([...rows, newRow(fields)])}>
        Add a rule
      </button>
    </fieldset>
  );
}
