/**
 * What every fake HTTP service has in common: a server on a free port of 127.0.0.1, request bodies
 * read in the service's format (JSON, form-encoded with bracket nesting, or raw text), one shape for
 * the requests a fake records, JSON answers, and closing with the connections still open.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export type Json = Record<string, unknown>;

/**
 * How a fake reads request bodies:
 * - `json`: the parsed value; undefined when the body is empty; the text itself (and `malformed`)
 *   when it is not JSON.
 * - `form`: `application/x-www-form-urlencoded` with bracket nesting (`a[b][0][c]=v`, `a[]=v`) as
 *   nested objects and arrays of strings; `{}` when the body is empty.
 * - `raw`: the text.
 */
export type BodyFormat = 'json' | 'form' | 'raw';

/** A request as a fake received it. Fakes that know more about a request extend this type. */
export interface RecordedRequest<Body = unknown> {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body as sent ('' when there was none). */
  raw: string;
  /** The body read in the fake's format (see BodyFormat). */
  body: Body;
  /** True when a `json` body is not valid JSON. */
  malformed?: boolean;
  /** Arrival time, milliseconds since the epoch. */
  at: number;
}

/** A started fake server. */
export interface FakeServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  port: number;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** What a fake answers when its handler throws (default: 500 with the error's message as JSON). */
export type ErrorAnswer = (error: Error, res: ServerResponse) => void;

const defaultErrorAnswer: ErrorAnswer = (error, res) =>
  sendJson(res, 500, { message: `fake failed: ${error.message}` });

/** Starts an HTTP server on a free port of 127.0.0.1. */
export async function startServer(
  handle: RequestHandler,
  onError: ErrorAnswer = defaultErrorAnswer,
): Promise<FakeServer> {
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handle(req, res))
      .catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        onError(error instanceof Error ? error : new Error(String(error)), res);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** Reads the whole request and records it, its body read as `format`. */
export async function readRequest(req: IncomingMessage, format: BodyFormat): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    raw,
    ...parseBody(raw, format),
    at: Date.now(),
  };
}

/** A body read as `format` (see BodyFormat). */
export function parseBody(raw: string, format: BodyFormat): { body: unknown; malformed?: boolean } {
  if (format === 'raw') return { body: raw };
  if (format === 'form') return { body: parseForm(raw) };
  if (!raw) return { body: undefined };
  try {
    return { body: JSON.parse(raw) as unknown };
  } catch {
    return { body: raw, malformed: true };
  }
}

/** Answers `body` as JSON (no body and no content type when `body` is undefined). */
export function sendJson(res: ServerResponse, status: number, body?: unknown, headers: OutgoingHttpHeaders = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Parses form encoding into nested objects and arrays: `a[b][0][c]=v` and `a[]=v`. Values stay
 * strings. Array holes from sparse indexes are dropped; keys that would reach prototypes are skipped.
 */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [rawKey];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node: Json | unknown[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const next = path[i + 1];
      const makeChild = (): Json | unknown[] => (next === '' || /^\d+$/.test(next ?? '') ? [] : {});
      if (Array.isArray(node)) {
        const index = segment === '' ? node.length : Number(segment);
        if (!Number.isInteger(index)) break;
        if (last) node[index] = value;
        else {
          if (typeof node[index] !== 'object' || node[index] === null) node[index] = makeChild();
          node = node[index] as Json | unknown[];
        }
      } else {
        if (last) node[segment] = value;
        else {
          if (typeof node[segment] !== 'object' || node[segment] === null) node[segment] = makeChild();
          node = node[segment] as Json | unknown[];
        }
      }
    }
  }
  return compact(root) as Json;
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
}
