import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { listEvents, listStuckEvents, replayWebhookEvent, type WebhookSource } from '../webhooks/index.ts';
import { parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import { replayed, replayedJson, stuckList, webhookList } from './format/webhooks.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const SOURCES = ['shopify', 'bigcommerce', 'stripe', 'infobip', 'slack', 'pixel'];

export function webhooksCommand(): Command {
  const webhooks = withExamples(
    new Command('webhooks').description('received platform webhooks: list them, replay failed ones'),
    'reclaim webhooks list --failed',
    'reclaim webhooks replay 42',
  );

  withExamples(
    webhooks
      .command('list')
      .description('newest webhooks first, with status, attempts and the last error')
      .option('--failed', 'only failed and dead-lettered ones')
      .option(
        '--stuck',
        'only events pending or processing for longer than WEBHOOK_STUCK_AFTER_SECONDS (default 300), longest first',
      )
      .option('--source <source>', `one platform: ${SOURCES.join(', ')}`)
      .option('--limit <n>', 'how many', '50')
      .option('--json', 'print as JSON'),
    'reclaim webhooks list',
    'reclaim webhooks list --failed --json',
    'reclaim webhooks list --stuck',
  ).action(
    action(async (opts: { failed?: boolean; stuck?: boolean; source?: string; limit: string; json?: boolean }) => {
      if (opts.source && !SOURCES.includes(opts.source))
        throw new AppError('invalid_input', `--source must be one of ${SOURCES.join(', ')}.`);
      if (opts.failed && opts.stuck) throw new AppError('invalid_input', 'Use --failed or --stuck, not both.');
      const filter = {
        failed: opts.failed,
        source: opts.source as WebhookSource | undefined,
        limit: parsePositiveIntegerFlag('--limit', opts.limit),
      };
      await withContext(async (ctx) => {
        if (opts.stuck) {
          const olderThanSeconds = ctx.config.WEBHOOK_STUCK_AFTER_SECONDS;
          const events = await listStuckEvents(ctx.db, { ...filter, olderThanSeconds });
          if (opts.json)
            return printJson({ webhooks: events, count: events.length, stuck_after_seconds: olderThanSeconds });
          return printLines(stuckList(events, olderThanSeconds));
        }
        const events = await listEvents(ctx.db, filter);
        if (opts.json) return printJson({ webhooks: events, count: events.length });
        printLines(webhookList(events, opts.failed === true));
      });
    }),
  );

  withExamples(
    webhooks
      .command('replay <id>')
      .description('queue a stored webhook again (for example a dead-lettered one after a fix)')
      .option('--json', 'print as JSON'),
    'reclaim webhooks replay 42',
  ).action(
    action(async (id: string, opts: { json?: boolean }) => {
      const eventId = parseIntegerFlag('id', id);
      await withContext(async (ctx) => {
        const event = await replayWebhookEvent(ctx, eventId);
        if (opts.json) return printJson(replayedJson(event));
        printLines(replayed(event));
      });
    }),
  );
  return webhooks;
}
