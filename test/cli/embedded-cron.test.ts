/**
 * Commands run from cron at the same time on the embedded database (no DATABASE_URL, one
 * RECLAIM_DATA_DIR, no `reclaim start` running): none stops the server another one uses, every one
 * exits 0, and the last one leaves no server running. One data folder for every round: the
 * embedded server's first start is slow.
 */
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunningServer } from '../../src/db/index.ts';
import { runCli, type CliResult } from '../helpers/cli.ts';

let dataDir: string;
/** The embedded database of dataDir, the log level left to its default (off a terminal: warn). */
const env = (): Record<string, string> => ({ RECLAIM_DATA_DIR: dataDir, LOG_LEVEL: '' });
const run = (args: string[]): Promise<CliResult> => runCli(args, env(), { timeoutMs: 150_000 });

/** The JSON lines a command logged on stderr. */
const logLines = (stderr: string): Array<Record<string, unknown>> =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-cron-'));
  await chmod(dataDir, 0o755); // as root, the server runs as the postgres user, who must reach it
  const seeded = await run(['db', 'seed', '--demo']);
  expect(seeded.code, seeded.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Runs the commands at once; each one's result, in the order given. */
const atOnce = (commands: string[][]): Promise<CliResult[]> => Promise.all(commands.map(run));

const CRON = [['run-candidates'], ['insights', 'batch'], ['stats', 'brand', '--brand', '1']];

describe('cron commands at once on one embedded data folder', () => {
  it('three at once, three rounds: every one exits 0, and no server is left running', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const results = await atOnce(CRON);
      results.forEach((result, i) =>
        expect(result.code, `round ${round}, ${CRON[i]!.join(' ')}:\n${result.stderr}`).toBe(0),
      );
      if (round === 1) {
        // No worker ever ran here: the texts wait, and one line (no stack) says what sends them.
        const [candidates] = results;
        expect(candidates!.stdout).toMatch(/[1-9]\d* conversation\(s\) started/);
        const lines = logLines(candidates!.stderr);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ level: 40 });
        expect(lines[0]!.msg).toMatch(
          /^\d+ new conversation\(s\): their texts are stored, not sent yet; no worker has run on this database yet \(it has no job queue\)\. `reclaim messages send-due` sends the due ones now, a running `reclaim worker` \(or `reclaim start`\) within a minute\.$/,
        );
        expect(lines[0]).not.toHaveProperty('err');
        expect(candidates!.stderr).not.toContain('graphile_worker');
      }
      expect(await readRunningServer(path.join(dataDir, 'pg'))).toBeUndefined();
    }
    expect(await readdir(path.join(dataDir, 'pg-users'))).toEqual([]);
  }, 600_000);

  it('six at once: every one exits 0', async () => {
    const commands = [
      ...CRON,
      ['stats', 'brand', '--brand', '2'],
      ['db', 'status'],
      ['insights', 'batch', '--brand', '1'],
    ];
    const results = await atOnce(commands);
    results.forEach((result, i) => expect(result.code, `${commands[i]!.join(' ')}:\n${result.stderr}`).toBe(0));
    expect(await readRunningServer(path.join(dataDir, 'pg'))).toBeUndefined();
  }, 300_000);
});
