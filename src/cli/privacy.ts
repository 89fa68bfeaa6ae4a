import { Command } from 'commander';
import { listPrivacyRequests, type PrivacyRequestRow } from '../stores/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const summary = (row: PrivacyRequestRow): string => {
  const counts = row.payload.summary as Record<string, unknown> | undefined;
  if (counts)
    return Object.entries(counts)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(', ');
  if (row.export) return 'export ready (--json shows it)';
  return '';
};

const line = (row: PrivacyRequestRow): string =>
  [
    String(row.id).padStart(6),
    row.status.padEnd(9),
    row.topic.padEnd(22),
    row.shop_domain.padEnd(32),
    `customer ${row.customer_external_id ?? '-'}`.padEnd(24),
    `brand ${row.brand_id ?? '-'}`.padEnd(10),
    (row.completed_at ?? row.created_at).toISOString(),
    summary(row),
  ]
    .join('  ')
    .trimEnd();

/** `reclaim privacy requests`: what Shopify's privacy webhooks asked for and what was done. */
export function privacyCommand(): Command {
  const privacy = withExamples(
    new Command('privacy').description(
      "shoppers' privacy requests from the stores (data requests, customer and shop erasure)",
    ),
    'reclaim privacy requests',
    'reclaim privacy requests --brand 1 --json',
  );
  withExamples(
    privacy
      .command('requests')
      .description(
        'newest first: data requests (with their export under --json), customer and shop redactions with what was erased',
      )
      .option('--brand <id>', 'only this brand')
      .option('--limit <n>', 'how many', '100')
      .option('--json', 'print as JSON, data request exports included'),
    'reclaim privacy requests',
    'reclaim privacy requests --brand 1 --json',
  ).action(
    action(async (opts: { brand?: string; limit: string; json?: boolean }) => {
      const query = {
        brandId: opts.brand === undefined ? undefined : parseIntegerFlag('--brand', opts.brand),
        limit: parseIntegerFlag('--limit', opts.limit),
      };
      await withContext(async (ctx) => {
        const requests = await listPrivacyRequests(ctx.db, query);
        if (opts.json) return printJson({ requests, count: requests.length });
        if (requests.length === 0) return printLines('No privacy requests received.');
        printLines(...requests.map(line));
      });
    }),
  );
  return privacy;
}
