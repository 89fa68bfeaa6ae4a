/** Conversations with shopper texts for the insight batch tests. */
import type { Db } from '../../../src/db/index.ts';

export interface Text {
  direction: 'incoming' | 'outgoing';
  body: string;
  /** Minutes before now (default: in order, a minute apart, ending 10 minutes ago). */
  ago?: number;
}

/** One conversation of the brand with these texts; the ids of its messages in order. */
export async function conversationWith(db: Db, brandId: number, texts: Text[]): Promise<number[]> {
  const [conversation] = await db('conversations').insert({ brand_id: brandId }).returning('id');
  const ids: number[] = [];
  for (const [n, text] of texts.entries()) {
    const at = new Date(Date.now() - (text.ago ?? 10 + texts.length - n) * 60_000);
    const [row] = await db('conversation_messages')
      .insert({
        brand_id: brandId,
        conversation_id: Number(conversation.id),
        body: text.body,
        direction: text.direction,
        status: text.direction === 'incoming' ? 'received' : 'sent',
        created_at: at,
        sent_at: text.direction === 'outgoing' ? at : null,
      })
      .returning('id');
    ids.push(Number(row.id));
  }
  return ids;
}

export const shopper = (body: string, ago?: number): Text => ({ direction: 'incoming', body, ago });
export const agent = (body: string, ago?: number): Text => ({ direction: 'outgoing', body, ago });

/** The message insight rows of these messages, by message id. */
export async function messageInsights(db: Db, ids: number[]) {
  const rows = await db('conversation_message_insights').whereIn('conversation_message_id', ids).orderBy('id');
  return new Map(
    rows.map((r: Record<string, unknown>) => [
      Number(r.conversation_message_id),
      {
        brand_insight_id: r.brand_insight_id === null ? null : Number(r.brand_insight_id),
        summary: r.conversation_summary,
        category: r.category,
        tag: r.tag,
        sentiment: r.sentiment,
      },
    ]),
  );
}
