import { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import { publicBaseUrl } from '../app/index.ts';
import {
  brandOfConversation,
  createConversationDraftOrder,
  getConversation,
  listConversations,
  MAX_CONVERSATION_LIMIT,
} from '../conversations/index.ts';
import { requireWorkflowScope } from '../workflows/index.ts';
import { collect, commaSeparated, optionalInteger, parseDateRange, parseIntegerFlag } from './flags.ts';
import { conversationInboxCommands } from './conversations-inbox.ts';
import { conversationDetail, conversationList } from './format/conversations.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

interface ListFlags {
  brand: string;
  id?: string;
  state: string[];
  excludeState: string[];
  historical?: boolean;
  workflow?: string;
  responded?: boolean;
  unread?: boolean;
  hidden?: boolean;
  visible?: boolean;
  q?: string;
  from?: string;
  to?: string;
  limit: string;
  offset: string;
  json?: boolean;
}

/** --x / --no-x style pairs: true, false, or absent. */
const either = (yes: boolean | undefined, no: boolean | undefined): boolean | undefined =>
  yes ? true : no ? false : undefined;

export function conversationsCommand(): Command {
  const group = withExamples(
    new Command('conversations').description("a brand's text conversations: list, search, read, reply"),
    'reclaim conversations list --brand 1',
    'reclaim conversations show 42',
    'reclaim conversations reply 42 --body "It ships tomorrow." --user 3',
  );
  withExamples(
    group
      .command('list')
      .description('newest first; --q takes digits of a phone number, or a name ("first last")')
      .requiredOption('--brand <id>', 'brand id')
      .option('--id <id>', 'only this conversation')
      .option(
        '--state <state>',
        'checkout state (pending, abandoned, no_identity, complete, empty, recovered); repeatable',
        collect,
        [],
      )
      .option('--exclude-state <state>', 'leave out this checkout state; repeatable', collect, [])
      .option('--historical', 'only conversations about a backfilled checkout')
      .option('--not-historical', 'leave those out')
      .option('--workflow <id>', 'only this workflow')
      .option('--responded', 'only conversations the shopper wrote in')
      .option('--no-response', 'only conversations without a shopper message')
      .option('--unread', 'only conversations with a shopper message newer than their last read')
      .option('--read', 'only conversations without one')
      .option('--hidden', 'only hidden conversations')
      .option('--visible', 'only visible conversations')
      .option('--q <text>', 'digits search phone numbers partially; words search names')
      .option('--from <date>', 'created at or after (2026-11-01 or an ISO time)')
      .option('--to <date>', 'created before')
      .option('--limit <n>', 'how many (at most 500)', '100')
      .option('--offset <n>', 'skip this many', '0')
      .option('--json', 'print as JSON'),
    'reclaim conversations list --brand 1 --q 415555',
    'reclaim conversations list --brand 1 --state recovered --json',
    'reclaim conversations list --brand 1 --unread --visible --q "Sam Shopper"',
  ).action(
    action(async (opts: ListFlags & { notHistorical?: boolean; read?: boolean; response?: boolean }) => {
      const { from, to } = parseDateRange(opts);
      const input = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        id: optionalInteger('--id', opts.id),
        checkoutState: opts.state.length ? commaSeparated(opts.state) : undefined,
        excludeCheckoutState: opts.excludeState.length ? commaSeparated(opts.excludeState) : undefined,
        isHistorical: either(opts.historical, opts.notHistorical),
        workflow: optionalInteger('--workflow', opts.workflow),
        hasResponse: either(opts.responded, opts.response === false),
        isUnread: either(opts.unread, opts.read),
        isHidden: either(opts.hidden, opts.visible),
        q: opts.q,
        from: from?.toISOString(),
        to: to?.toISOString(),
        limit: parseIntegerFlag('--limit', opts.limit, { min: 1, max: MAX_CONVERSATION_LIMIT }),
        offset: parseIntegerFlag('--offset', opts.offset),
      };
      await withContext(async (ctx) => {
        await requireWorkflowScope(ctx.db, { brandId: input.brandId, workflowId: input.workflow });
        const page = await listConversations(ctx.db, input as Parameters<typeof listConversations>[1]);
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
      const conversationId = parseIntegerFlag('id', id);
      const brand = optionalInteger('--brand', opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, brand);
        const brandId = brand ?? (await brandOfConversation(ctx.db, conversationId));
        const conversation = await getConversation(ctx.db, {
          id: conversationId,
          brandId,
          publicUrl: publicBaseUrl(ctx.config),
        });
        if (opts.json) return printJson({ conversation });
        printLines(conversationDetail(conversation));
      });
    }),
  );
  withExamples(
    group
      .command('draft-order <id>')
      .description(
        "create a Shopify draft order from the conversation's cart with its discount code; prints the invoice URL to text",
      )
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim conversations draft-order 42',
    'reclaim conversations draft-order 42 --json',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const conversationId = parseIntegerFlag('id', id);
      const brandId = optionalInteger('--brand', opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, brandId);
        const draft = await createConversationDraftOrder(ctx, { conversationId, brandId });
        if (opts.json) return printJson({ draft_order: draft });
        const codes = draft.discountCodes.length > 0 ? draft.discountCodes.join(', ') : 'none';
        printLines(
          `${draft.name} for conversation ${conversationId}: ${draft.total.amount} ${draft.total.currencyCode} (discount: ${codes})`,
          draft.invoiceUrl,
        );
      });
    }),
  );
  conversationInboxCommands(group);
  return group;
}
