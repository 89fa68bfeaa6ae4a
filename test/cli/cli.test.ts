import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../src/jobs/index.ts';
import { startFakePostgres, type FakePostgres } from '../fakes/postgres.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
/** Server-mode environment on this file's database, so no command ever starts an embedded server. */
let env: Record<string, string>;
beforeAll(async () => {
  env = testEnv(t.url);
});

describe('help', () => {
  it('lists every top-level command with examples', async () => {
    const { code, stdout, stderr } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    for (const command of ['start', 'worker', 'db']) expect(stdout).toMatch(new RegExp(`^ {2}${command}\\b`, 'm'));
    expect(stdout).toContain('Examples:');
  });

  // One spawn each; run side by side to keep the file quick.
  it.concurrent.each(['start', 'worker', 'db', 'db migrate', 'db rollback', 'db status', 'db seed', 'db dump'])(
    '`%s --help` exits 0 with an example',
    async (command) => {
      const { code, stdout } = await runCli([...command.split(' '), '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: reclaim ${command} [options]`);
      expect(stdout).toMatch(/^Examples?:\n {2}\$ \S/m);
    },
  );
});

describe('user errors exit 1 with a message on stderr', () => {
  it('a bad configuration names every bad variable and prints nothing on stdout', async () => {
    const { code, stdout, stderr } = await runCli(['db', 'status'], { ...env, PORT: 'abc', SMS_PROVIDER: 'pigeon' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Error: Invalid configuration:\n {2}PORT: .*\n {2}SMS_PROVIDER: /m);
    expect(stderr).not.toContain('    at '); // no stack trace
  });

  it('an unknown command', async () => {
    const { code, stdout, stderr } = await runCli(['frobnicate']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain("error: unknown command 'frobnicate'");
  });

  it('`db seed` without --demo says what to add and changes nothing', async () => {
    const { code, stdout, stderr } = await runCli(['db', 'seed'], env);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('Error: Say what to seed: --demo is the only data set so far.\n');
    expect(await t.db('brands').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('with --json, the error is also printed as JSON on stdout', async () => {
    const { code, stdout, stderr } = await runCli(['db', 'seed', '--json'], env);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: { kind: 'invalid_input', code: null, message: 'Say what to seed: --demo is the only data set so far.' },
    });
    expect(stderr).toContain('Error: Say what to seed');
  });
});

describe('database commands (server mode)', () => {
  it('`db status --json` on a migrated database: everything applied, nothing pending', async () => {
    const { code, stdout, stderr } = await runCli(['db', 'status', '--json'], env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const status = JSON.parse(stdout) as {
      database: string;
      applied: number;
      pending: number;
      migrations: { name: string; applied: boolean }[];
    };
    expect(status.pending).toBe(0);
    expect(status.migrations.length).toBeGreaterThan(0);
    expect(status.migrations.every((m) => m.applied)).toBe(true);
    expect(status.applied).toBe(status.migrations.length);
    expect(status.database).toBe(
      `PostgreSQL server ${new URL(t.url).hostname}:${new URL(t.url).port || 5432}/${t.name}`,
    );
    const recorded = await t.db('knex_migrations').orderBy('id').pluck('name');
    expect(status.migrations.map((m) => m.name)).toEqual(recorded);
  });

  it('`db seed --demo --json` loads the demo once; a second run prints the same counts', async () => {
    const counts = { brands: 2, workflows: 4, contacts: 521, carts: 673, orders: 317, conversations: 351 };
    const first = await runCli(['db', 'seed', '--demo', '--json'], env);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual(counts);

    const second = await runCli(['db', 'seed', '--demo', '--json'], env);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(counts);
    expect(await t.db('brands').orderBy('id').pluck('name')).toEqual(['Northwind Outfitters', 'Harbor & Pine Goods']);
    expect(await t.db('contacts').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '521' }]);
  });
});

describe('an unreachable database is a user error naming the host, the port and the reason, never the password', () => {
  const PASSWORD = 'pw-never-shown-7f3a';
  let refusing: FakePostgres;
  beforeAll(async () => {
    refusing = await startFakePostgres();
  });
  afterAll(async () => {
    await refusing.close();
  });
  const at = (hostPort: string): Record<string, string> => ({
    ...testEnv(`postgres://reclaim:${PASSWORD}@${hostPort}/reclaim`),
  });

  it('nothing listening: exit 1, connection refused (ECONNREFUSED) at host:port', async () => {
    const { code, stdout, stderr } = await runCli(['db', 'status'], at('127.0.0.1:1'));
    expect(stderr).toBe(
      'Error: Cannot connect to the database at 127.0.0.1:1 (DATABASE_URL): connection refused (ECONNREFUSED). Is PostgreSQL running and listening there?\n',
    );
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  it('a host that does not exist: exit 1, unknown host, also as JSON', async () => {
    const { code, stdout, stderr } = await runCli(['db', 'status', '--json'], at('no-such-host.invalid:6543'));
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: {
        kind: 'upstream',
        code: 'database_unreachable',
        message:
          'Cannot connect to the database at no-such-host.invalid:6543 (DATABASE_URL): unknown host (ENOTFOUND). Check the host name.',
      },
    });
    expect(stderr).not.toContain(PASSWORD);
  });

  it('a wrong password: exit 1, authentication failed (28P01), the password in no output', async () => {
    const { code, stdout, stderr } = await runCli(['db', 'status', '--json'], at(`127.0.0.1:${refusing.port}`));
    expect(refusing.passwords).toContain(PASSWORD); // it was sent, and refused
    expect(code).toBe(1);
    expect(stderr).toBe(
      `Error: Cannot connect to the database at 127.0.0.1:${refusing.port} (DATABASE_URL): authentication failed (28P01: password authentication failed for user "reclaim"). Check the user and password.\n`,
    );
    expect(JSON.parse(stdout).error.code).toBe('database_unreachable');
    expect(stdout + stderr).not.toContain(PASSWORD);
  });
});

describe('a bad --concurrency stops the worker before it runs anything', () => {
  it('`worker --once --concurrency 0` exits 1 and the due job is still queued', async () => {
    await enqueueJob(t.db, 'db:health', { source: 'concurrency-check' }, { jobKey: 'concurrency-check' });
    const queued = () =>
      t.db.raw<{ rows: { n: number }[] }>(
        `select count(*)::int as n from graphile_worker.jobs where key = 'concurrency-check' and attempts = 0`,
      );
    expect((await queued()).rows).toEqual([{ n: 1 }]);
    const { code, stdout, stderr } = await runCli(['worker', '--once', '--concurrency', '0'], env);
    expect(stderr).toBe('Error: --concurrency must be at least 1, got "0".\n');
    expect(stdout).toBe('');
    expect(code).toBe(1);
    expect((await queued()).rows).toEqual([{ n: 1 }]);
  });
});
