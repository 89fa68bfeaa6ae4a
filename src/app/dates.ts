/**
 * The days a user may name: from 2000-01-01 up to, not including, 2100-01-01. Reclaim holds no
 * data before 2000, and a far year is a typo (0001-01-01, 9999-12-31) whose arithmetic Intl and
 * PostgreSQL read differently; both are refused instead of answered with a wrong period.
 */
export const DAY_RANGE = { first: '2000-01-01', before: '2100-01-01' } as const;
const FIRST = Date.parse(`${DAY_RANGE.first}T00:00:00Z`);
const BEFORE = Date.parse(`${DAY_RANGE.before}T00:00:00Z`);

/** The rule's words, for messages: `from 2000-01-01 to 2099-12-31`. */
export const DAY_RANGE_TEXT = `from ${DAY_RANGE.first} to 2099-12-31`;

/** True for a YYYY-MM-DD day inside DAY_RANGE (the text compares like the day). */
export const isDayInRange = (day: string): boolean =>
  day.slice(0, 10) >= DAY_RANGE.first && day.slice(0, 10) < DAY_RANGE.before;

/** True for an instant inside DAY_RANGE, read in UTC. */
export const isTimeInRange = (at: Date): boolean => at.getTime() >= FIRST && at.getTime() < BEFORE;
