import type { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import { processEscalations, promoteEscalation, promoteInsight, type KbCard } from '../insights/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { kbCard } from './format/kb.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

type PromoteOpts = { brand: string; status?: string; weight?: string; author?: string; json?: boolean };

const weightOf = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : parseIntegerFlag('--weight', value, { min: -1000, max: 1000 });

function printCard(card: KbCard, verb: string, json: boolean | undefined, extra: Record<string, unknown> = {}): void {
  if (json) return printJson({ ...card, ...extra });
  printLines(kbCard(card, verb));
}

/** `insights promote`, `insights escalations`, `insights promote-escalation`. */
export function addPromoteCommands(insights: Command): void {
  withExamples(
    insights
      .command('promote')
      .description('make a brand insight a knowledge-base card (source insight; a draft unless --status)')
      .argument('<id>', 'brand insight id')
      .requiredOption('--brand <id>', 'brand id')
      .option('--status <status>', 'published | unpublished | draft (default draft)')
      .option('--weight <n>', 'card weight, -1000 to 1000 (default: the number of messages behind the insight)')
      .option('--author <userId>', 'the user promoting it')
      .option('--json', 'print the card as JSON'),
    'reclaim insights promote 12 --brand 1 --status published',
  ).action(
    action(async (id: string, opts: PromoteOpts) => {
      const input = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        id: parseIntegerFlag('insight id', id, { min: 1 }),
        status: opts.status as 'draft' | undefined,
        weight: weightOf(opts.weight),
        authorId: optionalInteger('--author', opts.author),
      };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, input.brandId);
        const { card, created } = await promoteInsight(ctx.db, input);
        printCard(card, created ? 'added' : 'already in the knowledge base as', opts.json, { created });
      });
    }),
  );

  withExamples(
    insights
      .command('escalations')
      .description("give the brand's escalated questions a processed question and response (the model when configured)")
      .requiredOption('--brand <id>', 'brand id')
      .option('--limit <n>', 'at most n escalations (default 100)')
      .option('--json', 'print the escalations processed as JSON'),
    'reclaim insights escalations --brand 1',
  ).action(
    action(async (opts: { brand: string; limit?: string; json?: boolean }) => {
      const input = { brandId: parseIntegerFlag('--brand', opts.brand), limit: optionalInteger('--limit', opts.limit) };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, input.brandId);
        const { processed } = await processEscalations(ctx, input);
        if (opts.json) return printJson({ processed });
        if (processed.length === 0) return printLines('No escalations waiting to be processed.');
        printLines(...processed.map((e) => `#${e.id} ${e.processed_question}\n  -> ${e.processed_response}`));
      });
    }),
  );

  withExamples(
    insights
      .command('promote-escalation')
      .description('make a processed escalation a knowledge-base card (source escalation) and mark it added')
      .argument('<id>', 'escalation id')
      .requiredOption('--brand <id>', 'brand id')
      .option('--status <status>', 'published | unpublished | draft (default draft)')
      .option('--weight <n>', 'card weight, -1000 to 1000 (default 0)')
      .option('--json', 'print the card as JSON'),
    'reclaim insights promote-escalation 4 --brand 1',
  ).action(
    action(async (id: string, opts: PromoteOpts) => {
      const input = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        id: parseIntegerFlag('escalation id', id, { min: 1 }),
        status: opts.status as 'draft' | undefined,
        weight: weightOf(opts.weight),
      };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, input.brandId);
        printCard(await promoteEscalation(ctx.db, input), 'added', opts.json);
      });
    }),
  );
}
