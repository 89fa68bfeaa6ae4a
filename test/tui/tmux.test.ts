/**
 * The dashboard in a real terminal: tmux (100x30) runs `reclaim dashboard` on the seeded demo
 * database; the test reads the screen with capture-pane, switches panes with send-keys, quits with
 * q and finds the shell prompt back. The tmux server is this test's own (-L), killed at the end.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { eventually } from './frames.ts';

const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));
const SOCKET = `reclaim-dash-${randomBytes(4).toString('hex')}`;
const PROMPT = 'dash-test$ ';
const t = useTestDatabase();

const tmux = (...args: string[]) => execa('tmux', ['-L', SOCKET, ...args]);
const screen = async (): Promise<string> => (await tmux('capture-pane', '-p', '-t', 'dash')).stdout;
const screenWith = (text: string, timeoutMs = 60_000): Promise<string> =>
  eventually(async () => {
    const s = await screen();
    if (!s.includes(text)) throw new Error(`screen without "${text}":\n${s}`);
    return s;
  }, timeoutMs);
const keys = (...k: string[]) => tmux('send-keys', '-t', 'dash', ...k);

beforeAll(async () => {
  const env = testEnv(t.url);
  const { code, stderr } = await runCli(['db', 'seed', '--demo'], env);
  expect(code, stderr).toBe(0);
  const vars = { ...env, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'xterm-256color' };
  await tmux(
    'new-session',
    '-d',
    '-x',
    '100',
    '-y',
    '30',
    '-s',
    'dash',
    'env',
    '-i',
    ...Object.entries(vars).map(([k, v]) => `${k}=${v}`),
    `PS1=${PROMPT}`,
    'bash',
    '--norc',
    '--noprofile',
  );
  await screenWith(PROMPT.trim());
});

afterAll(async () => {
  await tmux('kill-server').catch(() => undefined);
});

describe('reclaim dashboard in tmux', () => {
  it('starts, shows the demo brand, switches panes and quits with the shell prompt back', async () => {
    await keys(`node ${BIN} dashboard --refresh 1`, 'Enter');
    const live = await screenWith('Northwind Outfi');
    expect(live).toContain('[1 Live feed]');
    expect(live).toContain('Harbor & Pine');
    expect(live).toMatch(/\+1\d{3}\*\*\*\d{4}/);
    expect(live.split('\n').length).toBeLessThanOrEqual(30);

    await keys('2');
    const workflows = await screenWith('[2 Workflows]');
    expect(workflows).toContain('Abandoned Cart');
    expect(workflows).toContain('p pause/resume');

    await keys('Tab');
    await screenWith('[3 Sending]');
    await keys('4');
    const system = await screenWith('[4 System]');
    expect(system).toContain('Schedules (UTC)');

    await keys('q');
    // The alternate screen is left: the command line is back as it was, then the prompt.
    const after = await eventually(async () => {
      const s = await screen();
      const last = s.trimEnd().split('\n').at(-1);
      if (s.includes('Reclaim dashboard') || last !== PROMPT.trim()) throw new Error(`no prompt yet:\n${s}`);
      return s;
    }, 30_000);
    expect(after).toContain(`${PROMPT}node ${BIN} dashboard --refresh 1`);
    await keys('echo "exit=$?"', 'Enter');
    await screenWith('exit=0');
  });
});
