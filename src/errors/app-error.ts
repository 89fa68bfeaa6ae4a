import { scrubProviderText, scrubValue } from './redact.ts';

/** One error type for everything a user can see; the kind decides exit code and HTTP status. */
export type ErrorKind =
  'invalid_input' | 'not_found' | 'conflict' | 'unauthorized' | 'forbidden' | 'upstream' | 'internal';

const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid_input: 400,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  forbidden: 403,
  upstream: 502,
  internal: 500,
};

export interface AppErrorOptions {
  /** A machine-readable code beside the message, e.g. duplicate_email. */
  code?: string;
  /** Extra facts for logs and --json (never secrets). */
  details?: Record<string, unknown>;
  cause?: unknown;
  /**
   * The command line's wording, naming the flag or command to run (`--reason`, `reclaim slack
   * connect`); the CLI reports it instead of `message`, while the API and the panel show `message`,
   * which names no flag or command.
   */
  cliMessage?: string;
}

/**
 * Marks every AppError, so one made by another copy of this module is still recognised: each command
 * of the built binary is a bundle of its own, and main.js reports a command's error with run.js's copy.
 */
const APP_ERROR = Symbol.for('reclaim.AppError');

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code?: string;
  readonly details?: Record<string, unknown>;
  /** What the CLI says instead of `message` (see AppErrorOptions.cliMessage). */
  readonly cliMessage?: string;

  /**
   * An `upstream` error carries a provider's words, which may echo what was sent to it: its message
   * and details are scrubbed here, once, so no log, `--json` output or stored reason built from it
   * holds a whole phone number or a message text (see redact.ts).
   */
  constructor(kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    const upstream = kind === 'upstream';
    super(
      upstream ? scrubProviderText(message) : message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    Object.defineProperty(this, APP_ERROR, { value: true });
    this.kind = kind;
    this.code = options.code;
    this.cliMessage = options.cliMessage;
    this.details =
      upstream && options.details ? (scrubValue(options.details) as Record<string, unknown>) : options.details;
  }

  /** CLI exit code: 1 for what the user can fix, 2 for our own faults. */
  get exitCode(): 1 | 2 {
    return this.kind === 'internal' ? 2 : 1;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.kind];
  }
}

export const isAppError = (value: unknown): value is AppError =>
  value instanceof AppError || (value instanceof Error && (value as { [APP_ERROR]?: boolean })[APP_ERROR] === true);

/** Turns anything thrown into an Error, keeping the original as cause. */
export function coerceError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === 'string') return new Error(value);
  return new Error(`Non-error thrown: ${safeString(value)}`, { cause: value });
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export const GENERIC_INTERNAL_MESSAGE = 'Something went wrong on our side; the details are in the log.';
