/**
 * Scale-out on one PostgreSQL database: two `serve-webhooks` and two `worker` processes, real
 * signed Shopify deliveries to both servers over HTTP, due texts sent through a fake Infobip by the
 * workers' sender lanes (no send job, the send_due schedule off), and one worker killed with
 * SIGKILL while it holds batches in flight: a send claim with its texts locked and webhook
 * batches. Every acknowledged webhook is processed once and every text reaches the provider once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createIntegration, usPhone } from '../factories/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { checkoutPayload, shopifyDeliveryRequest, TEST_SHOPIFY_SECRET } from '../helpers/shopify-webhook.ts';
import {
  daytimeZone,
  freePort,
  holdTableLock,
  spawnServer,
  spawnWorker,
  until,
  untilReady,
} from '../helpers/worker-process.ts';
import { infobipSeeds } from '../messaging/infobip-setup.ts';

const t = useTestDatabase();
const { infobipBrand, seedMessage } = infobipSeeds(t);

/** A worker silent this long is taken for dead (heartbeats every 0.8 s; a loaded machine needs the margin). */
const STALE_AFTER_SECONDS = 5;
/** Webhooks per burst, bursts per server and wave. */
const BURST = 10;
const BURSTS = 2;
/** Jobs a worker runs at once: few, so the test can fill every slot with stuck work. */
const CONCURRENCY = 2;
/** Texts made due before the kill, and with it (the lanes take them as they become due). */
const EARLY_TEXTS = 30;
const LATE_TEXTS = 60;

type Spawned = ReturnType<typeof spawnWorker>;

let customers = 0;

interface Delivered {
  eventId: string;
  token: string;
  phone: string;
}

/** Posts `bursts` bursts of `burst` signed checkouts/create deliveries to a server; returns those answered 200. */
async function deliver(base: string, domain: string, bursts: number, burst: number): Promise<Delivered[]> {
  const acknowledged: Delivered[] = [];
  for (let b = 0; b < bursts; b += 1) {
    const answers = await Promise.all(
      Array.from({ length: burst }, async () => {
        const phone = usPhone('646');
        const token = `tok${Math.random().toString(16).slice(2, 14)}`;
        customers += 1;
        const payload = checkoutPayload(domain, {
          token,
          customerId: 9_100_000 + customers,
          phone,
          checkoutPhone: phone,
          smsState: 'subscribed',
        });
        const { body, headers, eventId } = shopifyDeliveryRequest({ topic: 'checkouts/create', shop: domain, payload });
        const response = await fetch(`${base}/webhooks/shopify`, { method: 'POST', headers, body });
        return { status: response.status, delivered: { eventId: eventId!, token, phone } };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      acknowledged.push(answer.delivered);
    }
  }
  return acknowledged;
}

/** Texts through two brands' Infobip numbers, each to its own shopper in a daytime zone. */
async function texts(brands: number[], count: number, scheduledFor: Date): Promise<number[]> {
  const timezone = daytimeZone();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { messageId } = await seedMessage(brands[i % brands.length]!, {
      phone: usPhone('415'),
      scheduledFor,
      channel: { extra_data: { timezone } },
    });
    ids.push(messageId);
  }
  return ids;
}

/**
 * Send claims waiting for the `sms_send_slots` lock, their texts already locked: the process id of
 * the worker of each (its pool's application_name is reclaim-worker-<pid>).
 */
const claimsWaiting = async (): Promise<number[]> =>
  (
    await t.db.raw(
      `select application_name from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into sms_send_slots%'
        order by backend_start`,
    )
  ).rows.map((row: { application_name: string }) => Number(row.application_name.replace('reclaim-worker-', '')));

const lockedJobs = async (): Promise<{ task: string; locked_by: string }[]> =>
  (
    await t.db.raw(
      `select task_identifier as task, locked_by from graphile_worker.jobs where locked_by is not null order by id`,
    )
  ).rows;

describe('two serve-webhooks and two workers on one database', () => {
  let infobip: FakeInfobip;
  const processes: Spawned[] = [];

  beforeAll(async () => {
    infobip = await startFakeInfobip();
  });
  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(processes.map((child) => child.catch(() => undefined)));
    await infobip?.close();
  });

  it('a worker killed with SIGKILL mid-batch: every acknowledged webhook is processed once, every text sent once', async () => {
    const domain = 'scale-out-outfitters.myshopify.com';
    const store = await createBrand(t.db);
    const { id: integrationId } = await createIntegration(t.db, store.id, {
      lookup_id: domain,
      settings: { installed_at: '2026-11-01T00:00:00Z' },
    });
    const senders = ['+14155550101', '+14155550102'];
    const brands = [
      await infobipBrand({ infobip_phone_number: senders[0], messages_per_second: 100 }),
      await infobipBrand({ infobip_phone_number: senders[1], messages_per_second: 100 }),
    ];

    const serverEnv = { SHOPIFY_API_SECRET: TEST_SHOPIFY_SECRET, LOG_LEVEL: 'warn' };
    const ports = [await freePort(), await freePort()];
    const servers = ports.map((port) => spawnServer(t.url, port, serverEnv));
    const workerEnv = {
      SMS_PROVIDER: 'infobip',
      INFOBIP_BASE_URL: infobip.url,
      INFOBIP_API_KEY: infobip.apiKey,
      WORKER_CONCURRENCY: String(CONCURRENCY),
      // Only this test's jobs (and the release of silent workers) run.
      SCHEDULE_START_DUE_RUNS: 'off',
      SCHEDULE_ANALYTICS_REFRESH: 'off',
      SCHEDULE_TENDLC_POLL: 'off',
      WORKER_STALE_AFTER_SECONDS: String(STALE_AFTER_SECONDS),
      LOG_LEVEL: 'warn',
    };
    const workers = [spawnWorker(t.url, workerEnv), spawnWorker(t.url, workerEnv)];
    processes.push(...servers, ...workers);
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all(bases.map((base) => untilReady(base)));
    await until('both workers running', async () => (await t.db('job_workers').whereNull('stopped_at')).length === 2);

    // 1. Both servers take deliveries and both workers run: everything goes through.
    const early = (await Promise.all(bases.map((base) => deliver(base, domain, BURSTS, BURST)))).flat();
    const earlyTexts = await texts(brands, EARLY_TEXTS, new Date(Date.now() - 60_000));
    // Seeded now (the test cannot write contacts while it holds their lock below), due later.
    const lateTexts = await texts(brands, LATE_TEXTS, new Date(Date.now() + 3_600_000));
    const statusOf = async (eventIds: string[]) =>
      (await t.db('webhook_events').whereIn('event_id', eventIds).select('status')).map((row) => row.status);
    await until('the early webhooks processed', async () =>
      (await statusOf(early.map((d) => d.eventId))).every((s) => s === 'processed'),
    );
    await until('the early texts sent', async () => infobip.accepted.length === EARLY_TEXTS);

    // 2. One worker stuck mid-batch on both kinds of work: a send claim of its lanes (texts locked)
    // waits on `sms_send_slots`, its webhook batches (events processing) on `contacts`. The other
    // worker's slots fill with webhook batches stuck the same way. The servers still acknowledge.
    const contactsLock = await holdTableLock(t.url, 'contacts');
    const slotsLock = await holdTableLock(t.url, 'sms_send_slots');
    let victim: Spawned | undefined;
    let victimId = '';
    let victimJobs: string[] = [];
    let victimPid = 0;
    const late: Delivered[] = [];
    try {
      await t
        .db('conversation_messages')
        .whereIn('id', lateTexts)
        .update({ scheduled_for: new Date(Date.now() - 60_000) });
      // The update notifies the lanes of both workers; a claim takes the texts and waits.
      victimPid = await until('a send claim in flight', async () => (await claimsWaiting())[0]);
      const victimRow = await until('the worker of the claim', async () =>
        t
          .db('job_workers')
          .where({ pid: victimPid })
          .whereNull('stopped_at')
          .first<{ worker_id: string } | undefined>('worker_id'),
      );
      victimId = victimRow.worker_id;
      late.push(...(await Promise.all(bases.map((base) => deliver(base, domain, BURSTS, BURST)))).flat());
      await until('every worker slot holding stuck work', async () => {
        const jobs = await lockedJobs();
        const batches = jobs.filter((job) => job.task === 'webhook:process-batch');
        const processing = (await statusOf(late.map((d) => d.eventId))).filter((s) => s === 'processing').length;
        return jobs.length === 2 * CONCURRENCY && processing === batches.length;
      });
      victimJobs = (await lockedJobs()).filter((job) => job.locked_by === victimId).map((job) => job.task);
      expect(victimJobs.sort()).toEqual(Array(CONCURRENCY).fill('webhook:process-batch'));
      // Mid-batch: its claim still waits with the texts it took, none of the late texts is out yet.
      expect(await claimsWaiting()).toContain(victimPid);
      expect((await t.db('conversation_messages').whereIn('id', lateTexts).where({ status: 'sent' })).length).toBe(0);
      // Both workers alive and beating until now: neither was taken for dead while stuck.
      const alive = await t
        .db('job_workers')
        .whereNull('stopped_at')
        .whereNull('released_at')
        .select('worker_id', 'pid');
      expect(alive.map((row) => row.worker_id)).toContain(victimId);
      expect(alive).toHaveLength(2);
      victim = workers.find((worker) => worker.pid === alive.find((row) => row.worker_id === victimId)!.pid);
      expect(victim).toBeDefined();
      expect(victim!.pid).toBe(victimPid);
      victim!.kill('SIGKILL');
      await victim;
    } finally {
      await slotsLock.release();
      await contactsLock.release();
    }
    const survivor = workers.find((worker) => worker !== victim)!;

    // 3. The survivor finishes its own work, releases the dead worker's jobs and runs them.
    const allTexts = [...earlyTexts, ...lateTexts];
    await until(
      'every late webhook processed and every text sent',
      async () =>
        (await statusOf(late.map((d) => d.eventId))).every((s) => s === 'processed') &&
        (await t.db('conversation_messages').whereIn('id', allTexts).where({ status: 'sent' })).length ===
          allTexts.length,
      45_000,
    );
    // Nothing is left locked by the dead worker (the survivor may be running a job of its own now).
    await expect
      .poll(async () => (await lockedJobs()).filter((job) => job.locked_by === victimId), { timeout: 30_000 })
      .toEqual([]);

    // Every acknowledged webhook: one event row, processed, and one checkout, cart and SMS channel.
    const acknowledged = [...early, ...late];
    expect(acknowledged).toHaveLength(2 * 2 * BURSTS * BURST);
    const events = await t.db('webhook_events').where({ source: 'shopify' }).select('event_id', 'status', 'attempts');
    expect(events.map((e) => e.event_id).sort()).toEqual(acknowledged.map((d) => d.eventId).sort());
    expect(events.every((e) => e.status === 'processed')).toBe(true);
    const checkouts = await t.db('checkouts').where({ brand_integration_id: integrationId }).select('external_id');
    expect(checkouts.map((c) => c.external_id).sort()).toEqual(acknowledged.map((d) => d.token).sort());
    const carts = await t.db('carts').where({ brand_integration_id: integrationId }).select('external_id');
    expect(carts.map((c) => c.external_id).sort()).toEqual(acknowledged.map((d) => `cart-${d.token}`).sort());
    const channels = await t
      .db('contact_channels')
      .whereIn(
        'username',
        acknowledged.map((d) => d.phone),
      )
      .select('username', 'status');
    expect(channels.map((c) => c.username).sort()).toEqual(acknowledged.map((d) => d.phone).sort());
    expect(channels.every((c) => c.status === 'subscribed')).toBe(true);

    // Every text: at the provider once, from its brand's number, recorded sent with the provider's id.
    const accepted = infobip.accepted;
    const sentIds = infobip.requests
      .filter((request) => request.path === '/sms/3/messages')
      .map((request) => {
        const message = (request.body as { messages: { webhooks: { callbackData: string } }[] }).messages[0]!;
        return Number(message.webhooks.callbackData.replace('reclaim:', ''));
      });
    expect(sentIds.sort((a, b) => a - b)).toEqual([...allTexts].sort((a, b) => a - b));
    expect(accepted).toHaveLength(allTexts.length);
    const rows = await t
      .db('conversation_messages')
      .whereIn('id', allTexts)
      .select('id', 'brand_id', 'status', 'provider', 'provider_message_id');
    expect(rows.every((row) => row.status === 'sent' && row.provider === 'infobip')).toBe(true);
    expect(rows.map((row) => row.provider_message_id).sort()).toEqual(accepted.map((a) => a.messageId).sort());
    for (const sms of accepted) expect(senders.map((s) => s.slice(1))).toContain(sms.sender);

    // The survivor took the dead worker for dead and released exactly the jobs it held.
    survivor.kill('SIGTERM');
    for (const server of servers) server.kill('SIGTERM');
    const [survived, ...served] = await Promise.all([survivor, ...servers]);
    expect(survived!.exitCode, String(survived!.all)).toBe(0);
    for (const server of served) expect(server.exitCode, String(server.all)).toBe(0);
    const released = String(survived!.all)
      .split('\n')
      .filter((line) => line.includes('taken for dead'))
      .map((line) => JSON.parse(line) as { released_worker_id: string; jobs: { task: string }[] });
    expect(released).toHaveLength(1);
    expect(released[0]!.released_worker_id).toBe(victimId);
    expect(released[0]!.jobs.map((job) => job.task).sort()).toEqual(victimJobs);
  }, 120_000);
});
