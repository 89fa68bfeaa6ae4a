/**
 * Crontab patterns in words, both ways: the picker builds a five-field pattern from a frequency,
 * days and a time ("every Monday at 10:00" is `0 10 * * 1`), and a pattern reads back in words.
 * A pattern the picker cannot make reads as itself; the server checks every pattern (cron package).
 */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export type Frequency = 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'custom';

export interface CronChoice {
  frequency: Frequency;
  /** 0 (Sunday) to 6, for weekly. */
  days: number[];
  /** 1-28, for monthly. */
  dayOfMonth: number;
  /** HH:MM, 24-hour. */
  time: string;
  /** The pattern typed by hand, for custom. */
  custom: string;
}

export const DEFAULT_CHOICE: CronChoice = { frequency: 'weekly', days: [1], dayOfMonth: 1, time: '10:00', custom: '' };

function hourMinute(time: string): [number, number] {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) return [10, 0];
  return [Math.min(23, Number(m[1])), Math.min(59, Number(m[2]))];
}

export function buildCron(choice: CronChoice): string {
  if (choice.frequency === 'custom') return choice.custom.trim();
  const [h, m] = hourMinute(choice.time);
  switch (choice.frequency) {
    case 'daily':
      return `${m} ${h} * * *`;
    case 'weekdays':
      return `${m} ${h} * * 1-5`;
    case 'monthly':
      return `${m} ${h} ${Math.max(1, Math.min(28, choice.dayOfMonth))} * *`;
    default: {
      const days = [...new Set(choice.days)].sort((a, b) => a - b);
      return `${m} ${h} * * ${days.length ? days.join(',') : '1'}`;
    }
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const ordinal = (n: number) => {
  const s =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
};
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "every Monday at 10:00"; a pattern outside the picker's reads "on the pattern 5 4 * * *". */
export function cronInWords(cron: string): string {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return `on the pattern ${cron.trim()}`;
  const [min, hour, dom, month, dow] = parts as [string, string, string, string, string];
  if (!/^\d+$/.test(min) || !/^\d+$/.test(hour) || month !== '*') return `on the pattern ${cron.trim()}`;
  const at = `at ${pad(Number(hour))}:${pad(Number(min))}`;
  if (dom === '*' && dow === '*') return `every day ${at}`;
  if (dom === '*' && dow === '1-5') return `every weekday (Monday to Friday) ${at}`;
  if (dom === '*' && /^[0-7](,[0-7])*$/.test(dow)) {
    const days = [...new Set(dow.split(',').map((d) => Number(d) % 7))].sort((a, b) => a - b);
    return `every ${list(days.map((d) => WEEKDAYS[d]!))} ${at}`;
  }
  if (/^\d+$/.test(dom) && dow === '*') return `on the ${ordinal(Number(dom))} of every month ${at}`;
  return `on the pattern ${cron.trim()}`;
}
