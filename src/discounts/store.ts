/** SQL for discount rules and codes. Every function takes a knex handle (Db or Tx). */
import { isUniqueViolation, type Handle } from '../db/index.ts';

export type DiscountCodeStatus = 'pending' | 'created' | 'failed';

export interface DiscountCodeRow {
  id: number;
  brand_id: number;
  conversation_id: number | null;
  message_id: number | null;
  workflow_id: number | null;
  discount_rule_id: number | null;
  code: string;
  external_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  usage_limit: number;
  status: DiscountCodeStatus;
  error: string | null;
  store_attempts: number;
  created_at: Date;
  updated_at: Date;
}

const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const toRow = (row: Record<string, unknown>): DiscountCodeRow =>
  ({
    ...row,
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    conversation_id: idOrNull(row.conversation_id),
    message_id: idOrNull(row.message_id),
    workflow_id: idOrNull(row.workflow_id),
    discount_rule_id: idOrNull(row.discount_rule_id),
  }) as unknown as DiscountCodeRow;

export interface NewDiscountCode {
  brand_id: number;
  workflow_id?: number | null;
  discount_rule_id?: number | null;
  conversation_id?: number | null;
  message_id?: number | null;
  code: string;
  starts_at: Date;
  ends_at: Date;
  usage_limit: number;
  status: DiscountCodeStatus;
}

/** Inserts the code unless the brand already has it (then undefined: nothing is aborted, the transaction goes on). */
export async function insertCodeIfFree(db: Handle, code: NewDiscountCode): Promise<number | undefined> {
  const [row] = await db('discount_codes')
    .insert(code)
    .onConflict(['brand_id', 'code'])
    .ignore()
    .returning<{ id: string }[]>('id');
  return row ? Number(row.id) : undefined;
}

export async function findBrandCode(db: Handle, brandId: number, code: string): Promise<DiscountCodeRow | undefined> {
  const row = await db('discount_codes').where({ brand_id: brandId, code }).first();
  return row ? toRow(row) : undefined;
}

/** Keeps a brand's code row in step with the store after an update there (dates and usage limit). */
export async function updateCodeWindow(
  db: Handle,
  id: number,
  window: { starts_at?: Date | null; ends_at?: Date | null; usage_limit?: number },
): Promise<void> {
  if (Object.keys(window).length === 0) return;
  await db('discount_codes')
    .where({ id })
    .update({ ...window, updated_at: db.fn.now() });
}

export async function getDiscountCode(db: Handle, id: number): Promise<DiscountCodeRow | undefined> {
  const row = await db('discount_codes').where({ id }).first();
  return row ? toRow(row) : undefined;
}

/** Gives the row another code; false when the brand already has that one. */
export async function changeCode(db: Handle, id: number, code: string): Promise<boolean> {
  try {
    await db('discount_codes').where({ id }).update({ code, updated_at: db.fn.now() });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function markCreated(
  db: Handle,
  id: number,
  { externalId, attempts }: { externalId: string | null; attempts: number },
): Promise<void> {
  await db('discount_codes').where({ id }).update({
    status: 'created',
    external_id: externalId,
    error: null,
    store_attempts: attempts,
    updated_at: db.fn.now(),
  });
}

export async function markFailed(
  db: Handle,
  id: number,
  { error, attempts }: { error: string; attempts: number },
): Promise<void> {
  await db('discount_codes')
    .where({ id })
    .update({ status: 'failed', error: error.slice(0, 1000), store_attempts: attempts, updated_at: db.fn.now() });
}

/** Ties a reserved code to the conversation and message that carry it. */
export async function linkDiscountCode(
  db: Handle,
  {
    discountCodeId,
    conversationId,
    messageId,
  }: { discountCodeId: number; conversationId?: number | null; messageId?: number | null },
): Promise<void> {
  const patch: Record<string, unknown> = { updated_at: db.fn.now() };
  if (conversationId !== undefined) patch.conversation_id = conversationId;
  if (messageId !== undefined) patch.message_id = messageId;
  await db('discount_codes').where({ id: discountCodeId }).update(patch);
}

/** The workflow's integration id, else the brand's one connected and enabled store integration. */
export async function integrationIdFor(
  db: Handle,
  code: Pick<DiscountCodeRow, 'brand_id' | 'workflow_id'>,
): Promise<number | undefined> {
  if (code.workflow_id) {
    const workflow = await db('workflows')
      .where({ id: code.workflow_id, brand_id: code.brand_id })
      .first<{ brand_integration_id: string | null } | undefined>('brand_integration_id');
    if (workflow?.brand_integration_id) return Number(workflow.brand_integration_id);
  }
  const rows = await db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'bi.brand_id': code.brand_id, 'bi.status': 'connected', 'bi.is_enabled': true })
    .whereIn('i.slug', ['shopify', 'bigcommerce'])
    .select<{ id: string }[]>('bi.id');
  return rows.length === 1 ? Number(rows[0]!.id) : undefined;
}

export interface DiscountRuleRecord {
  id: number;
  brand_id: number;
  type: string;
  value: string;
  duration: number;
  extra_data: Record<string, unknown>;
}

export async function insertDiscountRule(
  db: Handle,
  rule: { brand_id: number; type: string; value: number; duration: number; extra_data: Record<string, unknown> },
): Promise<number> {
  const [row] = await db('discount_rules')
    .insert({ ...rule, extra_data: JSON.stringify(rule.extra_data) })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

export async function getDiscountRule(db: Handle, id: number): Promise<DiscountRuleRecord | undefined> {
  const row = await db('discount_rules').where({ id }).first();
  return row ? { ...row, id: Number(row.id), brand_id: Number(row.brand_id) } : undefined;
}

/** A discount_rules row as stored (resolveDiscountRule reads it). */
export async function discountRuleRow(db: Handle, id: number): Promise<Record<string, unknown> | undefined> {
  return db('discount_rules').where({ id }).first();
}

/** Codes by id (any order). */
export async function getDiscountCodes(db: Handle, ids: number[]): Promise<DiscountCodeRow[]> {
  if (ids.length === 0) return [];
  const rows = await db('discount_codes').whereIn('id', ids);
  return rows.map(toRow);
}

/** The codes issued in a conversation, oldest first. */
export async function codesOfConversation(db: Handle, conversationId: number): Promise<DiscountCodeRow[]> {
  const rows = await db('discount_codes').where({ conversation_id: conversationId }).orderBy('id');
  return rows.map(toRow);
}

/** Takes `count` ids of the discount_codes sequence, so rows can be linked before they are written. */
export async function nextDiscountCodeIds(db: Handle, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await db.raw<{ rows: { id: string }[] }>(
    `select nextval(pg_get_serial_sequence('discount_codes', 'id')) as id from generate_series(1, ?)`,
    [count],
  );
  return rows.map((row) => Number(row.id));
}

/** A pending code with an id taken from nextDiscountCodeIds. */
export interface PendingDiscountCode {
  id: number;
  brand_id: number;
  workflow_id: number | null;
  discount_rule_id: number | null;
  conversation_id: number | null;
  message_id: number | null;
  code: string;
  starts_at: Date;
  ends_at: Date;
  usage_limit: number;
}

/** Inserts pending codes in one statement, skipping each one its brand already has; returns the ids inserted. */
export async function insertPendingCodes(db: Handle, codes: PendingDiscountCode[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const result = await db.raw<{ rows: { id: string }[] }>(
    `insert into discount_codes (id, brand_id, workflow_id, discount_rule_id, conversation_id, message_id, code, starts_at, ends_at, usage_limit, status)
     select id, brand_id, workflow_id, rule_id, conversation_id, message_id, code, starts_at, ends_at, usage_limit, 'pending'
       from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::timestamptz[], ?::timestamptz[], ?::int[])
         as u(id, brand_id, workflow_id, rule_id, conversation_id, message_id, code, starts_at, ends_at, usage_limit)
     on conflict (brand_id, code) do nothing returning id`,
    [
      codes.map((c) => c.id),
      codes.map((c) => c.brand_id),
      codes.map((c) => c.workflow_id),
      codes.map((c) => c.discount_rule_id),
      codes.map((c) => c.conversation_id),
      codes.map((c) => c.message_id),
      codes.map((c) => c.code),
      codes.map((c) => c.starts_at.toISOString()),
      codes.map((c) => c.ends_at.toISOString()),
      codes.map((c) => c.usage_limit),
    ] as never[],
  );
  return result.rows.map((row) => Number(row.id));
}

/** Many discount_rules rows as stored, by id. */
export async function discountRuleRows(db: Handle, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await db('discount_rules').whereIn('id', ids).select('*');
  return new Map(rows.map((r: Record<string, unknown>) => [Number(r.id), r]));
}
