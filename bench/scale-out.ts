/**
 * npm run bench:scale-out
 *
 * Webhook ingest and the send path with one and with two processes on one PostgreSQL server:
 * - ingest: 1 and 2 `reclaim serve-webhooks` processes, signed Shopify checkouts/update webhooks
 *   from autocannon load children (BENCH_CONNECTIONS in all, split between the servers), for
 *   BENCH_DURATION seconds; every event id answered 200 must be stored once;
 * - send: 1 and 2 `reclaim worker` processes, BENCH_TEXTS due texts of 100 brands (each its own
 *   number at 100 texts per second) sent through the fake Infobip by BENCH_SEND_JOBS
 *   `messages:send-due` jobs queued at once; every text must reach the provider once and be
 *   recorded sent with the provider's id.
 * Each configuration runs BENCH_ROUNDS times on a fresh database, in the order 1, 2, 2, 1, … so
 * a slow spell of the machine weighs on both; the median of each is reported, their ratio, and
 * the CPU each part spent per webhook or text (Linux /proc), which says what limits the ratio.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CONNECTIONS (64), BENCH_DURATION (15), BENCH_TEXTS (5000), BENCH_SEND_JOBS (8), BENCH_ROUNDS (2),
 * BENCH_PARTS (ingest,send: one of them alone).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { machineLine } from './machine.ts';
import { ingestRound, type IngestRound } from './scale-out/ingest.ts';
import { loadChild, type LoadInput } from './scale-out/load.ts';
import { createTemplate, SERVER } from './scale-out/processes.ts';
import { sendRound, type SendRound } from './scale-out/send.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const TEXTS = Number(process.env.BENCH_TEXTS ?? 5_000);
const SEND_JOBS = Number(process.env.BENCH_SEND_JOBS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PARTS = (process.env.BENCH_PARTS ?? 'ingest,send').split(',');

const int = (value: number): string => Math.round(value).toLocaleString('en-US');
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const micros = (value: number | undefined, count: number): string =>
  value === undefined || count === 0 ? 'n/a' : `${int(value / count)} µs`;
/** Cores kept busy: CPU seconds of the measured processes per second of the run. */
const busy = (parts: (number | undefined)[], seconds: number): string =>
  parts.some((part) => part === undefined)
    ? 'n/a'
    : `${(parts.reduce<number>((sum, part) => sum + part!, 0) / 1e6 / seconds).toFixed(2)} of ${os.cpus().length}`;

/** 1, 2, 2, 1, 1, 2, … : each configuration `rounds` times, alternating which goes first. */
const order = (rounds: number): number[] =>
  Array.from({ length: rounds }, (_, i) => (i % 2 === 0 ? [1, 2] : [2, 1])).flat();

function printIngest(r: IngestRound): void {
  console.log(
    [
      `  ingest, ${r.servers} server${r.servers > 1 ? 's' : ''}: ${int(r.perSecond)} webhooks/s (${int(r.ok)} answered 200), p50 ${r.p50} ms, p99 ${r.p99} ms`,
      `      every id answered 200 stored once: ${r.missing === 0 ? 'yes' : `NO, ${r.missing} missing`} (${int(r.answered)} answered; ${r.unanswered} more stored while in flight at the end); ${r.perStatement.toFixed(1)} webhooks per insert statement`,
      `      CPU per webhook: servers ${micros(r.cpu.servers, r.ok)}, PostgreSQL ${micros(r.cpu.pg, r.ok)}, load generator ${micros(r.cpu.load, r.ok)}; cores busy ${busy([r.cpu.servers, r.cpu.pg, r.cpu.load], r.seconds)}`,
    ].join('\n'),
  );
}

function printSend(r: SendRound): void {
  console.log(
    [
      `  send, ${r.workers} worker${r.workers > 1 ? 's' : ''}: ${int(r.perSecond)} texts/s (${int(r.sent)} in ${r.seconds.toFixed(2)} s; first text after ${int(r.firstTextMs)} ms)`,
      `      every text at the provider once and recorded sent: ${r.doubled === 0 && r.lost === 0 ? 'yes' : `NO: ${r.doubled} doubled, ${r.lost} not sent`} (${JSON.stringify(r.statuses)})`,
      `      backends waiting for a lock, on average: ${r.lockWaits.length === 0 ? 'none seen' : r.lockWaits.map((w) => `${w.average.toFixed(2)} on "${w.query}…"`).join(', ')}`,
      ...(r.unsent.length > 0 ? [`      not sent when the queued jobs were done: ${r.unsent.join(', ')}`] : []),
      `      CPU per text: workers ${micros(r.cpu.workers, r.sent)}, PostgreSQL ${micros(r.cpu.pg, r.sent)}, fake Infobip ${micros(r.cpu.provider, r.sent)}; cores busy ${busy([r.cpu.workers, r.cpu.pg, r.cpu.provider], r.seconds)}`,
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  // The processes run the built binary: build it when a source is newer.
  execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], {
    cwd: fileURLToPath(new URL('../', import.meta.url)),
    stdio: 'inherit',
  });
  console.log(`bench:scale-out  ${new Date().toISOString()}`);
  console.log(
    `  ${machineLine(
      SERVER,
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    )}`,
  );
  console.log(
    `  command: npm run bench:scale-out  (connections ${CONNECTIONS}, duration ${DURATION}s, texts ${TEXTS}, send jobs ${SEND_JOBS}, rounds ${ROUNDS})`,
  );
  const template = await createTemplate();
  try {
    const ingest: IngestRound[] = [];
    for (const servers of PARTS.includes('ingest') ? order(ROUNDS) : []) {
      const round = await ingestRound(template.name, servers, { connections: CONNECTIONS, duration: DURATION });
      printIngest(round);
      ingest.push(round);
    }
    const send: SendRound[] = [];
    for (const workers of PARTS.includes('send') ? order(ROUNDS) : []) {
      const round = await sendRound(template.name, workers, { texts: TEXTS, jobs: SEND_JOBS });
      printSend(round);
      send.push(round);
    }

    const of = <T extends { perSecond: number }>(rounds: T[], pick: (r: T) => boolean) =>
      median(rounds.filter(pick).map((r) => r.perSecond));
    const ingestOne = of(ingest, (r) => r.servers === 1);
    const ingestTwo = of(ingest, (r) => r.servers === 2);
    const sendOne = of(send, (r) => r.workers === 1);
    const sendTwo = of(send, (r) => r.workers === 2);
    const intact = ingest.every((r) => r.missing === 0) && send.every((r) => r.doubled === 0 && r.lost === 0);
    const lines = [`  median of ${ROUNDS} rounds each:`];
    if (ingest.length > 0)
      lines.push(
        `    ingest: 1 server ${int(ingestOne)} webhooks/s, 2 servers ${int(ingestTwo)} webhooks/s: ratio ${(ingestTwo / ingestOne).toFixed(2)}`,
      );
    if (send.length > 0)
      lines.push(
        `    send:   1 worker ${int(sendOne)} texts/s, 2 workers ${int(sendTwo)} texts/s: ratio ${(sendTwo / sendOne).toFixed(2)}`,
      );
    lines.push(
      `    every webhook answered 200 stored once, every text sent once by the queued jobs: ${intact ? 'yes' : 'NO (see the rounds)'}`,
    );
    console.log(lines.join('\n'));
    if (!intact) process.exitCode = 1;
  } finally {
    await template.drop();
  }
}

if (process.argv[2] === 'load') {
  const input = JSON.parse(process.env.BENCH_CHILD_INPUT ?? '{}') as LoadInput;
  const result = await loadChild(input);
  process.send?.({ result }, () => process.disconnect());
} else {
  await main();
}
