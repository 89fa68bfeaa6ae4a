/**
 * SQL of the shopper agent's decisions: the decision rows, the texts still awaiting one, the
 * conversations handed back to it, the review of drafts (card titles, closing a draft) and the
 * brand users' "wrong" marks on answers.
 */
import type { Handle } from '../db/index.ts';
import type { AgentMode, DecisionKind } from './rules.ts';

export interface DecisionRow {
  id: number;
  brand_id: number;
  conversation_id: number;
  message_id: number;
  decision: DecisionKind;
  mode: AgentMode;
  reply: string | null;
  delivery: string | null;
  delivery_reason: string | null;
  reply_message_id: number | null;
  sources: number[];
  confidence: number;
  reason: string;
  reading: Record<string, unknown>;
  escalation_id: number | null;
  writer: 'offline' | 'model';
  created_at: Date;
}

const decisionRow = (r: Record<string, unknown>): DecisionRow => ({
  ...(r as unknown as DecisionRow),
  id: Number(r.id),
  brand_id: Number(r.brand_id),
  conversation_id: Number(r.conversation_id),
  message_id: Number(r.message_id),
  reply_message_id: r.reply_message_id === null ? null : Number(r.reply_message_id),
  escalation_id: r.escalation_id === null ? null : Number(r.escalation_id),
  sources: ((r.sources as string[] | null) ?? []).map(Number),
  confidence: Number(r.confidence),
});

export type NewDecision = Omit<DecisionRow, 'id' | 'created_at'>;

/** Records a decision; undefined when the text already has one (a repeated job decides nothing twice). */
export async function insertDecision(db: Handle, row: NewDecision): Promise<DecisionRow | undefined> {
  const [saved] = await db('agent_decisions')
    .insert({ ...row, reading: JSON.stringify(row.reading) })
    .onConflict('message_id')
    .ignore()
    .returning('*');
  return saved ? decisionRow(saved as Record<string, unknown>) : undefined;
}

/** insertDecision for several texts in one statement: the rows recorded (a text already decided has none). */
export async function insertDecisions(db: Handle, rows: NewDecision[]): Promise<DecisionRow[]> {
  if (rows.length === 0) return [];
  const saved = await db('agent_decisions')
    .insert(rows.map((row) => ({ ...row, reading: JSON.stringify(row.reading) })))
    .onConflict('message_id')
    .ignore()
    .returning('*');
  return (saved as Record<string, unknown>[]).map(decisionRow);
}

export type DeliveryPatch = Pick<DecisionRow, 'delivery' | 'delivery_reason' | 'reply_message_id'>;

/** The deliveries of several decisions in one statement. */
export async function updateDeliveries(db: Handle, patches: (DeliveryPatch & { id: number })[]): Promise<void> {
  if (patches.length === 0) return;
  await db.raw(
    `update agent_decisions d
        set delivery = v.delivery, delivery_reason = v.delivery_reason, reply_message_id = v.reply_message_id
       from jsonb_to_recordset(?::jsonb) as v(id bigint, delivery text, delivery_reason text, reply_message_id bigint)
      where d.id = v.id`,
    [JSON.stringify(patches)],
  );
}

/** The escalation ids of several decisions in one statement. */
export async function updateEscalationIds(db: Handle, rows: { id: number; escalation_id: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.raw(
    `update agent_decisions d set escalation_id = v.escalation_id
       from jsonb_to_recordset(?::jsonb) as v(id bigint, escalation_id bigint)
      where d.id = v.id`,
    [JSON.stringify(rows)],
  );
}

/** findDecision for several texts (by message id). */
export async function findDecisions(db: Handle, messageIds: number[]): Promise<Map<number, DecisionRow>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db('agent_decisions').whereIn('message_id', messageIds);
  return new Map(rows.map((r: Record<string, unknown>) => [Number(r.message_id), decisionRow(r)]));
}

export async function updateDecision(
  db: Handle,
  id: number,
  patch: Partial<Pick<DecisionRow, 'delivery' | 'delivery_reason' | 'reply_message_id' | 'escalation_id'>>,
): Promise<void> {
  await db('agent_decisions').where({ id }).update(patch);
}

export async function findDecision(
  db: Handle,
  { brandId, messageId }: { brandId?: number; messageId: number },
): Promise<DecisionRow | undefined> {
  const q = db('agent_decisions').where({ message_id: messageId });
  if (brandId !== undefined) void q.where({ brand_id: brandId });
  const row = await q.first();
  return row ? decisionRow(row) : undefined;
}

export async function listDecisionRows(
  db: Handle,
  filter: { brandId: number; since?: Date; conversationId?: number; limit: number },
): Promise<DecisionRow[]> {
  const q = db('agent_decisions').where({ brand_id: filter.brandId });
  if (filter.since) void q.where('created_at', '>=', filter.since);
  if (filter.conversationId !== undefined) void q.where({ conversation_id: filter.conversationId });
  const rows = await q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(filter.limit);
  return rows.map(decisionRow);
}

/** Shopper texts of the last `hours` with no decision yet, of brands whose agent is not off (oldest first). */
export async function undecidedTexts(
  db: Handle,
  { brandId, since, limit }: { brandId?: number; since: Date; limit: number },
): Promise<number[]> {
  const q = db('conversation_messages as m')
    .join('agent_settings as s', 's.brand_id', 'm.brand_id')
    .leftJoin('agent_decisions as d', 'd.message_id', 'm.id')
    .where('m.direction', 'incoming')
    .where('m.created_at', '>=', since)
    .whereNot('s.mode', 'off')
    .whereNull('d.id');
  if (brandId !== undefined) void q.where('m.brand_id', brandId);
  const rows = await q.orderBy('m.id').limit(limit).select('m.id');
  return rows.map((r) => Number(r.id));
}

export async function conversationOfBrand(
  db: Handle,
  { brandId, conversationId }: { brandId: number; conversationId: number },
): Promise<boolean> {
  return Boolean(await db('conversations').where({ id: conversationId, brand_id: brandId }).first('id'));
}

export async function handBack(
  db: Handle,
  row: { brandId: number; conversationId: number; userId: number | null; at: Date },
): Promise<void> {
  await db('agent_conversations')
    .insert({
      conversation_id: row.conversationId,
      brand_id: row.brandId,
      handed_back_at: row.at,
      handed_back_by: row.userId,
    })
    .onConflict('conversation_id')
    .merge(['handed_back_at', 'handed_back_by']);
}

/** The titles of the given cards of the brand (a decision's sources as the panel names them). */
export async function cardTitles(db: Handle, brandId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db('kb_cards').where({ brand_id: brandId }).whereIn('id', ids).select('id', 'title');
  return new Map(rows.map((r) => [Number(r.id), String(r.title ?? '')]));
}

/** Moves a draft on (sent by a person, discarded) once: undefined when it is no draft any more. */
export async function closeDraft(
  db: Handle,
  { id, delivery, userId, replyMessageId }: { id: number; delivery: string; userId: number; replyMessageId?: number },
): Promise<boolean> {
  const n = await db('agent_decisions')
    .where({ id, delivery: 'draft' })
    .update({ delivery, reviewed_by: userId, reviewed_at: db.fn.now(), reply_message_id: replyMessageId ?? null });
  return n > 0;
}

export interface WrongMarkRow {
  decision_id: number;
  message_id: number;
  conversation_id: number;
  card_id: number | null;
  card_title: string | null;
  topic: string;
  question: string;
  reply: string | null;
  note: string | null;
  marked_by: string | null;
  created_at: Date;
}

/** Records (or renews) a brand user's "wrong" mark on an answer. */
export async function insertWrongMark(
  db: Handle,
  row: {
    brandId: number;
    decisionId: number;
    cardId: number | null;
    topic: string;
    note: string | null;
    userId: number | null;
  },
): Promise<void> {
  await db('agent_feedback')
    .insert({
      brand_id: row.brandId,
      decision_id: row.decisionId,
      card_id: row.cardId,
      topic: row.topic,
      note: row.note,
      user_id: row.userId,
    })
    .onConflict('decision_id')
    .merge(['note', 'user_id', 'created_at']);
}

/** The brand's answers marked wrong, newest first, with the question, the card and who marked it. */
export async function listWrongMarks(
  db: Handle,
  { brandId, decisionIds, limit }: { brandId: number; decisionIds?: number[]; limit: number },
): Promise<WrongMarkRow[]> {
  const q = db('agent_feedback as f')
    .join('agent_decisions as d', 'd.id', 'f.decision_id')
    .join('conversation_messages as m', 'm.id', 'd.message_id')
    .leftJoin('kb_cards as k', 'k.id', 'f.card_id')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .where('f.brand_id', brandId);
  if (decisionIds) void q.whereIn('f.decision_id', decisionIds);
  const rows = await q
    .orderBy('f.id', 'desc')
    .limit(limit)
    .select(
      'f.decision_id',
      'd.message_id',
      'd.conversation_id',
      'f.card_id',
      'k.title as card_title',
      'f.topic',
      'm.body as question',
      'd.reply',
      'f.note',
      db.raw(`nullif(trim(concat_ws(' ', u.given_name, u.family_name)), '') as marked_by`),
      'f.created_at',
    );
  return rows.map((r) => ({
    ...r,
    decision_id: Number(r.decision_id),
    message_id: Number(r.message_id),
    conversation_id: Number(r.conversation_id),
    card_id: r.card_id === null ? null : Number(r.card_id),
  }));
}
