/** SQL of the customer messages behind insights (conversation_message_insights with their message). */
import type { Handle } from '../../db/index.ts';

export interface MessageInsightView {
  id: number;
  brand_insight_id: number | null;
  conversation_id: number;
  message_id: number | null;
  /** The shopper's words. */
  message_body: string | null;
  message_at: string | null;
  category: string | null;
  tag: string | null;
  sentiment: string | null;
  conversation_summary: string | null;
  created_at: string;
}

type Row = Record<string, unknown>;

const view = (r: Row): MessageInsightView => ({
  id: Number(r.id),
  brand_insight_id: r.brand_insight_id === null ? null : Number(r.brand_insight_id),
  conversation_id: Number(r.conversation_id),
  message_id: r.conversation_message_id === null ? null : Number(r.conversation_message_id),
  message_body: (r.message_body as string | null) ?? null,
  message_at: r.message_at ? (r.message_at as Date).toISOString() : null,
  category: (r.category as string | null) ?? null,
  tag: (r.tag as string | null) ?? null,
  sentiment: (r.sentiment as string | null) ?? null,
  conversation_summary: (r.conversation_summary as string | null) ?? null,
  created_at: (r.created_at as Date).toISOString(),
});

export interface MessageInsightQuery {
  brandId: number;
  brandInsightId?: number;
  category?: string;
  tag?: string;
  offset: number;
  limit: number;
}

/** A page of the brand's message insights (of one brand insight, or of a category and tag), newest first. */
export async function listMessageInsightRows(
  db: Handle,
  filter: MessageInsightQuery,
): Promise<{ items: MessageInsightView[]; total: number }> {
  const base = db('conversation_message_insights as i')
    .leftJoin('conversation_messages as m', 'm.id', 'i.conversation_message_id')
    .where('i.brand_id', filter.brandId);
  if (filter.brandInsightId !== undefined) void base.where('i.brand_insight_id', filter.brandInsightId);
  if (filter.category !== undefined) void base.where('i.category', filter.category);
  if (filter.tag !== undefined) void base.where('i.tag', filter.tag);
  const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
  const rows = await base
    .select(
      'i.id',
      'i.brand_insight_id',
      'i.conversation_id',
      'i.conversation_message_id',
      'm.body as message_body',
      'm.created_at as message_at',
      'i.category',
      'i.tag',
      'i.sentiment',
      'i.conversation_summary',
      'i.created_at',
    )
    .orderBy([
      { column: 'i.created_at', order: 'desc' },
      { column: 'i.id', order: 'desc' },
    ])
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(view), total: Number(count) };
}

/** Whether the brand has this insight. */
export async function brandInsightExists(
  db: Handle,
  { brandId, id }: { brandId: number; id: number },
): Promise<boolean> {
  return (await db('brand_insights').where({ id, brand_id: brandId }).first('id')) !== undefined;
}
