/**
 * SQL of in-app notifications and their per-user read state. Visibility (see rules.ts) is one
 * predicate, VISIBLE_SQL, used by every read; tenant membership and the staff flag are read from
 * accounts' tables (tenant_users, users) in that predicate, never written here.
 */
import type { Knex } from 'knex';
import type { Handle } from '../db/index.ts';
import type { Address, NotificationFilter, NotificationType } from './rules.ts';

export interface NotificationRow {
  id: number;
  type: NotificationType;
  title: string | null;
  body: string | null;
  user_id: number | null;
  tenant_id: number | null;
  brand_id: number | null;
  audience: 'all' | 'staff';
  dedupe_key: string | null;
  extra_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  /** The reader's read time (reads for a user only). */
  read_at?: Date | null;
}

/** The user a list is read for. */
export interface Reader {
  userId: number;
  isStaff: boolean;
}

const COLUMNS = [
  'n.id',
  'n.type',
  'n.title',
  'n.body',
  'n.user_id',
  'n.tenant_id',
  'n.brand_id',
  'n.audience',
  'n.dedupe_key',
  'n.extra_data',
  'n.created_at',
  'n.updated_at',
];

/**
 * Visible to the reader: addressed to them; or to a tenant they are an active member of; or to
 * no one in particular (global), staff-only ones to staff alone. Bindings: userId, userId, isStaff.
 */
const VISIBLE_SQL = `(
  n.user_id = ?
  or (n.user_id is null and n.tenant_id in (
        select tu.tenant_id from tenant_users tu where tu.user_id = ? and tu.state = 'active'))
  or (n.user_id is null and n.tenant_id is null and (n.audience = 'all' or ?::boolean))
)`;
const visibleBindings = (reader: Reader): [number, number, boolean] => [reader.userId, reader.userId, reader.isStaff];

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function toRow(raw: Record<string, unknown>): NotificationRow {
  return {
    ...(raw as unknown as NotificationRow),
    id: Number(raw.id),
    user_id: toNumber(raw.user_id),
    tenant_id: toNumber(raw.tenant_id),
    brand_id: toNumber(raw.brand_id),
  };
}

/** The notifications visible to the reader with their read state (un.read_at). */
function visible(db: Handle, reader: Reader): Knex.QueryBuilder {
  return db({ n: 'notifications' })
    .leftJoin({ un: 'user_notifications' }, (join) =>
      join.on('un.notification_id', 'n.id').andOn('un.user_id', db.raw('?', [reader.userId])),
    )
    .whereRaw(VISIBLE_SQL, visibleBindings(reader));
}

function applyFilter(query: Knex.QueryBuilder, filter: NotificationFilter): Knex.QueryBuilder {
  if (filter === 'unread') return query.whereNull('un.read_at');
  if (filter === 'announcement' || filter === 'system') return query.where('n.type', filter);
  return query;
}

/** The user's id and staff flag; undefined when there is no such user. */
export async function findReader(db: Handle, userId: number): Promise<Reader | undefined> {
  const row = await db('users')
    .where({ id: userId })
    .first<{ id: string; is_staff: boolean } | undefined>('id', 'is_staff');
  return row ? { userId: Number(row.id), isStaff: row.is_staff } : undefined;
}

export async function tenantExists(db: Handle, tenantId: number): Promise<boolean> {
  return Boolean(await db('tenants').where({ id: tenantId }).first('id'));
}

/** The brand's name and tenant; undefined when there is no such brand. */
export async function findBrandTenant(
  db: Handle,
  brandId: number,
): Promise<{ tenantId: number; name: string } | undefined> {
  const row = await db('brands')
    .where({ id: brandId })
    .first<{ tenant_id: string; name: string } | undefined>('tenant_id', 'name');
  return row ? { tenantId: Number(row.tenant_id), name: row.name } : undefined;
}

export async function listVisible(
  db: Handle,
  reader: Reader,
  { filter, offset, limit }: { filter: NotificationFilter; offset: number; limit: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const base = applyFilter(visible(db, reader), filter);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select([...COLUMNS, 'un.read_at'])
      .orderBy([
        { column: 'n.created_at', order: 'desc' },
        { column: 'n.id', order: 'desc' },
      ])
      .offset(offset)
      .limit(limit),
    base.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { rows: (rows as Record<string, unknown>[]).map(toRow), total: Number(count[0]?.count ?? 0) };
}

export async function findVisible(db: Handle, reader: Reader, id: number): Promise<NotificationRow | undefined> {
  const row = await visible(db, reader)
    .where('n.id', id)
    .first([...COLUMNS, 'un.read_at']);
  return row ? toRow(row as Record<string, unknown>) : undefined;
}

export async function findNotification(db: Handle, id: number): Promise<NotificationRow | undefined> {
  const row = await db({ n: 'notifications' }).where('n.id', id).first(COLUMNS);
  return row ? toRow(row as Record<string, unknown>) : undefined;
}

export interface NewNotification extends Address {
  type: NotificationType;
  title: string;
  body: string | null;
  extra_data: Record<string, unknown>;
  dedupe_key?: string;
}

export async function insertNotification(db: Handle, row: NewNotification): Promise<NotificationRow> {
  const [created] = await db('notifications')
    .insert({ ...row, dedupe_key: row.dedupe_key ?? null })
    .returning(COLUMNS.map((c) => c.slice(2)));
  return toRow(created as Record<string, unknown>);
}

/**
 * Inserts a notification with a cause key unless one with that key exists: at most one per cause,
 * also when two processes raise it at once. Returns the notification's id and whether it is new.
 */
export async function insertOnce(
  db: Handle,
  row: NewNotification & { dedupe_key: string },
): Promise<{ id: number; created: boolean }> {
  const [created] = await db('notifications')
    .insert(row)
    .onConflict('dedupe_key')
    .ignore()
    .returning<{ id: string }[]>('id');
  if (created) return { id: Number(created.id), created: true };
  const existing = await db('notifications').where({ dedupe_key: row.dedupe_key }).first<{ id: string }>('id');
  return { id: Number(existing!.id), created: false };
}

/** insertOnce for several notifications in one statement (and one more for those that existed); ids in order. */
export async function insertManyOnce(
  db: Handle,
  rows: (NewNotification & { dedupe_key: string })[],
): Promise<{ id: number; created: boolean }[]> {
  if (rows.length === 0) return [];
  const created = await db('notifications')
    .insert(rows)
    .onConflict('dedupe_key')
    .ignore()
    .returning<{ id: string; dedupe_key: string }[]>(['id', 'dedupe_key']);
  const byKey = new Map(created.map((r) => [r.dedupe_key, { id: Number(r.id), created: true }]));
  const missing = rows.map((r) => r.dedupe_key).filter((k) => !byKey.has(k));
  if (missing.length > 0)
    for (const r of await db('notifications')
      .whereIn('dedupe_key', missing)
      .select<{ id: string; dedupe_key: string }[]>('id', 'dedupe_key'))
      if (!byKey.has(r.dedupe_key)) byKey.set(r.dedupe_key, { id: Number(r.id), created: false });
  return rows.map((r) => byKey.get(r.dedupe_key)!);
}

export async function updateNotificationRow(
  db: Handle,
  id: number,
  patch: Partial<Pick<NotificationRow, 'type' | 'title' | 'body' | 'extra_data'>>,
): Promise<NotificationRow | undefined> {
  const [row] = await db('notifications')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(COLUMNS.map((c) => c.slice(2)));
  return row ? toRow(row as Record<string, unknown>) : undefined;
}

/** Marks one notification read for the user (an upsert; the first read time is kept). */
export async function upsertRead(db: Handle, notificationId: number, userId: number): Promise<Date> {
  const [row] = await db('user_notifications')
    .insert({ notification_id: notificationId, user_id: userId, read_at: db.fn.now() })
    .onConflict(['notification_id', 'user_id'])
    .merge({ read_at: db.raw('coalesce(user_notifications.read_at, excluded.read_at)') })
    .returning<{ read_at: Date }[]>('read_at');
  return row!.read_at;
}

/** Marks every notification visible to the reader read; returns how many were unread. */
export async function markAllVisibleRead(db: Handle, reader: Reader): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `insert into user_notifications (notification_id, user_id, read_at)
     select n.id, ?, now()
       from notifications n
       left join user_notifications un on un.notification_id = n.id and un.user_id = ?
      where ${VISIBLE_SQL} and un.read_at is null
     on conflict (notification_id, user_id) do update set read_at = excluded.read_at
      where user_notifications.read_at is null`,
    [reader.userId, reader.userId, ...visibleBindings(reader)],
  );
  return result.rowCount;
}

export async function countUnread(db: Handle, reader: Reader): Promise<number> {
  const [row] = await applyFilter(visible(db, reader), 'unread').count<{ count: string }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}

/** A notification the product raised (raise.ts), as the operator dashboard lists it. */
export interface RaisedNotification {
  id: number;
  kind: string;
  brand_id: number | null;
  title: string | null;
  body: string | null;
  extra_data: Record<string, unknown>;
  created_at: Date;
}

/** Raised notifications of these kinds since `since`, newest first (of the brands, when given). */
export async function listRaised(
  db: Handle,
  { kinds, since, brandIds, limit }: { kinds: string[]; since: Date; brandIds?: number[]; limit: number },
): Promise<RaisedNotification[]> {
  const q = db('notifications')
    .whereRaw(`extra_data->>'kind' = any(?::text[])`, [kinds])
    .where('created_at', '>=', since)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', db.raw(`extra_data->>'kind' as kind`), 'brand_id', 'title', 'body', 'extra_data', 'created_at');
  if (brandIds) void q.whereIn('brand_id', brandIds);
  const rows: Array<RaisedNotification & { id: string; brand_id: string | null }> = await q;
  return rows.map((r) => ({ ...r, id: Number(r.id), brand_id: r.brand_id === null ? null : Number(r.brand_id) }));
}
