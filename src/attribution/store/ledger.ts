/** The evidence ledger (attribution_evidence): one row per decided order. */
import type { Handle, Tx } from '../../db/index.ts';

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

export interface EvidenceRow {
  brand_id: number;
  order_id: number;
  conversation_id: number | null;
  workflow_id: number | null;
  rule: string;
  window_hours: number;
  evidence: Record<string, unknown>;
}

/** One ledger row per order: a new decision replaces the previous one. */
export async function saveEvidence(tx: Tx, row: EvidenceRow): Promise<void> {
  await tx('attribution_evidence')
    .insert({ ...row, evidence: JSON.stringify(row.evidence), decided_at: tx.fn.now() })
    .onConflict('order_id')
    .merge(['brand_id', 'conversation_id', 'workflow_id', 'rule', 'window_hours', 'evidence', 'decided_at']);
}

/** Adds keys to a ledger row's evidence without re-deciding (a cancellation, say). */
export async function patchEvidence(tx: Tx, orderId: number, patch: Record<string, unknown>): Promise<void> {
  await tx('attribution_evidence')
    .where({ order_id: orderId })
    .update({ evidence: tx.raw('evidence || ?::jsonb', [JSON.stringify(patch)]) });
}

export async function readEvidence(
  db: Handle,
  orderId: number,
): Promise<(Omit<EvidenceRow, 'evidence'> & { evidence: Record<string, unknown>; decided_at: Date }) | undefined> {
  const row = await db('attribution_evidence').where({ order_id: orderId }).first();
  if (!row) return undefined;
  return {
    brand_id: Number(row.brand_id),
    order_id: Number(row.order_id),
    conversation_id: num(row.conversation_id),
    workflow_id: num(row.workflow_id),
    rule: row.rule,
    window_hours: row.window_hours,
    evidence: row.evidence ?? {},
    decided_at: row.decided_at,
  };
}

/** Rewrites the ledger rows of the given orders through `strip` (a privacy redaction). Returns how many. */
export async function redactOrderEvidence(
  tx: Tx,
  orderIds: number[],
  strip: (evidence: unknown) => unknown,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await tx('attribution_evidence')
    .whereIn('order_id', orderIds)
    .select<{ id: string; evidence: unknown }[]>('id', 'evidence');
  for (const row of rows)
    await tx('attribution_evidence')
      .where({ id: Number(row.id) })
      .update({ evidence: JSON.stringify(strip(row.evidence)) });
  return rows.length;
}
