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

/** A failed connection by the network error's code or the server's SQLSTATE: the reason and what to check. */
const CONNECTION_FAILURES: Record<string, { reason: string; hint: string; network?: true }> = {
  ECONNREFUSED: { reason: 'connection refused', hint: 'Is PostgreSQL running and listening there?', network: true },
  ENOTFOUND: { reason: 'unknown host', hint: 'Check the host name.', network: true },
  EAI_AGAIN: { reason: 'the host name could not be looked up', hint: 'Check the host name and DNS.', network: true },
  ETIMEDOUT: { reason: 'no answer', hint: 'Check the host, the port and any firewall in between.', network: true },
  EHOSTUNREACH: { reason: 'host unreachable', hint: 'Check the host and the network.', network: true },
  ENETUNREACH: { reason: 'network unreachable', hint: 'Check the network.', network: true },
  '28P01': { reason: 'authentication failed', hint: 'Check the user and password.' },
  '28000': { reason: 'authentication failed', hint: "Check the user and the server's pg_hba.conf." },
  '3D000': { reason: 'no such database', hint: 'Check its name, or create it.' },
  '57P03': { reason: 'the server is starting up or shutting down', hint: 'Try again in a moment.' },
  '53300': { reason: 'no connection slot left', hint: 'Try again later, or raise max_connections.' },
  timeout: { reason: 'no connection in time', hint: 'Check the host, the port and any firewall in between.' },
};

interface ConnectionFailure {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  port?: unknown;
  hostname?: unknown;
  errors?: unknown;
  cause?: unknown;
}

interface Target {
  host: string;
  port: number;
}

/**
 * The code of a failure to connect to `target`, looking into aggregated and wrapped errors: a
 * network error counts when it names the database's port or host (another service's refusal is
 * not the database's), a server refusal by its SQLSTATE, knex's timeout for a connection.
 */
function connectionFailure(error: unknown, target: Target, depth = 0): { code: string; message?: string } | undefined {
  const failure = error as ConnectionFailure | undefined;
  if (!failure || typeof failure !== 'object' || depth > 3) return undefined;
  const code = typeof failure.code === 'string' ? failure.code : undefined;
  const message = typeof failure.message === 'string' ? failure.message : undefined;
  const known = code === undefined ? undefined : CONNECTION_FAILURES[code];
  if (code && known && !known.network) return { code, message };
  if (code && known?.network && (failure.port === target.port || failure.hostname === target.host)) return { code };
  if (failure.name === 'KnexTimeoutError') return { code: 'timeout' };
  for (const inner of [...(Array.isArray(failure.errors) ? (failure.errors as unknown[]) : []), failure.cause]) {
    const found = connectionFailure(inner, target, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Which setting chose the database: DATABASE_URL, or the embedded server of a data folder. */
export interface DatabaseSource {
  /** The embedded server's data folder (RECLAIM_DATA_DIR, absolute) when DATABASE_URL is unset. */
  embeddedDataDir?: string;
}

/**
 * A failure to reach or log in to the database at `url` as a user error: the message names the
 * host, the port, the setting that chose the database (DATABASE_URL, or the embedded server's data
 * folder when it is unset) and the reason (ECONNREFUSED, an unknown host, a failed login, a missing
 * database, no connection in time), never the password. Undefined for any other error.
 */
export function databaseConnectionError(
  error: unknown,
  url: string,
  { embeddedDataDir }: DatabaseSource = {},
): AppError | undefined {
  if (error instanceof AppError) return undefined;
  let target: Target;
  try {
    const parsed = new URL(url);
    target = { host: parsed.hostname, port: Number(parsed.port || 5432) };
  } catch {
    return undefined;
  }
  const found = connectionFailure(error, target);
  if (!found) return undefined;
  const { reason, hint, network } = CONNECTION_FAILURES[found.code]!;
  const said = found.message ? `: ${found.message}` : '';
  const where =
    embeddedDataDir === undefined
      ? `the database at ${target.host}:${target.port} (DATABASE_URL)`
      : `the embedded database at ${target.host}:${target.port} (data folder ${embeddedDataDir}, RECLAIM_DATA_DIR; DATABASE_URL is unset)`;
  const advice =
    embeddedDataDir !== undefined && (network || found.code === 'timeout')
      ? 'The embedded server is no longer running (stopped by another program?); run the command again, it starts one.'
      : hint;
  return new AppError('upstream', `Cannot connect to ${where}: ${reason} (${found.code}${said}). ${advice}`, {
    code: 'database_unreachable',
    details: { host: target.host, port: target.port, failure: found.code },
    cause: error,
  });
}
