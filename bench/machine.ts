/** What every bench prints about where it ran, and how it leaves its scratch database. */
import os from 'node:os';
import { dropDatabase } from '../src/db/index.ts';

const gib = (bytes: number): string => (bytes / 2 ** 30).toLocaleString('en-US', { maximumFractionDigits: 0 });

/** "machine: 2 cores (model), 24 GiB, Node v20…; <extra>; database host:port". */
export function machineLine(server: string, extra?: string): string {
  const model = os.cpus()[0]?.model.trim() ?? 'unknown';
  const parts = [`${os.cpus().length} cores (${model}), ${gib(os.totalmem())} GiB, Node ${process.version}`];
  if (extra) parts.push(extra);
  parts.push(`database ${new URL(server).host}`);
  return `machine: ${parts.join('; ')}`;
}

/** Drops the bench's database, unless BENCH_KEEP=1 asks to keep it (then says so). */
export async function dropUnlessKept(server: string, name: string): Promise<void> {
  if (process.env.BENCH_KEEP === '1') process.stdout.write(`kept database ${name}\n`);
  else await dropDatabase(server, name);
}
