/**
 * The dashboard in a real terminal: tmux (100x30) runs `reclaim dashboard` on the seeded demo
 * database; the test reads the screen with capture-pane, switches panes with send-keys, quits with
 * q and finds the shell prompt back. The tmux server is this test's own (-L), killed at the end.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { startShell, tmuxOn } from '../helpers/tmux.ts';
import { eventually } from './frames.ts';
import { plantDeadLetter, plantFailedJob } from './plant.ts';

const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));
const SOCKET = `reclaim-dash-${randomBytes(4).toString('hex')}`;
const PROMPT = 'dash-test$ ';
const t = useTestDatabase();

const tmux = tmuxOn(SOCKET);
/** The screen as text; with `escapes`, with its colour codes. */
const screen = async (session = 'dash', escapes = false): Promise<string> =>
  (await tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', session)).stdout;
const screenWith = (text: string, timeoutMs = 60_000, session = 'dash'): Promise<string> =>
  eventually(async () => {
    const s = await screen(session);
    if (!s.includes(text)) throw new Error(`screen without "${text}":\n${s}`);
    return s;
  }, timeoutMs);
const keys = (...k: string[]) => tmux('send-keys', '-t', 'dash', ...k);

/** A shell in a new tmux session of the given size, with only the test's environment. */
async function shell(session: string, columns: number, rows: number): Promise<void> {
  const vars = {
    ...testEnv(t.url),
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TERM: 'xterm-256color',
  };
  await startShell(tmux, session, { columns: columns, rows: rows, vars, prompt: PROMPT });
  await screenWith(PROMPT.trim(), 60_000, session);
}

beforeAll(async () => {
  const { code, stderr } = await runCli(['db', 'seed', '--demo'], testEnv(t.url));
  expect(code, stderr).toBe(0);
  await shell('dash', 100, 30);
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

describe('reclaim dashboard at 80x24 with a failed job and a dead letter', () => {
  it('the header names the problems in red; the System pane keeps the queue and the workers in view', async () => {
    const ctx = await t.context();
    const jobId = await plantFailedJob(ctx);
    const webhookId = await plantDeadLetter(t.db, {
      eventId: 'tmux-dead-1',
      lastError: 'order payload has no line_items',
    });
    await shell('dash80', 80, 24);
    await tmux('send-keys', '-t', 'dash80', `node ${BIN} dashboard --refresh 1`, 'Enter');
    const first = await screenWith('✗ 1 failed job', 60_000, 'dash80');
    const lines = first.split('\n');
    expect(lines[1]).toMatch(/^✗ 1 failed job · ✗ 1 dead-lettered webhook/);
    // Red (SGR 31) for each bad problem, as the terminal received it.
    const coloured = (await screen('dash80', true)).split('\n')[1]!;
    const red = (text: string) => new RegExp(`\\x1b\\[[0-9;]*31m(?:\\x1b\\[[0-9;]*m)*${text}`);
    expect(coloured).toMatch(red('✗ 1 failed job'));
    expect(coloured).toMatch(red('✗ 1 dead-lettered webhook'));
    expect(coloured).not.toMatch(red('· '));

    await tmux('send-keys', '-t', 'dash80', '4');
    const system = await screenWith('[4 System]', 60_000, 'dash80');
    const rows = system.split('\n');
    expect(rows.length).toBeLessThanOrEqual(24);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
    expect(rows[3]).toMatch(/Job queue: \d+ queued · \d+ running · 1 failed/);
    expect(system).toMatch(/webhook:process\s+0\s+0\s+1/);
    expect(system).toMatch(/Workers: 0 running · \d+ stopped/);
    expect(system).toMatch(/ stopped\s+heartbeat \d+[smh] ago/);
    expect(system).toMatch(new RegExp(`${jobId} webhook:process\\s+1/1`));
    // The rest is below, and the tabs line says so.
    expect(rows[2]).toMatch(/\[4 System\]\s+1-18 of \d+ ↓$/);
    await tmux('send-keys', '-t', 'dash80', ...Array.from({ length: 12 }, () => 'j'));
    await screenWith(`${webhookId} shopify`, 60_000, 'dash80');

    await tmux('send-keys', '-t', 'dash80', 'q');
    await eventually(async () => {
      const s = await screen('dash80');
      if (s.includes('Reclaim dashboard')) throw new Error(`still drawn:\n${s}`);
    }, 30_000);
    await ctx.release();
  }, 120_000);
});
