/**
 * The schedule picker: how often (every day, weekdays, chosen days of the week, a day of the
 * month, or a crontab pattern typed by hand) and at what time, read back in words with the
 * pattern it makes, in the brand's time zone.
 */
import { useId } from 'react';
import { buildCron, cronInWords, WEEKDAYS, type CronChoice, type Frequency } from './cron.ts';

const FREQUENCIES: Array<[Frequency, string]> = [
  ['daily', 'Every day'],
  ['weekdays', 'Every weekday (Monday to Friday)'],
  ['weekly', 'Every week, on chosen days'],
  ['monthly', 'Every month, on a day'],
  ['custom', 'A crontab pattern (advanced)'],
];

export function CronPicker({
  value,
  onChange,
  timezoneLabel,
  disabled,
}: {
  value: CronChoice;
  onChange: (next: CronChoice) => void;
  timezoneLabel: string;
  disabled?: boolean;
}) {
  const id = useId();
  const cron = buildCron(value);
  const set = (patch: Partial<CronChoice>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="cron-picker" disabled={disabled}>
      <legend>When it sends</legend>
      <div className="field">
        <label htmlFor={`${id}-freq`}>How often</label>
        <select
          id={`${id}-freq`}
          value={value.frequency}
          onChange={(e) => set({ frequency: e.target.value as Frequency })}
        >
          {FREQUENCIES.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {value.frequency === 'weekly' ? (
        <fieldset className="day-picker">
          <legend>On</legend>
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="check">
              <input
                type="checkbox"
                checked={value.days.includes(i)}
                onChange={(e) =>
                  set({ days: e.target.checked ? [...value.days, i] : value.days.filter((d) => d !== i) })
                }
              />
              {day}
            </label>
          ))}
        </fieldset>
      ) : null}
      {value.frequency === 'monthly' ? (
        <div className="field">
          <label htmlFor={`${id}-dom`}>Day of the month (1 to 28)</label>
          <input
            id={`${id}-dom`}
            type="number"
            min={1}
            max={28}
            value={value.dayOfMonth}
            onChange={(e) => set({ dayOfMonth: Number(e.target.value) || 1 })}
          />
        </div>
      ) : null}
      {value.frequency === 'custom' ? (
        <div className="field">
          <label htmlFor={`${id}-custom`}>Crontab pattern</label>
          <input
            id={`${id}-custom`}
            value={value.custom}
            placeholder="0 10 * * 1"
            aria-describedby={`${id}-custom-hint`}
            onChange={(e) => set({ custom: e.target.value })}
          />
          <small id={`${id}-custom-hint`} className="muted">
            Minute, hour, day of the month, month, day of the week.
          </small>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-time`}>At ({timezoneLabel})</label>
          <input id={`${id}-time`} type="time" value={value.time} onChange={(e) => set({ time: e.target.value })} />
        </div>
      )}
      <p className="cron-words" aria-live="polite" data-testid="cron-words">
        Sends {cron ? cronInWords(cron) : '—'} ({timezoneLabel}) · pattern <code>{cron || '—'}</code>
      </p>
    </fieldset>
  );
}
