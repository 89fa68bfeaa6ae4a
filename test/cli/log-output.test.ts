/**
 * What commands write on stderr, on and off a terminal, with LOG_LEVEL unset: off a terminal (cron,
 * a pipe) JSON lines at warn and above; in a terminal (tmux here) readable lines from info up, a
 * warning in bold colour, and the `insights batch` progress bar, labelled with the brand's name,
 * on a line of its own below the log lines.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { startShell, tmuxOn } from '../helpers/tmux.ts';
import { eventually } from '../tui/frames.ts';

const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));
const SOCKET = `reclaim-logs-${randomBytes(4).toString('hex')}`;
const PROMPT = 'logs-test$ ';
const t = useTestDatabase();
/** The test database, the log level left to its default. */
const env = (): Record<string, string> => ({ ...testEnv(t.url), LOG_LEVEL: '' });

const tmux = tmuxOn(SOCKET);
/** The screen, wrapped lines joined; with `escapes`, the colours and weights as SGR sequences. */
const screen = async (escapes = false): Promise<string> =>
  (await tmux('capture-pane', '-p', '-J', ...(escapes ? ['-e'] : []), '-t', 'logs', '-S', '-200')).stdout;

const jsonLines = (stderr: string): Array<Record<string, unknown>> =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The SGR parameters in force where `text` starts on the escaped screen (those written since the last reset). */
function styleBefore(escaped: string, text: string): string[] {
  const at = escaped.indexOf(text);
  if (at < 0) throw new Error(`"${text}" is not on the screen`);
  // eslint-disable-next-line no-control-regex -- an SGR sequence starts with ESC
  const codes = [...escaped.slice(0, at).matchAll(/\x1b\[([\d;]*)m/g)].map((m) => m[1]!);
  const sinceReset = codes.slice(codes.lastIndexOf('0') + 1).filter((c) => c !== '');
  return sinceReset.flatMap((c) => c.split(';'));
}

beforeAll(async () => {
  const seeded = await runCli(['db', 'seed', '--demo'], testEnv(t.url));
  expect(seeded.code, seeded.stderr).toBe(0);
  // As on a database where no worker ever ran: run-candidates cannot queue the send job and warns.
  await t.db.raw('drop schema graphile_worker cascade');
}, 120_000);

afterAll(async () => {
  await tmux('kill-server').catch(() => undefined);
});

describe('off a terminal, LOG_LEVEL unset', () => {
  it('`insights batch` writes no info line and no progress bar; LOG_LEVEL=info brings the info lines back, as JSON', async () => {
    const quiet = await runCli(['insights', 'batch', '--brand', '1'], env());
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toContain('Brand 1 (Northwind Outfitters): local analyser');
    expect(quiet.stderr).toBe('');

    const told = await runCli(['insights', 'batch', '--brand', '1'], { ...env(), LOG_LEVEL: 'info' });
    expect(told.code, told.stderr).toBe(0);
    expect(jsonLines(told.stderr)).toEqual([
      expect.objectContaining({ level: 30, brand_id: 1, msg: 'insight batch finished for the brand' }),
    ]);
    expect(told.stderr).not.toContain('[#');
  });
});

describe('in a terminal, LOG_LEVEL unset', () => {
  it('a warning is one bold coloured line; `insights batch` logs info lines above its bar, labelled with the brand', async () => {
    const vars: Record<string, string> = {
      ...testEnv(t.url),
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TERM: 'xterm-256color',
    };
    delete vars.LOG_LEVEL; // unset: the default level of a terminal
    await startShell(tmux, 'logs', { columns: 120, rows: 40, vars, prompt: PROMPT });
    await eventually(async () => expect(await screen()).toContain(PROMPT.trim()), 10_000);
    await tmux(
      'send-keys',
      '-t',
      'logs',
      `node ${BIN} run-candidates >/dev/null; node ${BIN} insights batch >/dev/null; echo "exit $?"`,
      'Enter',
    );
    const shown = await eventually(async () => {
      const s = await screen();
      expect(s).toMatch(/^exit 0$/m);
      return s;
    }, 120_000);
    const lines = shown.split('\n').filter((line) => line.trim() !== '');
    const commandLine = lines.findIndex((line) => line.includes('insights batch >/dev/null'));
    const output = lines.slice(
      commandLine + 1,
      lines.findIndex((line) => line === 'exit 0'),
    );

    const warning = output[0]!;
    expect(warning).toMatch(
      /^\[\d\d:\d\d:\d\d\] WARN: \d+ new conversation\(s\): their texts are stored, not sent yet; no worker has run on this database yet \(it has no job queue\)\. `reclaim messages send-due` sends the due ones now, a running `reclaim worker` \(or `reclaim start`\) within a minute\.$/,
    );
    const escaped = await screen(true);
    expect(styleBefore(escaped, 'new conversation(s): their texts are stored')).toEqual(
      expect.arrayContaining(['1', '33']), // bold, yellow
    );

    // One info line per brand, then the bar of the last brand, alone on its line: nothing mixed.
    expect(output.slice(1)).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] INFO: insight batch finished for the brand \{"brand_id":1,"task":"insights:batch","messages_read":\d+,"new_insights":\d+,"linked":\d+,"model_calls":0\}$/,
      ),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: insight batch finished for the brand \{"brand_id":2,/),
      expect.stringMatching(/^Harbor & Pine Goods \[#{30}\] (\d+)\/\1 messages\s*$/),
    ]);
    expect(styleBefore(escaped, 'insight batch finished for the brand')).not.toContain('1');
  }, 180_000);
});
