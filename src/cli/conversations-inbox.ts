import type { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import {
  brandOfConversation,
  hideConversation,
  markConversationRead,
  replyToConversation,
  unhideConversation,
} from '../conversations/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { agentReply, inboxState } from './format/conversations.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

interface InboxFlags {
  brand?: string;
  json?: boolean;
}

/** The conversation and its brand (--brand, which must exist, else the conversation's own). */
async function target(ctx: Parameters<Parameters<typeof withContext>[0]>[0], id: string, brand?: string) {
  const conversationId = parseIntegerFlag('id', id);
  const given = optionalInteger('--brand', brand);
  await requireBrand(ctx.db, given);
  const brandId = given ?? (await brandOfConversation(ctx.db, conversationId));
  return { id: conversationId, brandId };
}

/** `conversations reply | hide | unhide | read`: the inbox actions. */
export function conversationInboxCommands(group: Command): void {
  withExamples(
    group
      .command('reply <id>')
      .description(
        "a brand user's text into the conversation, sent now through the usual rules (refused for an unsubscribed, blocked or non-+1 number)",
      )
      .requiredOption('--body <text>', 'the text')
      .requiredOption('--user <id>', 'the brand user who writes it (recorded as its author)')
      .option('--brand <id>', 'only if the conversation belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim conversations reply 42 --body "Yes, it ships tomorrow." --user 3',
  ).action(
    action(async (id: string, opts: InboxFlags & { body: string; user: string }) => {
      const userId = parseIntegerFlag('--user', opts.user);
      await withContext(async (ctx) => {
        const result = await replyToConversation(ctx, {
          ...(await target(ctx, id, opts.brand)),
          userId,
          body: opts.body,
        });
        if (opts.json) return printJson(result);
        printLines(agentReply(result));
      });
    }),
  );

  const stateCommand = (name: 'hide' | 'unhide' | 'read', description: string, run: typeof hideConversation): void => {
    withExamples(
      group
        .command(`${name} <id>`)
        .description(description)
        .option('--brand <id>', 'only if the conversation belongs to this brand')
        .option('--json', 'print as JSON'),
      `reclaim conversations ${name} 42`,
    ).action(
      action(async (id: string, opts: InboxFlags) => {
        await withContext(async (ctx) => {
          const state = await run(ctx.db, await target(ctx, id, opts.brand));
          if (opts.json) return printJson({ conversation: state });
          printLines(inboxState(state));
        });
      }),
    );
  };
  stateCommand('hide', 'hide the conversation from the inbox (a new shopper reply shows it again)', hideConversation);
  stateCommand('unhide', 'show a hidden conversation again', unhideConversation);
  stateCommand('read', "mark the conversation read: its shopper's messages so far stop counting as unread", (db, ref) =>
    markConversationRead(db, ref),
  );
}
