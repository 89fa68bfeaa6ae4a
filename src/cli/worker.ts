import { Command } from 'commander';
import { resolveSchedules, runDueJobs, startWorker } from '../jobs/index.ts';
import { parsePositiveIntegerFlag } from './flags.ts';
import { prepareDatabase } from './prepare.ts';
import { action, printLines, withContext, withExamples } from './run.ts';
import { untilSignal } from './signals.ts';
import { TASKS } from './tasks.ts';

/** The most jobs one worker runs at once (WORKER_CONCURRENCY's limit too). */
const MAX_CONCURRENCY = 100;

export function workerCommand(): Command {
  return withExamples(
    new Command('worker')
      .description('run queued jobs and the cron schedules until Ctrl-C (SIGINT/SIGTERM drain in-flight jobs)')
      .option('--concurrency <n>', 'jobs run at once, 1 to 100 (WORKER_CONCURRENCY)', (value: string) =>
        parsePositiveIntegerFlag('--concurrency', value, { max: MAX_CONCURRENCY }),
      )
      .option('--once', 'run the jobs that are due now, then exit'),
    'reclaim worker',
    'reclaim worker --concurrency 8',
    'SCHEDULE_DB_HEALTH=off reclaim worker --once',
  ).action(
    action(async (opts: { concurrency?: number; once?: boolean }) =>
      withContext(async (ctx) => {
        await prepareDatabase(ctx);
        if (opts.once) {
          await runDueJobs(ctx, TASKS);
          return printLines('Ran the jobs that were due.');
        }
        const schedules = resolveSchedules(ctx.config);
        const concurrency = opts.concurrency ?? ctx.config.WORKER_CONCURRENCY;
        const worker = await startWorker(ctx, TASKS, { concurrency, schedules });
        ctx.logger.info(
          { concurrency, schedules: schedules.map((s) => `${s.name} ${s.pattern}`) },
          'worker running; Ctrl-C to stop',
        );
        const signal = await Promise.race([untilSignal(), worker.done.then(() => 'stopped' as const)]);
        ctx.logger.info({ signal }, 'worker stopping');
        await worker.stop();
      }),
    ),
  );
}
