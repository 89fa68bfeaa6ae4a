import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions as PinoOptions } from 'pino';
import type { MessageFormatFunc, PrettyOptions } from 'pino-pretty';
import { scrubProviderText, scrubValue } from '../errors/index.ts';
import { stderrStatusLine, type StatusLine } from './status-line.ts';

export type { Logger };

export interface LoggerOptions {
  /** LOG_LEVEL; unset: defaultLogLevel (info in a terminal, warn off one). */
  level?: string;
  /** Pretty output for people; JSON lines otherwise. Defaults to whether stderr is a TTY. */
  pretty?: boolean;
  /** Where JSON lines go instead of stderr (tests read them); ignored when pretty. */
  destination?: DestinationStream;
}

/**
 * The level when LOG_LEVEL is unset: `info` for a person at a terminal (one line per thing that
 * happened; routine job completions are debug), `warn` off one (cron, a pipe, a process manager),
 * where only what needs someone's attention is written.
 */
export const defaultLogLevel = (onTerminal: boolean): 'info' | 'warn' => (onTerminal ? 'info' : 'warn');

/**
 * Fields an error may carry that hold a provider's whole answer or request (a Stripe error's `raw`,
 * an HTTP library's `response`, `request`, `body`, `headers`): never logged.
 */
const BODY_FIELDS = new Set(['raw', 'rawBody', 'body', 'response', 'request', 'headers', 'options', 'payload']);

/** Logged fields that hold an error's words besides `err`: scrubbed like it. */
const ERROR_FIELDS = ['error', 'errors', 'reason', 'detail', 'description', 'cause', 'msg'];

/**
 * pino's error serializer, then every string of the result scrubbed (whole phone numbers masked,
 * message texts omitted; see errors/redact.ts) and the fields that hold bodies left out.
 */
export function serializeError(value: unknown): unknown {
  if (typeof value === 'string') return scrubProviderText(value);
  const serialized = pino.stdSerializers.err(value as Error) as unknown;
  if (serialized === null || typeof serialized !== 'object') return serialized;
  return withoutBodies(serialized as Record<string, unknown>);
}

/** A serialized error's fields, scrubbed, without the body fields (its aggregated errors' too). */
function withoutBodies(serialized: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(serialized)) {
    if (BODY_FIELDS.has(key)) continue;
    out[key] =
      key === 'aggregateErrors' && Array.isArray(field)
        ? field.map((inner) =>
            inner && typeof inner === 'object' ? withoutBodies(inner as Record<string, unknown>) : inner,
          )
        : scrubValue(field);
  }
  return out;
}

/**
 * The log policy every logger of the program follows: secrets redacted by path; provider errors
 * (the `err` field, the fields in ERROR_FIELDS and the message itself) with whole phone numbers
 * masked and message texts omitted, whichever library wrote them.
 */
export function logPolicy(level: string): PinoOptions {
  return {
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'access_token',
        '*.access_token',
        '*.accessToken',
        'api_key',
        '*.api_key',
        'secret',
        '*.secret',
        'authorization',
        '*.authorization',
        'headers.authorization',
        'req.headers.authorization',
        'config.ENCRYPTION_KEY',
        'config.JWT_SECRET',
        'databaseUrl',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeError },
    formatters: {
      log(object) {
        let out = object;
        for (const key of ERROR_FIELDS)
          if (object[key] !== undefined) {
            if (out === object) out = { ...object };
            out[key] = object[key] instanceof Error ? serializeError(object[key]) : scrubValue(object[key]);
          }
        return out;
      },
    },
    hooks: {
      // The message: the string arguments, or the logged error's message pino would use.
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
        const safe = (args as unknown[]).map((arg) => (typeof arg === 'string' ? scrubProviderText(arg) : arg));
        if (typeof second !== 'string' && typeof first === 'object' && first !== null && error instanceof Error)
          safe.splice(1, 0, scrubProviderText(error.message));
        return method.apply(this, safe as Parameters<typeof method>);
      },
    },
  };
}

/** Warnings and errors stand out in a terminal: their message bold, yellow or red. */
const standOut: MessageFormatFunc = (log, messageKey, _label, { colors }) => {
  const message = String(log[messageKey] ?? '');
  const level = Number(log.level);
  if (level >= 50) return colors.bold(colors.red(message));
  if (level >= 40) return colors.bold(colors.yellow(message));
  return message;
};

/**
 * The terminal's log stream: each JSON line pino writes, made one readable line (time, level,
 * message, then the fields, an error's type, message and code among them, on the same line) and
 * written above the status line (a progress bar), synchronously, so log lines and the bar never
 * mix. Stack traces only with `stacks` (LOG_LEVEL debug or trace). pino-pretty is loaded only here.
 */
export function prettyStream({
  colorize = !process.env.NO_COLOR,
  stacks = false,
  statusLine = stderrStatusLine,
}: { colorize?: boolean; stacks?: boolean; statusLine?: StatusLine } = {}): DestinationStream {
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as {
    prettyFactory(options: PrettyOptions): (line: string) => string;
  };
  const prettify = prettyFactory({
    colorize,
    ignore: stacks ? 'pid,hostname' : 'pid,hostname,stack,err.stack,err.aggregateErrors',
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    messageFormat: standOut,
    ...(stacks ? {} : { errorLikeObjectKeys: [] }),
  });
  return { write: (line: string) => statusLine.writeAbove(prettify(line)) };
}

/** Logs always go to stderr, so stdout stays clean for data and --json. */
export function createLogger({
  level,
  pretty = process.stderr.isTTY === true,
  destination,
}: LoggerOptions = {}): Logger {
  const resolved = level ?? defaultLogLevel(pretty);
  const options = logPolicy(resolved);
  if (pretty) return pino(options, prettyStream({ stacks: resolved === 'debug' || resolved === 'trace' }));
  return pino(options, destination ?? pino.destination({ fd: 2, sync: true }));
}
