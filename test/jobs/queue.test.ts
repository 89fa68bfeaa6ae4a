import { beforeAll, describe, expect, it } from 'vitest';
import { configSchema, loadConfig, type AppContext } from '../../src/app/index.ts';
import { withTransaction } from '../../src/db/index.ts';
import {
  DEFAULT_SCHEDULES,
  enqueueJob,
  enqueueJobs,
  lastHeartbeat,
  resolveSchedules,
  runDueJobs,
  startWorker,
  toCronItems,
} from '../../src/jobs/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { TASKS } from '../../src/cli/index.ts';

const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context();
});

describe('job queue (graphile-worker on the same database)', () => {
  it('a db:health job enqueued in a committed transaction runs and records a heartbeat that db status shows', async () => {
    await withTransaction(t.db, (tx) => enqueueJob(tx, 'db:health', { source: 'test-commit' }));
    await runDueJobs(ctx, TASKS);
    const beat = await lastHeartbeat(t.db);
    expect(beat?.worker).toBe('test-commit');
    expect(beat?.details).toMatchObject({ attempt: 1 });

    const cli = await runCli(['db', 'status', '--json'], testEnv(t.url));
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).last_heartbeat).toMatchObject({ worker: 'test-commit' });
  });

  it('a job enqueued in a rolled-back transaction never runs', async () => {
    await expect(
      withTransaction(t.db, async (tx) => {
        await enqueueJob(tx, 'db:health', { source: 'test-rollback' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await runDueJobs(ctx, TASKS);
    expect(
      await t.db('worker_heartbeats').where({ worker: 'test-rollback' }).count<{ n: string }[]>({ n: '*' }),
    ).toEqual([{ n: '0' }]);
  });

  it('the same job key de-duplicates pending jobs', async () => {
    await enqueueJob(t.db, 'db:health', { source: 'keyed' }, { jobKey: 'health:once' });
    await enqueueJob(t.db, 'db:health', { source: 'keyed' }, { jobKey: 'health:once' });
    await runDueJobs(ctx, TASKS);
    expect(await t.db('worker_heartbeats').where({ worker: 'keyed' }).count<{ n: string }[]>({ n: '*' })).toEqual([
      { n: '1' },
    ]);
  });

  it('a running worker picks up a new job and stops cleanly', async () => {
    const worker = await startWorker(ctx, TASKS, { concurrency: 2, schedules: [], pollInterval: 200 });
    try {
      await enqueueJob(t.db, 'db:health', { source: 'live-worker' });
      let found = 0;
      for (let i = 0; i < 50 && found === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        found = Number(
          (await t.db('worker_heartbeats').where({ worker: 'live-worker' }).count<{ n: string }[]>({ n: '*' }))[0]!.n,
        );
      }
      expect(found).toBe(1);
    } finally {
      await worker.stop();
    }
    await expect(worker.done).resolves.toBeUndefined();
  });

  it('several jobs queued in one call all run, keyed ones once; a bad payload among them queues none', async () => {
    const ids = await enqueueJobs(t.db, [
      { task: 'db:health', payload: { source: 'batch-a' } },
      { task: 'db:health', payload: { source: 'batch-b' }, options: { jobKey: 'health:batch' } },
      { task: 'db:health', payload: { source: 'batch-b' }, options: { jobKey: 'health:batch' } },
    ]);
    expect(ids).toHaveLength(3);
    await expect(
      enqueueJobs(t.db, [
        { task: 'db:health', payload: { source: 'batch-c' } },
        { task: 'db:health', payload: { source: 42 as unknown as string } },
      ]),
    ).rejects.toThrow();
    await runDueJobs(ctx, TASKS);
    const beats = await t
      .db('worker_heartbeats')
      .whereIn('worker', ['batch-a', 'batch-b', 'batch-c'])
      .orderBy('worker')
      .pluck('worker');
    expect(beats).toEqual(['batch-a', 'batch-b']);
  });

  it('a payload that fails its schema is refused before it is queued', async () => {
    await expect(enqueueJob(t.db, 'db:health', { source: 42 as unknown as string })).rejects.toThrow();
  });
});

describe('schedules', () => {
  it('can be overridden or turned off by configuration', () => {
    const health = (env: Record<string, string>) => resolveSchedules(env).find((s) => s.name === 'db_health');
    expect(resolveSchedules({}).map((s) => [s.name, s.pattern])).toContainEqual(['db_health', '* * * * *']);
    expect(health({ SCHEDULE_DB_HEALTH: '*/5 * * * *' })?.pattern).toBe('*/5 * * * *');
    expect(health({ SCHEDULE_DB_HEALTH: 'off' })).toBeUndefined();
    expect(resolveSchedules({}).length - resolveSchedules({ SCHEDULE_DB_HEALTH: 'off' }).length).toBe(1);
    expect(toCronItems(resolveSchedules({}))[0]).toMatchObject({ task: 'db:health', identifier: 'db_health' });
  });

  it('read their overrides from the configuration, which has a SCHEDULE_ variable for each', () => {
    const variables = Object.keys(configSchema.shape).filter((key) => key.startsWith('SCHEDULE_'));
    expect(DEFAULT_SCHEDULES.map((s) => `SCHEDULE_${s.name.toUpperCase()}`).sort()).toEqual(variables.sort());
    const config = loadConfig({ SCHEDULE_DB_HEALTH: '*/5 * * * *', SCHEDULE_SEND_DUE: 'off' });
    const resolved = resolveSchedules(config);
    expect(resolved.find((s) => s.name === 'db_health')?.pattern).toBe('*/5 * * * *');
    expect(resolved.map((s) => s.name)).not.toContain('send_due');
    expect(resolveSchedules(loadConfig({}))).toEqual(resolveSchedules({}));
  });
});
