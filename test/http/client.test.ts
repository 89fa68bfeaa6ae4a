import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  HttpNetworkError,
  retryAfterMs,
  retryAtFixedDelay,
  type HttpClientOptions,
} from '../../src/http/index.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('retryAfterMs: Retry-After in both its forms, with the cap', () => {
  it.each([
    ['120', undefined, 120_000],
    ['2.0', undefined, 2_000],
    ['0.05', undefined, 50],
    ['0', undefined, 0],
    [' 3 ', undefined, 3_000],
    ['Sun, 22 Nov 2026 10:00:30 GMT', undefined, 30_000],
    ['Sunday, 22-Nov-26 10:00:30 GMT', undefined, 30_000],
    ['Sun Nov 22 10:00:30 2026', undefined, 30_000],
    ['Sun, 22 Nov 2026 09:59:00 GMT', undefined, 0],
    ['Thu, 01 Jan 1970 00:00:00 GMT', undefined, 0],
    ['120', 30_000, 30_000],
    ['Sun, 22 Nov 2026 10:05:00 GMT', 30_000, 30_000],
    ['10', 30_000, 10_000],
    ['soon', undefined, undefined],
    ['-5', undefined, undefined],
    ['1e3', undefined, undefined],
    ['0x10', undefined, undefined],
    ['Sun, 99 Foo 2026 10:00:00 GMT', undefined, undefined],
    ['2026-11-22T10:00:30Z', undefined, undefined],
    ['', undefined, undefined],
    [null, undefined, undefined],
    [undefined, undefined, undefined],
  ])('%j (cap %j) waits %j ms', (header, capMs, ms) => {
    expect(retryAfterMs(header, { now: NOW, ...(capMs === undefined ? {} : { capMs }) })).toBe(ms);
  });
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let script: Answer[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const answer = script.shift() ?? { status: 200, body: '{"ok":true}' };
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  script = [];
});

/** A client on the local server that records its waits instead of sleeping them. */
function client(options: Partial<HttpClientOptions> = {}) {
  const waits: number[] = [];
  const http = createHttpClient({
    service: 'example',
    baseUrl: `${baseUrl}/api/`,
    backoff: { baseMs: 100, maxMs: 1_000 },
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });
  return { http, waits };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the shared HTTP client', () => {
  it('sends the method, path, query, headers and JSON body to the base URL, and reads the answer', async () => {
    script = [{ status: 201, headers: { 'x-request-id': 'r-1' }, body: '{"id":7}' }];
    const { http } = client({ headers: { 'X-Api-Key': 'k-1' } });
    const response = await http.request({
      method: 'POST',
      path: '/things',
      query: { 'id:in': '7', page: 2, skip: undefined },
      json: { name: 'thing' },
    });
    expect(response).toMatchObject({ status: 201, ok: true, body: '{"id":7}', retryAfterMs: undefined });
    expect(response.json()).toEqual({ id: 7 });
    expect(response.header('X-Request-Id')).toBe('r-1');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/things?id%3Ain=7&page=2', body: '{"name":"thing"}' });
    expect(seen[0]!.headers).toMatchObject({ 'x-api-key': 'k-1', 'content-type': 'application/json' });
  });

  it('retries 5xx answers with exponential backoff, then succeeds', async () => {
    script = [{ status: 503 }, { status: 500 }];
    const { http, waits } = client();
    expect((await http.request({ path: '/things' })).status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it('returns the last answer when the retries are spent, and never retries a 4xx', async () => {
    script = [{ status: 502 }, { status: 502 }, { status: 502 }, { status: 502 }];
    const { http, waits } = client({ retries: 3, backoff: { baseMs: 400, maxMs: 1_000 } });
    expect((await http.request({ path: '/things' })).status).toBe(502);
    expect([seen.length, waits]).toEqual([4, [400, 800, 1_000]]);

    seen = [];
    script = [{ status: 404, body: '{"title":"Not Found"}' }];
    const missing = await client().http.request({ path: '/things/1' });
    expect([missing.status, missing.ok, missing.json(), seen.length]).toEqual([404, false, { title: 'Not Found' }, 1]);
  });

  it('a per-call retries setting replaces the client one', async () => {
    script = [{ status: 503 }, { status: 200 }];
    const { http, waits } = client({ retries: 5 });
    expect((await http.request({ path: '/things', retries: 0 })).status).toBe(503);
    expect([seen.length, waits]).toEqual([1, []]);
  });

  it('honours Retry-After in seconds and as an HTTP date, never past the cap', async () => {
    const inTwentySeconds = new Date(Date.now() + 20_500).toUTCString();
    script = [
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 503, headers: { 'retry-after': inTwentySeconds } },
      { status: 429, headers: { 'retry-after': '3600' } },
    ];
    const { http, waits } = client({ retries: 3, retryAfterCapMs: 30_000 });
    expect((await http.request({ path: '/things' })).status).toBe(200);
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBe(2_000);
    expect(waits[1]).toBeGreaterThan(18_000);
    expect(waits[1]).toBeLessThanOrEqual(21_000);
    expect(waits[2]).toBe(30_000);
  });

  it("a service's own wait signal goes through the same cap; without one the backoff applies", async () => {
    script = [
      { status: 429, headers: { 'x-rate-limit-time-reset-ms': '45000' } },
      { status: 429, headers: { 'x-rate-limit-time-reset-ms': '1500' } },
      { status: 429 },
    ];
    const { http, waits } = client({
      retries: 3,
      retryAfterCapMs: 30_000,
      retryWait: (response) => {
        const reset = Number(response.header('x-rate-limit-time-reset-ms'));
        return reset > 0 ? reset : response.retryAfterMs;
      },
    });
    expect((await http.request({ path: '/things' })).status).toBe(200);
    expect(waits).toEqual([30_000, 1_500, 400]);
  });

  it('rate limits can have their own budget, and a service can mark a 200 as rate limited', async () => {
    const throttled = { status: 200, body: '{"errors":[{"code":"THROTTLED"}]}' };
    script = [throttled, { status: 429 }, throttled, { status: 500 }];
    const { http, waits } = client({
      retries: 1,
      rateLimitRetries: 3,
      isRateLimited: (response) => response.body.includes('THROTTLED'),
      retryWait: (response) => response.retryAfterMs ?? (response.status === 500 ? undefined : 50),
    });
    expect((await http.request({ path: '/graphql', method: 'POST', json: {} })).json()).toEqual({ ok: true });
    expect([seen.length, waits]).toEqual([5, [50, 50, 50, 100]]);

    seen = [];
    script = [throttled, throttled, throttled];
    const { http: strict } = client({
      retries: 5,
      rateLimitRetries: 1,
      isRateLimited: (response) => response.body.includes('THROTTLED'),
    });
    expect((await strict.request({ path: '/graphql' })).body).toContain('THROTTLED');
    expect(seen).toHaveLength(2);
  });

  it('retries network failures, then throws HttpNetworkError without the headers', async () => {
    const port = await closedPort();
    const { http, waits } = client({
      baseUrl: `http://127.0.0.1:${port}`,
      headers: { Authorization: 'App secret-key' },
    });
    const error = await http.request({ path: '/things?token=abc' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpNetworkError);
    expect(error).toMatchObject({
      kind: 'upstream',
      code: 'http_network',
      timedOut: false,
      message: 'example could not be reached (GET /things)',
      details: { service: 'example', method: 'GET', path: '/things', error: 'ECONNREFUSED' },
    });
    expect(waits).toEqual([100, 200]);
    const cause = (error as Error).cause as Error;
    expect(JSON.stringify({ error, cause, causeKeys: Object.entries(cause) })).not.toContain('secret-key');
  });

  it('an attempt that gets no answer in time is a timeout', async () => {
    script = ['hang', 'hang'];
    const { http, waits } = client({ timeoutMs: 150, retries: 1 });
    const started = Date.now();
    const error = await http.request({ path: '/slow' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ timedOut: true, message: 'example did not answer GET /api/slow within 150 ms' });
    expect([seen.length, waits]).toEqual([2, [100]]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('with followRedirects off a 3xx is returned as it is', async () => {
    script = [{ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } }];
    const response = await client({ followRedirects: false }).http.request({ path: '/hook', method: 'POST', json: {} });
    expect([response.status, response.header('location'), seen.length]).toEqual([
      302,
      'http://127.0.0.1:1/elsewhere',
      1,
    ]);
  });

  it('logs service, method, path, status and duration of each attempt; never bodies, query strings or headers', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().trim().split('\n'));
          done();
        },
      }),
    );
    script = [{ status: 503, body: '{"error":"body-secret"}' }];
    const { http } = client({ logger, headers: { 'X-Auth-Token': 'header-secret' } });
    await http.request({
      method: 'POST',
      path: '/things',
      query: { email: 'query-secret@example.com' },
      json: { card: 'json-secret' },
      operation: 'CreateThing',
    });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((e) => [e.msg, e.status])).toEqual([
      ['http call', 503],
      ['http call retried', 503],
      ['http call', 200],
    ]);
    expect(entries[0]).toMatchObject({
      service: 'example',
      method: 'POST',
      path: '/api/things',
      operation: 'CreateThing',
    });
    expect(entries[0]!.duration_ms).toEqual(expect.any(Number));
    expect(entries[1]).toMatchObject({ retry: 1, wait_ms: 100 });
    for (const secret of ['header-secret', 'query-secret', 'json-secret', 'body-secret'])
      expect(lines.join('\n')).not.toContain(secret);
  });
});

describe('retryAtFixedDelay (the spec rules that retry n times, 1 s apart)', () => {
  it('retries what shouldRetry accepts, delayMs apart, and throws the last failure as it was', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    let calls = 0;
    const result = await retryAtFixedDelay(
      async (attempt) => {
        calls += 1;
        if (attempt < 3) throw new TypeError(`try ${attempt}`);
        return 'done';
      },
      { retries: 5, delayMs: 1_000, sleep },
    );
    expect([result, calls, waits]).toEqual(['done', 3, [1_000, 1_000]]);

    waits.length = 0;
    const failure = { reason: 'not an Error' };
    await expect(
      retryAtFixedDelay(
        async () => {
          throw failure;
        },
        { retries: 2, delayMs: 1_000, sleep },
      ),
    ).rejects.toBe(failure);
    expect(waits).toEqual([1_000, 1_000]);

    waits.length = 0;
    await expect(
      retryAtFixedDelay(
        async () => {
          throw new Error('fatal');
        },
        { retries: 5, delayMs: 1_000, shouldRetry: (e) => (e as Error).message !== 'fatal', sleep },
      ),
    ).rejects.toThrow('fatal');
    expect(waits).toEqual([]);
  });
});
