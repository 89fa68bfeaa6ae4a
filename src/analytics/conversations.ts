/**
 * getConvoThread, GetConversationMessageCount, GetConversationMessageBody, GetCartInfo,
 * GetCheckoutInfo and GetConversationStats, each for one brand: another brand's conversation,
 * message, cart or checkout reads as missing.
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { ratio, buckets, change } from './rules.ts';
import { codeMarkers, messageKind, type MessageKind } from './rules-messages.ts';
import { periodView, reportScope, requireBrand, type PeriodQuery, type PeriodView } from './scope.ts';
import { brandCodePrefixes } from './store/brand.ts';
import { cohortFunnel, type CohortFilter, type CohortRow } from './store/funnel.ts';
import {
  cartInfo,
  checkoutInfo,
  messageBodies,
  messageCounts,
  threadConversation,
  threadFeedback,
  threadFiles,
  threadGoalEvents,
  threadMessages,
  type CartInfoRow,
  type CheckoutInfoRow,
  type FeedbackRow,
  type GoalEventRow,
  type MessageBodyRow,
  type ThreadConversationRow,
  type ThreadMessageRow,
} from './store/threads.ts';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const CART_NOT_FOUND = 'Cart ID not found';
export const CHECKOUT_NOT_FOUND = 'Checkout not found';

export interface ConversationThread {
  conversation: ThreadConversationRow;
  /** Oldest first; kind tells template texts from replies and the shopper's texts. */
  messages: Array<ThreadMessageRow & { kind: MessageKind }>;
  feedback: FeedbackRow[];
  goal_state_events: GoalEventRow[];
  /** Files grouped by the message they came with (message_id null: the conversation's own). */
  files: Array<{
    message_id: number | null;
    files: Array<{ id: number; name: string | null; url: string; type: string | null }>;
  }>;
}

export async function conversationThread(
  db: Handle,
  { brandId, conversationId }: { brandId: number; conversationId: number },
): Promise<ConversationThread> {
  const conversation = await threadConversation(db, brandId, conversationId);
  if (!conversation) throw new AppError('not_found', CONVERSATION_NOT_FOUND, { code: 'not_found' });
  const [messages, feedback, events, files, prefixes] = await Promise.all([
    threadMessages(db, brandId, conversationId),
    threadFeedback(db, brandId, conversationId),
    threadGoalEvents(db, brandId, conversation),
    threadFiles(db, brandId, conversationId),
    brandCodePrefixes(db, brandId),
  ]);
  const markers = codeMarkers(prefixes);
  const grouped = new Map<number | null, ConversationThread['files'][number]>();
  for (const { message_id, ...file } of files) {
    const group = grouped.get(message_id) ?? { message_id, files: [] };
    group.files.push(file);
    grouped.set(message_id, group);
  }
  return {
    conversation,
    messages: messages.map((m) => ({ ...m, kind: messageKind(m, markers) })),
    feedback,
    goal_state_events: events,
    files: [...grouped.values()],
  };
}

export async function conversationMessageCount(
  db: Handle,
  { brandId, conversationIds }: { brandId: number; conversationIds: number[] },
): Promise<Array<{ conversation_id: number; count: number }>> {
  await requireBrand(db, brandId);
  return messageCounts(db, brandId, [...new Set(conversationIds)]);
}

export async function conversationMessageBody(
  db: Handle,
  { brandId, messageIds }: { brandId: number; messageIds: number[] },
): Promise<MessageBodyRow[]> {
  await requireBrand(db, brandId);
  return messageBodies(db, brandId, [...new Set(messageIds)]);
}

export async function cartInfoOf(
  db: Handle,
  { brandId, cartId }: { brandId: number; cartId: number },
): Promise<CartInfoRow> {
  const cart = await cartInfo(db, brandId, cartId);
  if (!cart) throw new AppError('not_found', CART_NOT_FOUND, { code: 'not_found' });
  return cart;
}

export async function checkoutInfoOf(
  db: Handle,
  { brandId, checkoutId }: { brandId: number; checkoutId: number },
): Promise<CheckoutInfoRow> {
  const checkout = await checkoutInfo(db, brandId, checkoutId);
  if (!checkout) throw new AppError('not_found', CHECKOUT_NOT_FOUND, { code: 'not_found' });
  return checkout;
}

export interface ConversationStatsQuery extends PeriodQuery {
  brandId: number;
  workflowId?: number;
  isHistorical?: boolean;
  /** Hidden conversations (true), visible ones (false, the default), or both (null). */
  isHidden?: boolean | null;
  charts?: boolean;
}

export interface ConversationFigure {
  id: 'count' | 'sent_count' | 'reply_count' | 'reply_rate';
  label: string;
  definition: string;
  current: number | null;
  previous: number | null;
  change: number | null;
}

export interface ConversationStats {
  brand: { id: number; name: string };
  timezone: string;
  current: PeriodView;
  previous: PeriodView;
  filters: { workflow_id: number | null; is_hidden: boolean | null; is_historical: boolean | null };
  stats: ConversationFigure[];
  series?: Array<{ key: string; label: string; start: string; count: number; sent_count: number; reply_count: number }>;
}

const FIGURES: ReadonlyArray<Omit<ConversationFigure, 'current' | 'previous' | 'change'>> = [
  { id: 'count', label: 'Conversations', definition: 'Conversations that started in the period.' },
  { id: 'sent_count', label: 'Texted', definition: 'Of those, conversations that got at least one text.' },
  { id: 'reply_count', label: 'Replied', definition: 'Of those, conversations in which the shopper replied.' },
  { id: 'reply_rate', label: 'Reply rate', definition: 'Conversations that replied divided by conversations.' },
];

const figuresOf = (row?: CohortRow): Record<ConversationFigure['id'], number | null> => ({
  count: row?.started ?? 0,
  sent_count: row?.sent ?? 0,
  reply_count: row?.replied ?? 0,
  reply_rate: ratio(row?.replied ?? 0, row?.started ?? 0),
});

/** GetConversationStats: conversations that started, were texted and replied (visible ones by default). */
export async function conversationStats(db: Handle, q: ConversationStatsQuery): Promise<ConversationStats> {
  const scope = await reportScope(db, q.brandId, q);
  const isHidden = q.isHidden === undefined ? false : q.isHidden;
  const filter = (p: typeof scope.current): CohortFilter => ({
    brandId: q.brandId,
    from: p.from,
    to: p.to,
    workflowIds: q.workflowId === undefined ? undefined : [q.workflowId],
    isHistorical: q.isHistorical,
    isHidden: isHidden ?? undefined,
    timezone: p.timezone,
    rollups: scope.rollups,
  });
  const [[current], [previous]] = await Promise.all([
    cohortFunnel(db, filter(scope.current), { by: 'none' }),
    cohortFunnel(db, filter(scope.previous), { by: 'none' }),
  ]);
  const c = figuresOf(current);
  const p = figuresOf(previous);
  const result: ConversationStats = {
    brand: { id: scope.brand.id, name: scope.brand.name },
    timezone: scope.current.timezone,
    current: periodView(scope.current),
    previous: periodView(scope.previous),
    filters: { workflow_id: q.workflowId ?? null, is_hidden: isHidden, is_historical: q.isHistorical ?? null },
    stats: FIGURES.map((f) => ({
      ...f,
      current: c[f.id],
      previous: p[f.id],
      change: change(c[f.id], p[f.id], f.id === 'reply_rate' ? 'rate' : 'count'),
    })),
  };
  if (q.charts) {
    const rows = await cohortFunnel(db, filter(scope.current), {
      by: 'bucket',
      granularity: scope.current.granularity,
    });
    result.series = buckets(scope.current).map((b) => {
      const row = rows.find((r) => r.key === b.key);
      return {
        key: b.key,
        label: b.label,
        start: b.start.toISOString(),
        count: row?.started ?? 0,
        sent_count: row?.sent ?? 0,
        reply_count: row?.replied ?? 0,
      };
    });
  }
  return result;
}
