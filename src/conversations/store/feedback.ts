/** SQL of feedback on messages: one row per message (unique message_id), listed newest first. */
import type { Handle } from '../../db/index.ts';

export interface FeedbackView {
  id: number;
  brand_id: number;
  conversation_id: number;
  message_id: number;
  rating: number | null;
  comment: string | null;
  /** The text the feedback is about. */
  message_body: string;
  message_direction: string;
  created_at: string;
  updated_at: string;
}

type Row = Record<string, unknown>;
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const view = (row: Row): FeedbackView => ({
  id: Number(row.id),
  brand_id: Number(row.brand_id),
  conversation_id: Number(row.conversation_id),
  message_id: Number(row.message_id),
  rating: row.rating === null ? null : Number(row.rating),
  comment: (row.comment as string | null) ?? null,
  message_body: String(row.message_body ?? ''),
  message_direction: String(row.message_direction ?? ''),
  created_at: (row.created_at as Date).toISOString(),
  updated_at: (row.updated_at as Date).toISOString(),
});

const COLUMNS = [
  'f.id',
  'f.brand_id',
  'f.conversation_id',
  'f.message_id',
  'f.rating',
  'f.comment',
  'm.body as message_body',
  'm.direction as message_direction',
  'f.created_at',
  'f.updated_at',
];

function feedbackQuery(db: Handle, { brandId, q }: { brandId?: number; q?: string }) {
  const query = db('conversation_feedback as f').join('conversation_messages as m', 'm.id', 'f.message_id');
  if (brandId !== undefined) void query.where('f.brand_id', brandId);
  if (q) {
    const like = `%${escapeLike(q)}%`;
    void query.where((w) => void w.whereILike('f.comment', like).orWhereILike('m.body', like));
  }
  return query;
}

/** A page of feedback (of the brand, when given; text in the comment or the message), newest first. */
export async function listFeedbackRows(
  db: Handle,
  filter: { brandId?: number; q?: string; offset: number; limit: number },
): Promise<{ items: FeedbackView[]; total: number }> {
  const base = feedbackQuery(db, filter);
  const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
  const rows = await base
    .select(COLUMNS)
    .orderBy([
      { column: 'f.created_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(view), total: Number(count) };
}

/** The message of the feedback with this id (of the brand); undefined when none. */
export async function feedbackMessageId(
  db: Handle,
  { brandId, id }: { brandId: number; id: number },
): Promise<number | undefined> {
  const row = await db('conversation_feedback')
    .where({ id, brand_id: brandId })
    .first<{ message_id: string } | undefined>('message_id');
  return row ? Number(row.message_id) : undefined;
}

/** The brand's message and its conversation; undefined when none. */
export async function messageOfBrand(
  db: Handle,
  { brandId, messageId }: { brandId: number; messageId: number },
): Promise<{ conversation_id: number } | undefined> {
  const row = await db('conversation_messages')
    .where({ id: messageId, brand_id: brandId })
    .first<{ conversation_id: string } | undefined>('conversation_id');
  return row ? { conversation_id: Number(row.conversation_id) } : undefined;
}

/**
 * Inserts or updates the feedback of a message (keyed on message_id). Only the given fields
 * change on an update. Returns the row as listed.
 */
export async function upsertFeedbackRow(
  db: Handle,
  row: { brandId: number; conversationId: number; messageId: number; rating?: number | null; comment?: string | null },
): Promise<FeedbackView> {
  const changes: Record<string, unknown> = { updated_at: db.fn.now() };
  if (row.rating !== undefined) changes.rating = row.rating;
  if (row.comment !== undefined) changes.comment = row.comment;
  await db('conversation_feedback')
    .insert({
      brand_id: row.brandId,
      conversation_id: row.conversationId,
      message_id: row.messageId,
      rating: row.rating ?? null,
      comment: row.comment ?? null,
    })
    .onConflict('message_id')
    .merge(changes);
  const saved = await feedbackQuery(db, { brandId: row.brandId }).where('f.message_id', row.messageId).first(COLUMNS);
  return view(saved as Row);
}

/** The feedback of a conversation's messages, oldest first. */
export async function feedbackOfConversation(db: Handle, conversationId: number): Promise<FeedbackView[]> {
  const rows = await db('conversation_feedback as f')
    .join('conversation_messages as m', 'm.id', 'f.message_id')
    .where('f.conversation_id', conversationId)
    .orderBy('f.id')
    .select(COLUMNS);
  return rows.map(view);
}
