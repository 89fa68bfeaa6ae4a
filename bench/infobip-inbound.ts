/**
 * npm run bench:infobip-inbound
 *
 * Times the answer to one large Infobip inbound forward (MO_JSON_2). Starts the real HTTP server
 * with the conversations routes (`POST /webhooks/infobip/inbound`) on a fresh server database,
 * listening on 127.0.0.1, and posts forwards of BENCH_RESULTS results (default 1,000, the most
 * the route accepts) over HTTP, each result with its own messageId. Prints the time to the answer
 * of every round and their median, and checks that every result is stored exactly once.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_RESULTS (1000), BENCH_ROUNDS (5).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext } from '../src/cli/index.ts';
import { conversationsRoutes } from '../src/conversations/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, withDatabase } from '../src/db/index.ts';
import { buildHttpServer } from '../src/http/index.ts';
import { prepareQueue } from '../src/jobs/index.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RESULTS = Number(process.env.BENCH_RESULTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECRET = 'bench-infobip-forward-secret';
const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function forward(round: number): string {
  const results = Array.from({ length: RESULTS }, (_, i) => ({
    messageId: `bench-mo-${round}-${i}`,
    from: `1415555${String(i % 10_000).padStart(4, '0')}`,
    to: '14155550100',
    text: 'Yes, medium please',
    receivedAt: new Date().toISOString(),
    smsCount: 1,
  }));
  return JSON.stringify({ results, messageCount: RESULTS, pendingMessageCount: 0 });
}

async function main(): Promise<void> {
  const name = `reclaim_bench_inbound_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(SERVER, name);
  await createDatabase(SERVER, name);
  try {
    const db = createDb({ url, pool: { max: 1 } });
    await migrateLatest(db);
    await db.destroy();
    const ctx = await createAppContext({
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', INFOBIP_WEBHOOK_SECRET: SECRET }),
      logger: createLogger({ level: 'silent', pretty: false }),
      poolMax: 4,
    });
    await prepareQueue(ctx);
    const app = await buildHttpServer(ctx, { routes: [conversationsRoutes], panel: false });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const times: number[] = [];
      const statuses: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const body = forward(round);
        const started = process.hrtime.bigint();
        const response = await fetch(`${address}/webhooks/infobip/inbound?secret=${SECRET}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        statuses.push(response.status);
      }
      const { rows } = await ctx.db.raw<{ rows: Array<{ n: string; ids: string }> }>(
        `select count(*) as n, count(distinct event_id) as ids from webhook_events where source = 'infobip'`,
      );
      const expected = statuses.every((s) => s === 200) ? RESULTS * ROUNDS : undefined;
      const storedOnce = Number(rows[0]!.n) === expected && Number(rows[0]!.ids) === expected;
      const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      process.stdout.write(
        [
          `bench:infobip-inbound — forwards of ${fmt(RESULTS)} results to POST /webhooks/infobip/inbound over HTTP`,
          `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; database ${new URL(SERVER).host}`,
          `answers: ${statuses.join(', ')}`,
          `time to answer per round: ${times.map((ms) => `${fmt(ms)} ms`).join(', ')}`,
          `median: ${fmt(median)} ms`,
          `every result stored once: ${storedOnce ? 'yes' : `no (${JSON.stringify(rows)})`}`,
          `command: npm run bench:infobip-inbound (BENCH_RESULTS=${RESULTS} BENCH_ROUNDS=${ROUNDS})`,
          '',
        ].join('\n'),
      );
      if (!storedOnce) process.exitCode = 1;
    } finally {
      await app.close();
      await ctx.release();
    }
  } finally {
    await dropDatabase(SERVER, name);
  }
}

await main();
