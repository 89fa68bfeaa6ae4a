import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { explainCandidate, EXPLAIN_NEEDS_ONE } from '../workflows/index.ts';
import { optionalInteger } from './flags.ts';
import { candidateExplanation } from './format/explain.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

export function explainCommand(): Command {
  return withExamples(
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
      const query = { cartId: optionalInteger('--cart', opts.cart), orderId: optionalInteger('--order', opts.order) };
      if ((query.cartId === undefined) === (query.orderId === undefined))
        throw new AppError('invalid_input', EXPLAIN_NEEDS_ONE);
      await withContext(async (ctx) => {
        const explanation = await explainCandidate(ctx.db, { ...query, config: ctx.config });
        if (opts.json) return printJson(explanation);
        printLines(candidateExplanation(explanation));
      });
    }),
  );
}
