/**
 * npm run bench:send-system
 *
 * Sending end to end through running `reclaim worker` processes (their sender lanes; no send job
 * queued, every schedule off), on a fresh database per round:
 * 1. Throughput: BENCH_TEXTS (200,000) texts of 100 brands (each its own number, through the
 *    outbox provider: nothing binds but the machine) seeded not yet due; the workers started and
 *    idle; then one statement makes every text due (the database notifies the lanes). Timed from
 *    that statement to the last text recorded sent; the time to the first text; every text sent
 *    once (status sent with its outbox id, nothing left). With 1 and with 2 workers
 *    (BENCH_WORKERS, default "1,2").
 * 2. Pacing: 100 numbers through the tests' fake Infobip (the SMS API's wire format, in this
 *    process) at real-looking rates (30 numbers at 0.5 texts a second, 40 at 1, 25 at 2, 5 at 4),
 *    each with BENCH_PACE_SECONDS (20) seconds' worth of texts, one worker: every text at the
 *    provider once, and each number's texts against its rate in every one-second window, of their
 *    recorded sent times (the hand-over, bounded by construction) and of their arrival at the fake
 *    (stamped in this process, so a loaded machine moves them).
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_TEXTS (200000), BENCH_WORKERS (1,2), BENCH_PACE_SECONDS (20), BENCH_PARTS (throughput,pacing).
 * Needs the build (`npm run build`): the workers are the built binary.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { startFakeInfobip } from '../test/fakes/infobip.ts';
import { machineLine } from './machine.ts';
import { BRANDS, int, seed, type Db } from './send-seed.ts';
import {
  createTemplate,
  processCpuMicros,
  roundDatabase,
  SERVER,
  sleep,
  startReclaim,
  stopAll,
} from './scale-out/processes.ts';

const TEXTS = Number(process.env.BENCH_TEXTS ?? 200_000);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const PACE_SECONDS = Number(process.env.BENCH_PACE_SECONDS ?? 20);
const PARTS = (process.env.BENCH_PARTS ?? 'throughput,pacing').split(',');
/** Starts `n` workers and waits until each one's lanes listen. */
async function startWorkers(db: Db, url: string, n: number, env: Record<string, string>): Promise<ChildProcess[]> {
  const children = Array.from({ length: n }, () => startReclaim(['worker'], url, env));
  for (let i = 0; ; i += 1) {
    const { rows } = await db.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name like 'reclaim-send-lanes-%'`,
    );
    if (rows[0]!.n >= n) break;
    if (i > 600) throw new Error('the workers did not start');
    await sleep(100);
  }
  await sleep(1_000);
  return children;
}

/**
 * Makes every text due in one statement; returns its time (the database's clock). The texts are
 * due for the workers only once it commits: `committedAt` (this machine's clock, the database's).
 */
async function makeAllDue(db: Db): Promise<number> {
  const { rows } = await db.raw<{ rows: { at: Date }[] }>(
    `with due as (update conversation_messages set scheduled_for = statement_timestamp()
                   where status = 'auto_queued' returning scheduled_for)
     select min(scheduled_for) as at from due`,
  );
  committedAt = Date.now();
  return rows[0]!.at.getTime();
}
let committedAt = 0;

const statuses = async (db: Db): Promise<Record<string, number>> =>
  Object.fromEntries(
    (
      await db.raw<{ rows: { status: string; n: number }[] }>(
        'select status, count(*)::int as n from conversation_messages group by 1 order by 1',
      )
    ).rows.map((r) => [r.status, r.n]),
  );

async function throughputRound(template: string, workers: number) {
  const database = await roundDatabase(template, `sys${workers}`);
  const { db } = database;
  let children: ChildProcess[] = [];
  try {
    const { total } = await seed(db, { perBrand: () => Math.floor(TEXTS / BRANDS), rate: () => 1000 });
    children = await startWorkers(db, database.url, workers, { SMS_PROVIDER: 'outbox' });
    const cpuBefore = children.map((c) => processCpuMicros(c.pid));
    const dueAt = await makeAllDue(db);
    let sent = 0;
    for (let still = 0; sent < total && still < 100;) {
      await sleep(250);
      const now = Number(
        (
          await db.raw<{ rows: { n: number }[] }>(
            `select count(*)::int as n from conversation_messages where status = 'sent'`,
          )
        ).rows[0]!.n,
      );
      still = now === sent ? still + 1 : 0;
      sent = now;
    }
    const cpu = children.reduce((sum, c, i) => sum + ((processCpuMicros(c.pid) ?? 0) - (cpuBefore[i] ?? 0)), 0);
    const { rows } = await db.raw<{ rows: { first: Date; last: Date; ids: number; distinct_ids: number }[] }>(
      `select min(sent_at) as first, max(sent_at) as last, count(provider_message_id)::int as ids,
              count(distinct provider_message_id)::int as distinct_ids
         from conversation_messages where status = 'sent'`,
    );
    const r = rows[0]!;
    const seconds = (r.last.getTime() - dueAt) / 1000;
    return {
      workers,
      total,
      sent,
      seconds,
      perSecond: sent / seconds,
      firstMs: r.first.getTime() - dueAt,
      firstAfterCommitMs: r.first.getTime() - committedAt,
      once: r.ids === total && r.distinct_ids === total && sent === total,
      statuses: await statuses(db),
      workerCpuPerText: cpu / Math.max(1, sent),
    };
  } finally {
    await stopAll(children);
    await database.drop();
  }
}

/** The most arrivals inside any window of `ms` that starts at an arrival. */
function mostInWindow(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + ms) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}

async function pacingRound(template: string) {
  const database = await roundDatabase(template, 'pace');
  const { db } = database;
  const infobip = await startFakeInfobip();
  let children: ChildProcess[] = [];
  try {
    const rate = (i: number): number => (i < 30 ? 0.5 : i < 70 ? 1 : i < 95 ? 2 : 4);
    const { total, rates } = await seed(db, { perBrand: (i) => Math.round(rate(i) * PACE_SECONDS), rate });
    children = await startWorkers(db, database.url, 1, {
      SMS_PROVIDER: 'infobip',
      INFOBIP_BASE_URL: infobip.url,
      INFOBIP_API_KEY: infobip.apiKey,
    });
    const dueAt = await makeAllDue(db);
    const started = Date.now();
    while (infobip.accepted.length < total && Date.now() - started < (PACE_SECONDS * 3 + 60) * 1000) await sleep(250);
    await sleep(1_000);
    const ids = infobip.accepted.map((a) =>
      Number(String((a.webhooks as { callbackData?: string }).callbackData).replace('reclaim:', '')),
    );
    const senders = new Map<string, number>(
      (
        await db.raw<{ rows: { brand_id: string; sender: string }[] }>(
          `select brand_id, settings->>'infobip_phone_number' as sender from brand_integrations`,
        )
      ).rows.map((r) => [r.sender.slice(1), rates.get(Number(r.brand_id))!]),
    );
    const byNumber = new Map<string, number[]>();
    for (const a of infobip.accepted) byNumber.set(a.sender, [...(byNumber.get(a.sender) ?? []), a.at]);
    let over = 0;
    let overByTwo = 0;
    let worst = 0;
    const spans: number[] = [];
    for (const [sender, times] of byNumber) {
      const limit = Math.max(1, Math.floor(senders.get(sender)!));
      const most = mostInWindow(times, 1000);
      if (most > limit) over += 1;
      if (most > limit + 1) overByTwo += 1;
      worst = Math.max(worst, most / limit);
      const sorted = [...times].sort((a, b) => a - b);
      // Achieved rate over the number's run against its limit.
      spans.push((sorted.length - 1) / ((sorted.at(-1)! - sorted[0]!) / 1000) / senders.get(sender)!);
    }
    spans.sort((a, b) => a - b);
    // The recorded sent times (the hand-over to the provider, which the pace bounds by construction).
    const recorded = new Map<string, number[]>();
    for (const r of (
      await db.raw<{ rows: { sender: string; at: Date }[] }>(
        `select bi.settings->>'infobip_phone_number' as sender, m.sent_at as at
           from conversation_messages m join brand_integrations bi on bi.brand_id = m.brand_id
          where m.status = 'sent'`,
      )
    ).rows)
      recorded.set(r.sender.slice(1), [...(recorded.get(r.sender.slice(1)) ?? []), r.at.getTime()]);
    let recordedOver = 0;
    let recordedWorst = 0;
    for (const [sender, times] of recorded) {
      const limit = Math.max(1, Math.floor(senders.get(sender)!));
      const most = mostInWindow(times, 1000);
      if (most > limit) recordedOver += 1;
      recordedWorst = Math.max(recordedWorst, most / limit);
    }
    return {
      recordedOver,
      recordedWorst,
      total,
      accepted: infobip.accepted.length,
      doubled: ids.length - new Set(ids).size,
      seconds: (Math.max(...infobip.accepted.map((a) => a.at)) - dueAt) / 1000,
      over,
      overByTwo,
      worst,
      achieved: { min: spans[0]!, median: spans[Math.floor(spans.length / 2)]!, max: spans.at(-1)! },
      statuses: await statuses(db),
    };
  } finally {
    await stopAll(children);
    await infobip.close();
    await database.drop();
  }
}

async function main(): Promise<void> {
  console.log(machineLine(SERVER));
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const template = await createTemplate();
  try {
    if (PARTS.includes('throughput'))
      for (const workers of WORKERS) {
        const r = await throughputRound(template.name, workers);
        console.log(
          `throughput, ${workers} worker(s): ${int(r.sent)} of ${int(r.total)} sent in ${r.seconds.toFixed(2)} s from due: ` +
            `${int(r.perSecond)} texts/s; first text ${int(r.firstMs)} ms after due (${int(r.firstAfterCommitMs)} ms after the statement committed); worker CPU ${int(r.workerCpuPerText)} µs a text; ` +
            `every text sent once: ${r.once ? 'yes' : 'NO'} ${JSON.stringify(r.statuses)} (load ${os.loadavg()[0]!.toFixed(2)})`,
        );
      }
    if (PARTS.includes('pacing')) {
      const r = await pacingRound(template.name);
      console.log(
        `pacing, 1 worker, 100 numbers at 0.5-4 texts/s: ${int(r.accepted)} of ${int(r.total)} at the provider in ${r.seconds.toFixed(1)} s, ` +
          `${r.doubled} doubled; numbers above their rate in some 1 s window of arrival: ${r.over} (by two or more: ${r.overByTwo}), ` +
          `worst window ${r.worst.toFixed(2)} x the rate; by the recorded sent times: ${r.recordedOver} above (worst ${r.recordedWorst.toFixed(2)} x); achieved rate / limit per number: min ${r.achieved.min.toFixed(2)}, ` +
          `median ${r.achieved.median.toFixed(2)}, max ${r.achieved.max.toFixed(2)} ${JSON.stringify(r.statuses)} (load ${os.loadavg()[0]!.toFixed(2)})`,
      );
    }
  } finally {
    await template.drop();
  }
}

await main();
