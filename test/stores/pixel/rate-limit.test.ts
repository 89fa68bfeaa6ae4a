/** A flood of pixel events is refused with 429 per client address and per ingest key. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildHttpServer } from '../../../src/http/index.ts';
import { ensureIngestKey, pixelIngestRoutes } from '../../../src/stores/index.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { checkout, checkoutStarted } from '../../helpers/pixel-events.ts';

const t = useTestDatabase();
let app: FastifyInstance;
beforeAll(async () => {
  const ctx = await t.context({ PIXEL_RATE_PER_IP: '5', PIXEL_RATE_PER_KEY: '8' });
  app = await buildHttpServer(ctx, { routes: [pixelIngestRoutes], panel: false });
});
afterAll(() => app.close());

const key = async () => ensureIngestKey(t.db, (await createIntegration(t.db, (await createBrand(t.db)).id)).id);
const post = (k: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: `/ingest/pixel/${k}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(checkoutStarted(checkout())),
    remoteAddress: ip,
  });

/**
 * The posts that follow start a fresh one-minute window: the clock (Date only, running on at its
 * pace) is moved to 100 ms after the next minute turns, where the test once slept until it turned
 * (up to 30 s). Call vi.useRealTimers() after the posts.
 */
function fromTheNextMinute(): void {
  const next = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 100;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(next);
}

// Windows are whole minutes: 11 posts against a limit of 5 overflow a window even when a minute
// turns over among them (one side of the turn holds at least 6).
it('refuses a flood from one address with 429 and Retry-After, and stores only what it accepted', async () => {
  const k = await key();
  const responses = [];
  for (let i = 0; i < 11; i += 1) responses.push(await post(k, '203.0.113.9'));
  const limited = responses.filter((r) => r.statusCode === 429);
  expect(limited.length).toBeGreaterThanOrEqual(1);
  expect(responses.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(10);
  expect(limited[0]!.json().error.code).toBe('rate_limited');
  expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(limited[0]!.headers['retry-after'])).toBeLessThanOrEqual(60);
  const stored = await t.db('webhook_events').where({ source: 'pixel' }).count<{ count: string }[]>('id as count');
  expect(Number(stored[0]!.count)).toBe(responses.filter((r) => r.statusCode === 200).length);
});

it('refuses a key flooding from many addresses', async () => {
  const k = await key();
  const statuses: number[] = [];
  for (let i = 0; i < 17; i += 1) statuses.push((await post(k, `192.0.2.${i + 1}`)).statusCode);
  expect(statuses).toContain(429);
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(16);
});

it('counts requests with a bad key against the address', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1) statuses.push((await post('rk_000000000000000000000000', '198.18.0.1')).statusCode);
  expect(statuses).toContain(404);
  expect(statuses).toContain(429);
});

// Issue 28 item 4: a flood from one address cannot stop a store's capture.
describe('a flood from one address', () => {
  it('refuses only that address: the refused posts do not spend the key, so another address keeps getting 200', async () => {
    // The default limits (120 a minute per address, 1,200 per key), behind a proxy on loopback
    // whose X-Forwarded-For the server believes: the addresses are the ones the proxy reports.
    const ctx = await t.context({ TRUST_PROXY: 'loopback' });
    const server = await buildHttpServer(ctx, { routes: [pixelIngestRoutes], panel: false });
    try {
      // Keep the 1,300 posts inside one minute's window (a turn of the minute would reset both budgets).
      fromTheNextMinute();
      const k = await key();
      const from = (ip: string) =>
        server.inject({
          method: 'POST',
          url: `/ingest/pixel/${k}`,
          headers: { 'content-type': 'text/plain', 'x-forwarded-for': ip },
          payload: JSON.stringify(checkoutStarted(checkout())),
        });
      const flood: number[] = [];
      const other: number[] = [];
      let refused: Awaited<ReturnType<typeof from>> | undefined;
      for (let i = 0; i < 1300; i += 1) {
        const response = await from('203.0.113.50');
        flood.push(response.statusCode);
        if (response.statusCode === 429) refused ??= response;
        if (i % 50 === 49) other.push((await from('198.51.100.7')).statusCode);
      }
      expect(flood.filter((s) => s === 200).length).toBe(120);
      expect(flood.filter((s) => s === 429).length).toBe(1180);
      expect(refused!.json().error).toEqual({
        kind: 'invalid_input',
        code: 'rate_limited',
        message: 'Too many events, please slow down.',
      });
      expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(60);
      // The second address posted 26 times among them, every one accepted, and after them too.
      expect(other).toEqual(new Array(26).fill(200));
      expect((await from('198.51.100.8')).statusCode).toBe(200);
      const stored = await t.db('webhook_events').where({ source: 'pixel' }).count<{ count: string }[]>('id as count');
      expect(Number(stored[0]!.count)).toBeGreaterThanOrEqual(120 + 26 + 1);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  }, 120_000);

  it('spends the key only on accepted posts, and still refuses the key beyond its own limit', async () => {
    const k = await key();
    const statuses = async (ip: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i += 1) out.push((await post(k, ip)).statusCode);
      return out;
    };
    // Per address 5, per key 8 (this file's context): 20 from one address, 5 accepted.
    fromTheNextMinute();
    try {
      const flood = await statuses('203.0.113.60', 20);
      expect(flood.filter((s) => s === 200).length).toBe(5);
      // The key has spent 5 of its 8: three more from other addresses pass, the next is refused.
      expect([...(await statuses('192.0.2.201', 2)), ...(await statuses('192.0.2.202', 1))]).toEqual([200, 200, 200]);
      const beyond = await post(k, '192.0.2.203');
      expect(beyond.statusCode).toBe(429);
      expect(Number(beyond.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
