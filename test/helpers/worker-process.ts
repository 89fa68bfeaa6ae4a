import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import pg from 'pg';
import { BIN_ENV } from './cli.ts';
import { testEnv } from './db.ts';

export { daytimeZone } from './daytime.ts';

const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));

/** Every schedule but the stale-worker release off, so a test's jobs are the only ones. */
const QUIET_SCHEDULES = {
  SCHEDULE_DB_HEALTH: 'off',
  SCHEDULE_RUN_CANDIDATES: 'off',
  SCHEDULE_SEND_DUE: 'off',
  SCHEDULE_PENDING_CARTS: 'off',
  SCHEDULE_BILLING_SYNC: 'off',
  SCHEDULE_INSIGHTS_BATCH: 'off',
};

/** `reclaim worker` as a real child process on the test database; its JSON log lines are on stderr. */
export function spawnWorker(url: string, env: Record<string, string> = {}, args: string[] = []) {
  return execa(process.execPath, [BIN, 'worker', ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...BIN_ENV,
      ...testEnv(url),
      ...QUIET_SCHEDULES,
      ...env,
    },
    extendEnv: false,
    stdin: 'ignore',
    all: true,
    reject: false,
  });
}

/** `reclaim serve-webhooks` as a real child process on the test database, on 127.0.0.1:`port`. */
export function spawnServer(url: string, port: number, env: Record<string, string> = {}) {
  return execa(process.execPath, [BIN, 'serve-webhooks', '--port', String(port), '--host', '127.0.0.1'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...BIN_ENV, ...testEnv(url), ...env },
    extendEnv: false,
    stdin: 'ignore',
    all: true,
    reject: false,
  });
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits until GET `base`/readyz answers 200 (the server is up and reaches its database). */
export async function untilReady(base: string, timeoutMs = 60_000): Promise<void> {
  await until(
    `${base}/readyz`,
    async () => {
      try {
        return (await fetch(`${base}/readyz`)).ok;
      } catch {
        return false;
      }
    },
    timeoutMs,
  );
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 100 ms until it returns something truthy; fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(100);
  }
}

/**
 * Holds an exclusive lock on a table from a connection of its own, so a job that reads the table
 * waits in the middle of its work (in flight) until `release`.
 */
export async function holdTableLock(url: string, table: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  return {
    release: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}
