/**
 * npm run bench:ingest
 *
 * Starts `reclaim serve-webhooks` on a fresh server database and drives it from a second process
 * with autocannon: signed Shopify checkouts/update webhooks, each with its own event id,
 * 64 connections for 20 s. Then measures the ceiling: the same number of single-row inserts of
 * the same payload straight through pg with the same concurrency, driven the same way from a
 * second process. Prints accepted webhooks per second, p50/p99 latency, the ratio to the ceiling,
 * the CPU time each process spent per request, and checks that webhook_events holds exactly one
 * row per 200 answered.
 *
 * That is one round; it runs three (each on a fresh database and server) and reports each round
 * and their median, since two cores shared by the load generator, the server and PostgreSQL give
 * figures that vary from run to run.
 *
 * The load generator and the ceiling's driver run as child processes of this one (this file again,
 * with `load` or `ceiling` as its argument), so neither shares an event loop with the bench's own
 * bookkeeping, and both sides of the ratio are driven alike. The parts: ingest/load.ts (the
 * autocannon driver), ingest/ceiling.ts (the ceiling's inserts), ingest/round.ts (one round and
 * its CPU readings), ingest/child.ts (running a child and its checkpoints); this file reports.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CONNECTIONS (64), BENCH_DURATION (20), BENCH_ROUNDS (3), BENCH_PROFILE_DIR (write a CPU profile of the server there).
 */
import os from 'node:os';
import { ceilingChild, type CeilingInput } from './ingest/ceiling.ts';
import type { ChildMessage } from './ingest/child.ts';
import { loadChild, type LoadInput } from './ingest/load.ts';
import { runRound, type Round } from './ingest/round.ts';
import { CONNECTIONS, DURATION, ROUNDS } from './ingest/settings.ts';

const perRequest = (micros: number | undefined, count: number): string =>
  micros === undefined || count === 0 ? 'n/a' : `${(micros / count).toFixed(0)} µs`;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const int = (value: number): string => Math.round(value).toLocaleString('en-US');
const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  console.log(
    `bench:ingest  ${new Date().toISOString()}  ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
  );
  console.log(`  command: npm run bench:ingest  (connections ${CONNECTIONS}, duration ${DURATION}s, rounds ${ROUNDS})`);
  const rounds: Round[] = [];
  for (let index = 1; index <= ROUNDS; index += 1) {
    const r = await runRound(index);
    rounds.push(r);
    console.log(
      [
        `  round ${index}: ${int(r.accepted)} webhooks/s (${int(r.ok)} answered 200), p50 ${r.p50} ms, p99 ${r.p99} ms; ceiling ${int(r.ceiling)} inserts/s; ratio ${pct(r.ratio)}`,
        `           webhook_events rows ${int(r.stored)}: every one of the ${int(r.answered)} ids answered 200 stored once: ${r.missing === 0 ? 'yes' : `NO, ${r.missing} missing`}; ${r.unanswered} more were in flight when the run stopped (stored, never answered)`,
        `           CPU per webhook: server ${perRequest(r.cpu.server, r.ok)}, load generator ${perRequest(r.cpu.load, r.ok)}, PostgreSQL ${perRequest(r.cpu.pg, r.ok)}; per ceiling insert: driver ${perRequest(r.cpu.driver, r.ok)}, PostgreSQL ${perRequest(r.cpu.ceilingPg, r.ok)}`,
      ].join('\n'),
    );
  }
  const missing = rounds.reduce((sum, r) => sum + r.missing, 0);
  const worstP99 = Math.max(...rounds.map((r) => r.p99));
  console.log(
    [
      `  median of ${ROUNDS} rounds:`,
      `    accepted per second:   ${int(median(rounds.map((r) => r.accepted)))}`,
      `    latency p50 / p99:     ${median(rounds.map((r) => r.p50))} ms / ${median(rounds.map((r) => r.p99))} ms (worst p99 ${worstP99} ms)`,
      `    ceiling (pg inserts):  ${int(median(rounds.map((r) => r.ceiling)))} per second (single-row inserts, ${CONNECTIONS} connections)`,
      `    ratio to ceiling:      ${pct(median(rounds.map((r) => r.ratio)))} (rounds ${rounds.map((r) => pct(r.ratio)).join(', ')})   target >= 60%, p99 < 50 ms`,
      `    nothing lost or doubled: ${missing === 0 ? 'yes' : `NO, ${missing} answered ids missing`} (webhook_events is unique per source, event id and topic)`,
    ].join('\n'),
  );
  if (missing > 0) process.exitCode = 1;
}

const role = process.argv[2];
if (role === 'load' || role === 'ceiling') {
  const input = JSON.parse(process.env.BENCH_CHILD_INPUT ?? '{}') as LoadInput & CeilingInput;
  const result = role === 'load' ? await loadChild(input) : await ceilingChild(input);
  process.send?.({ result } satisfies ChildMessage, () => process.disconnect());
} else {
  await main();
}
