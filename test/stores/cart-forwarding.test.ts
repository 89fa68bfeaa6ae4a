/**
 * Cart event forwarding: a processed cart event of a brand with a hook endpoint is queued as its
 * own job, POSTed signed (HMAC-SHA256 over `<timestamp>.<raw body>`) to a local receiver that
 * verifies it, and a failing receiver is tried 5 times, 1 s apart, then given up and recorded.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../src/cli/index.ts';
import { decryptSecret } from '../../src/app/index.ts';
import { runDueJobs, type TaskTable } from '../../src/jobs/index.ts';
import { forwardCartEvent, getCartHook, removeCartHook, setCartHook, verifyDelivery } from '../../src/stores/index.ts';
import { runCli } from '../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, testEnv, useTestDatabase } from '../helpers/db.ts';
import { checkout, ctx, useShopifyWebhookApp } from '../helpers/shopify-webhook-app.ts';

const t = useTestDatabase();
// The receiver listens on 127.0.0.1: this file's context lets the hook reach a private address.
const { shop, deliver } = useShopifyWebhookApp(t, { ALLOW_PRIVATE_NETWORK_FETCH: 'true' });

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  verified: boolean;
}

/** A hook endpoint: verifies each POST with `secret()`, answers `status()` (200 unless told). */
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let answer = 200;
let secret = '';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verified = verifyDelivery(secret, {
        body,
        signature: request.headers['x-reclaim-signature'] as string | undefined,
        timestamp: request.headers['x-reclaim-timestamp'] as string | undefined,
      });
      received.push({ headers: request.headers, body, verified });
      response.statusCode = verified ? answer : 401;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/reclaim/carts`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const forwardJobs = (eventId: number) =>
  t.db('graphile_worker.jobs').where({ task_identifier: 'stores:forward-cart-event', key: `cart-forward:${eventId}` });

/** The worker's task table with only the forward task doing its work (the checkout's other jobs wait). */
const forwardOnly = Object.fromEntries(
  Object.keys(TASKS).map((name) => [name, name === 'stores:forward-cart-event' ? TASKS[name] : async () => undefined]),
) as unknown as TaskTable;

describe('cart event forwarding', () => {
  it('a new hook gets a secret shown once and stored sealed; show never returns it', async () => {
    const { brandId } = await shop();
    const set = await setCartHook(ctx, { brandId, url: receiverUrl });
    expect(set.secret).toMatch(/^rcl_whsec_[A-Za-z0-9_-]{43}$/);
    const row = await t.db('cart_event_hooks').where({ brand_id: brandId }).first();
    expect(row.secret_sealed).not.toContain(set.secret);
    expect(decryptSecret(row.secret_sealed, Buffer.from(TEST_ENCRYPTION_KEY, 'base64'))).toBe(set.secret);
    const again = await setCartHook(ctx, { brandId, url: `${receiverUrl}?v=2` });
    expect(again.secret).toBeUndefined();
    expect(JSON.stringify(await getCartHook(ctx, brandId))).not.toContain(set.secret!);
    await expect(setCartHook(ctx, { brandId, url: 'ftp://nope' })).rejects.toMatchObject({ message: 'Invalid url' });
  });

  it('a processed checkout is queued as its own job and delivered signed to a receiver that verifies it', async () => {
    const { domain, brandId, integrationId } = await shop();
    secret = (await setCartHook(ctx, { brandId, url: receiverUrl })).secret!;
    const payload = checkout(domain);
    const event = (await deliver(domain, 'checkouts/update', payload)) as { id: number; status: string };
    expect(event.status).toBe('processed');
    const [job] = await forwardJobs(event.id);
    expect(job.max_attempts).toBe(1);

    received.length = 0;
    await runDueJobs(ctx, forwardOnly);
    expect(await forwardJobs(event.id)).toHaveLength(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toBe(true);
    expect(received[0]!.headers['x-reclaim-event']).toBe('checkouts/update');
    expect(received[0]!.headers['x-reclaim-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      source: 'shopify',
      topic: 'checkouts/update',
      brand_id: brandId,
      brand_integration_id: integrationId,
      delivery_id: Number(event.id),
      data: { token: payload.token as string },
    });
    // A tampered body or an old timestamp does not verify.
    const { body, headers } = received[0]!;
    const signed = {
      signature: headers['x-reclaim-signature'] as string,
      timestamp: headers['x-reclaim-timestamp'] as string,
    };
    expect(verifyDelivery(secret, { ...signed, body: body.replace('checkouts', 'checkoutz') })).toBe(false);
    expect(verifyDelivery(secret, { ...signed, body }, { now: Date.now() + 10 * 60_000 })).toBe(false);
    expect(await getCartHook(ctx, brandId)).toMatchObject({ last_status: 'HTTP 200', delivered_count: 1 });
  });

  it('a failing receiver is tried 5 times 1 s apart, then given up and recorded; a 4xx is not retried', async () => {
    const { domain, brandId } = await shop();
    secret = (await setCartHook(ctx, { brandId, url: receiverUrl })).secret!;
    const event = (await deliver(domain, 'checkouts/create', checkout(domain))) as { id: number };
    const delays: number[] = [];
    const sleep = async (ms: number) => void delays.push(ms);

    answer = 503;
    received.length = 0;
    const failed = await forwardCartEvent(ctx, { brandId, webhookEventId: Number(event.id) }, { sleep });
    expect(failed).toEqual({ outcome: 'failed', attempts: 5, status: 503 });
    expect(received).toHaveLength(5);
    expect(received.every((r) => r.verified)).toBe(true);
    expect(delays).toEqual([1000, 1000, 1000, 1000]);
    expect(await getCartHook(ctx, brandId)).toMatchObject({
      last_status: 'HTTP 503',
      last_error: 'HTTP 503',
      failed_count: 1,
    });

    answer = 410;
    received.length = 0;
    expect(await forwardCartEvent(ctx, { brandId, webhookEventId: Number(event.id) }, { sleep })).toEqual({
      outcome: 'failed',
      attempts: 1,
      status: 410,
    });
    answer = 200;
  });

  it('without ALLOW_PRIVATE_NETWORK_FETCH a hook on a private address is refused at delivery: no POST, no retry, recorded', async () => {
    // Stored while the setting was on (this file's context); delivered by a worker where it is off.
    const { domain, brandId } = await shop();
    secret = (await setCartHook(ctx, { brandId, url: receiverUrl })).secret!;
    const event = (await deliver(domain, 'checkouts/create', checkout(domain))) as { id: number };
    const closed = await t.context();
    received.length = 0;
    const delays: number[] = [];
    const refused = await forwardCartEvent(
      closed,
      { brandId, webhookEventId: Number(event.id) },
      { sleep: async (ms) => void delays.push(ms) },
    );
    expect(refused).toEqual({ outcome: 'failed', attempts: 1, status: null });
    expect(received).toHaveLength(0);
    expect(delays).toEqual([]);
    const port = new URL(receiverUrl).port;
    expect(await getCartHook(ctx, brandId)).toMatchObject({
      last_status: 'refused',
      last_error: `Refused to fetch http://127.0.0.1:${port}/reclaim/carts: the address 127.0.0.1 is loopback (private network addresses are not fetched; see ALLOW_PRIVATE_NETWORK_FETCH)`,
      failed_count: 1,
    });
  });

  it('no job for a brand without a hook or for a topic that is not a cart event; a removed hook skips', async () => {
    const { domain, brandId } = await shop();
    const event = (await deliver(domain, 'checkouts/create', checkout(domain))) as { id: number };
    expect(await forwardJobs(event.id)).toHaveLength(0);
    await setCartHook(ctx, { brandId, url: receiverUrl });
    await removeCartHook(ctx, brandId);
    expect(await forwardCartEvent(ctx, { brandId, webhookEventId: Number(event.id) })).toMatchObject({
      outcome: 'skipped',
    });
    await expect(getCartHook(ctx, brandId)).rejects.toMatchObject({
      message: `Brand ${brandId} has no cart event hook.`,
    });
  });

  it('reclaim stores cart-hook set prints the secret once; --json and show never carry it', async () => {
    const { brandId } = await shop();
    const env = { ...testEnv(t.url), ALLOW_PRIVATE_NETWORK_FETCH: 'true' };
    const set = await runCli(
      ['stores', 'cart-hook', 'set', '--brand', String(brandId), '--url', receiverUrl, '--json'],
      env,
    );
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({
      hook: { brand_id: brandId, url: receiverUrl },
      secret_generated: true,
    });
    const shown = set.stderr.match(/rcl_whsec_[A-Za-z0-9_-]+/)?.[0];
    expect(shown).toBeDefined();
    expect(set.stdout).not.toContain(shown);
    const show = await runCli(['stores', 'cart-hook', 'show', '--brand', String(brandId)], env);
    expect(show.stdout).toContain(`cart events POST to ${receiverUrl} (enabled)`);
    expect(show.stdout + show.stderr).not.toContain(shown);
  });
});
