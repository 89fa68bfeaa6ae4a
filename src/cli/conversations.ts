import { Command } from 'commander';
import { publicBaseUrl } from '../app/index.ts';
import { getConversation, listConversations } from '../conversations/index.ts';
import { optionalInteger, parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import { conversationDetail, conversationList } from './format/conversations.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

interface ListFlags {
  brand: string;
  hidden?: boolean;
  visible?: boolean;
  q?: string;
  workflow?: string;
  limit: string;
  offset: string;
  json?: boolean;
}

export function conversationsCommand(): Command {
  const group = withExamples(
    new Command('conversations').description("a brand's text conversations: list, search, read"),
    'reclaim conversations list --brand 1',
    'reclaim conversations show 42',
  );
  withExamples(
    group
      .command('list')
      .description('newest first; --q takes digits of a phone number, or a name ("first last")')
      .requiredOption('--brand <id>', 'brand id')
      .option('--hidden', 'only hidden conversations (no ordinary reply yet)')
      .option('--visible', 'only visible conversations')
      .option('--q <text>', 'digits search phone numbers partially; words search names')
      .option('--workflow <id>', 'only this workflow')
      .option('--limit <n>', 'how many', '100')
      .option('--offset <n>', 'skip this many', '0')
      .option('--json', 'print as JSON'),
    'reclaim conversations list --brand 1 --q 415555',
    'reclaim conversations list --brand 1 --q "Sam Shopper" --json',
  ).action(
    action(async (opts: ListFlags) => {
      const filter = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        hidden: opts.hidden ? true : opts.visible ? false : undefined,
        q: opts.q,
        workflowId: optionalInteger('--workflow', opts.workflow),
        limit: parsePositiveIntegerFlag('--limit', opts.limit),
        offset: parseIntegerFlag('--offset', opts.offset),
      };
      await withContext(async (ctx) => {
        const page = await listConversations(ctx.db, filter);
        if (opts.json) return printJson(page);
        printLines(conversationList(page));
      });
    }),
  );

  withExamples(
    group
      .command('show <id>')
      .description('one conversation: messages, discount code, short link and clicks, previous and next')
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim conversations show 42',
    'reclaim conversations show 42 --json',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = { id: parseIntegerFlag('id', id), brandId: optionalInteger('--brand', opts.brand) };
      await withContext(async (ctx) => {
        const conversation = await getConversation(ctx.db, { ...query, publicUrl: publicBaseUrl(ctx.config) });
        if (opts.json) return printJson({ conversation });
        printLines(conversationDetail(conversation));
      });
    }),
  );
  return group;
}
