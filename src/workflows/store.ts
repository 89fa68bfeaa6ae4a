/**
 * SQL for workflows and their flow events (one per workflow and candidate, unique, so every
 * outcome write is idempotent). Every function takes a knex handle (Db or Tx).
 */
import type { Handle, Tx } from '../db/index.ts';
import type { CandidateKind, OutcomeRecord } from './candidates/rules.ts';
import type { MessageBlock } from './render.ts';
import type { WorkflowRules, WorkflowStatus, WorkflowType } from './rules.ts';
import type { WorkflowAction } from './validation.ts';

type Row = Record<string, unknown>;

export type StorePlatform = 'shopify' | 'bigcommerce';

export interface WorkflowRow {
  id: number;
  brand_id: number;
  brand_integration_id: number | null;
  name: string;
  type: WorkflowType;
  status: WorkflowStatus;
  is_paused: boolean;
  delay_minutes: number;
  /** The choice order between a store's cart and checkout workflows: highest first (default 0). */
  priority: number;
  message: MessageBlock[];
  rules: WorkflowRules;
  action: WorkflowAction;
  discount_rule_id: number | null;
  timezone: string;
  starts_at: Date | null;
  ends_at: Date | null;
  external_id: string | null;
  template: string | null;
  extra_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  /** The store platform of the workflow's integration (null without one). */
  platform: StorePlatform | null;
}

export interface IntegrationSummary {
  id: number;
  brand_id: number;
  slug: string;
  category: string | null;
  status: string;
  is_enabled: boolean;
}

const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export const toWorkflowRow = (row: Row): WorkflowRow =>
  ({
    ...row,
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    brand_integration_id: idOrNull(row.brand_integration_id),
    discount_rule_id: idOrNull(row.discount_rule_id),
    priority: Number(row.priority ?? 0),
    platform: (row.platform as StorePlatform | null | undefined) ?? null,
  }) as unknown as WorkflowRow;

const selectWorkflows = (db: Handle) =>
  db('workflows as w')
    .leftJoin('brand_integrations as bi', 'bi.id', 'w.brand_integration_id')
    .leftJoin('integrations as i', 'i.id', 'bi.integration_id')
    .select('w.*', 'i.slug as platform');

/** Columns a caller may write. JSON columns are serialised here. */
export interface WorkflowWrite {
  brand_id?: number;
  brand_integration_id?: number | null;
  name?: string;
  type?: string;
  status?: string;
  is_paused?: boolean;
  delay_minutes?: number;
  priority?: number;
  message?: MessageBlock[];
  rules?: WorkflowRules;
  action?: WorkflowAction;
  discount_rule_id?: number | null;
  timezone?: string;
  starts_at?: Date | null;
  ends_at?: Date | null;
  external_id?: string | null;
  template?: string | null;
  extra_data?: Record<string, unknown>;
}

const serialise = (write: WorkflowWrite): Row => {
  const row: Row = { ...write };
  for (const key of ['message', 'rules', 'action', 'extra_data'] as const)
    if (write[key] !== undefined) row[key] = JSON.stringify(write[key]);
  return row;
};

export async function insertWorkflow(db: Handle, write: WorkflowWrite): Promise<number> {
  const [row] = await db('workflows').insert(serialise(write)).returning<{ id: string }[]>('id');
  return Number(row!.id);
}

export async function updateWorkflowRow(db: Handle, id: number, write: WorkflowWrite): Promise<void> {
  await db('workflows')
    .where({ id })
    .update({ ...serialise(write), updated_at: db.fn.now() });
}

export async function getWorkflow(db: Handle, id: number): Promise<WorkflowRow | undefined> {
  const row = await selectWorkflows(db).where('w.id', id).first();
  return row ? toWorkflowRow(row) : undefined;
}

/** The first workflow (by id) with this automation-service workflow id; platform is not read. */
export async function findWorkflowByExternalId(db: Handle, externalId: string): Promise<WorkflowRow | undefined> {
  const row = await db('workflows').where({ external_id: externalId }).orderBy('id').first();
  return row ? toWorkflowRow(row) : undefined;
}

export async function listWorkflows(db: Handle, { brandId }: { brandId: number }): Promise<WorkflowRow[]> {
  return (await selectWorkflows(db).where('w.brand_id', brandId).orderBy('w.id')).map(toWorkflowRow);
}

export async function deleteWorkflowRow(db: Handle, id: number): Promise<boolean> {
  return (await db('workflows').where({ id }).delete()) > 0;
}

export async function getBrand(
  db: Handle,
  id: number,
): Promise<{ id: number; name: string; timezone: string } | undefined> {
  const row = await db('brands').where({ id }).first('id', 'name', 'timezone');
  return row ? { id: Number(row.id), name: row.name, timezone: row.timezone } : undefined;
}

const integrationColumns = ['bi.id', 'bi.brand_id', 'i.slug', 'i.category', 'bi.status', 'bi.is_enabled'];
const toSummary = (row: Row): IntegrationSummary => ({
  ...(row as unknown as IntegrationSummary),
  id: Number(row.id),
  brand_id: Number(row.brand_id),
});

export async function getIntegrationSummary(db: Handle, id: number): Promise<IntegrationSummary | undefined> {
  const row = await db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where('bi.id', id)
    .first(integrationColumns);
  return row ? toSummary(row) : undefined;
}

/** Status and enablement of every integration of the brand, by brand_integrations id. */
export async function integrationStates(
  db: Handle,
  brandId: number,
): Promise<Map<number, { status: string; is_enabled: boolean }>> {
  const rows = await db('brand_integrations')
    .where({ brand_id: brandId })
    .select<{ id: string; status: string; is_enabled: boolean }[]>('id', 'status', 'is_enabled');
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The brand's store integrations (Shopify, BigCommerce), connected first. */
export async function brandStoreIntegrations(db: Handle, brandId: number): Promise<IntegrationSummary[]> {
  const rows = await db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where('bi.brand_id', brandId)
    .whereIn('i.slug', ['shopify', 'bigcommerce'])
    .orderByRaw(`(bi.status = 'connected' and bi.is_enabled) desc, bi.id`)
    .select(integrationColumns);
  return rows.map(toSummary);
}

/**
 * Workflows that may run now: active, not paused, inside starts_at / ends_at, on a connected and
 * enabled store integration of an enabled brand. Ordered by id.
 */
export async function listRunnableWorkflows(
  db: Handle,
  { brandId, workflowId, now = new Date() }: { brandId?: number; workflowId?: number; now?: Date },
): Promise<WorkflowRow[]> {
  const query = db('workflows as w')
    .join('brand_integrations as bi', (on) =>
      on.on('bi.id', 'w.brand_integration_id').andOn('bi.brand_id', 'w.brand_id'),
    )
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .join('brands as b', 'b.id', 'w.brand_id')
    .select('w.*', 'i.slug as platform')
    .where({
      'w.status': 'active',
      'w.is_paused': false,
      'bi.status': 'connected',
      'bi.is_enabled': true,
      'b.is_enabled': true,
    })
    .whereIn('i.slug', ['shopify', 'bigcommerce'])
    .where((q) => q.whereNull('w.starts_at').orWhere('w.starts_at', '<=', now))
    .where((q) => q.whereNull('w.ends_at').orWhere('w.ends_at', '>', now))
    .orderBy('w.id');
  if (brandId !== undefined) query.where('w.brand_id', brandId);
  if (workflowId !== undefined) query.where('w.id', workflowId);
  return (await query).map(toWorkflowRow);
}

/** The runnable workflows of one type (active, unpaused, within starts_at / ends_at, brand enabled). */
export async function listRunnableWorkflowsOfType(
  db: Handle,
  { type, now = new Date() }: { type: string; now?: Date },
): Promise<WorkflowRow[]> {
  const rows = await selectWorkflows(db)
    .join('brands as b', 'b.id', 'w.brand_id')
    .where({ 'w.type': type, 'w.status': 'active', 'w.is_paused': false, 'b.is_enabled': true })
    .where((q) => q.whereNull('w.starts_at').orWhere('w.starts_at', '<=', now))
    .where((q) => q.whereNull('w.ends_at').orWhere('w.ends_at', '>', now))
    .orderBy('w.id');
  return rows.map(toWorkflowRow);
}

/** A privacy redaction: the contacts' flow events keep their outcome but lose their extra data. */
export async function clearFlowEventData(tx: Tx, contactIds: number[]): Promise<void> {
  if (contactIds.length === 0) return;
  await tx('flow_events').whereIn('contact_id', contactIds).update({ extra_data: {} });
}

/** Flow events, one per workflow and candidate: already recorded ones are skipped. Returns 'workflow:event' keys of those written. */
export async function insertFlowEvents(
  tx: Handle,
  records: OutcomeRecord[],
  state?: (r: OutcomeRecord) => string,
): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const result = await tx.raw<{ rows: { workflow_id: string; event_id: string }[] }>(
    `insert into flow_events (brand_id, workflow_id, event_id, event_type, contact_id, contact_channel_id, state, reason, extra_data)
     select * from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::jsonb[])
     on conflict (workflow_id, event_type, event_id) do nothing returning workflow_id, event_id`,
    [
      records.map((r) => r.brandId),
      records.map((r) => r.workflowId),
      records.map((r) => r.eventId),
      records.map((r) => r.kind),
      records.map((r) => r.contactId),
      records.map((r) => r.channelId),
      records.map((r) => (state ? state(r) : r.outcome)),
      records.map((r) => r.reason),
      records.map((r) => JSON.stringify({ detail: r.detail })),
    ] as never[],
  );
  return new Set(result.rows.map((r) => `${r.workflow_id}:${r.event_id}`));
}

export interface CartChoiceWrite {
  brandId: number;
  cartId: number | null;
  checkoutId: number | null;
  workflowId: number;
  outcome: 'started' | 'holdout';
}

/**
 * Records the workflow chosen for each cart (one cart reminder per cart). No conflict clause:
 * a cart already chosen, by any run or workflow, fails the statement and with it the caller's
 * transaction, so nothing of a second choice is kept.
 */
export async function insertCartChoices(tx: Tx, choices: CartChoiceWrite[]): Promise<void> {
  if (choices.length === 0) return;
  await tx.raw(
    `insert into cart_recovery_choices (brand_id, cart_id, checkout_id, workflow_id, outcome)
     select * from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[])`,
    [
      choices.map((c) => c.brandId),
      choices.map((c) => c.cartId),
      choices.map((c) => c.checkoutId),
      choices.map((c) => c.workflowId),
      choices.map((c) => c.outcome),
    ] as never[],
  );
}

/** Updates claimed event flow events (in_progress) to their outcome. */
export async function settleFlowEvent(
  db: Handle,
  {
    workflowId,
    eventId,
    state,
    reason,
    extra,
  }: { workflowId: number; eventId: number; state: string; reason: string; extra: Record<string, unknown> },
): Promise<void> {
  await db.raw(
    `update flow_events set state = ?, reason = ?, extra_data = extra_data || ?::jsonb, updated_at = now()
      where workflow_id = ? and event_type = 'event' and event_id = ?`,
    [state, reason, JSON.stringify(extra), workflowId, eventId],
  );
}

export interface FlowEventView {
  workflow_id: number;
  state: string;
  reason: string | null;
  detail: string | null;
  created_at: Date;
  conversation_id: number | null;
}

/** The recorded outcomes of one candidate, per workflow, with the conversation a texting outcome started. */
export async function flowEventsOf(
  db: Handle,
  kind: CandidateKind,
  eventId: number,
): Promise<Map<number, FlowEventView>> {
  const column =
    kind === 'cart' ? 'cart_id' : kind === 'checkout' ? 'checkout_id' : kind === 'order' ? 'order_id' : null;
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select fe.workflow_id, fe.state, fe.reason, fe.extra_data->>'detail' as detail, fe.created_at,
            ${column ? `(select c.id from conversations c where c.workflow_id = fe.workflow_id and c.${column} = fe.event_id order by c.id limit 1)` : 'null::bigint'} as conversation_id
       from flow_events fe where fe.event_type = ? and fe.event_id = ?`,
    [kind, eventId],
  );
  return new Map(
    result.rows.map((r) => [
      Number(r.workflow_id),
      {
        workflow_id: Number(r.workflow_id),
        state: String(r.state),
        reason: (r.reason as string | null) ?? null,
        detail: (r.detail as string | null) ?? null,
        created_at: r.created_at as Date,
        conversation_id: r.conversation_id === null ? null : Number(r.conversation_id),
      },
    ]),
  );
}
