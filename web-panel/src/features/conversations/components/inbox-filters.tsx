/**
 * The inbox's filters: search (name or phone), state (with recovered), workflow, reply,
 * visibility, unread only and a range of local days. Every change is written to the URL (and
 * back to page 1), so the view is a link; the search is applied on submit.
 */
import { useEffect, useId, useState } from 'react';
import { timezoneLabel, timezoneName } from '../../../lib/format.ts';
import {
  isFiltered,
  REPLY_OPTIONS,
  STATE_OPTIONS,
  VISIBILITY_OPTIONS,
  type InboxFilters as Filters,
} from '../filters.ts';

export interface InboxFiltersProps {
  value: Filters;
  onChange(change: Partial<Filters>): void;
  workflows: Array<{ id: number; name: string }>;
  timezone: string;
}

function SelectFilter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  onChange(value: string): void;
}) {
  return (
    <div className="inbox-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How many filters (not the search) narrow the list: the folded filters' button says it. */
export const activeFilterCount = (f: Filters): number =>
  [f.state, f.workflow, f.reply, f.hidden, f.unread, f.from || f.to].filter(Boolean).length;

export function InboxFilters({ value, onChange, workflows, timezone }: InboxFiltersProps) {
  const id = useId();
  const [q, setQ] = useState(value.q);
  const [open, setOpen] = useState(false);
  useEffect(() => setQ(value.q), [value.q]);
  const active = activeFilterCount(value);

  return (
    <div className="inbox-filters" role="search" aria-label="Filter conversations">
      <form
        className="inbox-search"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q: q.trim() });
        }}
      >
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          maxLength={200}
          placeholder="Name or phone digits"
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <button
        type="button"
        className="button inbox-filters-toggle"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide filters' : 'Filters'}
        {active > 0 ? ` (${active} on)` : ''}
      </button>
      <div id={`${id}-filters`} className={`inbox-filter-row${open ? '' : ' folded'}`}>
        <SelectFilter
          id={`${id}-state`}
          label="State"
          value={value.state}
          options={STATE_OPTIONS}
          onChange={(state) => onChange({ state })}
        />
        <SelectFilter
          id={`${id}-workflow`}
          label="Workflow"
          value={value.workflow}
          options={[{ id: '', label: 'Any workflow' }, ...workflows.map((w) => ({ id: String(w.id), label: w.name }))]}
          onChange={(workflow) => onChange({ workflow })}
        />
        <SelectFilter
          id={`${id}-reply`}
          label="Reply"
          value={value.reply}
          options={REPLY_OPTIONS}
          onChange={(reply) => onChange({ reply })}
        />
        <SelectFilter
          id={`${id}-hidden`}
          label="Show"
          value={value.hidden}
          options={VISIBILITY_OPTIONS}
          onChange={(hidden) => onChange({ hidden })}
        />
        <div className="inbox-filter">
          <label htmlFor={`${id}-from`}>Started from</label>
          <input
            id={`${id}-from`}
            type="date"
            value={value.from}
            max={value.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
          />
        </div>
        <div className="inbox-filter">
          <label htmlFor={`${id}-to`}>Started to</label>
          <input
            id={`${id}-to`}
            type="date"
            value={value.to}
            min={value.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </div>
        <div className="inbox-filter inbox-filter-check">
          <input
            id={`${id}-unread`}
            type="checkbox"
            checked={value.unread}
            onChange={(e) => onChange({ unread: e.target.checked })}
          />
          <label htmlFor={`${id}-unread`}>Unread only</label>
        </div>
        {isFiltered(value) ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              onChange({ state: '', workflow: '', reply: '', hidden: '', unread: false, from: '', to: '', q: '' })
            }
          >
            Clear filters
          </button>
        ) : null}
      </div>
      <p className="muted inbox-tz">
        Days and times in {timezoneLabel(timezone)} ({timezoneName(timezone)})
      </p>
    </div>
  );
}
