/** SQL behind the engaged-conversation notification: the conversation's brand and the recorded outcome. */
import type { Handle } from '../../db/index.ts';

/** The brand of a conversation; undefined when the conversation does not exist. */
export async function conversationBrandId(db: Handle, conversationId: number): Promise<number | undefined> {
  const row = await db('conversations')
    .where({ id: conversationId })
    .first<{ brand_id: string } | undefined>('brand_id');
  return row ? Number(row.brand_id) : undefined;
}

/** Records a skipped notification on the conversation (extra_data.engaged_notification = { status, reason, at }). */
export async function recordEngagedNotificationSkipped(
  db: Handle,
  { conversationId, reason }: { conversationId: number; reason: string },
): Promise<void> {
  await db('conversations')
    .where({ id: conversationId })
    .update({
      extra_data: db.raw(
        `extra_data || jsonb_build_object('engaged_notification', jsonb_build_object('status', 'skipped', 'reason', ?::text, 'at', now()))`,
        [reason],
      ),
    });
}
