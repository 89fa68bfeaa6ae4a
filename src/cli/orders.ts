import { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import { attributeOrder, explainOrder, NOT_DECIDED_YET } from '../attribution/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { attributionJson, attributionResult, orderExplanation } from './format/orders.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

export function ordersCommand(): Command {
  const orders = withExamples(
    new Command('orders').description(
      'orders: why a brand is billed for one (attribution evidence), re-run attribution',
    ),
    'reclaim orders explain 42',
    'reclaim orders attribute 42 --json',
  );

  withExamples(
    orders
      .command('explain <id>')
      .description('the attribution decision of an order: rule, window and each piece of evidence with its time')
      .option('--brand <id>', 'only if the order belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim orders explain 42',
    'reclaim orders explain 42 --brand 3 --json',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = { orderId: parseIntegerFlag('id', id), brandId: optionalInteger('--brand', opts.brand) };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        const found = await explainOrder(ctx.db, query);
        // Not attributed yet: the command line names the command that attributes it now.
        const explanation =
          found.summary === NOT_DECIDED_YET
            ? { ...found, summary: `${NOT_DECIDED_YET.slice(0, -1)} (reclaim orders attribute ${found.order.id}).` }
            : found;
        if (opts.json) return printJson(explanation);
        printLines(orderExplanation(explanation));
      });
    }),
  );

  withExamples(
    orders
      .command('attribute <id>')
      .description('run attribution for an order now (what a complete-order webhook does); safe to repeat')
      .option('--json', 'print as JSON'),
    'reclaim orders attribute 42',
  ).action(
    action(async (id: string, opts: { json?: boolean }) => {
      const orderId = parseIntegerFlag('id', id);
      await withContext(async (ctx) => {
        const result = await attributeOrder(ctx, orderId);
        if (opts.json) return printJson(attributionJson(orderId, result));
        printLines(attributionResult(orderId, result));
      });
    }),
  );
  return orders;
}
