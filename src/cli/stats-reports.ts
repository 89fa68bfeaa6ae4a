/**
 * `reclaim stats brand | funnel | conversations | workflows | brands | live`: the analytics
 * reports, read through the analytics handle (the replica in ANALYTICS_DATABASE_URL when set).
 * Periods are local days, --from and --to inclusive, in --tz (default: the brand's time zone,
 * America/Los_Angeles unless it set another).
 */
import type { Command } from 'commander';
import {
  analyticsDb,
  brandList,
  brandStats,
  clientFunnelStats,
  conversationStats,
  GRANULARITIES,
  isGranularity,
  liveFeed,
  parseDay,
  refreshAnalyticsRollups,
  workflowStatsList,
  type PeriodQuery,
} from '../analytics/index.ts';
import { requireBrand, requireTenant } from '../accounts/index.ts';
import { AppError } from '../app/index.ts';
import { collect, commaSeparated, optionalInteger, parseIntegerFlag } from './flags.ts';
import {
  brandListReport,
  brandStatsReport,
  conversationStatsReport,
  funnelReport,
  liveReport,
  workflowsReport,
  type Report,
} from './format/analytics.ts';
import { renderTable, toCsv } from './format/table.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

interface Common {
  brand?: string;
  from?: string;
  to?: string;
  tz?: string;
  granularity?: string;
  json?: boolean;
  format?: string;
}

function periodOf(o: Common): PeriodQuery {
  if (o.from !== undefined) parseDay(o.from, '--from');
  if (o.to !== undefined) parseDay(o.to, '--to');
  if (o.granularity !== undefined && !isGranularity(o.granularity))
    throw new AppError(
      'invalid_input',
      `--granularity must be one of ${GRANULARITIES.join(', ')}, got "${o.granularity}".`,
    );
  return { from: o.from, to: o.to, timezone: o.tz, granularity: o.granularity as PeriodQuery['granularity'] };
}

function formatOf(o: Common): 'table' | 'csv' {
  const format = o.format ?? 'table';
  if (format !== 'table' && format !== 'csv')
    throw new AppError('invalid_input', `--format must be table or csv, got "${format}".`);
  return format;
}

function print(report: Report, format: 'table' | 'csv', command: string): void {
  if (format === 'csv') {
    if (!report.csv)
      throw new AppError('invalid_input', `--format csv is for table results; use --json for ${command}.`);
    process.stdout.write(toCsv(report.csv));
    return;
  }
  printLines(...report.lines, ...report.tables.map(renderTable));
}

/** Adds the period flags every brand report takes. */
function withPeriod(command: Command): Command {
  return command
    .option('--from <day>', 'first day, YYYY-MM-DD (default: 29 days before --to)')
    .option('--to <day>', 'last day, inclusive (default: today in the time zone)')
    .option('--tz <zone>', "IANA time zone (default: the brand's, America/Los_Angeles)")
    .option('--granularity <g>', `chart buckets: ${GRANULARITIES.join(', ')} (default: by the range length)`)
    .option('--json', 'print as JSON')
    .option('--format <f>', 'table or csv', 'table');
}

/** Runs one report: parse, read through the analytics handle, print JSON or the report. */
function report<O extends Common, R>(
  name: string,
  read: (opts: O, db: ReturnType<typeof analyticsDb>) => Promise<R>,
  render: (result: R, opts: O) => Report,
) {
  return action(async (opts: O) => {
    const format = formatOf(opts);
    await withContext(async (ctx) => {
      const result = await read(opts, analyticsDb(ctx));
      if (opts.json) return printJson(result);
      print(render(result, opts), format, name);
    });
  });
}

const brandOf = (o: Common): number => parseIntegerFlag('--brand', o.brand!);

export function addReportCommands(stats: Command): void {
  withExamples(
    withPeriod(
      stats
        .command('brand')
        .description('every metric of the period against the previous period (previous month or year for whole ones)')
        .requiredOption('--brand <id>', 'brand id')
        .option('--workflow <id>', "only this workflow's conversations and recovered orders")
        .option('--chart', 'add the metrics per hour, day, week, month or year'),
    ),
    'reclaim stats brand --brand 1',
    'reclaim stats brand --brand 1 --from 2026-11-01 --to 2026-11-30 --chart --format csv',
  ).action(
    report<Common & { workflow?: string; chart?: boolean }, Awaited<ReturnType<typeof brandStats>>>(
      'stats brand',
      (o, db) =>
        brandStats(db, {
          brandId: brandOf(o),
          ...periodOf(o),
          workflowId: optionalInteger('--workflow', o.workflow),
          charts: o.chart === true,
        }),
      brandStatsReport,
    ),
  );

  withExamples(
    withPeriod(
      stats
        .command('funnel')
        .description(
          'candidates -> started -> sent -> delivered -> clicked -> replied -> recovered, with outcomes and orders',
        )
        .requiredOption('--brand <id>', 'brand id')
        .option('--workflow <id>', 'one workflow')
        .option('--historical <yes|no>', 'only conversations about historical checkouts (yes) or the others (no)'),
    ),
    'reclaim stats funnel --brand 1',
    'reclaim stats funnel --brand 1 --workflow 3 --from 2026-11-01 --to 2026-11-07 --json',
  ).action(
    report<Common & { workflow?: string; historical?: string }, Awaited<ReturnType<typeof clientFunnelStats>>>(
      'stats funnel',
      (o, db) => {
        if (o.historical !== undefined && o.historical !== 'yes' && o.historical !== 'no')
          throw new AppError('invalid_input', `--historical must be yes or no, got "${o.historical}".`);
        return clientFunnelStats(db, {
          brandId: brandOf(o),
          ...periodOf(o),
          workflowId: optionalInteger('--workflow', o.workflow),
          isHistorical: o.historical === undefined ? undefined : o.historical === 'yes',
        });
      },
      funnelReport,
    ),
  );

  withExamples(
    withPeriod(
      stats
        .command('conversations')
        .description('conversations started, texted and replied (visible ones unless --hidden or --all)')
        .requiredOption('--brand <id>', 'brand id')
        .option('--workflow <id>', 'one workflow')
        .option('--hidden', 'hidden conversations (no reply yet) instead of visible ones')
        .option('--all', 'hidden and visible conversations')
        .option('--chart', 'add the counts per bucket'),
    ),
    'reclaim stats conversations --brand 1',
    'reclaim stats conversations --brand 1 --all --chart --format csv',
  ).action(
    report<
      Common & { workflow?: string; hidden?: boolean; all?: boolean; chart?: boolean },
      Awaited<ReturnType<typeof conversationStats>>
    >(
      'stats conversations',
      (o, db) =>
        conversationStats(db, {
          brandId: brandOf(o),
          ...periodOf(o),
          workflowId: optionalInteger('--workflow', o.workflow),
          isHidden: o.all ? null : o.hidden === true,
          charts: o.chart === true,
        }),
      conversationStatsReport,
    ),
  );

  withExamples(
    withPeriod(
      stats
        .command('workflows')
        .description("each workflow's funnel, recovered sales and held or skipped texts")
        .requiredOption('--brand <id>', 'brand id')
        .option('--workflow <id>', 'only these workflows (repeat or comma-separate)', collect, []),
    ),
    'reclaim stats workflows --brand 1',
    'reclaim stats workflows --brand 1 --workflow 3,4 --format csv',
  ).action(
    report<Common & { workflow: string[] }, Awaited<ReturnType<typeof workflowStatsList>>>(
      'stats workflows',
      (o, db) => {
        const ids = commaSeparated(o.workflow).map((v) => parseIntegerFlag('--workflow', v));
        return workflowStatsList(db, {
          brandId: brandOf(o),
          ...periodOf(o),
          workflowIds: ids.length ? ids : undefined,
        });
      },
      workflowsReport,
    ),
  );

  withExamples(
    stats
      .command('brands')
      .description('staff: every brand by total earnings (sales of recovered orders), internal_testing left out')
      .option('--search <text>', 'name or domain contains')
      .option('--tenant <id>', "one tenant's brands")
      .option('--from <day>', 'earnings of orders from this day (YYYY-MM-DD)')
      .option('--to <day>', 'to this day, inclusive')
      .option('--tz <zone>', 'time zone of the days (default America/Los_Angeles)')
      .option('--limit <n>', 'rows (1-1000, default 100)')
      .option('--offset <n>', 'rows to skip', '0')
      .option('--json', 'print as JSON')
      .option('--format <f>', 'table or csv', 'table'),
    'reclaim stats brands',
    'reclaim stats brands --from 2026-11-01 --to 2026-11-30 --limit 20 --format csv',
  ).action(
    report<
      Common & { search?: string; tenant?: string; limit?: string; offset: string },
      Awaited<ReturnType<typeof brandList>>
    >(
      'stats brands',
      async (o, db) => {
        periodOf(o);
        const tenantId = optionalInteger('--tenant', o.tenant);
        await requireTenant(db, tenantId);
        return brandList(db, {
          limit: optionalInteger('--limit', o.limit),
          offset: parseIntegerFlag('--offset', o.offset),
          timezone: o.tz,
          where: { search: o.search, tenantId, from: o.from, to: o.to },
        });
      },
      (result, o) => brandListReport(result, Number(o.offset)),
    ),
  );

  withExamples(
    stats
      .command('live')
      .description('the live feed: the newest 50 conversations, 50 orders and 50 events (pending, recovered, messaged)')
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON')
      .option('--format <f>', 'table (csv: use --json, the feed is three lists)', 'table'),
    'reclaim stats live --brand 1',
    'reclaim stats live --brand 1 --json',
  ).action(
    report<Common, Awaited<ReturnType<typeof liveFeed>>>(
      'stats live',
      (o, db) => liveFeed(db, { brandId: brandOf(o) }),
      liveReport,
    ),
  );

  withExamples(
    stats
      .command('refresh')
      .description(
        'recompute the hours of the analytics rollups that changed since the last refresh (reports are exact without it, and faster after it)',
      )
      .option('--brand <id>', 'only this brand')
      .option('--limit <n>', 'at most this many batches of 2,000 hours')
      .option('--json', 'print as JSON'),
    'reclaim stats refresh',
    'reclaim stats refresh --brand 1 --json',
  ).action(
    action(async (opts: { brand?: string; limit?: string; json?: boolean }) => {
      const brandId = optionalInteger('--brand', opts.brand);
      const maxBatches = optionalInteger('--limit', opts.limit);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, brandId);
        // Writes: always the main database, never the read replica.
        const result = await refreshAnalyticsRollups(ctx.db, { brandId, maxBatches });
        if (opts.json) return printJson(result);
        printLines(
          `Refreshed ${result.hours} hour${result.hours === 1 ? '' : 's'} in ${result.batches} batch${result.batches === 1 ? '' : 'es'}; ${result.remaining} left to refresh.`,
        );
      });
    }),
  );
}
