/** SQL of escalations: questions the automatic answers could not handle, for a person and the knowledge base. */
import type { Handle } from '../../db/index.ts';

export interface EscalationView {
  id: number;
  brand_id: number;
  conversation_id: number | null;
  question: string | null;
  processed_question: string | null;
  processed_response: string | null;
  is_added_kb: boolean;
  created_at: string;
}

type Row = Record<string, unknown>;

const view = (row: Row): EscalationView => ({
  id: Number(row.id),
  brand_id: Number(row.brand_id),
  conversation_id: row.conversation_id === null ? null : Number(row.conversation_id),
  question: (row.question as string | null) ?? null,
  processed_question: (row.processed_question as string | null) ?? null,
  processed_response: (row.processed_response as string | null) ?? null,
  is_added_kb: Boolean(row.is_added_kb),
  created_at: (row.created_at as Date).toISOString(),
});

function escalationQuery(db: Handle, filter: { brandId: number; isAddedKb?: boolean; conversationId?: number }) {
  const query = db('conversation_escalations').where({ brand_id: filter.brandId });
  if (filter.isAddedKb !== undefined) void query.where({ is_added_kb: filter.isAddedKb });
  if (filter.conversationId !== undefined) void query.where({ conversation_id: filter.conversationId });
  return query;
}

/** The brand's escalations, newest first, and how many match. */
export async function listEscalationRows(
  db: Handle,
  filter: { brandId: number; isAddedKb?: boolean; conversationId?: number; offset: number; limit: number },
): Promise<{ items: EscalationView[]; total: number }> {
  const base = escalationQuery(db, filter);
  const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
  const rows = await base
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(view), total: Number(count) };
}

export async function findEscalation(
  db: Handle,
  { brandId, id }: { brandId: number; id: number },
): Promise<EscalationView | undefined> {
  const row = await db('conversation_escalations').where({ id, brand_id: brandId }).first();
  return row ? view(row) : undefined;
}

export async function insertEscalation(
  db: Handle,
  row: { brandId: number; conversationId: number | null; question: string },
): Promise<EscalationView> {
  const [saved] = await db('conversation_escalations')
    .insert({ brand_id: row.brandId, conversation_id: row.conversationId, question: row.question })
    .returning('*');
  return view(saved as Row);
}

export async function updateEscalationRow(
  db: Handle,
  { brandId, id, patch }: { brandId: number; id: number; patch: Record<string, unknown> },
): Promise<EscalationView | undefined> {
  const query = db('conversation_escalations').where({ id, brand_id: brandId });
  const [saved] = Object.keys(patch).length === 0 ? [await query.first()] : await query.update(patch).returning('*');
  return saved ? view(saved as Row) : undefined;
}

/** insertEscalation for several questions in one statement; the rows in the order given. */
export async function insertEscalations(
  db: Handle,
  rows: { brandId: number; conversationId: number; question: string }[],
): Promise<EscalationView[]> {
  if (rows.length === 0) return [];
  const saved = (await db('conversation_escalations')
    .insert(rows.map((r) => ({ brand_id: r.brandId, conversation_id: r.conversationId, question: r.question })))
    .returning('*')) as Row[];
  // Rows come back in the order of the values; checked, since each is matched to its question by position.
  saved.forEach((s, i) => {
    if (Number(s.conversation_id) !== rows[i]!.conversationId) throw new Error('Escalations returned out of order');
  });
  return saved.map(view);
}
