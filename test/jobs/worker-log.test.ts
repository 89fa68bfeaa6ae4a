import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '../../src/app/index.ts';
import { createAppContext, TASKS } from '../../src/cli/index.ts';
import { enqueueJob, runDueJobs, workerLogLevel } from '../../src/jobs/index.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

describe("the level of graphile-worker's lines", () => {
  it.each([
    ['a job done at its first attempt', 'info', { success: true, job: { attempts: 1 } }, 'debug'],
    ['a job done after failing', 'info', { success: true, job: { attempts: 3 } }, 'info'],
    ['the worker connected', 'info', {}, 'info'],
    ['a failed job', 'error', { failure: true, job: { attempts: 1 } }, 'error'],
    ['a warning', 'warning', undefined, 'warn'],
    ['a debug line', 'debug', undefined, 'debug'],
  ] as const)('%s: %s -> %s', (_case, level, meta, expected) => {
    expect(workerLogLevel(level, meta)).toBe(expected);
  });
});

/** A context on the test database whose log lines (JSON) are collected. */
async function loggingContext(level: string): Promise<{
  lines: Array<Record<string, unknown>>;
  release(): Promise<void>;
  ctx: Awaited<ReturnType<typeof createAppContext>>;
}> {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const ctx = await createAppContext({
    config: loadConfig(testEnv(t.url)),
    logger: createLogger({ level, pretty: false, destination }),
    poolMax: 3,
  });
  return { lines, ctx, release: () => ctx.release() };
}

describe('a routine job completion is a debug line', () => {
  it.each([
    ['info', false],
    ['debug', true],
  ] as const)('at %s, "Completed task N (db:health …) with success" is logged: %s', async (level, logged) => {
    const { lines, ctx, release } = await loggingContext(level);
    try {
      const jobId = await enqueueJob(ctx.db, 'db:health', { source: `log-test-${level}` });
      await runDueJobs(ctx, TASKS);
      // The job ran: its heartbeat is there.
      expect(
        await t
          .db('worker_heartbeats')
          .where({ worker: `log-test-${level}` })
          .first(),
      ).toBeDefined();
      const completed = lines.filter((line) => String(line.msg).startsWith(`Completed task ${jobId} (db:health`));
      expect(completed.map((line) => line.level)).toEqual(logged ? [20] : []);
    } finally {
      await release();
    }
  });
});
