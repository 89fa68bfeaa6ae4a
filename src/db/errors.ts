import { AppError } from '../errors/index.ts';

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  detail?: string;
  column?: string;
}

const MESSAGES: Record<string, string> = {
  '23505': 'already exists',
  '23503': 'refers to a row that does not exist',
  '23514': 'has a value that is not allowed',
  '23502': 'is missing a required value',
};

/**
 * Turns the PostgreSQL errors we expect into AppErrors: unique violations become `conflict`,
 * other integrity violations `invalid_input`. Values are never copied into the message
 * (they may be phone numbers or e-mails); only table, constraint and column names are.
 */
export function translateDbError(error: unknown): unknown {
  const pgError = error as PgError;
  if (pgError?.code === '42P01') {
    // A table is missing: the database was never migrated (or migrated by an older Reclaim).
    return new AppError(
      'invalid_input',
      'This database has no Reclaim schema yet (or an old one): run `reclaim db migrate`, or `npm start`, which migrates, and try again.',
      { code: 'not_migrated', cause: error },
    );
  }
  if (!pgError || typeof pgError.code !== 'string' || !(pgError.code in MESSAGES)) return error;
  const columns = /^Key \(([^)]+)\)/.exec(pgError.detail ?? '')?.[1] ?? pgError.column;
  const subject = [pgError.table, columns ? `(${columns})` : undefined].filter(Boolean).join(' ') || 'A row';
  const kind = pgError.code === '23505' ? 'conflict' : 'invalid_input';
  return new AppError(
    kind,
    `${subject} ${MESSAGES[pgError.code]}${pgError.constraint ? ` [${pgError.constraint}]` : ''}.`,
    {
      code: pgError.constraint ?? pgError.code,
      details: { table: pgError.table, constraint: pgError.constraint },
      cause: error,
    },
  );
}

export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof AppError ? error.kind === 'conflict' : (error as PgError)?.code === '23505';
