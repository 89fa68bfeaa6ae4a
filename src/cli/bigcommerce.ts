import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { listBigCommerceHooks, syncBigCommerceHooks } from '../stores/index.ts';
import { parseIntegerFlag } from './flags.ts';
import { hookList, hookSync } from './format/bigcommerce.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const integrationFlag = (value: string | undefined): number => {
  if (!value)
    throw new AppError(
      'invalid_input',
      '--integration is required (the brand integration id of the BigCommerce store).',
    );
  return parseIntegerFlag('--integration', value);
};

export function bigcommerceCommand(): Command {
  const bigcommerce = withExamples(
    new Command('bigcommerce').description('BigCommerce stores: the webhooks (hooks) Reclaim registers'),
    'reclaim bigcommerce hooks list --integration 12',
    'reclaim bigcommerce hooks sync --integration 12',
  );
  const hooks = bigcommerce
    .command('hooks')
    .description('list or re-create the store hooks for store/cart/*, store/order/* and store/customer/*');

  withExamples(
    hooks
      .command('list')
      .description("the store's hooks as BigCommerce has them")
      .option('--integration <id>', 'brand integration id of the store')
      .option('--json', 'print as JSON'),
    'reclaim bigcommerce hooks list --integration 12',
    'reclaim bigcommerce hooks list --integration 12 --json',
  ).action(
    action(async (opts: { integration?: string; json?: boolean }) => {
      const integrationId = integrationFlag(opts.integration);
      await withContext(async (ctx) => {
        const result = await listBigCommerceHooks(ctx, { integrationId });
        if (opts.json)
          return printJson({
            integration_id: integrationId,
            destination: result.destination,
            hooks: result.hooks,
            count: result.hooks.length,
          });
        printLines(hookList(result.hooks, integrationId));
      });
    }),
  );

  withExamples(
    hooks
      .command('sync')
      .description(
        'create missing hooks at PUBLIC_URL/webhooks/bigcommerce (with the secret header), replace stale ones',
      )
      .option('--integration <id>', 'brand integration id of the store')
      .option('--json', 'print as JSON'),
    'PUBLIC_URL=https://reclaim.example.com reclaim bigcommerce hooks sync --integration 12',
  ).action(
    action(async (opts: { integration?: string; json?: boolean }) => {
      const integrationId = integrationFlag(opts.integration);
      await withContext(async (ctx) => {
        const result = await syncBigCommerceHooks(ctx, { integrationId });
        if (opts.json) return printJson({ integration_id: integrationId, ...result });
        printLines(hookSync(result, integrationId));
      });
    }),
  );
  return bigcommerce;
}
