import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

/** The escape character that starts an ANSI code. */
const ESC = String.fromCharCode(27);
const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));
const t = useTestDatabase();
let env: Record<string, string>;

beforeAll(async () => {
  env = testEnv(t.url);
  const { code, stderr } = await runCli(['db', 'seed', '--demo'], env);
  expect(code, stderr).toBe(0);
});

describe('reclaim dashboard outside a terminal', () => {
  it('`reclaim dashboard | cat` exits 1 and names the --json commands with the same data', async () => {
    const result = await execa('bash', ['-c', `node "${BIN}" dashboard | cat; exit \${PIPESTATUS[0]}`], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('reclaim dashboard needs an interactive terminal');
    // Every command it names works as written, with a brand's id for --brand and a staff user's for --user.
    const commands = [...result.stderr.matchAll(/reclaim ([a-z].*?)(?: {2}|$)/gm)].map((m) => m[1].trim());
    expect(commands).toContain('stats live --brand ID --json');
    expect(commands).toContain('dashboard --once');
    const brand = String((await t.db('brands').orderBy('id').first('id')).id);
    const staff = String((await t.db('users').where({ is_staff: true }).orderBy('id').first('id')).id);
    for (const command of commands.filter((c) => c.startsWith('dashboard') === false)) {
      const args = command.replace('--brand ID', `--brand ${brand}`).replace('--user ID', `--user ${staff}`).split(' ');
      const run = await runInProcess(args, env);
      expect({ command, code: run.code, stderr: run.stderr }).toEqual({ command, code: 0, stderr: '' });
      expect(() => JSON.parse(run.stdout)).not.toThrow();
    }
  });

  it('--once prints one frame of the brand and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['dashboard', '--once', '--brand', '1'], env);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('Reclaim dashboard · Northwind Outfitters (brand 1) · Live feed');
    expect(stdout).toContain('[1 Live feed]');
    expect(stdout).toMatch(/Northwind Outfi… +\+1\d{3}\*\*\*\d{4}/);
    expect(stdout).not.toContain('Harbor & Pine');
    expect(stdout).not.toContain('\x1b[');
  });

  it('with FORCE_COLOR it uses the 16 basic colours only; NO_COLOR turns colour off', async () => {
    const coloured = await runCli(['dashboard', '--once', '--brand', '1'], { ...env, FORCE_COLOR: '3' });
    expect(coloured.code, coloured.stderr).toBe(0);
    expect(coloured.stdout).toMatch(new RegExp(`${ESC}\\[3[0-7]m`));
    expect(coloured.stdout).not.toMatch(new RegExp(`${ESC}\\[[34]8;[25];`));
    const plain = await runCli(['dashboard', '--once', '--brand', '1'], { ...env, FORCE_COLOR: '3', NO_COLOR: '1' });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).not.toMatch(new RegExp(`${ESC}\\[(3[0-7]|9[0-7]|4[0-7])m`));
    expect(plain.stdout).toContain('Northwind Outfitters');
  });

  it('a brand that does not exist and a bad --refresh are refused with their messages', async () => {
    const missing = await runCli(['dashboard', '--once', '--brand', '999'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Error: Brand not found');
    const refresh = await runCli(['dashboard', '--refresh', '0'], env);
    expect(refresh.code).toBe(1);
    expect(refresh.stderr).toContain('Error: --refresh must be a number of seconds from 0.5 to 3600, got "0".');
  });
});
