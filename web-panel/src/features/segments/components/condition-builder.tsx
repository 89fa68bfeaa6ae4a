/**
 * The segment builder: AND / OR groups of conditions over the fields the segment compiler knows,
 * each value with the input that fits it (choices as checkboxes, days and numbers as numbers, tags
 * and keywords as a list, US states from the list). Every control is labelled with its place
 * ("Condition 2.1: field") so a screen reader can tell the rows apart.
 */
import type { BuilderField, Condition, Group } from '../api/types.ts';
import { defaultCondition, operatorWords } from './words.ts';

interface Props {
  group: Group;
  fields: BuilderField[];
  states: string[];
  maxDepth: number;
  onChange(group: Group): void;
  disabled?: boolean;
}

const COMBINE: Array<[Group['condition'], string]> = [
  ['AND', 'Contacts matching all of'],
  ['OR', 'Contacts matching any of'],
];

export function ConditionBuilder(props: Props) {
  return <GroupEditor {...props} path="" depth={1} />;
}

function GroupEditor({
  group,
  fields,
  states,
  maxDepth,
  onChange,
  disabled,
  path,
  depth,
  onRemove,
}: Props & { path: string; depth: number; onRemove?(): void }) {
  const name = path ? `Group ${path}` : 'Segment';
  const set = (k: number, node: Condition | Group) =>
    onChange({ ...group, rules: group.rules.map((r, i) => (i === k ? node : r)) });
  const remove = (k: number) => onChange({ ...group, rules: group.rules.filter((_, i) => i !== k) });
  const first = fields[0]!;
  return (
    <fieldset className={`segment-group depth-${depth}`}>
      <legend className="visually-hidden">{name}</legend>
      <div className="segment-group-head">
        <Picker
          label={`${name}: how the conditions combine`}
          value={group.condition}
          options={COMBINE}
          disabled={disabled}
          onChange={(condition) => onChange({ ...group, condition: condition as Group['condition'] })}
        />
        {onRemove ? (
          <button type="button" className="button button-quiet" disabled={disabled} onClick={onRemove}>
            Remove {name.toLowerCase()}
          </button>
        ) : null}
      </div>
      <ol className="segment-rules">
        {group.rules.map((rule, k) => {
          const at = path ? `${path}.${k + 1}` : String(k + 1);
          return (
            <li key={k}>
              {'rules' in rule ? (
                <GroupEditor
                  group={rule}
                  fields={fields}
                  states={states}
                  maxDepth={maxDepth}
                  disabled={disabled}
                  onChange={(g) => set(k, g)}
                  onRemove={() => remove(k)}
                  path={at}
                  depth={depth + 1}
                />
              ) : (
                <ConditionRow
                  condition={rule}
                  fields={fields}
                  states={states}
                  disabled={disabled}
                  at={at}
                  onChange={(c) => set(k, c)}
                  onRemove={() => remove(k)}
                />
              )}
            </li>
          );
        })}
      </ol>
      <div className="segment-group-actions">
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => onChange({ ...group, rules: [...group.rules, defaultCondition(first)] })}
        >
          Add a condition{path ? ` to group ${path}` : ''}
        </button>
        {depth < maxDepth ? (
          <button
            type="button"
            className="button button-quiet"
            disabled={disabled}
            onClick={() =>
              onChange({
                ...group,
                rules: [
                  ...group.rules,
                  { condition: group.condition === 'AND' ? 'OR' : 'AND', rules: [defaultCondition(first)] },
                ],
              })
            }
          >
            Add a group{path ? ` to group ${path}` : ''}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

const list = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function ConditionRow({
  condition,
  fields,
  states,
  disabled,
  at,
  onChange,
  onRemove,
}: {
  condition: Condition;
  fields: BuilderField[];
  states: string[];
  disabled?: boolean;
  at: string;
  onChange(c: Condition): void;
  onRemove(): void;
}) {
  const field = fields.find((f) => f.field === condition.field) ?? fields[0]!;
  const label = `Condition ${at}`;
  return (
    <div className="segment-condition" role="group" aria-label={label}>
      <Picker
        label={`${label}: field`}
        value={field.field}
        options={fields.map((f) => [f.field, f.label])}
        disabled={disabled}
        onChange={(value) => onChange(defaultCondition(fields.find((f) => f.field === value)!))}
      />
      <Picker
        label={`${label}: operator`}
        value={condition.op}
        options={field.operators.map((op) => [op, operatorWords(field, op)])}
        disabled={disabled}
        onChange={(op) => {
          if (field.input === 'keywords')
            onChange(op === 'any' ? { field: field.field, op } : { ...condition, op, values: [] });
          else onChange({ ...condition, op });
        }}
      />
      <ValueInput
        field={field}
        condition={condition}
        states={states}
        disabled={disabled}
        label={label}
        onChange={onChange}
      />
      <button
        type="button"
        className="button button-quiet"
        disabled={disabled}
        onClick={onRemove}
        aria-label={`Remove condition ${at}`}
      >
        Remove
      </button>
    </div>
  );
}

function ValueInput({
  field,
  condition,
  states,
  disabled,
  label,
  onChange,
}: {
  field: BuilderField;
  condition: Condition;
  states: string[];
  disabled?: boolean;
  label: string;
  onChange(c: Condition): void;
}) {
  switch (field.input) {
    case 'choices':
      return (
        <Checks
          choices={field.choices}
          checked={condition.values}
          disabled={disabled}
          label={label}
          onChange={(values) => onChange({ ...condition, values })}
        />
      );
    case 'days':
      return (
        <label className="segment-inline">
          <span className="visually-hidden">{label}: days</span>
          <input
            type="number"
            min={1}
            max={3650}
            step={1}
            inputMode="numeric"
            disabled={disabled}
            value={Number.isNaN(condition.days) ? '' : (condition.days ?? '')}
            onChange={(e) => onChange({ ...condition, days: e.target.valueAsNumber })}
          />{' '}
          days
        </label>
      );
    case 'number':
    case 'money':
      return (
        <label className="segment-inline">
          <span className="visually-hidden">
            {label}: {field.input === 'money' ? 'amount in dollars' : 'number'}
          </span>
          {field.input === 'money' ? '$' : ''}
          <input
            type="number"
            min={0}
            step={field.input === 'money' ? 0.01 : 1}
            inputMode="decimal"
            disabled={disabled}
            value={Number.isNaN(condition.value) ? '' : (condition.value ?? '')}
            onChange={(e) => onChange({ ...condition, value: e.target.valueAsNumber })}
          />
        </label>
      );
    case 'states':
      return (
        <>
          <label className="segment-inline">
            <span className="visually-hidden">{label}: states (pick one or more)</span>
            <select
              multiple
              size={5}
              disabled={disabled}
              value={condition.values ?? []}
              onChange={(e) => onChange({ ...condition, values: Array.from(e.target.selectedOptions, (o) => o.value) })}
            >
              {states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <span className="muted segment-chosen">
            {condition.values?.length ? `Chosen: ${condition.values.join(', ')}` : 'None chosen yet'} (Ctrl or ⌘ picks
            more)
          </span>
        </>
      );
    case 'cart':
      return (
        <Checks
          choices={field.choices}
          checked={condition.states}
          disabled={disabled}
          label={label}
          onChange={(states) => onChange({ ...condition, states })}
        >
          <label className="segment-inline">
            within
            <span className="visually-hidden"> ({label}: days, empty for any time)</span>{' '}
            <input
              type="number"
              min={1}
              max={3650}
              disabled={disabled}
              value={condition.days ?? ''}
              onChange={(e) =>
                onChange({ ...condition, days: e.target.value === '' ? undefined : e.target.valueAsNumber })
              }
            />{' '}
            days
          </label>
        </Checks>
      );
    case 'keywords':
      if (condition.op === 'any') return null;
    // falls through: the keywords as a list
    default:
      return (
        <label className="segment-inline segment-list">
          <span className="visually-hidden">{label}: values, separated by commas</span>
          <input
            type="text"
            disabled={disabled}
            placeholder={field.input === 'tags' ? 'vip, wholesale' : 'comma-separated'}
            key={`${field.field}-${condition.op}`}
            defaultValue={(condition.values ?? []).join(', ')}
            onBlur={(e) => onChange({ ...condition, values: list(e.target.value) })}
            onChange={(e) => onChange({ ...condition, values: list(e.target.value) })}
          />
        </label>
      );
  }
}

/** A select labelled for screen readers only; `options` are [value, words] pairs. */
function Picker({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[string, string]>;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  return (
    <label>
      <span className="visually-hidden">{label}</span>
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * One checkbox a choice, then `children`; `onChange` gets the checked choices, in the order they
 * were checked.
 */
function Checks({
  choices,
  checked,
  disabled,
  label,
  onChange,
  children,
}: {
  choices: string[];
  checked: string[] | undefined;
  disabled?: boolean;
  label: string;
  onChange(values: string[]): void;
  children?: React.ReactNode;
}) {
  const boxes = choices.map((choice) => (
    <label key={choice} className="check">
      <input
        type="checkbox"
        disabled={disabled}
        checked={checked?.includes(choice) ?? false}
        onChange={(e) =>
          onChange(e.target.checked ? [...(checked ?? []), choice] : (checked ?? []).filter((x) => x !== choice))
        }
      />{' '}
      {choice}
      <span className="visually-hidden"> ({label})</span>
    </label>
  ));
  return (
    <span className="segment-choices">
      {boxes}
      {children}
    </span>
  );
}
