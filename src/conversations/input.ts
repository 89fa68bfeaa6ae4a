/**
 * Building blocks of the inbox's input schemas. Every service function of the inbox parses its
 * input with its own exported schema, so the CLI, the HTTP API and in-process callers get the same
 * checks, and the API can publish the same schemas in its OpenAPI document. The schemas take what
 * a query string carries (numbers and booleans as text, dates as ISO 8601) and stay expressible as
 * JSON Schema (`z.toJSONSchema(schema, { io: 'input' })`).
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';

/** A database id: a positive whole number, as a number or its digits. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** true / false, also as the text 'true' / 'false' (query strings). */
export const flagSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/** An ISO 8601 instant (with Z or an offset) or a date (midnight UTC). */
export const instantSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((value) => new Date(value));

/** offset (default 0) and limit (default `defaultLimit`, at most `maxLimit`). */
export const pageSchema = (defaultLimit: number, maxLimit = 500) => ({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
});

/** A list of values, as an array or one comma-separated text. */
export function listOf<T extends z.ZodType<string, string>>(item: T) {
  return z.union([
    z.array(item),
    z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(item)),
  ]);
}

/** One page of a list and how many match in all. */
export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/**
 * Parses service input. A refinement's own message (the spec's texts, e.g. 'Message ID is
 * undefined') is the error as it stands; other problems name each bad field.
 */
export function parseServiceInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const custom = parsed.error.issues.find((issue) => issue.code === 'custom');
  if (custom) throw new AppError('invalid_input', custom.message, { code: 'invalid_input' });
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length ? issue.path.join('.') : 'input'}: ${issue.message}`,
  );
  throw new AppError('invalid_input', `Invalid input: ${problems.join('; ')}`, {
    code: 'invalid_input',
    details: { fields: parsed.error.issues.map((issue) => issue.path.join('.')) },
  });
}
