/** SQL of the inbox's own state on a conversation: hidden or visible, last read (when and by whom). */
import type { Handle } from '../../db/index.ts';

export interface InboxState {
  id: number;
  brand_id: number;
  is_hidden: boolean;
  last_read_at: string | null;
  last_read_user_id: number | null;
}

type Row = {
  id: string;
  brand_id: string;
  is_hidden: boolean;
  last_read_at: Date | null;
  last_read_user_id: string | null;
};

const state = (row: Row): InboxState => ({
  id: Number(row.id),
  brand_id: Number(row.brand_id),
  is_hidden: row.is_hidden,
  last_read_at: row.last_read_at ? row.last_read_at.toISOString() : null,
  last_read_user_id: row.last_read_user_id === null ? null : Number(row.last_read_user_id),
});

const COLUMNS = ['id', 'brand_id', 'is_hidden', 'last_read_at', 'last_read_user_id'];

/** Hides or shows the brand's conversation; undefined when the brand has no such conversation. */
export async function setConversationHidden(
  db: Handle,
  { brandId, id, hidden }: { brandId: number; id: number; hidden: boolean },
): Promise<InboxState | undefined> {
  const [row] = await db('conversations')
    .where({ id, brand_id: brandId })
    .update({ is_hidden: hidden, updated_at: db.fn.now() })
    .returning<Row[]>(COLUMNS);
  return row ? state(row) : undefined;
}

/**
 * Marks the brand's conversation read at `at` (null: the database's now, the clock incoming
 * messages are stamped with) by `userId` (null: an operator). Never moves the
 * read mark back: a late or repeated call keeps the later one. Undefined when there is no such
 * conversation.
 */
export async function markRead(
  db: Handle,
  { brandId, id, userId, at }: { brandId: number; id: number; userId: number | null; at: Date | null },
): Promise<InboxState | undefined> {
  const [row] = await db('conversations')
    .where({ id, brand_id: brandId })
    .update({
      last_read_at: db.raw('greatest(last_read_at, coalesce(?::timestamptz, now()))', [at]),
      last_read_user_id: db.raw(
        'case when last_read_at is null or last_read_at <= coalesce(?::timestamptz, now()) then ?::bigint else last_read_user_id end',
        [at, userId],
      ),
    })
    .returning<Row[]>(COLUMNS);
  return row ? state(row) : undefined;
}

/** Whether the user exists (an author or reader must be a real user). */
export async function userExists(db: Handle, userId: number): Promise<boolean> {
  return (await db('users').where({ id: userId }).first('id')) !== undefined;
}

/** Whether the brand has this conversation. */
export async function conversationOfBrand(
  db: Handle,
  { brandId, id }: { brandId: number; id: number },
): Promise<boolean> {
  return (await db('conversations').where({ id, brand_id: brandId }).first('id')) !== undefined;
}
