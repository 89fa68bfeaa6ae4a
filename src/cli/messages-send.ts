import type { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { DEFAULT_SEND_LIMIT, sendDueMessages } from '../messaging/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

/**
 * `reclaim messages send-due [--limit N] [--json]`: one pass of the send job. Added to the
 * `messages` group (which also holds `messages receive`).
 */
export function addSendDueCommand(messages: Command): Command {
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
      const limit = parseIntegerFlag('--limit', opts.limit);
      if (limit < 1) throw new AppError('invalid_input', `--limit must be at least 1, got "${opts.limit}".`);
      await withContext(async (ctx) => {
        const result = await sendDueMessages(ctx, { limit });
        if (opts.json) return printJson({ ...result, provider: ctx.config.SMS_PROVIDER });
        const failed = result.failed > 0 ? `, ${result.failed} failed` : '';
        printLines(
          `Sent ${result.sent}, deferred ${result.deferred}, skipped ${result.skipped}${failed} (provider: ${ctx.config.SMS_PROVIDER}).`,
        );
      });
    }),
  );
  return messages;
}
