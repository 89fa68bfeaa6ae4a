/**
 * The story's workflow side as stored rows: flow events and their goal events, conversations with
 * their messages, discount codes, short links and clicks, in the shapes run-candidates, the send
 * job, delivery reports and inbound replies write.
 */
import type { Tx } from '../../db/index.ts';
import { segmentInfo } from '../../messaging/index.ts';
import { goalState } from '../../workflows/index.ts';
import type { BrandStory, StoryMessage } from '../story/index.ts';
import { allocateIds, insertRows, type DemoRow } from './rows.ts';
import type { BrandIds, ShopIds } from './shop.ts';

/** Ids of what was written, with the story's messages, for the rows that point at them. */
export interface TalkIds {
  conversations: number[];
  /** Per conversation, its messages' ids in story order. */
  messages: number[][];
}

const discountIds = async (tx: Tx, story: BrandStory): Promise<(number | null)[]> => {
  const ids = await allocateIds(tx, 'discount_codes', story.conversations.filter((c) => c.discount).length);
  let next = 0;
  return story.conversations.map((c) => (c.discount ? ids[next++]! : null));
};

/**
 * The brand's read marker of a demo conversation: a brand user who answered after the shopper's
 * last text read the thread then; a shopper who wrote after the answer (or was never answered)
 * leaves it unread, as the inbox's rule says (an incoming text newer than the last read).
 */
export function lastReadAt(c: { messages: StoryMessage[] }): Date | null {
  const lastIncoming = Math.max(
    -Infinity,
    ...c.messages.filter((m) => m.direction === 'incoming').map((m) => m.createdAt.getTime()),
  );
  const answers = c.messages.filter((m) => m.byAgent && m.createdAt.getTime() > lastIncoming);
  if (answers.length === 0) return null;
  return new Date(Math.max(...answers.map((m) => m.createdAt.getTime())));
}

function messageRow(m: StoryMessage, extra: Record<string, unknown>): DemoRow {
  const segments = m.direction === 'outgoing' && m.sentAt ? segmentInfo(m.body) : null;
  return {
    body: m.body,
    direction: m.direction,
    status: m.status,
    scheduled_for: m.scheduledFor,
    sent_at: m.sentAt,
    status_reason: m.statusReason,
    segments: segments?.segments ?? null,
    encoding: segments?.encoding ?? null,
    provider: m.provider,
    provider_message_id: m.providerMessageId,
    is_marketing: m.isMarketing,
    extra_data: { ...m.extra, ...extra },
    created_at: m.createdAt,
    updated_at: m.sentAt ?? m.createdAt,
  };
}

/** Conversations, messages, discount codes, short links, clicks, flow events and goal events. */
export async function writeTalk(
  tx: Tx,
  story: BrandStory,
  ids: BrandIds & ShopIds & { agentUserId: number | null },
): Promise<TalkIds> {
  const conversations = await allocateIds(tx, 'conversations', story.conversations.length);
  const messageIds = await allocateIds(
    tx,
    'conversation_messages',
    story.conversations.reduce((n, c) => n + c.messages.length, 0),
  );
  const codes = await discountIds(tx, story);
  const links = await allocateIds(tx, 'short_links', story.conversations.filter((c) => c.link).length);
  const workflowId = (name: string) => ids.workflows.get(name)!;

  let nextMessage = 0;
  let nextLink = 0;
  const messages: number[][] = [];
  const conversationRows: DemoRow[] = [];
  const messageRows: DemoRow[] = [];
  const codeRows: DemoRow[] = [];
  const linkRows: DemoRow[] = [];
  const clickRows: DemoRow[] = [];
  story.conversations.forEach((c, i) => {
    const id = conversations[i]!;
    const mine = c.messages.map(() => messageIds[nextMessage++]!);
    messages.push(mine);
    const lastAt = Math.max(...c.messages.map((m) => (m.sentAt ?? m.createdAt).getTime()));
    const readAt = lastReadAt(c);
    conversationRows.push({
      id,
      brand_id: ids.brandId,
      workflow_id: workflowId(c.workflow),
      contact_id: ids.contacts[c.contact],
      contact_channel_id: ids.smsChannels[c.contact],
      cart_id: c.cart === null ? null : ids.carts[c.cart],
      checkout_id: c.checkout === null ? null : ids.checkouts[c.checkout],
      order_id: c.order === null ? null : ids.orders[c.order],
      is_hidden: c.hidden,
      last_read_at: readAt,
      last_read_user_id: readAt && ids.agentUserId !== null ? ids.agentUserId : null,
      created_at: c.createdAt,
      updated_at: new Date(lastAt),
    });
    const codeId = codes[i];
    const linkId = c.link ? links[nextLink++]! : null;
    c.messages.forEach((m, k) => {
      const extra: Record<string, unknown> =
        k === 0
          ? { ...(codeId ? { discount_code_id: codeId } : {}), ...(c.link ? { short_link_code: c.link.code } : {}) }
          : {};
      const author = m.byAgent && ids.agentUserId !== null ? { user_id: ids.agentUserId } : {};
      messageRows.push({ id: mine[k], brand_id: ids.brandId, conversation_id: id, ...messageRow(m, extra), ...author });
    });
    if (c.discount && codeId) {
      codeRows.push({
        id: codeId,
        brand_id: ids.brandId,
        conversation_id: id,
        message_id: mine[0],
        workflow_id: workflowId(c.workflow),
        discount_rule_id: ids.discountRules.get(c.workflow) ?? null,
        code: c.discount.code,
        external_id: c.discount.created ? `demo:${c.discount.code}` : null,
        starts_at: c.discount.issuedAt,
        ends_at: c.discount.endsAt,
        usage_limit: 1,
        status: c.discount.created ? 'created' : 'pending',
        store_attempts: c.discount.created ? 1 : 0,
        created_at: c.discount.issuedAt,
        updated_at: c.messages[0]!.sentAt ?? c.discount.issuedAt,
      });
    }
    if (c.link && linkId) {
      linkRows.push({
        id: linkId,
        brand_id: ids.brandId,
        conversation_id: id,
        message_id: mine[0],
        code: c.link.code,
        target_url: c.link.target,
        created_at: c.createdAt,
      });
      for (const click of c.link.clicks)
        clickRows.push({
          short_link_id: linkId,
          brand_id: ids.brandId,
          clicked_at: click.at,
          user_agent: click.userAgent,
          ip_hash: click.ipHash,
        });
    }
  });
  await insertRows(tx, 'conversations', conversationRows);
  await insertRows(tx, 'conversation_messages', messageRows);
  await insertRows(tx, 'discount_codes', codeRows);
  await insertRows(tx, 'short_links', linkRows);
  await insertRows(tx, 'link_clicks', clickRows);
  await writeFlowEvents(tx, story, ids, conversations);
  return { conversations, messages };
}

async function writeFlowEvents(
  tx: Tx,
  story: BrandStory,
  ids: BrandIds & ShopIds,
  conversations: number[],
): Promise<void> {
  const eventId = (kind: 'cart' | 'checkout' | 'order', index: number): number =>
    (kind === 'cart' ? ids.carts : kind === 'checkout' ? ids.checkouts : ids.orders)[index]!;
  const flowRows: DemoRow[] = [];
  const goalRows: DemoRow[] = [];
  for (const e of story.flowEvents) {
    const workflowId = ids.workflows.get(e.workflow)!;
    const conversationId = e.conversation === null ? null : conversations[e.conversation]!;
    flowRows.push({
      brand_id: ids.brandId,
      workflow_id: workflowId,
      event_id: eventId(e.kind, e.event),
      event_type: e.kind,
      contact_id: e.contact === null ? null : ids.contacts[e.contact],
      contact_channel_id: e.contact === null ? null : ids.smsChannels[e.contact],
      state: e.outcome,
      reason: e.reason,
      extra_data: { detail: e.detail },
      created_at: e.at,
      updated_at: e.at,
    });
    const checkout = e.kind === 'checkout' ? story.checkouts[e.event]! : null;
    goalRows.push({
      brand_id: ids.brandId,
      workflow_id: workflowId,
      order_id: e.kind === 'order' ? eventId('order', e.event) : null,
      checkout_id: checkout ? eventId('checkout', e.event) : null,
      cart_id: e.kind === 'cart' ? eventId('cart', e.event) : checkout ? ids.carts[checkout.cart] : null,
      conversation_id: conversationId,
      state: goalState(e.outcome),
      state_display: e.reason,
      created_at: e.at,
    });
  }
  await insertRows(tx, 'flow_events', flowRows);
  await insertRows(tx, 'workflow_goal_state_change_events', goalRows);
}
