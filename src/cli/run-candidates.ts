import { Command } from 'commander';
import { runCandidates } from '../workflows/index.ts';
import { optionalInteger } from './flags.ts';
import { candidateRun } from './format/run-candidates.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

export function runCandidatesCommand(): Command {
  return withExamples(
    new Command('run-candidates')
      .description(
        'select carts, checkouts, orders and events for every runnable workflow, record one outcome each, and start conversations',
      )
      .option('--brand <id>', 'only this brand')
      .option(
        '--workflow <id>',
        'only this workflow (a cart or checkout workflow brings the other cart and checkout workflows of its store: they choose one per cart)',
      )
      .option('--dry-run', 'decide and report, change nothing')
      .option('--json', 'print as JSON'),
    'reclaim run-candidates',
    'reclaim run-candidates --brand 1 --dry-run',
    'reclaim run-candidates --workflow 7 --json',
  ).action(
    action(async (opts: { brand?: string; workflow?: string; dryRun?: boolean; json?: boolean }) => {
      const options = {
        brandId: optionalInteger('--brand', opts.brand),
        workflowId: optionalInteger('--workflow', opts.workflow),
        dryRun: opts.dryRun === true,
      };
      await withContext(async (ctx) => {
        const result = await runCandidates(ctx, options);
        if (opts.json) return printJson(result);
        printLines(candidateRun(result));
      });
    }),
  );
}
