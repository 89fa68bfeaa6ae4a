import type {
  AgentReplyResult,
  ConversationDetail,
  ConversationSummary,
  InboxState,
  Page,
} from '../../conversations/index.ts';

const who = (c: ConversationSummary): string =>
  [c.contact?.given_name, c.contact?.family_name].filter(Boolean).join(' ') || c.channel?.username || '(unknown)';
const when = (m: ConversationDetail['messages'][number]): string =>
  m.sent_at ?? (m.scheduled_for ? `due ${m.scheduled_for}` : m.created_at);

/** `conversations list`: one row per conversation and the range shown, or a line saying none match. */
export function conversationList(page: Page<ConversationSummary>): string {
  if (page.items.length === 0) return 'No conversations match.';
  const rows = page.items.map((c) =>
    [
      String(c.id).padStart(6),
      who(c).padEnd(24),
      (c.channel?.username ?? '-').padEnd(14),
      c.is_hidden ? 'hidden ' : 'visible',
      c.is_unread ? 'unread' : 'read  ',
      (c.is_recovered ? 'recovered' : (c.checkout_state ?? '-')).padEnd(11),
      `${c.message_count} msg`,
      c.last_message ? `${c.last_message.direction} ${c.last_message.status}: ${c.last_message.body.slice(0, 50)}` : '',
    ].join('  '),
  );
  return [...rows, `${page.offset + 1}-${page.offset + page.items.length} of ${page.total}.`].join('\n');
}

/** `conversations show`: the conversation, its messages, codes and links, previous and next. */
export function conversationDetail(c: ConversationDetail): string {
  return [
    `Conversation ${c.id} (brand ${c.brand_id})  ${who(c)}  ${c.channel ? `${c.channel.username} ${c.channel.status}, ${c.channel.engagement_status}` : 'no channel'}  ${c.is_hidden ? 'hidden' : 'visible'}`,
    `  workflow ${c.workflow ? `${c.workflow.id} ${c.workflow.name}` : '-'}  cart ${c.cart_id ?? '-'}  checkout ${c.checkout_id ?? '-'}  order ${c.order_id ?? '-'}  created ${c.created_at}`,
    ...c.messages.map(
      (m) =>
        `  ${m.direction === 'incoming' ? '<-' : '->'}${m.user_id !== null ? ` (user ${m.user_id})` : ''} [${m.status}${m.skip_reason ? `: ${m.skip_reason}` : m.status_reason ? `: ${m.status_reason}` : ''}] ${when(m)}  ${m.body}`,
    ),
    ...c.discount_codes.map((d) => `  discount code ${d.code} (${d.status}${d.ends_at ? `, ends ${d.ends_at}` : ''})`),
    ...c.short_links.map((l) => `  link ${l.url} -> ${l.target_url}  ${l.click_count} click(s)`),
    `  previous ${c.previous_id ?? '-'}  next ${c.next_id ?? '-'}`,
  ].join('\n');
}

/** `conversations reply`: what happened to the reply. */
export function agentReply(result: AgentReplyResult): string {
  const m = result.message;
  const kind = result.conversational
    ? 'conversational (the shopper wrote within 24 hours)'
    : 'marketing (no shopper message in the last 24 hours)';
  const what =
    result.outcome === 'sent'
      ? `sent (${m.provider ?? 'provider'})`
      : result.outcome === 'held'
        ? `held until ${m.scheduled_for}: ${m.status_reason ?? ''}`
        : `${result.outcome}: ${m.status_reason ?? m.skip_reason ?? ''}`;
  return `Message ${m.id}, ${kind}: ${what}`;
}

/** `conversations hide | unhide | read`: the conversation's inbox state. */
export function inboxState(state: InboxState): string {
  return `Conversation ${state.id}: ${state.is_hidden ? 'hidden' : 'visible'}, last read ${state.last_read_at ?? 'never'}${state.last_read_user_id !== null ? ` by user ${state.last_read_user_id}` : ''}`;
}
