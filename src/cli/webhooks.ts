import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { listEvents, replayWebhookEvent, type WebhookEvent, type WebhookSource } from '../webhooks/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const SOURCES = ['shopify', 'bigcommerce', 'stripe', 'infobip', 'slack'];

const line = (e: WebhookEvent): string =>
  [
    String(e.id).padStart(6),
    e.status.padEnd(10),
    e.source.padEnd(11),
    (e.topic ?? '-').padEnd(26),
    e.received_at.toISOString(),
    `attempts ${e.attempts}`,
    e.last_error ? `- ${e.last_error.slice(0, 80)}` : '',
  ]
    .join('  ')
    .trimEnd();

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
      .option('--source <source>', `one platform: ${SOURCES.join(', ')}`)
      .option('--limit <n>', 'how many', '50')
      .option('--json', 'print as JSON'),
    'reclaim webhooks list',
    'reclaim webhooks list --failed --json',
  ).action(
    action(async (opts: { failed?: boolean; source?: string; limit: string; json?: boolean }) => {
      if (opts.source && !SOURCES.includes(opts.source))
        throw new AppError('invalid_input', `--source must be one of ${SOURCES.join(', ')}.`);
      await withContext(async (ctx) => {
        const events = await listEvents(ctx.db, {
          failed: opts.failed,
          source: opts.source as WebhookSource | undefined,
          limit: parseIntegerFlag('--limit', opts.limit),
        });
        if (opts.json) return printJson({ webhooks: events, count: events.length });
        if (events.length === 0) return printLines(opts.failed ? 'No failed webhooks.' : 'No webhooks received yet.');
        printLines(...events.map(line));
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
    action(async (id: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const event = await replayWebhookEvent(ctx, parseIntegerFlag('id', id));
        if (opts.json)
          return printJson({
            replayed: { id: event.id, source: event.source, topic: event.topic, status: event.status },
          });
        printLines(
          `Queued webhook ${event.id} (${event.source} ${event.topic ?? ''}) again; the worker processes it next.`,
        );
      }),
    ),
  );
  return webhooks;
}
