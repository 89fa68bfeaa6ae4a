/** `reclaim stores script-tags ...` and `reclaim stores order`: a Shopify store's Admin surface. */
import { Command, Option } from 'commander';
import {
  createStoreScriptTag,
  deleteStoreScriptTag,
  SCRIPT_TAG_SCOPES,
  storeOrder,
  storeScriptTags,
  type ScriptTagDisplayScope,
  type ScriptTagInfo,
} from '../stores/index.ts';
import { parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const INTEGRATION = ['--integration <id>', 'the Shopify brand integration id (see `reclaim stores list`)'] as const;

const tagLine = (tag: ScriptTagInfo): string =>
  `${tag.legacyResourceId}  ${tag.displayScope}${tag.cache ? ' cached' : ''}  ${tag.src}`;

export function scriptTagsCommand(): Command {
  const tags = withExamples(
    new Command('script-tags').description(
      "a Shopify store's script tags: only vintage themes load them (not Online Store 2.0 themes, not checkout or the thank-you / order status pages); use the web pixel where it runs",
    ),
    'reclaim stores script-tags list --integration 3',
    'reclaim stores script-tags create --integration 3 --src https://cdn.example.com/reclaim.js',
  );

  withExamples(
    tags
      .command('list')
      .description('the script tags, 100 a page')
      .requiredOption(...INTEGRATION)
      .option('--src <url>', 'only the tags loading this script')
      .option('--after <cursor>', 'the page after this cursor (printed with each page)')
      .option('--json', 'print as JSON'),
    'reclaim stores script-tags list --integration 3',
    'reclaim stores script-tags list --integration 3 --json',
  ).action(
    action(async (opts: { integration: string; src?: string; after?: string; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      await withContext(async (ctx) => {
        const page = await storeScriptTags(ctx, { integrationId, after: opts.after, src: opts.src });
        if (opts.json) return printJson({ ...page, count: page.scriptTags.length });
        printLines(
          ...(page.scriptTags.length > 0 ? page.scriptTags.map(tagLine) : [`${page.shop}: no script tags`]),
          page.hasNextPage ? `more: --after ${page.endCursor}` : 'end of the list',
        );
      });
    }),
  );

  withExamples(
    tags
      .command('create')
      .description('add a script tag (an https script) to the storefront of a vintage theme')
      .requiredOption(...INTEGRATION)
      .requiredOption('--src <url>', 'the https address of the script')
      .addOption(
        new Option('--display-scope <scope>', 'where it loads (ALL and ORDER_STATUS are deprecated by Shopify)')
          .choices([...SCRIPT_TAG_SCOPES])
          .default('ONLINE_STORE'),
      )
      .option('--cache', "let Shopify's CDN cache the script (15 minutes)")
      .option('--json', 'print as JSON'),
    'reclaim stores script-tags create --integration 3 --src https://cdn.example.com/reclaim.js',
    'reclaim stores script-tags create --integration 3 --src https://cdn.example.com/reclaim.js --cache --json',
  ).action(
    action(
      async (opts: {
        integration: string;
        src: string;
        displayScope: ScriptTagDisplayScope;
        cache?: boolean;
        json?: boolean;
      }) => {
        const integrationId = parseIntegerFlag('--integration', opts.integration);
        await withContext(async (ctx) => {
          const tag = await createStoreScriptTag(ctx, {
            integrationId,
            src: opts.src,
            displayScope: opts.displayScope,
            cache: opts.cache === true,
          });
          if (opts.json) return printJson({ script_tag: tag });
          printLines(`${tag.shop}: script tag ${tag.legacyResourceId} created`, tagLine(tag));
        });
      },
    ),
  );

  withExamples(
    tags
      .command('delete <id>')
      .description('delete a script tag by its id (as listed) or gid')
      .requiredOption(...INTEGRATION)
      .option('--json', 'print as JSON'),
    'reclaim stores script-tags delete 1001 --integration 3',
  ).action(
    action(async (id: string, opts: { integration: string; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      await withContext(async (ctx) => {
        const result = await deleteStoreScriptTag(ctx, { integrationId, id });
        if (opts.json) return printJson(result);
        printLines(`${result.shop}: script tag ${result.deletedScriptTagId} deleted`);
      });
    }),
  );
  return tags;
}

export function orderCommand(): Command {
  return withExamples(
    new Command('order')
      .description('a Shopify order by id or name: created at, return status, fulfilment and financial status, total')
      .requiredOption(...INTEGRATION)
      .requiredOption('--order <id>', 'the order id (5512345678901), its gid, or its name (#1001)')
      .option('--json', 'print as JSON'),
    'reclaim stores order --integration 3 --order 5512345678901',
    "reclaim stores order --integration 3 --order '#1001' --json",
  ).action(
    action(async (opts: { integration: string; order: string; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      await withContext(async (ctx) => {
        const order = await storeOrder(ctx, { integrationId, order: opts.order });
        if (opts.json) return printJson({ order });
        const money = order.totalPriceSet.shopMoney;
        printLines(
          `${order.name} (${order.legacyResourceId}) at ${order.shop}, created ${order.createdAt}`,
          `fulfilment: ${order.displayFulfillmentStatus}; return: ${order.returnStatus}; financial: ${order.displayFinancialStatus ?? 'unknown'}`,
          `total: ${money.amount} ${money.currencyCode}${order.cancelledAt ? `; cancelled ${order.cancelledAt}` : ''}`,
          order.statusPageUrl,
        );
      });
    }),
  );
}
