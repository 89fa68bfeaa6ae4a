import { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import {
  backfillShopifyCheckouts,
  listStoreIntegrations,
  storeProducts,
  syncShopifyPixel,
  type BackfillProgress,
} from '../stores/index.ts';
import { cartHookCommand } from './cart-hook.ts';
import { optionalInteger, parseIntegerFlag, parseSinceFlag } from './flags.ts';
import { backfillJson, backfillProgress, backfillSummary, integrationList } from './format/stores.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';
import { storefrontScriptCommand } from './storefront-script.ts';
import { orderCommand, scriptTagsCommand } from './stores-shopify.ts';

/** A one-line progress display on stderr, only on a terminal. */
function progressLine(): { update(progress: BackfillProgress): void; done(): void } {
  const tty = process.stderr.isTTY === true;
  return {
    update: (p) => tty && void process.stderr.write(`\r${backfillProgress(p)}`),
    done: () => tty && void process.stderr.write('\n'),
  };
}

export function storesCommand(): Command {
  const stores = withExamples(
    new Command('stores').description(
      'connected stores (Shopify, BigCommerce): list them, backfill abandoned checkouts; products; Shopify orders, script tags and the web pixel; the BigCommerce storefront script',
    ),
    'reclaim stores list',
    'reclaim stores backfill --integration 3 --since 2026-11-01',
  );

  withExamples(
    stores
      .command('list')
      .description('store integrations with status, enabled, lookup id (the shop) and health; never credentials')
      .option('--brand <id>', 'only this brand')
      .option('--json', 'print as JSON'),
    'reclaim stores list',
    'reclaim stores list --brand 12 --json',
  ).action(
    action(async (opts: { brand?: string; json?: boolean }) => {
      const brandId = optionalInteger('--brand', opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, brandId);
        const integrations = await listStoreIntegrations(ctx.db, { brandId });
        if (opts.json) return printJson({ integrations, count: integrations.length });
        printLines(integrationList(integrations, brandId));
      });
    }),
  );

  withExamples(
    stores
      .command('backfill')
      .description(
        'read abandoned checkouts updated since a date (not recovered) from Shopify and process them like checkouts/update webhooks; safe to run again',
      )
      .requiredOption('--integration <id>', 'the Shopify brand integration id (see `reclaim stores list`)')
      .requiredOption('--since <date>', 'updated at or after this date (2026-11-01 or an ISO time)')
      .option('--json', 'print the summary as JSON'),
    'reclaim stores backfill --integration 3 --since 2026-11-01',
    'reclaim stores backfill --integration 3 --since 2026-11-20T00:00:00Z --json',
  ).action(
    action(async (opts: { integration: string; since: string; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      const since = parseSinceFlag('--since', opts.since);
      await withContext(async (ctx) => {
        const progress = progressLine();
        try {
          const summary = await backfillShopifyCheckouts(ctx, { integrationId, since, onProgress: progress.update });
          progress.done();
          if (opts.json) return printJson(backfillJson(summary));
          printLines(backfillSummary(summary));
        } catch (error) {
          progress.done();
          throw error;
        }
      });
    }),
  );
  withExamples(
    stores
      .command('products')
      .description(
        "the store's products, 10 a page, each with its variants (up to 50) and collections (up to 200; BigCommerce: categories)",
      )
      .requiredOption(
        '--integration <id>',
        'the Shopify or BigCommerce brand integration id (see `reclaim stores list`)',
      )
      .option('--search <query>', "Shopify's product search (hoodie, title:hoodie*) or BigCommerce's keyword")
      .option('--after <cursor>', 'the page after this cursor (BigCommerce: a page number), printed with each page')
      .option('--json', 'print as JSON'),
    'reclaim stores products --integration 3',
    'reclaim stores products --integration 3 --search hoodie --json',
    'reclaim stores products --integration 12 --after 2',
  ).action(
    action(async (opts: { integration: string; search?: string; after?: string; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      await withContext(async (ctx) => {
        const page = await storeProducts(ctx, { integrationId, search: opts.search, after: opts.after });
        if (opts.json) return printJson(page);
        const lines = page.products.map((p) => {
          const from = p.variants.length > 0 ? ` from ${Math.min(...p.variants.map((v) => Number(v.price)))}` : '';
          const groups = page.platform === 'bigcommerce' ? 'category(ies)' : 'collection(s)';
          return `${p.title} (${p.handle}): ${p.variants.length} variant(s)${from}, ${p.collections.length} ${groups}`;
        });
        printLines(
          ...(lines.length > 0 ? lines : ['no products']),
          ...(page.page === undefined ? [] : [`page ${page.page} of ${page.totalPages}, ${page.total} product(s)`]),
          page.hasNextPage ? `more: --after ${page.endCursor}` : 'end of the list',
        );
      });
    }),
  );
  stores.addCommand(pixelCommand());
  stores.addCommand(cartHookCommand());
  stores.addCommand(storefrontScriptCommand());
  stores.addCommand(scriptTagsCommand());
  stores.addCommand(orderCommand());
  return stores;
}

const PIXEL_ACTIONS = {
  created: 'web pixel created',
  updated: 'web pixel updated',
  unchanged: 'web pixel already up to date',
  deleted: 'web pixel deleted',
  absent: 'the store has no web pixel of this app; nothing to delete',
} as const;

function pixelCommand(): Command {
  const pixel = new Command('pixel').description("the Shopify web pixel that posts shoppers' cart events to Reclaim");
  withExamples(
    pixel
      .command('sync')
      .description(
        "create the store's web pixel, or update it to the integration's ingest key and URL (PUBLIC_URL); --remove deletes it",
      )
      .requiredOption('--integration <id>', 'the Shopify brand integration id (see `reclaim stores list`)')
      .option('--remove', 'delete the web pixel instead')
      .option('--json', 'print the result as JSON'),
    'reclaim stores pixel sync --integration 3',
    'reclaim stores pixel sync --integration 3 --remove --json',
  ).action(
    action(async (opts: { integration: string; remove?: boolean; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      await withContext(async (ctx) => {
        const result = await syncShopifyPixel(ctx, { integrationId, remove: opts.remove === true });
        if (opts.json) return printJson(result);
        printLines(
          `${result.shop}: ${PIXEL_ACTIONS[result.action]}${result.pixelId ? ` (${result.pixelId})` : ''}`,
          `events post to ${result.ingestUrl}`,
        );
      });
    }),
  );
  return pixel;
}
