import { Command } from 'commander';
import { defaultPeriod, liftStats, recoveredStats, type Period } from '../attribution/index.ts';
import { parseIntegerFlag, parseSinceFlag } from './flags.ts';
import { liftReport, recoveredReport } from './format/stats.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';
import { addReportCommands } from './stats-reports.ts';

/** The report period: the default one, or from --since to now. */
function parsePeriod(since?: string): Period {
  const period = defaultPeriod();
  if (since === undefined) return period;
  return { since: parseSinceFlag('--since', since, period.until), until: period.until };
}

export function statsCommand(): Command {
  const stats = withExamples(
    new Command('stats').description(
      'brand reports: metrics against the previous period, funnels, workflows, the live feed, brands by earnings, recovered orders and the real lift of texting (holdout)',
    ),
    'reclaim stats brand --brand 1',
    'reclaim stats funnel --brand 1 --from 2026-11-01 --to 2026-11-30',
    'reclaim stats lift --brand 1 --since 2026-11-01',
  );
  addReportCommands(stats);

  withExamples(
    stats
      .command('recovered')
      .description('orders placed in the period and those recovered (the live feed rule), with sales')
      .requiredOption('--brand <id>', 'brand id')
      .option('--since <date>', 'from this date (default: 30 days ago)')
      .option('--json', 'print as JSON'),
    'reclaim stats recovered --brand 1 --json',
  ).action(
    action(async (opts: { brand: string; since?: string; json?: boolean }) => {
      const query = { brandId: parseIntegerFlag('--brand', opts.brand), ...parsePeriod(opts.since) };
      await withContext(async (ctx) => {
        const s = await recoveredStats(ctx.db, query);
        if (opts.json) return printJson(s);
        printLines(recoveredReport(s));
      });
    }),
  );

  withExamples(
    stats
      .command('lift')
      .description(
        'recovery rate of texted carts against held-out carts (brands.extra_data.holdout.groups), with attributed revenue beside it',
      )
      .requiredOption('--brand <id>', 'brand id')
      .option('--since <date>', 'cart events from this date (default: 30 days ago)')
      .option('--json', 'print as JSON'),
    'reclaim stats lift --brand 1',
    'reclaim stats lift --brand 1 --since 2026-11-01 --json',
  ).action(
    action(async (opts: { brand: string; since?: string; json?: boolean }) => {
      const query = { brandId: parseIntegerFlag('--brand', opts.brand), ...parsePeriod(opts.since) };
      await withContext(async (ctx) => {
        const s = await liftStats(ctx.db, query);
        if (opts.json) return printJson(s);
        printLines(liftReport(s));
      });
    }),
  );
  return stats;
}
