/**
 * SQL behind privacy requests: a shopper's conversations read for an export, or erased (message
 * bodies, feedback comments, reviewers' notes, escalation questions, summaries, attached files, link-click traces).
 * Every query is scoped by brand through the conversations of the brand's contacts.
 */
import type { Handle, Tx } from '../../db/index.ts';

type Json = Record<string, unknown>;

export interface ContactConversations {
  brandId: number;
  contactIds: number[];
}

async function conversationIdsOf(db: Handle, { brandId, contactIds }: ContactConversations): Promise<number[]> {
  if (contactIds.length === 0) return [];
  const rows = await db('conversations')
    .where({ brand_id: brandId })
    .whereIn('contact_id', contactIds)
    .select<{ id: string }[]>('id');
  return rows.map((row) => Number(row.id));
}

/** The contacts' conversations, each with its messages (direction, status, body, times), oldest message first. */
export async function conversationsOfContacts(
  db: Handle,
  scope: ContactConversations,
): Promise<{ id: number; messages: Json[] }[]> {
  const conversationIds = await conversationIdsOf(db, scope);
  if (conversationIds.length === 0) return [];
  const messages: Json[] = await db('conversation_messages')
    .whereIn('conversation_id', conversationIds)
    .orderBy('id')
    .select('conversation_id', 'direction', 'status', 'body', 'created_at', 'sent_at');
  return conversationIds.map((id) => ({
    id,
    messages: messages
      .filter((message) => Number(message.conversation_id) === id)
      .map(({ conversation_id: _drop, ...rest }) => rest),
  }));
}

/**
 * Erases what the contacts' conversations say about them: message bodies and escalation questions
 * become `marker`, feedback comments, quality reviewers' notes, processed answers and summaries are cleared, attached files
 * are deleted and link clicks lose their user agent and IP hash. The conversations themselves stay.
 */
export async function redactContactConversations(
  tx: Tx,
  scope: ContactConversations & { marker: string },
): Promise<{ conversations: number; messages: number }> {
  const conversationIds = await conversationIdsOf(tx, scope);
  if (conversationIds.length === 0) return { conversations: 0, messages: 0 };
  const messages = await tx('conversation_messages')
    .whereIn('conversation_id', conversationIds)
    .update({ body: scope.marker, extra_data: {}, updated_at: tx.fn.now() });
  await tx('conversation_feedback').whereIn('conversation_id', conversationIds).update({ comment: null });
  await tx('conversation_escalations')
    .whereIn('conversation_id', conversationIds)
    .update({ question: scope.marker, processed_question: null, processed_response: null });
  await tx('conversation_quality')
    .whereIn('conversation_id', conversationIds)
    .update({ extra_data: tx.raw(`extra_data - 'note'`) });
  await tx('conversation_message_insights')
    .whereIn('conversation_id', conversationIds)
    .update({ conversation_summary: null });
  await tx('files')
    .whereIn('id', tx('conversation_files').select('file_id').whereIn('conversation_id', conversationIds))
    .del();
  await tx('link_clicks')
    .whereIn('short_link_id', tx('short_links').select('id').whereIn('conversation_id', conversationIds))
    .update({ user_agent: null, ip_hash: null });
  return { conversations: conversationIds.length, messages };
}
