import { Command } from 'commander';
import { publicBaseUrl } from '../app/index.ts';
import {
  getConversation,
  listConversations,
  receiveMessage,
  type ConversationDetail,
  type ConversationSummary,
  type ReceiveResult,
} from '../conversations/index.ts';
import { addSendDueCommand } from './messages-send.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const who = (c: ConversationSummary): string =>
  [c.contact?.given_name, c.contact?.family_name].filter(Boolean).join(' ') || c.channel?.username || '(unknown)';
const when = (m: ConversationDetail['messages'][number]): string =>
  m.sent_at ?? (m.scheduled_for ? `due ${m.scheduled_for}` : m.created_at);

function detailLines(c: ConversationDetail): string[] {
  return [
    `Conversation ${c.id} (brand ${c.brand_id})  ${who(c)}  ${c.channel ? `${c.channel.username} ${c.channel.status}, ${c.channel.engagement_status}` : 'no channel'}  ${c.is_hidden ? 'hidden' : 'visible'}`,
    `  workflow ${c.workflow ? `${c.workflow.id} ${c.workflow.name}` : '-'}  cart ${c.cart_id ?? '-'}  checkout ${c.checkout_id ?? '-'}  order ${c.order_id ?? '-'}  created ${c.created_at}`,
    ...c.messages.map(
      (m) =>
        `  ${m.direction === 'incoming' ? '<-' : '->'} [${m.status}${m.skip_reason ? `: ${m.skip_reason}` : m.status_reason ? `: ${m.status_reason}` : ''}] ${when(m)}  ${m.body}`,
    ),
    ...c.discount_codes.map((d) => `  discount code ${d.code} (${d.status}${d.ends_at ? `, ends ${d.ends_at}` : ''})`),
    ...c.short_links.map((l) => `  link ${l.url} -> ${l.target_url}  ${l.click_count} click(s)`),
    `  previous ${c.previous_id ?? '-'}  next ${c.next_id ?? '-'}`,
  ];
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
    action(
      async (opts: {
        brand: string;
        hidden?: boolean;
        visible?: boolean;
        q?: string;
        workflow?: string;
        limit: string;
        offset: string;
        json?: boolean;
      }) => {
        const filter = {
          brandId: parseIntegerFlag('--brand', opts.brand),
          hidden: opts.hidden ? true : opts.visible ? false : undefined,
          q: opts.q,
          workflowId: opts.workflow === undefined ? undefined : parseIntegerFlag('--workflow', opts.workflow),
          limit: parseIntegerFlag('--limit', opts.limit),
          offset: parseIntegerFlag('--offset', opts.offset),
        };
        await withContext(async (ctx) => {
          const page = await listConversations(ctx.db, filter);
          if (opts.json) return printJson(page);
          if (page.conversations.length === 0) return printLines('No conversations match.');
          printLines(
            ...page.conversations.map((c) =>
              [
                String(c.id).padStart(6),
                who(c).padEnd(24),
                (c.channel?.username ?? '-').padEnd(14),
                c.is_hidden ? 'hidden ' : 'visible',
                `${c.message_count} msg`,
                c.last_message
                  ? `${c.last_message.direction} ${c.last_message.status}: ${c.last_message.body.slice(0, 50)}`
                  : '',
              ].join('  '),
            ),
            `${page.offset + 1}-${page.offset + page.conversations.length} of ${page.total}.`,
          );
        });
      },
    ),
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
      const query = {
        id: parseIntegerFlag('id', id),
        brandId: opts.brand === undefined ? undefined : parseIntegerFlag('--brand', opts.brand),
      };
      await withContext(async (ctx) => {
        const conversation = await getConversation(ctx.db, { ...query, publicUrl: publicBaseUrl(ctx.config) });
        if (opts.json) return printJson({ conversation });
        printLines(...detailLines(conversation));
      });
    }),
  );
  return group;
}

const receivedLine = (r: ReceiveResult): string => {
  if (r.outcome === 'ignored') return 'Ignored: the sender is not a +1 number the brand knows.';
  if (r.duplicate) return `Already received (message ${r.messageId}); nothing applied again.`;
  const what: Record<string, string> = {
    opt_out: r.subscriptionChanged
      ? `opt-out (${r.keyword}): channel unsubscribed, ${r.skippedMessages} queued message(s) skipped`
      : `opt-out (${r.keyword}): already unsubscribed`,
    opt_in: r.subscriptionChanged
      ? `opt-in (${r.keyword}): channel subscribed again`
      : `opt-in (${r.keyword}): no change`,
    help: `help (${r.keyword})`,
    reply: 'reply: conversation engaged and visible, team notification queued',
  };
  return `Stored in conversation ${r.conversationId} (brand ${r.brandId}${r.createdContact ? ', new contact' : ''}): ${what[r.action ?? 'reply']}.${r.reply ? ` Answer ${r.reply.status}: "${r.reply.body}"` : ''}`;
};

/** The `messages` group: `receive` (here) and `send-due` (messages-send.ts). */
export function messagesCommand(): Command {
  const group = withExamples(
    new Command('messages').description('text messages: receive a reply (offline loop), send due messages'),
    'reclaim messages receive --from +14155550123 --to +14155550100 --body STOP',
    'reclaim messages send-due',
  );
  withExamples(
    group
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
        printLines(receivedLine(result));
      }),
    ),
  );
  return addSendDueCommand(group);
}
