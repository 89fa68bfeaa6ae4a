import { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import { listPrivacyRequests } from '../stores/index.ts';
import { optionalInteger, parsePositiveIntegerFlag } from './flags.ts';
import { privacyRequestList } from './format/privacy.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

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
        brandId: optionalInteger('--brand', opts.brand),
        limit: parsePositiveIntegerFlag('--limit', opts.limit),
      };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        const requests = await listPrivacyRequests(ctx.db, query);
        if (opts.json) return printJson({ requests, count: requests.length });
        printLines(privacyRequestList(requests));
      });
    }),
  );
  return privacy;
}
