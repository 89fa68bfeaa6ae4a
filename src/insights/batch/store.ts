/**
 * SQL of the insight batch: the shopper messages still without a message insight, the texts
 * before them, the brand's insights, and the rows each outcome writes (brand_insights and
 * conversation_message_insights) in one transaction per page.
 */
import type { Handle } from '../../db/index.ts';
import type { InsightCategory, KnownInsight, Sentiment } from '../analysis/rules.ts';

export interface BatchBrand {
  id: number;
  name: string | null;
}

export async function batchBrands(db: Handle, brandId?: number): Promise<BatchBrand[]> {
  const query = db('brands').select('id', 'name').orderBy('id');
  if (brandId !== undefined) query.where({ id: brandId });
  const rows = await query;
  return rows.map((r: { id: unknown; name: string | null }) => ({ id: Number(r.id), name: r.name }));
}

/** The brand's discount code prefixes (for the template-message rule). */
export async function codePrefixes(db: Handle, brandId: number): Promise<{ prefix: string; isStatic: boolean }[]> {
  const rows = await db('discount_rules')
    .where({ brand_id: brandId })
    .whereRaw(`coalesce(extra_data->>'code_prefix', '') <> ''`)
    .distinct<Array<{ prefix: string; is_static: boolean }>>(
      db.raw(`extra_data->>'code_prefix' as prefix`),
      db.raw(`coalesce(extra_data->>'type', 'dynamic') = 'static' as is_static`),
    );
  return rows.map((r) => ({ prefix: r.prefix, isStatic: r.is_static }));
}

export interface CandidateRow {
  id: number;
  conversation_id: number;
  body: string;
}

const UNANALYSED = `not exists (select 1 from conversation_message_insights i where i.conversation_message_id = m.id)`;

/** How many incoming messages since `since` have no message insight yet. */
export async function countCandidates(
  db: Handle,
  { brandId, since }: { brandId: number; since: Date },
): Promise<number> {
  const row = await db('conversation_messages as m')
    .where({ 'm.brand_id': brandId, 'm.direction': 'incoming' })
    .andWhere('m.created_at', '>=', since)
    .whereRaw(UNANALYSED)
    .count<{ count: string }>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

export interface PageCursor {
  createdAt: Date;
  id: number;
}

/**
 * The next page of incoming messages since `since` without a message insight, in (created_at, id)
 * order after `after`: a range of the partial index of incoming messages, no sort.
 */
export async function candidatePage(
  db: Handle,
  { brandId, since, after, limit }: { brandId: number; since: Date; after: PageCursor | null; limit: number },
): Promise<(CandidateRow & { created_at: Date })[]> {
  const query = db('conversation_messages as m')
    .select('m.id', 'm.conversation_id', 'm.body', 'm.created_at')
    .where({ 'm.brand_id': brandId, 'm.direction': 'incoming' })
    .andWhere('m.created_at', '>=', since)
    .whereRaw(UNANALYSED)
    .orderBy([
      { column: 'm.created_at', order: 'asc' },
      { column: 'm.id', order: 'asc' },
    ])
    .limit(limit);
  if (after) query.whereRaw('(m.created_at, m.id) > (?, ?)', [after.createdAt, after.id]);
  const rows = await query;
  return rows.map((r: { id: unknown; conversation_id: unknown; body: string; created_at: Date }) => ({
    id: Number(r.id),
    conversation_id: Number(r.conversation_id),
    body: r.body,
    created_at: r.created_at,
  }));
}

export interface ContextRow {
  message_id: number;
  direction: 'incoming' | 'outgoing';
  body: string;
}

/** Up to `per` texts before each message in its conversation, oldest first. */
export async function contextOf(db: Handle, messageIds: number[], per: number): Promise<ContextRow[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await db.raw(
    `select t.id as message_id, c.direction, c.body
       from conversation_messages t
       cross join lateral (
         select p.direction, p.body, p.created_at, p.id
           from conversation_messages p
          where p.conversation_id = t.conversation_id
            and (p.created_at, p.id) < (t.created_at, t.id)
          order by p.created_at desc, p.id desc
          limit ?
       ) c
      where t.id = any(?::bigint[])
      order by t.id, c.created_at, c.id`,
    [per, messageIds],
  );
  return (rows as { message_id: unknown; direction: 'incoming' | 'outgoing'; body: string }[]).map((r) => ({
    message_id: Number(r.message_id),
    direction: r.direction,
    body: r.body,
  }));
}

/** The brand's insights, most recently updated first. */
export async function knownInsights(db: Handle, brandId: number, limit: number): Promise<KnownInsight[]> {
  const rows = await db('brand_insights')
    .select('id', 'topic', 'body', 'category', 'tag')
    .where({ brand_id: brandId })
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map((r: KnownInsight & { id: unknown }) => ({ ...r, id: Number(r.id) }));
}

export interface NewInsightRow {
  topic: string;
  body: string;
  proposed_solution: string;
  category: InsightCategory;
  tag: string;
}

export async function insertInsights(db: Handle, brandId: number, rows: NewInsightRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db('brand_insights')
    .insert(rows.map((r) => ({ ...r, brand_id: brandId })))
    .returning('id');
  return inserted.map((r: { id: unknown }) => Number(r.id));
}

/** Marks insights as seen again now (outcome 1), with their question and body rewritten when given. */
export async function touchInsights(
  db: Handle,
  brandId: number,
  ids: number[],
  rewrites: Map<number, { topic: string; body: string }>,
): Promise<void> {
  if (ids.length > 0)
    await db('brand_insights').where({ brand_id: brandId }).whereIn('id', ids).update({ updated_at: db.fn.now() });
  for (const [id, { topic, body }] of rewrites)
    await db('brand_insights').where({ brand_id: brandId, id }).update({ topic, body, updated_at: db.fn.now() });
}

export interface MessageInsightRow {
  brand_insight_id: number | null;
  conversation_id: number;
  conversation_message_id: number;
  conversation_summary: string;
  category: string | null;
  tag: string | null;
  sentiment: Sentiment;
}

export async function insertMessageInsights(db: Handle, brandId: number, rows: MessageInsightRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db('conversation_message_insights').insert(rows.slice(i, i + 1000).map((r) => ({ ...r, brand_id: brandId })));
}

/** The advisory lock class of the insights batch (pg_advisory_xact_lock(class, brand)). */
const BATCH_LOCK_CLASS = 2_026_112_603;

/**
 * Serialises the page writes of batches of one brand that run at once (the schedule and a manual
 * run): held until the transaction ends.
 */
export async function lockBrandBatch(db: Handle, brandId: number): Promise<void> {
  await db.raw('select pg_advisory_xact_lock(?::int, ?::int)', [BATCH_LOCK_CLASS, brandId]);
}

/** The messages among `ids` that have no message insight yet. */
export async function unanalysedMessageIds(db: Handle, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db('conversation_messages as m').whereIn('m.id', ids).whereRaw(UNANALYSED).select('m.id');
  return new Set(rows.map((r: { id: unknown }) => Number(r.id)));
}

/** The ids among `ids` that are the brand's insights. */
export async function existingInsightIds(db: Handle, brandId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db('brand_insights').where({ brand_id: brandId }).whereIn('id', ids).select('id');
  return new Set(rows.map((r: { id: unknown }) => Number(r.id)));
}

/** The topics of the given insights, in id order (for notifications). */
export async function insightTopics(db: Handle, brandId: number, ids: number[]): Promise<string[]> {
  const rows = await db('brand_insights').where({ brand_id: brandId }).whereIn('id', ids).orderBy('id').select('topic');
  return rows.map((r: { topic: string | null }) => r.topic ?? '').filter(Boolean);
}

export interface InsightRow extends KnownInsight {
  proposed_solution: string | null;
  messages: number;
}

/** One of the brand's insights with the number of messages linked to it. */
export async function findInsight(db: Handle, brandId: number, id: number): Promise<InsightRow | undefined> {
  const row = await db('brand_insights as b')
    .where({ 'b.brand_id': brandId, 'b.id': id })
    .first(
      'b.id',
      'b.topic',
      'b.body',
      'b.category',
      'b.tag',
      'b.proposed_solution',
      db.raw(`(select count(*) from conversation_message_insights i where i.brand_insight_id = b.id)::int as messages`),
    );
  return row ? { ...row, id: Number(row.id), messages: Number(row.messages) } : undefined;
}

/** The id of the KB card promoted from an insight, if any. */
export async function cardOfInsight(db: Handle, brandId: number, insightId: number): Promise<number | undefined> {
  const row = await db('kb_cards')
    .where({ brand_id: brandId, source: 'insight' })
    .whereRaw(`extra_data->>'brand_insight_id' = ?`, [String(insightId)])
    .first('id');
  return row ? Number(row.id) : undefined;
}

/** Records on a card the insight it came from. */
export async function markCardInsight(db: Handle, cardId: number, insightId: number): Promise<void> {
  await db('kb_cards')
    .where({ id: cardId })
    .update({
      extra_data: db.raw(`extra_data || jsonb_build_object('brand_insight_id', ?::text)`, [String(insightId)]),
    });
}

export async function markCardEscalation(db: Handle, cardId: number, escalationId: number): Promise<void> {
  await db('kb_cards')
    .where({ id: cardId })
    .update({
      extra_data: db.raw(`extra_data || jsonb_build_object('escalation_id', ?::text)`, [String(escalationId)]),
    });
}
