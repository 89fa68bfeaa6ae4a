import { beforeAll, describe, expect, it } from 'vitest';
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
    const counts = { brands: 1, workflows: 3, contacts: 200, carts: 300, orders: 150, conversations: 5 };
    const first = await runCli(['db', 'seed', '--demo', '--json'], env);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual(counts);

    const second = await runCli(['db', 'seed', '--demo', '--json'], env);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(counts);
    expect(await t.db('brands').pluck('name')).toEqual(['Northwind Outfitters']);
    expect(await t.db('contacts').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '200' }]);
  });
});
