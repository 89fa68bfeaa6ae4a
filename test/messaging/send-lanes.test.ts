/**
 * Sending at carrier speed: running `reclaim worker` processes send due texts through their
 * sender lanes (woken by the database's NOTIFY, no send job queued and the send_due schedule off),
 * round-robin across brands, each number at its pace (from its brand's setting), through the
 * fake Infobip, which records when each text arrived.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usPhone } from '../factories/index.ts';
import { startFakeInfobip, type AcceptedSms, type FakeInfobip } from '../fakes/infobip.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { daytimeZone, sleep, spawnWorker, until } from '../helpers/worker-process.ts';
import { infobipSeeds } from './infobip-setup.ts';

const t = useTestDatabase();
const { infobipBrand, seedMessage } = infobipSeeds(t);

type Spawned = ReturnType<typeof spawnWorker>;

const HOUR = 3_600_000;

/** Texts of a brand, each to its own shopper in a daytime zone, due in an hour (made due by the test). */
async function texts(brandId: number, count: number, scheduledFor = new Date(Date.now() + HOUR)): Promise<number[]> {
  const timezone = daytimeZone();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push(
      (await seedMessage(brandId, { phone: usPhone('415'), scheduledFor, channel: { extra_data: { timezone } } }))
        .messageId,
    );
  return ids;
}

const makeDue = async (ids: number[]): Promise<void> =>
  void (await t
    .db('conversation_messages')
    .whereIn('id', ids)
    .update({ scheduled_for: new Date(Date.now() - 1_000) }));

/** The message id of an accepted text (the callback data the send job sets). */
const idOf = (sms: AcceptedSms): number =>
  Number(String((sms.webhooks as { callbackData?: string } | undefined)?.callbackData ?? '').replace('reclaim:', ''));

/** The most arrivals of one number inside any window of `windowMs` that starts at an arrival. */
function mostInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    let n = 0;
    while (i + n < sorted.length && sorted[i + n]! < sorted[i]! + windowMs) n += 1;
    most = Math.max(most, n);
  }
  return most;
}

/** The shortest time any `n` + 1 consecutive arrivals took (n gaps). */
function shortestSpan(times: number[], n: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i + n < sorted.length; i += 1) shortest = Math.min(shortest, sorted[i + n]! - sorted[i]!);
  return shortest;
}

const workerEnv = (infobip: FakeInfobip): Record<string, string> => ({
  SMS_PROVIDER: 'infobip',
  INFOBIP_BASE_URL: infobip.url,
  INFOBIP_API_KEY: infobip.apiKey,
  SCHEDULE_START_DUE_RUNS: 'off',
  SCHEDULE_ANALYTICS_REFRESH: 'off',
  SCHEDULE_TENDLC_POLL: 'off',
  SCHEDULE_RELEASE_STALE_WORKERS: 'off',
  SEND_LANES: '2',
  // Only the NOTIFY (and the next due text) wake a lane in these tests, never the poll.
  SEND_POLL_SECONDS: '600',
  LOG_LEVEL: 'warn',
});

describe('sender lanes in running workers', () => {
  let infobip: FakeInfobip;
  const processes: Spawned[] = [];

  beforeAll(async () => {
    infobip = await startFakeInfobip();
  });
  afterEach(async () => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(processes.map((child) => child.catch(() => undefined)));
    processes.length = 0;
  });
  afterAll(async () => {
    await infobip?.close();
  });

  /** The workers' lanes listening for due texts (their LISTEN connection, named for them). */
  const listening = async (): Promise<number> =>
    Number(
      (
        await t.db.raw(
          `select count(*) as n from pg_stat_activity
            where datname = current_database() and application_name like 'reclaim-send-lanes-%'`,
        )
      ).rows[0].n,
    );

  /** Resolves once the worker's lanes listen; the process is wrapped (it is a promise of its exit). */
  const startWorker = async (env: Record<string, string> = {}, args: string[] = []): Promise<{ child: Spawned }> => {
    const before = await listening();
    const child = spawnWorker(t.url, { ...workerEnv(infobip), ...env }, args);
    processes.push(child);
    const started = await until(
      'the lanes listening',
      async () => (await listening()) > before || child.exitCode !== null,
      30_000,
    ).catch(() => false);
    if (!started || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the worker did not start: ${String((await child).all)}`);
    }
    // The lanes' first look (nothing due) is done well within this.
    await sleep(300);
    return { child };
  };

  it('several brands at small per-number rates: every text once, no number above its rate in any second, the small brand before the big campaign ends', async () => {
    const senders = { big: '+14155550301', mid: '+14155550302', small: '+14155550303' };
    const big = await infobipBrand({ infobip_phone_number: senders.big, messages_per_second: 4 });
    const mid = await infobipBrand({ infobip_phone_number: senders.mid, messages_per_second: 2 });
    const small = await infobipBrand({ infobip_phone_number: senders.small, messages_per_second: 2 });
    const rates: Record<string, number> = {
      [senders.big.slice(1)]: 4,
      [senders.mid.slice(1)]: 2,
      [senders.small.slice(1)]: 2,
    };
    const bigTexts = await texts(big, 40);
    const midTexts = await texts(mid, 10);
    const smallTexts = await texts(small, 3);
    const all = [...bigTexts, ...midTexts, ...smallTexts];
    await startWorker();

    await makeDue([...bigTexts, ...midTexts]);
    await until('the big campaign sending', async () =>
      infobip.accepted.some((a) => a.sender === senders.big.slice(1)),
    );
    const smallDueAt = Date.now();
    await makeDue(smallTexts);
    await until('every text sent', async () => infobip.accepted.length >= all.length, 60_000);
    await sleep(500);

    // Every text at the provider once, from its brand's number, and recorded sent.
    expect(infobip.accepted.map(idOf).sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
    const rows = await t.db('conversation_messages').whereIn('id', all).select('status', 'provider');
    expect(rows.every((r) => r.status === 'sent' && r.provider === 'infobip')).toBe(true);

    // No number above its rate in any one-second window of arrival times. The fake stamps them in
    // this test process, which a loaded 2-core machine delays by up to a few hundred milliseconds,
    // so a stamp may land next to the following ones: a one-second window may show up to two more
    // than the rate, and any four seconds' worth of gaps must take at least 3 s. A number sending
    // at twice its rate fails both (twice the texts in a second, four seconds' worth in two). The
    // recorded sent times are held to the rate exactly (the two-worker test below).
    for (const [sender, rate] of Object.entries(rates)) {
      const times = infobip.accepted.filter((a) => a.sender === sender).map((a) => a.at);
      const t0 = Math.min(...times);
      const shown = `${sender}: ${times
        .map((x) => x - t0)
        .sort((a, b) => a - b)
        .join(' ')}`;
      expect(mostInWindow(times, 1000), shown).toBeLessThanOrEqual(rate + 2);
      if (times.length > 4 * rate) expect(shortestSpan(times, 4 * rate), shown).toBeGreaterThanOrEqual(3_000);
    }
    const bigTimes = infobip.accepted.filter((a) => a.sender === senders.big.slice(1)).map((a) => a.at);
    const bigSpan = Math.max(...bigTimes) - Math.min(...bigTimes);
    expect(bigSpan).toBeGreaterThanOrEqual(((40 - 1) / 4) * 1000 * 0.9);

    // The small brand's 3 texts, made due while the campaign was sending, went out before it ended.
    const smallTimes = infobip.accepted.filter((a) => a.sender === senders.small.slice(1)).map((a) => a.at);
    expect(Math.max(...smallTimes)).toBeLessThan(Math.max(...bigTimes));
    expect(Math.max(...smallTimes) - smallDueAt).toBeLessThan(5_000);
  }, 120_000);

  it('two workers, small per-number rates: every text once, and no number above its rate in any second of its recorded sent times', async () => {
    const rates = [0.5, 1, 1, 2, 3, 4];
    const numbers = rates.map((rate, i) => ({ rate, sender: `+1415555034${i}` }));
    const ids = new Map<string, number[]>();
    for (const { rate, sender } of numbers)
      ids.set(
        sender,
        await texts(
          await infobipBrand({ infobip_phone_number: sender, messages_per_second: rate }),
          Math.ceil(rate * 6),
        ),
      );
    const all = [...ids.values()].flat();
    const workers = [await startWorker({ LOG_LEVEL: 'info' }), await startWorker({ LOG_LEVEL: 'info' })];
    await makeDue(all);
    await until(
      'every text sent',
      async () => infobip.accepted.filter((a) => all.includes(idOf(a))).length >= all.length,
      60_000,
    );
    await until(
      'every text recorded sent',
      async () =>
        Number(
          (await t.db('conversation_messages').whereIn('id', all).where({ status: 'sent' }).count({ n: '*' }))[0]!.n,
        ) === all.length,
    );
    await sleep(500);
    expect(
      infobip.accepted
        .filter((a) => all.includes(idOf(a)))
        .map(idOf)
        .sort((a, b) => a - b),
    ).toEqual([...all].sort((a, b) => a - b));

    // The recorded sent time is the hand-over to the provider: no window of one second holds more
    // of a number's texts than its rate (one in two seconds at 0.5), whichever worker or lane sent them.
    for (const { rate, sender } of numbers) {
      const rows = await t.db('conversation_messages').whereIn('id', ids.get(sender)!).select('sent_at');
      const times = rows.map((r) => new Date(r.sent_at).getTime());
      const t0 = Math.min(...times);
      const shown = `${sender} at ${rate}/s: ${times
        .map((x) => x - t0)
        .sort((a, b) => a - b)
        .join(' ')}`;
      expect(mostInWindow(times, 1000), shown).toBeLessThanOrEqual(Math.max(1, Math.floor(rate)));
      expect(shortestSpan(times, 1), shown).toBeGreaterThanOrEqual(Math.ceil(1000 / rate));
    }

    // Both workers sent (their lanes' own counts, from their logs).
    const sentBy: number[] = [];
    for (const { child } of workers) {
      child.kill('SIGTERM');
      const done = await child;
      sentBy.push(
        String(done.all)
          .split('\n')
          .filter((l) => l.includes('send-due finished'))
          .reduce((n, l) => n + Number((JSON.parse(l) as { sent?: number }).sent ?? 0), 0),
      );
    }
    expect(sentBy.reduce((a, b) => a + b, 0)).toBe(all.length);
    expect(
      sentBy.every((n) => n > 0),
      `sent by each worker: ${sentBy.join(', ')}`,
    ).toBe(true);
  }, 120_000);

  it('a text made due while the worker idles is sent within 2 s, and one due in a moment when it falls due', async () => {
    const brand = await infobipBrand({ infobip_phone_number: '+14155550311', messages_per_second: 10 });
    const [now] = await texts(brand, 1);
    const [soon] = await texts(brand, 1);
    await startWorker();
    await sleep(1_000); // idle: nothing due, no send job, the send_due schedule off

    const dueAt = Date.now();
    await makeDue([now!]);
    const first = await until('the text sent', async () => infobip.accepted.find((a) => idOf(a) === now));
    expect(first.at - dueAt).toBeLessThan(2_000);
    await until(
      'recorded sent',
      async () => (await t.db('conversation_messages').where({ id: now }).first()).status === 'sent',
    );

    // Due in 1.5 s: no NOTIFY when it falls due, the lane wakes for it.
    const soonAt = Date.now() + 1_500;
    await t
      .db('conversation_messages')
      .where({ id: soon })
      .update({ scheduled_for: new Date(soonAt) });
    const second = await until('the later text sent', async () => infobip.accepted.find((a) => idOf(a) === soon));
    expect(second.at).toBeGreaterThanOrEqual(soonAt - 50);
    expect(second.at - soonAt).toBeLessThan(2_000);
  }, 60_000);

  it("a number's daily cap: the rest waits for the next day with the reason the brand sees", async () => {
    const brand = await infobipBrand({
      infobip_phone_number: '+14155550321',
      messages_per_second: 50,
      messages_per_day: 3,
    });
    const ids = await texts(brand, 5);
    await startWorker();
    await makeDue(ids);
    await until('three sent', async () => infobip.accepted.filter((a) => a.sender === '14155550321').length === 3);
    await sleep(1_000);
    expect(infobip.accepted.filter((a) => a.sender === '14155550321')).toHaveLength(3);
    const held = await t
      .db('conversation_messages')
      .whereIn('id', ids)
      .whereIn('status', ['queued', 'auto_queued'])
      .select('scheduled_for', 'status_reason');
    expect(held).toHaveLength(2);
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    for (const row of held) {
      expect(new Date(row.scheduled_for).toISOString()).toBe(tomorrow.toISOString());
      expect(row.status_reason).toMatch(
        /^daily_cap: \+14155550321 sent its 3 texts of \d{4}-\d{2}-\d{2} \(UTC\); held until /,
      );
    }
  }, 60_000);

  it('the pool follows --concurrency', async () => {
    const { child } = await startWorker({ LOG_LEVEL: 'info', SEND_LANES: '3' }, ['--concurrency', '12']);
    child.kill('SIGTERM');
    const done = await child;
    expect(done.exitCode, String(done.all)).toBe(0);
    const running = String(done.all)
      .split('\n')
      .find((l) => l.includes('worker running'));
    expect(running, String(done.all)).toBeDefined();
    // 12 jobs at once and 3 lanes get a connection each, and two more; the queue's pool 12 + 2.
    expect(JSON.parse(running!)).toMatchObject({ concurrency: 12, send_lanes: 3, db_pool: 17, queue_pool: 14 });
  }, 60_000);
});
