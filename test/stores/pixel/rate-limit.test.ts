/** A flood of pixel events is refused with 429 per client address and per ingest key. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
