/**
 * The period menu: presets from one list (PERIOD_PRESETS), a custom range of local days, and the
 * range and time zone shown in words. The value comes from and goes to the URL (usePeriod).
 */
import { useEffect, useId, useState } from 'react';
import { timezoneLabel, timezoneName } from '../../lib/format.ts';
import { describeRange, isDay, PERIOD_PRESETS, type Period } from '../../lib/period.ts';

export interface PeriodPickerProps {
  value: Period;
  onChange(next: Pick<Period, 'id' | 'from' | 'to'>): void;
  timezone: string;
  /** Today in the time zone (YYYY-MM-DD): the last day a range may end on. */
  today: string;
  locale?: string;
}

export function PeriodPicker({ value, onChange, timezone, today, locale = 'en-US' }: PeriodPickerProps) {
  const id = useId();
  const [custom, setCustom] = useState(value.id === 'custom');
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setFrom(value.from);
    setTo(value.to);
    if (value.id === 'custom') setCustom(true);
  }, [value.id, value.from, value.to]);

  const apply = () => {
    if (!isDay(from) || !isDay(to)) return setProblem('Enter both days.');
    if (from > to) return setProblem('The first day must not be after the last day.');
    if (to > today) return setProblem('The last day cannot be in the future.');
    setProblem(null);
    onChange({ id: 'custom', from, to });
  };

  return (
    <div className="period-picker">
      <div className="period-presets" role="group" aria-label="Period">
        {PERIOD_PRESETS.map((preset) => {
          const selected = preset.id === 'custom' ? custom : !custom && value.id === preset.id;
          return (
            <button
              key={preset.id}
              type="button"
              className={selected ? 'chip is-selected' : 'chip'}
              aria-pressed={selected}
              onClick={() => {
                if (preset.id === 'custom') return setCustom(true);
                setCustom(false);
                setProblem(null);
                onChange({ id: preset.id, from: value.from, to: value.to });
              }}
            >
              {preset.label}
            </button>
          );
        })}
      </div>
      {custom ? (
        <form
          className="period-custom"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} />
          <button type="submit" className="button">
            Apply
          </button>
          {problem ? (
            <span className="form-error" role="alert">
              {problem}
            </span>
          ) : null}
        </form>
      ) : null}
      <p className="period-range muted" aria-live="polite">
        {describeRange(value, locale)} · times in {timezoneLabel(timezone)} ({timezoneName(timezone)})
      </p>
    </div>
  );
}
