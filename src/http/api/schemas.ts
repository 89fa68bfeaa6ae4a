/**
 * Building blocks of the brand API's schemas: the check for text no field may hold, whole numbers
 * and path ids, query booleans, times and time zones, the page (`offset`/`limit` in, `{ items,
 * total, offset, limit }` out), timestamps and the error body.
 */
import { z } from 'zod';
import { AppError, DAY_RANGE_TEXT, isTimeInRange, isValidTimeZone } from '../../app/index.ts';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** U+0000, or a UTF-16 surrogate without its pair: text PostgreSQL cannot store and no user types. */
const notAllowed = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path (`a.b.0`) of the first text under a value, key or value, that is not allowed. */
function unsafeTextPath(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return notAllowed(value) ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (notAllowed(key)) return path;
    const found = unsafeTextPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses request input (body, query string or URL-decoded path params) holding a NUL byte or a
 * lone surrogate anywhere: a 400 naming the field, before any schema or handler sees it.
 */
export function refuseUnsafeText(value: unknown, what = 'request body'): void {
  const path = unsafeTextPath(value, []);
  if (!path) return;
  const field = path.length ? path.join('.') : what;
  throw new AppError(
    'invalid_input',
    `Invalid ${what}: ${field} contains characters that are not allowed (a NUL byte or a lone surrogate).`,
    { code: 'invalid_characters', details: { fields: [path.join('.')] } },
  );
}

/** Parses request input with a zod schema; a failure is a 400 naming each bad field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what = 'request body'): T {
  refuseUnsafeText(value, what);
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length ? issue.path.join('.') : what}: ${issue.message}`,
  );
  throw new AppError('invalid_input', `Invalid ${what}: ${problems.join('; ')}`, {
    code: 'invalid_body',
    details: { fields: parsed.error.issues.map((i) => i.path.join('.')) },
  });
}

const DIGITS = /^\d+$/;

/**
 * The one whole number of the brand API's inputs: a JSON integer, or text of decimal digits only
 * (a query string, a path). `0x10`, `1e3`, ` 16`, `+16`, `16.0` and `-0` are refused, never read.
 * A default goes through `.prefault(n)` (the document then shows it).
 */
export const wholeNumber = ({ min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (DIGITS.test(value)) return Number(value);
    ctx.addIssue({ code: 'custom', message: `must be a whole number in decimal digits, got "${value.slice(0, 40)}"` });
    return z.NEVER;
  }, z.number().int().min(min).max(max));

/** A positive whole-number id (path or query). */
export const idSchema = () => wholeNumber({ min: 1 });

/** An IANA time zone name (`America/New_York`); an unknown one answers 400 naming the field. */
export const timeZone = () =>
  z
    .string()
    .min(1)
    .max(64)
    .refine(isValidTimeZone, {
      error: (issue) => `unknown time zone "${String(issue.input)}": use an IANA name such as America/New_York`,
    })
    .describe('IANA time zone, e.g. America/New_York');

/** `true` or `false` in a query string (z.coerce.boolean would read "false" as true). */
export const queryBoolean = () => z.enum(['true', 'false']).transform((value) => value === 'true');

/** A time in a query string: an ISO 8601 date (midnight UTC) or date-time with offset. */
export const queryTime = () =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()])
    .transform((value, ctx) => {
      const at = new Date(value);
      if (isTimeInRange(at)) return at;
      ctx.addIssue({ code: 'custom', message: `must be a time ${DAY_RANGE_TEXT} (UTC), got "${value}"` });
      return z.NEVER;
    })
    .describe(`ISO 8601 date or date-time (UTC unless an offset is given), ${DAY_RANGE_TEXT}`);

/** A time on the wire: ISO 8601 UTC (`2026-11-24T10:00:00.000Z`), from a Date or a date string. */
export const timestamp = () =>
  z
    .union([z.date(), z.string()])
    .transform((value, ctx) => {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'not a time' });
        return z.NEVER;
      }
      return date.toISOString();
    })
    .pipe(z.string().meta({ format: 'date-time' }));

/** Money on the wire: a decimal string (`"59.00"`). */
export const money = () =>
  z
    .union([z.string(), z.number()])
    .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value))
    .pipe(z.string().regex(/^-?\d+(\.\d+)?$/));

/** `offset` and `limit` of a list; limit defaults as the spec says per list. */
export const pageQuery = (defaultLimit: number, maxLimit = 1000) => ({
  offset: wholeNumber().prefault(0).describe('items to skip'),
  limit: wholeNumber({ min: 1, max: maxLimit }).prefault(defaultLimit).describe('items per page'),
});

/** The answer of every list: one page of items and the total across pages. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
  });

/** The body of every error answer. */
export const errorSchema = z.object({
  error: z.object({
    kind: z.enum(['invalid_input', 'not_found', 'conflict', 'unauthorized', 'forbidden', 'upstream', 'internal']),
    code: z.string().nullable(),
    message: z.string(),
  }),
});
