import { Command } from 'commander';
import { receiveMessage, unroutedTexts } from '../conversations/index.ts';
import { DEFAULT_SEND_LIMIT, sendDueMessages } from '../messaging/index.ts';
import { parsePositiveIntegerFlag } from './flags.ts';
import { receivedMessage, sendDueCounts, unroutedLines } from './format/messages.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

/** `reclaim messages receive --from PHONE --to PHONE --body TEXT`: a shopper's text, as the provider would deliver it. */
function addReceiveCommand(messages: Command): void {
  withExamples(
    messages
      .command('receive')
      .description("apply a shopper's text as if the provider delivered it (STOP, HELP, START or a reply)")
      .requiredOption('--from <phone>', "the shopper's number")
      .requiredOption('--to <phone>', "the brand's number (its SMS integration number or support phone)")
      .requiredOption('--body <text>', 'the text')
      .option('--json', 'print as JSON'),
    'reclaim messages receive --from +14155550123 --to +14155550100 --body "Is this still in stock?"',
    'reclaim messages receive --from +14155550123 --to +14155550100 --body STOP --json',
  ).action(
    action(async (opts: { from: string; to: string; body: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const result = await receiveMessage(ctx, { from: opts.from, to: opts.to, body: opts.body, provider: 'outbox' });
        if (opts.json) return printJson({ received: result });
        printLines(receivedMessage(result));
      }),
    ),
  );
}

/** `reclaim messages send-due [--limit N] [--json]`: one pass of the send job. */
function addSendDueCommand(messages: Command): void {
  withExamples(
    messages
      .command('send-due')
      .description(
        'send the outgoing messages that are due now, once (the worker does this continuously); prints how many were sent, deferred and skipped',
      )
      .option('--limit <n>', 'look at no more than this many messages', String(DEFAULT_SEND_LIMIT))
      .option('--json', 'print the counts as JSON'),
    'reclaim messages send-due',
    'reclaim messages send-due --limit 500 --json',
  ).action(
    action(async (opts: { limit: string; json?: boolean }) => {
      const limit = parsePositiveIntegerFlag('--limit', opts.limit);
      await withContext(async (ctx) => {
        const result = await sendDueMessages(ctx, { limit });
        if (opts.json) return printJson({ ...result, provider: ctx.config.SMS_PROVIDER });
        printLines(sendDueCounts(result, ctx.config.SMS_PROVIDER));
      });
    }),
  );
}

/** `reclaim messages unrouted [--limit N] [--json]`: texts kept for staff, attached to no brand. */
function addUnroutedCommand(messages: Command): void {
  withExamples(
    messages
      .command('unrouted')
      .description(
        'list the texts to a number no brand uses, or that several brands give as their support phone: kept for staff, attached to no brand (newest first)',
      )
      .option('--limit <n>', 'show no more than this many', '50')
      .option('--json', 'print as JSON'),
    'reclaim messages unrouted',
    'reclaim messages unrouted --limit 200 --json',
  ).action(
    action(async (opts: { limit: string; json?: boolean }) => {
      const limit = parsePositiveIntegerFlag('--limit', opts.limit);
      await withContext(async (ctx) => {
        const texts = await unroutedTexts(ctx, { limit });
        if (opts.json) return printJson({ items: texts });
        printLines(...unroutedLines(texts));
      });
    }),
  );
}

export function messagesCommand(): Command {
  const messages = withExamples(
    new Command('messages').description(
      'text messages: receive a reply (offline loop), send due messages, list texts no brand could be given',
    ),
    'reclaim messages receive --from +14155550123 --to +14155550100 --body STOP',
    'reclaim messages send-due',
  );
  addReceiveCommand(messages);
  addSendDueCommand(messages);
  addUnroutedCommand(messages);
  return messages;
}
