/**
 * bench:startup — how fast the `reclaim` binary starts.
 *
 * Rounds (BENCH_ROUNDS, default 10) of, interleaved so a busy spell of the machine hits each alike:
 * `node -e 0`, `reclaim --version`, `reclaim --help`, and `reclaim stats brand --brand 1 --json`
 * on a demo database, run with RECLAIM_TIMING=1 so the command reports how long its action (connect,
 * query, print) took and the CPU time spent before it: the start-up overhead is the wall time minus
 * the action. Then `reclaim --version`
 * from the sources (RECLAIM_FROM_SOURCE=1, three rounds) for comparison, and `reclaim start` until
 * it prints "Serving …" on an existing embedded data folder (BENCH_DATA_DIR, else a new one made
 * by a first `reclaim start --once`; three rounds after one warm-up). Medians are the figures.
 *
 *   npm run build && npm run bench:startup
 */
import { chmod, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { createDatabase, dropDatabase } from '../src/db/index.ts';
import { dropUnlessKept, machineLine } from './machine.ts';

const BIN = fileURLToPath(new URL('../bin/reclaim.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const SERVER =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent' };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const range = (values: number[]): string => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;

/** Wall time of one process, from spawn to exit, in ms; fails on a non-zero exit. */
async function timed(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = await execa(process.execPath, args, { env: { ...BASE_ENV, ...env }, extendEnv: false, reject: false });
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`${args.join(' ')} exited ${result.exitCode}: ${result.stderr}`);
  return { ms, stdout: result.stdout, stderr: result.stderr };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `reclaim start` until it prints "Serving …"; then SIGTERM and wait for its exit. */
async function startToServing(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = execa(process.execPath, [BIN, 'start', '--port', String(port)], {
    env: { ...BASE_ENV, RECLAIM_DATA_DIR: dataDir },
    extendEnv: false,
    reject: false,
    // It stops its embedded server on SIGTERM; a SIGKILL after execa's default 5 s would orphan it.
    forceKillAfterDelay: false,
  });
  let ms = 0;
  await new Promise<void>((resolve, reject) => {
    let out = '';
    // The line goes to stderr (stdout has the overview and the panel's address).
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!ms && out.includes('Serving')) {
        ms = performance.now() - started;
        resolve();
      }
    });
    void child.then((result) => (ms ? undefined : reject(new Error(`start exited first: ${result.stderr}`))));
  });
  child.kill('SIGTERM');
  await child;
  return ms;
}

const line = (name: string, values: number[], note = '') =>
  process.stdout.write(
    `${name.padEnd(46)} median ${String(Math.round(median(values))).padStart(6)} ms  (${range(values)} ms)${note}\n`,
  );

process.stdout.write(
  `${machineLine(
    SERVER,
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )}\n`,
);
process.stdout.write(`command: npm run bench:startup (BENCH_ROUNDS=${ROUNDS}), ${new Date().toISOString()}\n\n`);

const database = `bench_startup_${process.pid}`;
await dropDatabase(SERVER, database);
const url = await createDatabase(SERVER, database);
try {
  const dbEnv = { DATABASE_URL: url };
  await timed([BIN, 'db', 'migrate'], dbEnv);
  await timed([BIN, 'db', 'seed', '--demo'], dbEnv);

  const figures: Record<string, number[]> = {
    node: [],
    version: [],
    help: [],
    stats: [],
    action: [],
    overhead: [],
    cpu: [],
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    figures.node.push((await timed(['-e', '0'])).ms);
    figures.version.push((await timed([BIN, '--version'])).ms);
    figures.help.push((await timed([BIN, '--help'])).ms);
    const stats = await timed([BIN, 'stats', 'brand', '--brand', '1', '--json'], { ...dbEnv, RECLAIM_TIMING: '1' });
    const timing = /reclaim-timing (\{.*\})/.exec(stats.stderr);
    if (!timing) throw new Error(`stats brand printed no timing: ${stats.stderr}`);
    const { action_ms: action, start_cpu_ms: cpu } = JSON.parse(timing[1]) as {
      action_ms: number;
      start_cpu_ms: number;
    };
    figures.cpu.push(cpu);
    figures.stats.push(stats.ms);
    figures.action.push(action);
    figures.overhead.push(stats.ms - action);
  }
  const ratio = median(figures.version) / median(figures.node);
  line('node -e 0', figures.node);
  line('reclaim --version', figures.version, `  ${ratio.toFixed(2)}x node -e 0 (target <= 3x)`);
  line('reclaim --help', figures.help);
  line('reclaim stats brand --brand 1 --json (total)', figures.stats);
  line('  its action: connect, query, print', figures.action);
  line('  start-up overhead (total - action)', figures.overhead, ' (target < 400 ms on an idle machine)');
  line('  CPU time spent before the action', figures.cpu, ' (the start-up cost a busy machine does not inflate)');

  const fromSource: number[] = [];
  for (let round = 0; round < Math.min(3, ROUNDS); round += 1)
    fromSource.push((await timed([BIN, '--version'], { RECLAIM_FROM_SOURCE: '1' })).ms);
  line('reclaim --version from the sources (tsx)', fromSource);
} finally {
  await dropUnlessKept(SERVER, database);
}

let dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'reclaim-bench-startup-'));
  await chmod(root, 0o755); // the embedded server may run as its own user (as in .ci/run)
  dataDir = path.join(root, 'data');
  await timed([BIN, 'start', '--once', '--json'], { RECLAIM_DATA_DIR: dataDir });
  process.stdout.write(`made embedded data folder ${dataDir} (BENCH_DATA_DIR reuses it)\n`);
}
await startToServing(dataDir); // warm-up: a first start may build the panel
const serving: number[] = [];
for (let round = 0; round < 3; round += 1) serving.push(await startToServing(dataDir));
line('reclaim start to "Serving" (embedded, existing)', serving);
process.exit(0);
