import { Command } from 'commander';
import {
  backfillShopifyCheckouts,
  listStoreIntegrations,
  type BackfillProgress,
  type BackfillSummary,
  type StoreIntegrationListing,
} from '../stores/index.ts';
import { action, parseDateFlag, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const row = (i: StoreIntegrationListing): string =>
  [
    String(i.id).padStart(5),
    i.platform.padEnd(11),
    (i.lookup_id ?? '-').padEnd(32),
    i.status.padEnd(13),
    i.is_enabled ? 'enabled ' : 'disabled',
    `brand ${i.brand_id} ${i.brand_name}`,
    i.health ? `- ${i.health}` : '',
  ]
    .join('  ')
    .trimEnd();

/** A one-line progress display on stderr, only on a terminal. */
function progressLine(): { update(progress: BackfillProgress): void; done(): void } {
  const tty = process.stderr.isTTY === true;
  return {
    update: (p) =>
      tty &&
      void process.stderr.write(
        `\rBackfill: page ${p.page}, ${p.seen} checkouts read, ${p.processed} processed, ${p.failed} failed `,
      ),
    done: () => tty && void process.stderr.write('\n'),
  };
}

function summaryLines(s: BackfillSummary): string[] {
  const shown = s.processed.slice(0, 50).join(', ');
  const more = s.processed.length > 50 ? ` … and ${s.processed.length - 50} more (--json lists all)` : '';
  const errors = Object.entries(s.errors).map(([key, count]) => `${key} x${count}`);
  return [
    `Backfill of ${s.shop} since ${s.since}: ${s.total} abandoned checkout${s.total === 1 ? '' : 's'} on ${s.pages} page${s.pages === 1 ? '' : 's'}.`,
    `Processed ${s.processed.length}${s.processed.length ? `: ${shown}${more}` : ''}`,
    `Failed ${Object.values(s.errors).reduce((a, b) => a + b, 0)}${errors.length ? `: ${errors.join(', ')}` : ''}`,
  ];
}

export function storesCommand(): Command {
  const stores = withExamples(
    new Command('stores').description(
      'connected stores (Shopify, BigCommerce): list them, backfill abandoned checkouts',
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
      const brandId = opts.brand === undefined ? undefined : parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const integrations = await listStoreIntegrations(ctx.db, { brandId });
        if (opts.json) return printJson({ integrations, count: integrations.length });
        if (integrations.length === 0)
          return printLines(
            brandId === undefined ? 'No stores connected yet.' : `Brand ${brandId} has no stores connected.`,
          );
        printLines(...integrations.map(row));
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
      const since = parseDateFlag('--since', opts.since);
      await withContext(async (ctx) => {
        const progress = progressLine();
        try {
          const summary = await backfillShopifyCheckouts(ctx, { integrationId, since, onProgress: progress.update });
          progress.done();
          if (opts.json)
            return printJson({
              integration_id: summary.integrationId,
              shop: summary.shop,
              since: summary.since,
              pages: summary.pages,
              total: summary.total,
              processed: summary.processed,
              errors: summary.errors,
            });
          printLines(...summaryLines(summary));
        } catch (error) {
          progress.done();
          throw error;
        }
      });
    }),
  );
  return stores;
}
