import type { ConversationDetail, ConversationSummary } from '../../conversations/index.ts';

type ConversationPage = { conversations: ConversationSummary[]; offset: number; total: number };

const who = (c: ConversationSummary): string =>
  [c.contact?.given_name, c.contact?.family_name].filter(Boolean).join(' ') || c.channel?.username || '(unknown)';
const when = (m: ConversationDetail['messages'][number]): string =>
  m.sent_at ?? (m.scheduled_for ? `due ${m.scheduled_for}` : m.created_at);

/** `conversations list`: one row per conversation and the range shown, or a line saying none match. */
export function conversationList(page: ConversationPage): string {
  if (page.conversations.length === 0) return 'No conversations match.';
  const rows = page.conversations.map((c) =>
    [
      String(c.id).padStart(6),
      who(c).padEnd(24),
      (c.channel?.username ?? '-').padEnd(14),
      c.is_hidden ? 'hidden ' : 'visible',
      `${c.message_count} msg`,
      c.last_message ? `${c.last_message.direction} ${c.last_message.status}: ${c.last_message.body.slice(0, 50)}` : '',
    ].join('  '),
  );
  return [...rows, `${page.offset + 1}-${page.offset + page.conversations.length} of ${page.total}.`].join('\n');
}

/** `conversations show`: the conversation, its messages, codes and links, previous and next. */
export function conversationDetail(c: ConversationDetail): string {
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
  ].join('\n');
}
