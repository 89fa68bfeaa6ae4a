import { Command } from 'commander';
import { stderrStatusLine } from '../app/index.ts';
import { DEFAULT_BATCH_DAYS, MAX_BATCH_DAYS, runInsightsBatch, type BatchProgress } from '../insights/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { batchJson, batchProgressBar, batchSummary } from './format/insights.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';
import { addPromoteCommands } from './insights-kb.ts';

/** A progress bar on stderr's status line, only on a terminal; log lines are written above it. */
function progressBar(): { update(p: BatchProgress): void; done(): void } {
  const tty = process.stderr.isTTY === true;
  return {
    update: (p) => tty && stderrStatusLine.show(batchProgressBar(p)),
    done: () => stderrStatusLine.done(),
  };
}

type BatchOpts = { brand?: string; days?: string; dryRun?: boolean; json?: boolean };

export function insightsCommand(): Command {
  const insights = withExamples(
    new Command('insights').description("brand insights from shoppers' messages: batch, promote to the KB"),
    'reclaim insights batch',
    'reclaim insights promote 12 --brand 1',
  );

  withExamples(
    insights
      .command('batch')
      .description(
        "group the shoppers' messages of the last days into brand insights (the model when LLM_BASE_URL and LLM_MODEL are set, else the local analyser)",
      )
      .option('--brand <id>', 'only this brand (default: every brand)')
      .option('--days <n>', `messages of the last n days (default ${DEFAULT_BATCH_DAYS})`)
      .option('--dry-run', 'analyse and count, save nothing')
      .option('--json', 'print the summary per brand as JSON'),
    'reclaim insights batch --brand 1 --days 7',
    'reclaim insights batch --dry-run --json',
  ).action(
    action(async (opts: BatchOpts) => {
      const input = {
        brandId: optionalInteger('--brand', opts.brand),
        days:
          opts.days === undefined ? undefined : parseIntegerFlag('--days', opts.days, { min: 1, max: MAX_BATCH_DAYS }),
        dryRun: opts.dryRun === true,
      };
      await withContext(async (ctx) => {
        const bar = progressBar();
        const { brands } = await runInsightsBatch(ctx, input, { onProgress: (p) => bar.update(p) }).finally(() =>
          bar.done(),
        );
        if (opts.json) return printJson(batchJson(brands));
        printLines(batchSummary(brands));
      });
    }),
  );

  addPromoteCommands(insights);
  return insights;
}
