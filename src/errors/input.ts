import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses a service's input with its schema; a failure is invalid_input naming each bad field. */
export function validInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw new AppError('invalid_input', `Invalid input: ${problems.join('; ')}`, {
    code: 'invalid_input',
    details: { fields: parsed.error.issues.map((issue) => issue.path.join('.')) },
  });
}
