import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import {
  explainCandidate,
  runCandidates,
  EXPLAIN_NEEDS_ONE,
  type RunCandidatesResult,
  type WorkflowExplanation,
} from '../workflows/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const outcomeText = (outcomes: Record<string, number>): string =>
  Object.entries(outcomes)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${o} ${n}`)
    .join(', ') || 'no candidates';

function runLines(result: RunCandidatesResult): string[] {
  const lines = result.dry_run ? ['Dry run: nothing was changed.'] : [];
  if (result.workflows.length === 0)
    lines.push('No runnable workflows (active, unpaused, within starts_at/ends_at, on a connected store).');
  for (const w of result.workflows) {
    lines.push(
      `Workflow ${w.id} "${w.name}" (${w.type}, brand ${w.brand_id}): ${w.skipped ? `skipped: ${w.skipped}` : outcomeText(w.outcomes)}${w.failed ? `, ${w.failed} failed (retried next run)` : ''}`,
    );
    const texted = w.texted.map(
      (t) =>
        `${t.kind} ${t.id}${t.phone ? ` ${t.phone}` : ''}${t.conversation_id ? ` (conversation ${t.conversation_id})` : ''}`,
    );
    if (texted.length)
      lines.push(
        `  ${result.dry_run ? 'would text' : 'texted'}: ${texted.join(', ')}${w.outcomes.started + w.outcomes.triggered > texted.length ? ', …' : ''}`,
      );
  }
  lines.push(
    `${result.started} conversation(s) ${result.dry_run ? 'would be started' : 'started'} in ${(result.took_ms / 1000).toFixed(1)} s.`,
  );
  return lines;
}

function explainLines(w: WorkflowExplanation): string[] {
  const lines = [
    `Workflow ${w.workflow.id} "${w.workflow.name}" (${w.workflow.type}, ${w.workflow.status}${w.workflow.is_paused ? ', paused' : ''}, delay ${w.workflow.delay_minutes} min): ${w.summary}`,
  ];
  if (w.now?.window)
    lines.push(
      `  window now: ${w.now.window.description} (${w.now.window.inside ? 'inside' : 'outside'}); state ${w.now.state}`,
    );
  for (const c of w.now?.checks ?? []) lines.push(`  ${c.passed ? 'ok  ' : 'FAIL'} ${c.check}: ${c.detail}`);
  return lines;
}

export function candidatesCommands(): Command[] {
  const run = withExamples(
    new Command('run-candidates')
      .description(
        'select carts, checkouts, orders and events for every runnable workflow, record one outcome each, and start conversations',
      )
      .option('--brand <id>', 'only this brand')
      .option('--workflow <id>', 'only this workflow')
      .option('--dry-run', 'decide and report, change nothing')
      .option('--json', 'print as JSON'),
    'reclaim run-candidates',
    'reclaim run-candidates --brand 1 --dry-run',
    'reclaim run-candidates --workflow 7 --json',
  ).action(
    action(async (opts: { brand?: string; workflow?: string; dryRun?: boolean; json?: boolean }) => {
      const options = {
        brandId: opts.brand === undefined ? undefined : parseIntegerFlag('--brand', opts.brand),
        workflowId: opts.workflow === undefined ? undefined : parseIntegerFlag('--workflow', opts.workflow),
        dryRun: opts.dryRun === true,
      };
      await withContext(async (ctx) => {
        const result = await runCandidates(ctx, options);
        if (opts.json) return printJson(result);
        printLines(...runLines(result));
      });
    }),
  );

  const explain = withExamples(
    new Command('explain')
      .description(
        'why a shopper was or was not texted, for each workflow of the brand: the recorded outcome and the rules as they stand',
      )
      .option('--cart <id>', 'a cart id')
      .option('--order <id>', 'an order id')
      .option('--json', 'print as JSON'),
    'reclaim explain --cart 42',
    'reclaim explain --order 1001 --json',
  ).action(
    action(async (opts: { cart?: string; order?: string; json?: boolean }) => {
      const query = {
        cartId: opts.cart === undefined ? undefined : parseIntegerFlag('--cart', opts.cart),
        orderId: opts.order === undefined ? undefined : parseIntegerFlag('--order', opts.order),
      };
      if ((query.cartId === undefined) === (query.orderId === undefined))
        throw new AppError('invalid_input', EXPLAIN_NEEDS_ONE);
      await withContext(async (ctx) => {
        const explanation = await explainCandidate(ctx.db, { ...query, config: ctx.config });
        if (opts.json) return printJson(explanation);
        const s = explanation.subject;
        printLines(
          `${s.kind === 'cart' ? 'Cart' : 'Order'} ${s.id} (brand ${s.brand_id}, contact ${s.contact_id ?? '-'}, ${s.phone ?? 'no SMS channel'})`,
          ...(explanation.workflows.length
            ? explanation.workflows.flatMap(explainLines)
            : ['The brand has no workflows.']),
        );
      });
    }),
  );
  return [run, explain];
}
