/**
 * bench:scale-out's processes: `reclaim serve-webhooks` and `reclaim worker` started from the
 * built binary on a bench database, their CPU time and PostgreSQL's (Linux /proc), a fresh
 * database per round cloned from one migrated template, and free ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfig } from '../../src/app/index.ts';
import { createAppContext } from '../../src/cli/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, type Db } from '../../src/db/index.ts';
import { prepareQueue } from '../../src/jobs/index.ts';

const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));

export const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SECRETS = {
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  JWT_SECRET: randomBytes(48).toString('base64url'),
};
/** Every schedule off: the bench's own jobs are the only work. */
const NO_SCHEDULES = Object.fromEntries(
  [
    'DB_HEALTH',
    'RUN_CANDIDATES',
    'START_DUE_RUNS',
    'SEND_DUE',
    'INSIGHTS_BATCH',
    'BILLING_SYNC',
    'PENDING_CARTS',
    'ANALYTICS_REFRESH',
    'RELEASE_STALE_WORKERS',
    'TENDLC_POLL',
  ].map((name) => [`SCHEDULE_${name}`, 'off']),
);

/** CPU time (user + system) of a process in microseconds, or undefined when it cannot be read. */
export function processCpuMicros(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // clock ticks at USER_HZ 100
  } catch {
    return undefined;
  }
}

/** CPU so far of every PostgreSQL backend connected to the database, by pid. */
export async function backendsCpu(db: Db, database: string): Promise<Map<number, number | undefined>> {
  const { rows } = await db.raw<{ rows: { pid: number }[] }>('select pid from pg_stat_activity where datname = ?', [
    database,
  ]);
  return new Map(rows.map((row) => [row.pid, processCpuMicros(row.pid)]));
}

/** CPU the backends spent since `before` (one connected since counts from zero; one gone is missed). */
export async function backendsCpuSince(
  db: Db,
  database: string,
  before: Map<number, number | undefined>,
): Promise<number | undefined> {
  let total = 0;
  for (const [pid, now] of await backendsCpu(db, database)) {
    if (now === undefined) return undefined;
    total += now - (before.get(pid) ?? 0);
  }
  return total;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One migrated database (with the job queue's schema) that every round's database is cloned from. */
export async function createTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `reclaim_bench_scale_template_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(SERVER, name);
  const db = createDb({ url, pool: { max: 1 } });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  const ctx = await createAppContext({
    config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', ...SECRETS }),
    logger: createLogger({ level: 'silent', pretty: false }),
    poolMax: 1,
  });
  await prepareQueue(ctx);
  await ctx.release();
  return { name, drop: () => dropDatabase(SERVER, name) };
}

/** A round's database, cloned from the template. */
export async function roundDatabase(
  template: string,
  label: string,
): Promise<{ name: string; url: string; db: Db; drop(): Promise<void> }> {
  const name = `reclaim_bench_scale_${label}_${randomBytes(3).toString('hex')}`;
  const url = await createDatabase(SERVER, name, { template });
  const db = createDb({ url, pool: { max: 4 } });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(SERVER, name);
    },
  };
}

/** `reclaim <args>` on the bench database; its warnings and errors go to the bench's stderr. */
export function startReclaim(args: string[], url: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: url,
      ...SECRETS,
      ...NO_SCHEDULES,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Everything but serve-webhooks' "Listening on …" line.
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (!line.startsWith('Listening on ')) process.stderr.write(`${line}\n`);
  });
  return child;
}

export async function waitReady(base: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`server did not become ready at ${base}`);
}

/** SIGTERM, then waits for the exit (each process drains and exits within 10 s). */
export async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}
