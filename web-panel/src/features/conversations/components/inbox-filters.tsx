/**
 * The inbox's filters: search (name or phone), state (with recovered), workflow, reply,
 * visibility, unread only and a range of local days. Every change is written to the URL (and
 * back to page 1), so the view is a link; the search is applied on submit.
 */
import { useEffect, useId, useState } from 'react';
import { timezoneLabel } from '../../../lib/format.ts';
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

export function InboxFilters({ value, onChange, workflows, timezone }: InboxFiltersProps) {
  const id = useId();
  const [q, setQ] = useState(value.q);
  useEffect(() => setQ(value.q), [value.q]);

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
      <div className="inbox-filter-row">
        <div className="inbox-filter">
          <label htmlFor={`${id}-state`}>State</label>
          <select id={`${id}-state`} value={value.state} onChange={(e) => onChange({ state: e.target.value })}>
            {STATE_OPTIONS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filter">
          <label htmlFor={`${id}-workflow`}>Workflow</label>
          <select id={`${id}-workflow`} value={value.workflow} onChange={(e) => onChange({ workflow: e.target.value })}>
            <option value="">Any workflow</option>
            {workflows.map((w) => (
              <option key={w.id} value={String(w.id)}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filter">
          <label htmlFor={`${id}-reply`}>Reply</label>
          <select id={`${id}-reply`} value={value.reply} onChange={(e) => onChange({ reply: e.target.value })}>
            {REPLY_OPTIONS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filter">
          <label htmlFor={`${id}-hidden`}>Show</label>
          <select id={`${id}-hidden`} value={value.hidden} onChange={(e) => onChange({ hidden: e.target.value })}>
            {VISIBILITY_OPTIONS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
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
        Days and times in {timezoneLabel(timezone)} ({timezone})
      </p>
    </div>
  );
}
