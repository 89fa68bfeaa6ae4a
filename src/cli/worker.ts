import { Command } from 'commander';
import { resolveSchedules, runDueJobs, startWorker, workerPoolSizes } from '../jobs/index.ts';
import { startSendLanes } from '../messaging/index.ts';
import { parsePositiveIntegerFlag } from './flags.ts';
import { prepareDatabase } from './prepare.ts';
import { action, configFromEnv, printLines, withContext, withExamples } from './run.ts';
import { untilSignal } from './signals.ts';
import { TASKS } from './tasks.ts';

/** The most jobs one worker runs at once (WORKER_CONCURRENCY's limit too). */
const MAX_CONCURRENCY = 100;

export function workerCommand(): Command {
  return withExamples(
    new Command('worker')
      .description(
        'run queued jobs, the cron schedules and the sender lanes until Ctrl-C (SIGINT/SIGTERM drain in-flight jobs and batches)',
      )
      .option('--concurrency <n>', 'jobs run at once, 1 to 100 (WORKER_CONCURRENCY)', (value: string) =>
        parsePositiveIntegerFlag('--concurrency', value, { max: MAX_CONCURRENCY }),
      )
      .option('--once', 'run the jobs that are due now, then exit'),
    'reclaim worker',
    'reclaim worker --concurrency 8',
    'SEND_LANES=4 reclaim worker',
    'SCHEDULE_DB_HEALTH=off reclaim worker --once',
  ).action(
    action(async (opts: { concurrency?: number; once?: boolean }) => {
      const config = configFromEnv();
      const concurrency = opts.concurrency ?? config.WORKER_CONCURRENCY;
      const lanes = opts.once ? 0 : config.SEND_LANES;
      // The pool follows the work: a connection per job at once and per lane, not a fixed few.
      const pool = workerPoolSizes({ concurrency, lanes });
      await withContext(
        async (ctx) => {
          await prepareDatabase(ctx);
          if (opts.once) {
            await runDueJobs(ctx, TASKS);
            return printLines('Ran the jobs that were due.');
          }
          const schedules = resolveSchedules(ctx.config);
          const worker = await startWorker(ctx, TASKS, { concurrency, schedules, maxPoolSize: pool.queue });
          const sendLanes = startSendLanes(ctx, { lanes });
          ctx.logger.info(
            {
              concurrency,
              send_lanes: lanes,
              db_pool: pool.app,
              queue_pool: pool.queue,
              schedules: schedules.map((s) => `${s.name} ${s.pattern}`),
            },
            'worker running; Ctrl-C to stop',
          );
          const signal = await Promise.race([untilSignal(), worker.done.then(() => 'stopped' as const)]);
          ctx.logger.info({ signal }, 'worker stopping');
          await sendLanes.stop();
          await worker.stop();
        },
        // Named with the process id, so pg_stat_activity tells which worker holds a connection.
        { config, poolMax: pool.app, applicationName: `reclaim-worker-${process.pid}` },
      );
    }),
  );
}
