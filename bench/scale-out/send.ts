/**
 * One bench:scale-out send round: BENCH_TEXTS due texts seeded set-based on a fresh database
 * (100 brands, each with its own Infobip number at 100 texts per second, one shopper per text in a
 * zone where it is daytime), N `reclaim worker` processes started and idle, then BENCH_SEND_JOBS
 * `messages:send-due` jobs queued at once; timed until every text is recorded sent. The provider
 * is the fake Infobip of the tests (the SMS API's wire format) in this process: each text it
 * receives carries our message id, so a text sent twice would show there.
 */
import type { ChildProcess } from 'node:child_process';
import { enqueueJob } from '../../src/jobs/index.ts';
import { startFakeInfobip } from '../../test/fakes/infobip.ts';
import {
  backendsCpu,
  backendsCpuSince,
  processCpuMicros,
  roundDatabase,
  sleep,
  startReclaim,
  stopAll,
} from './processes.ts';
import { seedBrands, seedTexts } from './seed.ts';

export const BRANDS = 100;
const RATE = 100;

export interface SendRound {
  workers: number;
  perSecond: number;
  seconds: number;
  firstTextMs: number;
  sent: number;
  /** Texts the provider received more than once. */
  doubled: number;
  /** Seeded texts not recorded sent, or recorded with an id the provider never gave. */
  lost: number;
  statuses: Record<string, number>;
  /** Statements waiting for a lock, on average over the run's samples (the two most frequent). */
  lockWaits: { query: string; average: number }[];
  /** Texts not sent when the jobs were done: count, status and reason. */
  unsent: string[];
  cpu: { workers?: number; pg?: number; provider: number };
}

async function seed(db: Awaited<ReturnType<typeof roundDatabase>>['db'], texts: number): Promise<void> {
  await seedBrands(db, BRANDS);
  await db.raw(
    `insert into brand_integrations (brand_id, integration_id, lookup_id, status, is_enabled, settings)
     select b.id, i.id, 'ib-' || b.id, 'connected', true,
            jsonb_build_object('infobip_phone_number', '+1415555' || lpad((1000 + b.id % 9000)::text, 4, '0'), 'messages_per_second', ?::int)
       from brands b cross join (select id from integrations where slug = 'infobip') i`,
    [RATE],
  );
  await db.raw(
    `create temp table bench_rows as
       select g, (select array_agg(id order by id) from brands)[1 + g % ?] as brand_id from generate_series(0, ? - 1) g`,
    [BRANDS, texts],
  );
  await seedTexts(db, "now() - random() * interval '1 hour'");
}

export async function sendRound(
  template: string,
  workers: number,
  { texts, jobs }: { texts: number; jobs: number },
): Promise<SendRound> {
  const database = await roundDatabase(template, `send${workers}`);
  const { db } = database;
  const infobip = await startFakeInfobip();
  const children: ChildProcess[] = [];
  try {
    await seed(db, texts);
    for (let i = 0; i < workers; i += 1)
      children.push(
        startReclaim(['worker'], database.url, {
          SMS_PROVIDER: 'infobip',
          INFOBIP_BASE_URL: infobip.url,
          INFOBIP_API_KEY: infobip.apiKey,
        }),
      );
    for (let i = 0; ; i += 1) {
      const running = await db('job_workers').whereNull('stopped_at').count<{ n: string }[]>('* as n');
      if (Number(running[0]!.n) === workers) break;
      if (i > 600) throw new Error('the workers did not start');
      await sleep(100);
    }

    const workerCpu = () =>
      children.reduce<number | undefined>((sum, c) => {
        const cpu = processCpuMicros(c.pid);
        return sum === undefined || cpu === undefined ? undefined : sum + cpu;
      }, 0);
    const workersBefore = workerCpu();
    const pgBefore = await backendsCpu(db, database.name);
    const provider = process.cpuUsage();
    const started = Date.now();
    for (let i = 0; i < jobs; i += 1)
      await enqueueJob(db, 'messages:send-due', { limit: Math.ceil(texts / jobs) }, { jobKey: `bench-send-${i}` });
    // Until every text is sent, or the queued jobs are done and nothing moved for 5 s (texts the
    // jobs deferred or failed wait for a later job: the figures then say so).
    let seconds = 0;
    let last = -1;
    let samples = 0;
    const waits = new Map<string, number>();
    let stillSince = Date.now();
    for (;;) {
      const [row] = await db('conversation_messages').where({ status: 'sent' }).count<{ n: string }[]>('* as n');
      const sent = Number(row!.n);
      seconds = (Date.now() - started) / 1000;
      if (sent >= texts) break;
      if (sent !== last) [last, stillSince] = [sent, Date.now()];
      // Which statements of the workers wait for a lock another holds, sampled with each look.
      const { rows: waiting } = await db.raw<{ rows: { q: string; n: string }[] }>(
        `select regexp_replace(left(query, 60), '\\s+', ' ', 'g') as q, count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' group by 1`,
      );
      samples += 1;
      for (const w of waiting) waits.set(w.q, (waits.get(w.q) ?? 0) + Number(w.n));
      const { rows } = await db.raw<{ rows: { n: string }[] }>(
        `select count(*) as n from graphile_worker.jobs where task_identifier = 'messages:send-due'`,
      );
      if (Number(rows[0]!.n) === 0 && Date.now() - stillSince > 5_000) {
        seconds = (stillSince - started) / 1000;
        break;
      }
      await sleep(100);
    }
    const workersAfter = workerCpu();
    const pg = await backendsCpuSince(db, database.name, pgBefore);
    const used = process.cpuUsage(provider);

    await sleep(1000); // a late duplicate would arrive now
    const received = new Map<number, number>();
    for (const request of infobip.requests) {
      const message = (request.body as { messages?: { webhooks?: { callbackData?: string } }[] }).messages?.[0];
      const id = Number(message?.webhooks?.callbackData?.replace('reclaim:', ''));
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const ids = new Set(infobip.accepted.map((sms) => sms.messageId));
    const rows = await db('conversation_messages').select('id', 'status', 'provider_message_id');
    const statuses: Record<string, number> = {};
    for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    const { rows: reasons } = await db.raw<{ rows: { status: string; reason: string; n: string }[] }>(
      `select status, split_part(status_reason, ':', 1) as reason, count(*) as n from conversation_messages
        where status <> 'sent' group by 1, 2 order by 3 desc`,
    );
    const lost = rows.filter(
      (row) => row.status !== 'sent' || !ids.has(row.provider_message_id) || !received.has(Number(row.id)),
    ).length;
    return {
      workers,
      perSecond: (statuses.sent ?? 0) / seconds,
      seconds,
      firstTextMs: (infobip.accepted[0]?.at ?? Number.NaN) - started,
      sent: statuses.sent ?? 0,
      doubled: [...received.values()].filter((n) => n > 1).length,
      lost,
      statuses,
      lockWaits: [...waits]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([q, n]) => ({ query: q, average: n / Math.max(1, samples) })),
      unsent: reasons.map((r) => `${r.n} ${r.status} (${r.reason || 'no reason'})`),
      cpu: {
        workers: workersBefore === undefined || workersAfter === undefined ? undefined : workersAfter - workersBefore,
        pg,
        provider: used.user + used.system,
      },
    };
  } finally {
    await stopAll(children);
    await infobip.close();
    await database.drop();
  }
}
