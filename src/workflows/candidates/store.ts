/**
 * SQL of candidate selection. One indexed query per workflow and page selects the window
 * (carts and checkouts: (brand_integration_id, state, updated_at); orders:
 * (brand_integration_id, created_at)) with the contact and its best SMS channel; facts about
 * many candidates come in one query each; the run's advisory locks. Reads only: outcomes are
 * written as flow events (../store.ts), goal events (attribution) and abandoned carts (stores).
 */
import type { Handle } from '../../db/index.ts';
import type { CandidateKind, CandidateWindow } from './rules.ts';

/**
 * Advisory lock namespaces of run-candidates: one per workflow ('RCND', order and event
 * workflows) and one per store ('RCRT', every cart and checkout workflow of the store together,
 * since they choose between them per cart). The second key is the workflow or integration id.
 */
const LOCK_NAMESPACES = { workflow: 0x52434e44 & 0x7fffffff, store: 0x52435254 & 0x7fffffff } as const;

/** What a run locks: a workflow, or the cart workflows of a store (by brand integration id). */
export interface LockKey {
  space: keyof typeof LOCK_NAMESPACES;
  id: number;
}

export const lockName = (key: LockKey): string => `${key.space}:${key.id}`;
const lockArgs = (key: LockKey): [number, number] => [LOCK_NAMESPACES[key.space], key.id % 2_147_483_647];

/** A pooled connection of its own that run-candidates holds its session advisory locks on. */
export interface LockConnection {
  query(sql: string, values: unknown[]): Promise<{ rows: { ok?: boolean }[] }>;
}

/** Takes the run lock on the connection; false when another session holds it. */
export async function tryRunLock(connection: LockConnection, key: LockKey): Promise<boolean> {
  const result = await connection.query('select pg_try_advisory_lock($1, $2) as ok', lockArgs(key));
  return result.rows[0]?.ok === true;
}

export async function releaseRunLock(connection: LockConnection, key: LockKey): Promise<void> {
  await connection.query('select pg_advisory_unlock($1, $2)', lockArgs(key));
}

/** Releases every advisory lock the connection's session holds. */
export async function releaseAllLocks(connection: LockConnection): Promise<void> {
  await connection.query('select pg_advisory_unlock_all()', []);
}

export interface CandidateRow {
  event_id: number;
  at: Date;
  contact_id: number | null;
  cart_id: number | null;
  total: number | null;
  line_items: unknown;
  shipping: Record<string, unknown> | null;
  billing: Record<string, unknown> | null;
  link: string | null;
  first_name: string | null;
  contact_group: string | null;
  tags: unknown;
  contact_tags: unknown;
  channel_id: number | null;
  username: string | null;
  channel_status: 'subscribed' | 'unsubscribed' | 'blocked' | null;
  channel_blocked: boolean | null;
  last_engaged_at: Date | null;
}

interface KindSql {
  table: string;
  at: string;
  columns: string;
  /** The state a candidate must be in (none for orders: complete orders only). */
  state: string;
  /** Newest first for orders (one order per contact keeps the newest), oldest first otherwise. */
  order: 'asc' | 'desc';
}

const KIND_SQL: Record<Exclude<CandidateKind, 'event'>, KindSql> = {
  cart: {
    table: 'carts',
    at: 't.updated_at',
    state: `t.state = 'pending'`,
    order: 'asc',
    columns: `t.id as cart_id, t.total::float8 as total, t.data->'line_items' as line_items,
      t.cleaned_raw_data #> '{detail,payload,shipping_address}' as shipping, t.cleaned_raw_data #> '{detail,payload,billing_address}' as billing,
      coalesce(t.extra_data->>'abandoned_checkout_url', t.data->>'cart_url') as link,
      coalesce(ct.given_name, t.cleaned_raw_data #>> '{detail,payload,customer,first_name}') as first_name, null::jsonb as tags`,
  },
  checkout: {
    table: 'checkouts',
    at: 't.updated_at',
    state: `t.state = 'pending'`,
    order: 'asc',
    columns: `t.cart_id, t.total_price::float8 as total, t.checkout_details->'line_items' as line_items,
      t.checkout_details->'shipping_address' as shipping, t.checkout_details->'billing_address' as billing,
      t.abandoned_checkout_url as link, coalesce(ct.given_name, t.checkout_details #>> '{customer,first_name}') as first_name, null::jsonb as tags`,
  },
  order: {
    table: 'orders',
    at: 't.created_at',
    state: `t.state = 'complete'`,
    order: 'desc',
    columns: `null::bigint as cart_id, t.total::float8 as total, coalesce(t.cleaned_raw_data->'line_items', t.cleaned_raw_data #> '{detail,payload,products}') as line_items,
      t.cleaned_raw_data->'shipping_address' as shipping, coalesce(t.cleaned_raw_data->'billing_address', t.cleaned_raw_data #> '{detail,payload,billing_address}') as billing,
      null::text as link, coalesce(ct.given_name, t.cleaned_raw_data #>> '{customer,first_name}', t.cleaned_raw_data #>> '{detail,payload,billing_address,first_name}') as first_name,
      t.cleaned_raw_data->'tags' as tags`,
  },
};

/** The contact's best SMS channel: usable (+1, subscribed, not blocked) first, then +1 ones, newest. */
const CHANNEL_LATERAL = `left join lateral (
    select ch.id, ch.username, ch.status, coalesce((ch.extra_data->>'blocked')::boolean, false) as blocked, ch.last_engaged_at
      from contact_channels ch
     where ch.contact_id = t.contact_id and ch.type = 'sms'
     order by (ch.status = 'subscribed' and not coalesce((ch.extra_data->>'blocked')::boolean, false) and ch.username like '+1%') desc,
              (ch.username like '+1%') desc, ch.id desc
     limit 1) ch on true`;

const SELECT_TAIL = `ct.extra_data->>'group_name' as contact_group, ct.extra_data->'tags' as contact_tags,
  ch.id as channel_id, ch.username, ch.status as channel_status, ch.blocked as channel_blocked, ch.last_engaged_at`;

const toRow = (r: Record<string, unknown>): CandidateRow =>
  ({
    ...r,
    event_id: Number(r.event_id),
    contact_id: r.contact_id === null ? null : Number(r.contact_id),
    cart_id: r.cart_id === null ? null : Number(r.cart_id),
    channel_id: r.channel_id === null ? null : Number(r.channel_id),
  }) as CandidateRow;

export interface SelectOptions {
  /** The workflows selecting (one, or a store's cart workflows of this kind): a candidate any of them decided is left out. */
  workflowIds: number[];
  /**
   * The workflow's store integration. It belongs to the workflow's brand (listRunnableWorkflows
   * joins them), so it scopes the query to the brand; a brand_id condition as well would tempt the
   * planner into combining brand indexes, reading every cart of the store instead of the window.
   */
  brandIntegrationId: number;
  kind: Exclude<CandidateKind, 'event'>;
  window: CandidateWindow;
  limit: number;
  /** Keyset: the last candidate of the previous page. */
  after?: { at: Date; id: number };
  /** Only these rows (the carts of a page of checkouts). */
  ids?: number[];
}

/**
 * One page of a window: candidates in the right state, inside the window, with no outcome
 * recorded for the selecting workflows yet, with contact and channel.
 */
export function selectCandidatesSql({
  workflowIds,
  brandIntegrationId,
  kind,
  window,
  limit,
  after,
  ids,
}: SelectOptions): {
  sql: string;
  bindings: unknown[];
} {
  const k = KIND_SQL[kind];
  const cmp = k.order === 'asc' ? '>' : '<';
  const one = workflowIds.length === 1;
  const bindings: unknown[] = [brandIntegrationId, window.from, window.to, one ? workflowIds[0] : workflowIds, kind];
  let keyset = '';
  if (after) {
    keyset = `and (${k.at}, t.id) ${cmp} (?, ?)`;
    bindings.push(after.at, after.id);
  }
  if (ids) {
    keyset += ' and t.id = any(?::bigint[])';
    bindings.push(ids);
  }
  bindings.push(limit);
  const sql = `select t.id as event_id, ${k.at} as at, t.contact_id, ${k.columns}, ${SELECT_TAIL}
      from ${k.table} t
      left join contacts ct on ct.id = t.contact_id
      ${CHANNEL_LATERAL}
     where t.brand_integration_id = ? and ${k.state}
       and ${k.at} >= ? and ${k.at} <= ?
       and not exists (select 1 from flow_events fe where fe.workflow_id ${one ? '= ?' : '= any(?::bigint[])'} and fe.event_type = ? and fe.event_id = t.id)
       ${keyset}
     order by ${k.at} ${k.order}, t.id ${k.order}
     limit ?`;
  return { sql, bindings };
}

export async function selectCandidates(db: Handle, options: SelectOptions): Promise<CandidateRow[]> {
  const { sql, bindings } = selectCandidatesSql(options);
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(sql, bindings as never[]);
  return result.rows.map(toRow);
}

/** One cart, checkout or order with the same columns (for explain), whatever its state and time. */
export async function loadCandidate(
  db: Handle,
  kind: Exclude<CandidateKind, 'event'>,
  id: number,
): Promise<(CandidateRow & { state: string; brand_id: number; brand_integration_id: number }) | undefined> {
  const k = KIND_SQL[kind];
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select t.id as event_id, ${k.at} as at, t.contact_id, t.state, t.brand_id, t.brand_integration_id, ${k.columns}, ${SELECT_TAIL}
       from ${k.table} t left join contacts ct on ct.id = t.contact_id ${CHANNEL_LATERAL}
      where t.id = ?`,
    [id],
  );
  const row = result.rows[0];
  return row
    ? {
        ...toRow(row),
        state: String(row.state),
        brand_id: Number(row.brand_id),
        brand_integration_id: Number(row.brand_integration_id),
      }
    : undefined;
}

/** The cart's checkout, the most recently updated when it has several. */
export async function latestCheckoutIdOfCart(db: Handle, cartId: number): Promise<number | undefined> {
  const row = await db('checkouts')
    .where({ cart_id: cartId })
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<{ id: string } | undefined>('id');
  return row ? Number(row.id) : undefined;
}

export interface WorkflowContextRow {
  workflow_id: number;
  brand_name: string;
  domain: string | null;
  company_website: string | null;
  re_engage_period: number | null;
  extra_data: Record<string, unknown>;
  lookup_id: string | null;
}

/** Brand settings and the integration's store domain for many workflows in one query. */
export async function workflowContexts(db: Handle, workflowIds: number[]): Promise<Map<number, WorkflowContextRow>> {
  if (workflowIds.length === 0) return new Map();
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select w.id as workflow_id, b.name as brand_name, b.domain, b.company_website, b.re_engage_period, b.extra_data, bi.lookup_id
       from workflows w join brands b on b.id = w.brand_id left join brand_integrations bi on bi.id = w.brand_integration_id
      where w.id = any(?::bigint[])`,
    [workflowIds],
  );
  return new Map(
    result.rows.map((r) => [
      Number(r.workflow_id),
      { ...(r as unknown as WorkflowContextRow), workflow_id: Number(r.workflow_id) },
    ]),
  );
}

/**
 * Per channel: replied at all, and conversations with a sent outgoing message and no reply (the
 * contacts' outreach rule), for a page of candidates in one query. (Kept apart from the selection:
 * inside it, the estimates for these subqueries push the selection's cost past the JIT threshold.)
 */
export async function outreachStatsFor(
  db: Handle,
  channelIds: number[],
): Promise<Map<number, { replied: boolean; conversationsWithSentOutgoing: number }>> {
  if (channelIds.length === 0) return new Map();
  const result = await db.raw<{ rows: { channel_id: string; replied: boolean | null; unanswered: string }[] }>(
    `select channel_id, bool_or(has_in) as replied, count(*) filter (where has_out and not has_in) as unanswered
       from (select c.contact_channel_id as channel_id,
                    exists (select 1 from conversation_messages m where m.conversation_id = c.id and m.direction = 'outgoing'
                                and (m.sent_at is not null or m.status in ('sent', 'delivered'))) as has_out,
                    exists (select 1 from conversation_messages m where m.conversation_id = c.id and m.direction = 'incoming') as has_in
               from conversations c where c.contact_channel_id = any(?::bigint[])) per_conversation
      group by channel_id`,
    [channelIds],
  );
  return new Map(
    result.rows.map((r) => [
      Number(r.channel_id),
      { replied: r.replied ?? false, conversationsWithSentOutgoing: Number(r.unanswered) },
    ]),
  );
}

/** Each contact's newest conversation of the brand. */
export async function lastConversations(db: Handle, brandId: number, contactIds: number[]): Promise<Map<number, Date>> {
  if (contactIds.length === 0) return new Map();
  const result = await db.raw<{ rows: { contact_id: string; at: Date }[] }>(
    `select contact_id, max(created_at) as at from conversations where brand_id = ? and contact_id = any(?::bigint[]) group by contact_id`,
    [brandId, contactIds],
  );
  return new Map(result.rows.map((r) => [Number(r.contact_id), r.at]));
}

/** Each contact's number of orders that were not cancelled. */
export async function orderCounts(db: Handle, contactIds: number[]): Promise<Map<number, number>> {
  if (contactIds.length === 0) return new Map();
  const result = await db.raw<{ rows: { contact_id: string; n: string }[] }>(
    `select contact_id, count(*) as n from orders where contact_id = any(?::bigint[]) and state <> 'cancelled' group by contact_id`,
    [contactIds],
  );
  return new Map(result.rows.map((r) => [Number(r.contact_id), Number(r.n)]));
}

export interface EventRow {
  id: number;
  contact_id: number | null;
  event_type: string;
  external_id: string | null;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/** Customer events of the brand in the window with no flow event of this workflow yet. */
export async function selectEvents(
  db: Handle,
  {
    workflowId,
    brandId,
    window,
    limit,
  }: { workflowId: number; brandId: number; window: CandidateWindow; limit: number },
): Promise<EventRow[]> {
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select e.id, e.contact_id, e.event_type, e.external_id, e.payload, e.occurred_at
       from customer_events e
      where e.brand_id = ? and e.occurred_at >= ? and e.occurred_at <= ?
        and not exists (select 1 from flow_events fe where fe.workflow_id = ? and fe.event_type = 'event' and fe.event_id = e.id)
      order by e.occurred_at, e.id limit ?`,
    [brandId, window.from, window.to, workflowId, limit],
  );
  return result.rows.map((r) => ({
    ...(r as unknown as EventRow),
    id: Number(r.id),
    contact_id: r.contact_id === null ? null : Number(r.contact_id),
  }));
}

export interface CartChoiceRow {
  cart_id: number | null;
  checkout_id: number | null;
  workflow_id: number | null;
  workflow_name: string | null;
  created_at: Date;
}

/** The workflows chosen by earlier runs for these carts and cart-less checkouts (cart_recovery_choices). */
export async function cartChoicesOf(
  db: Handle,
  { cartIds, checkoutIds }: { cartIds: number[]; checkoutIds: number[] },
): Promise<CartChoiceRow[]> {
  if (cartIds.length === 0 && checkoutIds.length === 0) return [];
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select c.cart_id, c.checkout_id, c.workflow_id, w.name as workflow_name, c.created_at
       from cart_recovery_choices c left join workflows w on w.id = c.workflow_id
      where c.cart_id = any(?::bigint[]) or c.checkout_id = any(?::bigint[])`,
    [cartIds, checkoutIds],
  );
  const id = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return result.rows.map((r) => ({
    cart_id: id(r.cart_id),
    checkout_id: id(r.checkout_id),
    workflow_id: id(r.workflow_id),
    workflow_name: (r.workflow_name as string | null) ?? null,
    created_at: r.created_at as Date,
  }));
}
