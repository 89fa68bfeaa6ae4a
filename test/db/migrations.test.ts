import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/app/index.ts';
import {
  createDb,
  dumpSchema,
  migrateLatest,
  migrationStatus,
  readRunningServer,
  rollback,
  startEmbedded,
  type Db,
} from '../../src/db/index.ts';
import { runCli } from '../helpers/cli.ts';
import { createEmptyDatabase, testEnv } from '../helpers/db.ts';

const MIGRATION_COUNT = readdirSync(new URL('../../migrations/', import.meta.url)).filter((f) =>
  /^\d{14}_.+\.ts$/.test(f),
).length;

async function publicTables(db: Db): Promise<string[]> {
  const result = await db.raw<{ rows: { name: string }[] }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_name not like 'knex_migrations%' order by 1`,
  );
  return result.rows.map((row) => row.name);
}

/** Up, status, all the way down, and up again: the same on any PostgreSQL. */
async function roundTrip(db: Db): Promise<void> {
  const applied = await migrateLatest(db);
  expect(applied).toHaveLength(MIGRATION_COUNT);
  const status = await migrationStatus(db);
  expect(status.every((m) => m.applied)).toBe(true);
  const tables = await publicTables(db);
  expect(tables).toEqual(
    expect.arrayContaining([
      'brands',
      'carts',
      'orders',
      'conversations',
      'conversation_messages',
      'webhook_events',
      'subscriptions',
      'ai_cache',
      'worker_heartbeats',
    ]),
  );
  expect(tables.length).toBeGreaterThanOrEqual(55);

  expect(await migrateLatest(db)).toEqual([]); // nothing left to do

  const undone = await rollback(db, { all: true });
  expect(undone).toHaveLength(MIGRATION_COUNT);
  expect(await publicTables(db)).toEqual([]);
  expect((await migrationStatus(db)).some((m) => m.applied)).toBe(false);

  expect(await migrateLatest(db)).toHaveLength(MIGRATION_COUNT);
  expect(await publicTables(db)).toEqual(tables);
}

describe('migrations on the PostgreSQL server', () => {
  it('go up, all the way down and up again', async () => {
    const empty = await createEmptyDatabase();
    try {
      await roundTrip(empty.db);
    } finally {
      await empty.drop();
    }
  });

  it('the committed migrations/schema.sql matches what the migrations build', async () => {
    const empty = await createEmptyDatabase();
    try {
      await migrateLatest(empty.db);
      const committed = await readFile(new URL('../../migrations/schema.sql', import.meta.url), 'utf8');
      expect(await dumpSchema(empty.db)).toBe(committed);
    } finally {
      await empty.drop();
    }
  });

  it('a command on a database that was never migrated says to migrate (exit 1), not an internal error', async () => {
    const empty = await createEmptyDatabase();
    try {
      const result = await runCli(['billing', 'plans', 'list', '--json'], testEnv(empty.url));
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout).error).toMatchObject({ kind: 'invalid_input', code: 'not_migrated' });
      expect(result.stderr).toContain('run `reclaim db migrate`, or `npm start`, which migrates');
    } finally {
      await empty.drop();
    }
  });
});

describe('migrations on the embedded PostgreSQL', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('start a server in a fresh data dir, reuse it from a second caller, go up and down; the last user stops it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-embedded-'));
    dirs.push(dataDir);
    await chmod(dataDir, 0o755);
    const logger = createLogger({ level: 'silent', pretty: false });
    const first = await startEmbedded({ dataDir, logger });
    const second = await startEmbedded({ dataDir, logger });
    try {
      expect(first.started).toBe(true);
      expect(await readRunningServer(path.join(dataDir, 'pg'))).toMatchObject({ port: first.port, status: 'ready' });
      expect(second).toMatchObject({ started: false, port: first.port, url: first.url });

      const db = createDb({ url: second.url, pool: { max: 2 } });
      try {
        await roundTrip(db);
        const version = await db.raw<{ rows: { server_version_num: string }[] }>('show server_version_num');
        expect(Number(version.rows[0]!.server_version_num)).toBeGreaterThanOrEqual(150000);
        // The caller that started the server is done first: the server stays up for the other one.
        await first.stop();
        expect(await readRunningServer(path.join(dataDir, 'pg'))).toMatchObject({ port: first.port });
        expect((await db('brands').count<{ count: string }[]>('* as count'))[0]!.count).toBe('0');
      } finally {
        await db.destroy();
      }
    } finally {
      await first.stop();
      await second.stop();
    }
    expect(await readRunningServer(path.join(dataDir, 'pg'))).toBeUndefined();
    expect(await readdir(path.join(dataDir, 'pg-users'))).toEqual([]);
  });

  it('as root, a data dir the postgres user cannot reach is refused with the folder and the fix', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-private-')); // mode 700
    dirs.push(dataDir);
    const logger = createLogger({ level: 'silent', pretty: false });
    if (process.getuid?.() === 0) {
      await expect(startEmbedded({ dataDir: path.join(dataDir, 'data'), logger })).rejects.toThrow(
        `chmod o+x ${dataDir}`,
      );
      await expect(readFile(path.join(dataDir, 'data', 'pg', 'PG_VERSION'))).rejects.toThrow(); // nothing initialised
    } else {
      // Not root: PostgreSQL runs as this user, who owns the folder.
      const server = await startEmbedded({ dataDir: path.join(dataDir, 'data'), logger });
      expect(server.started).toBe(true);
      await server.stop();
    }
  });
});
