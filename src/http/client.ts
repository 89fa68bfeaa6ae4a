/**
 * The one HTTP client for external services: got makes each attempt, p-retry runs the retries.
 *
 * - Every attempt has a timeout: one for the connection and one for the whole request.
 * - 429 and 5xx answers and network failures (refused, reset, DNS, timeouts) are retried with
 *   exponential backoff. A wait the service asks for replaces the backoff: Retry-After in either
 *   form (delay seconds or an HTTP date), or a service's own signal through `retryWait`; no such
 *   wait is ever longer than `retryAfterCapMs`.
 * - When the retries are spent the last answer is returned as it is, whatever its status, and a
 *   network failure is thrown as HttpNetworkError; each service's client turns both into its own
 *   errors.
 * - Each attempt is logged with the service, method, path (no query string), status and duration;
 *   never bodies, query strings or headers, so credentials stay out of logs.
 * - An answer's body goes to the service's client only: an HttpResponse serializes (JSON.stringify,
 *   a logged field) as its status alone, and the errors built from a body are `upstream` AppErrors,
 *   whose messages and details keep no whole phone number and no message text.
 * - A client with a `guard` (every fetch of a URL that came from a user, a brand, a page or a
 *   store) resolves each host itself, refuses private addresses (guard.ts), connects to the
 *   address it checked and no other, and follows redirects itself so that every hop is checked
 *   the same way. A refusal is a PrivateAddressError (invalid_input), never retried.
 */
import type { RequestError } from 'got';
import { AppError, scrubProviderText, type Logger } from '../app/index.ts';
import { pinnedLookup, resolveTarget, type FetchGuard, type ResolvedAddress } from './guard.ts';
import { realSleep, retrying, type Sleep } from './retry.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_RETRIES = 2;
/** The longest wait a service may ask for (Retry-After or its own header) unless its client sets another. */
export const DEFAULT_RETRY_AFTER_CAP_MS = 60_000;
export const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 30_000 };
/** Redirects a guarded client follows for one call (got's own limit for unguarded ones). */
export const MAX_GUARDED_REDIRECTS = 10;

const USER_AGENT = 'reclaim';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Exponential backoff: the n-th retry (from 0) waits baseMs * 2^n, at most maxMs. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

const DELAY_SECONDS = /^\d+(?:\.\d+)?$/;
const HTTP_DATE = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i;

/**
 * A Retry-After header in ms, at most `capMs`: delay seconds ('120', fractions accepted) or an
 * HTTP date ('Wed, 21 Oct 2015 07:28:00 GMT'; a date in the past is 0). Undefined when the header
 * is absent or unreadable.
 */
export function retryAfterMs(
  header: string | null | undefined,
  { now = Date.now(), capMs = Number.POSITIVE_INFINITY }: { now?: number; capMs?: number } = {},
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  let ms: number;
  if (DELAY_SECONDS.test(value)) {
    ms = Math.round(Number(value) * 1000);
  } else if (HTTP_DATE.test(value)) {
    // asctime dates carry no zone; HTTP dates are always GMT.
    const at = Date.parse(/\b(?:GMT|UTC)\b/i.test(value) ? value : `${value} GMT`);
    if (Number.isNaN(at)) return undefined;
    ms = Math.max(0, at - now);
  } else {
    return undefined;
  }
  return Math.min(ms, capMs);
}

/** An answer, whatever its status; the body is read in full. */
export interface HttpResponse {
  readonly status: number;
  /** 2xx */
  readonly ok: boolean;
  readonly body: string;
  /** Retry-After in ms, capped by the client's retryAfterCapMs; undefined without one. */
  readonly retryAfterMs: number | undefined;
  /** A header's value (the first, if repeated). */
  header(name: string): string | undefined;
  /** The body as JSON (parsed once); undefined when empty or not JSON. */
  json(): unknown;
  /** The body's bytes as received (images and other binary answers). */
  bytes(): Buffer;
  /** What a logged or printed answer shows: its status, never its body or headers. */
  toJSON(): { status: number };
}

/** A service that could not be reached: refused, reset, DNS failure or no answer in time. */
export class HttpNetworkError extends AppError {
  readonly service: string;
  readonly timedOut: boolean;
  constructor({
    service,
    method,
    path,
    timedOut,
    timeoutMs,
    cause,
  }: {
    service: string;
    method: string;
    path: string;
    timedOut: boolean;
    timeoutMs: number;
    cause: Error;
  }) {
    super(
      'upstream',
      timedOut
        ? `${service} did not answer ${method} ${path} within ${timeoutMs} ms`
        : `${service} could not be reached (${method} ${path})`,
      { code: 'http_network', details: { service, method, path, error: (cause as { code?: string }).code }, cause },
    );
    this.name = 'HttpNetworkError';
    this.service = service;
    this.timedOut = timedOut;
  }
}

export interface HttpClientOptions {
  /** Names the service in logs and errors ('shopify', 'infobip', ...). */
  service: string;
  /** Request paths are appended to it. */
  baseUrl: string;
  logger?: Logger;
  /** Sent with every request (credentials too: headers are never logged). */
  headers?: Record<string, string>;
  /** Per attempt, the whole request (default 10 s). */
  timeoutMs?: number;
  /** Per attempt, until connected (default 5 s, never more than timeoutMs). */
  connectTimeoutMs?: number;
  /** Retries after 5xx answers and network failures (default 2); 429s too unless rateLimitRetries is set. */
  retries?: number;
  /** Retries after rate-limited answers, counted apart from `retries`. */
  rateLimitRetries?: number;
  backoff?: Backoff;
  /** The longest wait a service may ask for (default 60 s). */
  retryAfterCapMs?: number;
  /** The wait a retryable answer asks for (default: its Retry-After); undefined falls back to the backoff. */
  retryWait?: (response: HttpResponse) => number | undefined;
  /** Answers that are rate limited besides 429 (say a GraphQL THROTTLED error in a 200). */
  isRateLimited?: (response: HttpResponse) => boolean;
  /** Follow redirects (default true); when false a 3xx is returned as it is. */
  followRedirects?: boolean;
  /**
   * For URLs that came from a user, a brand, a page or a store: private addresses refused on
   * every hop, the connection pinned to the checked address (see guard.ts).
   */
  guard?: FetchGuard;
  sleep?: Sleep;
}

export interface HttpRequest {
  method?: HttpMethod;
  /** Appended to the base URL, starting with '/'. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent form-encoded (application/x-www-form-urlencoded), as OAuth token endpoints want. */
  form?: Record<string, string>;
  /** A multipart body (got writes the boundary and its content type). */
  multipart?: FormData;
  headers?: Record<string, string>;
  /** Overrides the client's `retries` for this call. */
  retries?: number;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Names the call in logs (say a GraphQL operation). */
  operation?: string;
  /** The largest body accepted; a longer one stops the download and throws `http_too_large` (not retried). */
  maxBytes?: number;
}

export interface HttpClient {
  readonly service: string;
  /** One call with the client's retries: the last answer, or HttpNetworkError when nothing answered. */
  request(request: HttpRequest): Promise<HttpResponse>;
}

function toResponse(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  capMs: number,
): HttpResponse {
  const body = raw.toString('utf8');
  const header = (name: string): string | undefined => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
  let parsed: { value: unknown } | undefined;
  return {
    status,
    ok: status >= 200 && status < 300,
    body,
    retryAfterMs: retryAfterMs(header('retry-after'), { capMs }),
    header,
    json() {
      if (!parsed) {
        try {
          parsed = { value: body.trim() === '' ? undefined : JSON.parse(body) };
        } catch {
          parsed = { value: undefined };
        }
      }
      return parsed.value;
    },
    bytes: () => raw,
    toJSON: () => ({ status }),
  };
}

/** Thrown inside the retry loop for an answer that may be retried; returned as it is once the retries are spent. */
class RetryableAnswer extends Error {
  constructor(readonly response: HttpResponse) {
    super(`HTTP ${response.status}`);
  }
}

/** got's error without its request and response (and their bodies and headers). */
const cleanCause = (error: RequestError): Error =>
  Object.assign(new Error(scrubProviderText(error.message)), { name: error.name, code: error.code });

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { service, headers = {}, followRedirects = true, sleep = realSleep, guard } = options;
  // With ALLOW_PRIVATE_NETWORK_FETCH the guarded client is the plain one.
  const guarded = guard !== undefined && !guard.allowPrivate;
  const base = options.baseUrl.replace(/\/+$/, '');
  const capMs = options.retryAfterCapMs ?? DEFAULT_RETRY_AFTER_CAP_MS;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const log = options.logger?.child({ service });
  const rateLimited = (response: HttpResponse): boolean =>
    response.status === 429 || (options.isRateLimited?.(response) ?? false);
  const retryable = (response: HttpResponse): boolean => response.status >= 500 || rateLimited(response);
  const backoffMs = (retry: number): number => Math.min(backoff.maxMs, backoff.baseMs * 2 ** retry);

  async function request(call: HttpRequest): Promise<HttpResponse> {
    // Loaded on the first request, not at the top: a command that calls no service does not load got.
    const { default: got, RequestError: GotRequestError } = await import('got');
    const method = call.method ?? 'GET';
    const url = new URL(`${base}${call.path}`);
    for (const [key, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const fields = { method, path: url.pathname, ...(call.operation ? { operation: call.operation } : {}) };
    const retries = call.retries ?? options.retries ?? DEFAULT_RETRIES;
    // Rate-limited answers draw on their own budget only when the client sets one.
    const budget = { failures: retries, rateLimits: options.rateLimitRetries ?? retries };
    const counted = { failures: 0, rateLimits: 0 };

    const attempt = async (attemptNumber: number): Promise<HttpResponse> => {
      const started = performance.now();
      const duration = (): number => Math.round(performance.now() - started);
      let tooLarge = false;
      const send = (
        target: URL,
        hop: { method: string; body: boolean; headers: Record<string, string> },
        pin?: ResolvedAddress,
      ) => {
        const pending = got(target, {
          method: hop.method as HttpMethod,
          headers: hop.headers,
          ...(!hop.body || call.json === undefined ? {} : { json: call.json }),
          ...(!hop.body || call.form === undefined ? {} : { form: call.form }),
          // Node's FormData is spec-compliant (got detects it at run time); its type lacks `entries`.
          ...(!hop.body || call.multipart === undefined
            ? {}
            : { body: call.multipart as unknown as Iterable<unknown> }),
          ...(pin ? { dnsLookup: pinnedLookup(pin) as never } : {}),
          timeout: {
            connect: Math.min(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, timeoutMs),
            request: timeoutMs,
          },
          retry: { limit: 0 },
          throwHttpErrors: false,
          followRedirect: followRedirects && !guarded,
          responseType: 'buffer',
        });
        if (call.maxBytes !== undefined) {
          const max = call.maxBytes;
          pending.on('downloadProgress', ({ transferred, total }) => {
            if (tooLarge || (transferred <= max && (total === undefined || total <= max))) return;
            tooLarge = true;
            pending.cancel();
          });
        }
        return pending;
      };
      const networkError = (error: Error & { code?: string }): HttpNetworkError => {
        log?.warn(
          { ...fields, attempt: attemptNumber, duration_ms: duration(), error: error.code },
          'http call failed',
        );
        return new HttpNetworkError({
          service,
          method,
          path: url.pathname,
          timedOut: error.name === 'TimeoutError',
          timeoutMs,
          cause: error instanceof GotRequestError ? cleanCause(error) : error,
        });
      };
      let answer;
      let target = url;
      let hop: { method: string; body: boolean; headers: Record<string, string> } = {
        method: method as string,
        body: true,
        headers: { 'user-agent': USER_AGENT, ...headers, ...call.headers },
      };
      for (let hops = 0; ; hops += 1) {
        let pin: ResolvedAddress | undefined;
        if (guard) {
          try {
            pin = await resolveTarget(target, guard);
          } catch (error) {
            if (error instanceof AppError) {
              log?.warn({ ...fields, attempt: attemptNumber, hop: hops, error: error.code }, 'http call refused');
              throw error;
            }
            throw networkError(error as Error);
          }
        }
        try {
          answer = await send(target, hop, pin);
        } catch (error) {
          if (tooLarge)
            throw new AppError(
              'upstream',
              `${service} answered more than ${call.maxBytes} bytes (${method} ${url.pathname})`,
              {
                code: 'http_too_large',
                details: { service, method, path: url.pathname, max_bytes: call.maxBytes },
              },
            );
          if (!(error instanceof GotRequestError)) throw error;
          throw networkError(error);
        }
        const location = answer.headers.location;
        if (!guarded || !followRedirects || answer.statusCode < 300 || answer.statusCode >= 400 || !location) break;
        if (hops >= MAX_GUARDED_REDIRECTS)
          throw new AppError(
            'upstream',
            `${service} redirected more than ${MAX_GUARDED_REDIRECTS} times (${method} ${url.pathname})`,
            {
              code: 'http_too_many_redirects',
              details: { service, method, path: url.pathname },
            },
          );
        const next = new URL(location, target);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') break;
        // As got does: 303 turns the call into a GET without a body; credentials stay on their origin.
        const rewrite = answer.statusCode === 303 && hop.method !== 'GET' && hop.method !== 'HEAD';
        const sameOrigin = next.origin === target.origin;
        const kept = Object.fromEntries(
          Object.entries(hop.headers).filter(([name]) => sameOrigin || !/^(authorization|cookie)$/i.test(name)),
        );
        hop = { method: rewrite ? 'GET' : hop.method, body: hop.body && !rewrite, headers: kept };
        target = next;
      }
      const response = toResponse(answer.statusCode, answer.headers, answer.body, capMs);
      log?.debug({ ...fields, attempt: attemptNumber, status: response.status, duration_ms: duration() }, 'http call');
      if (retryable(response)) throw new RetryableAnswer(response);
      return response;
    };

    /** The wait before the next attempt, or undefined when this failure is final. */
    const next = (failure: unknown): number | undefined => {
      const response = failure instanceof RetryableAnswer ? failure.response : undefined;
      if (!response && !(failure instanceof HttpNetworkError)) return undefined;
      const kind =
        response && rateLimited(response) && options.rateLimitRetries !== undefined ? 'rateLimits' : 'failures';
      const done = counted[kind];
      if (done >= budget[kind]) return undefined;
      counted[kind] += 1;
      const asked = response ? (options.retryWait ? options.retryWait(response) : response.retryAfterMs) : undefined;
      const wait = asked === undefined ? backoffMs(done) : Math.min(asked, capMs);
      log?.info(
        { ...fields, retry: done + 1, wait_ms: wait, ...(response ? { status: response.status } : {}) },
        'http call retried',
      );
      return wait;
    };

    try {
      return await retrying(attempt, next, sleep);
    } catch (error) {
      if (error instanceof RetryableAnswer) return error.response;
      throw error;
    }
  }

  return { service, request };
}
