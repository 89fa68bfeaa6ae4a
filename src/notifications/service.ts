/**
 * In-app notifications (spec 2 section 7, "Notification and permission data access"): read by id,
 * list by user (offset, limit default 10, filter all / unread / announcement / system), create,
 * update, mark as read (an upsert per user), mark all as read, unread count. Who sees what: see
 * rules.ts. Every input is a zod schema exported beside its function; the HTTP API reuses them.
 */
import { z } from 'zod';
import { AppError, validInput } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import {
  audienceOf,
  DEFAULT_NOTIFICATION_LIMIT,
  MAX_NOTIFICATION_LIMIT,
  NOTIFICATION_FILTERS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  resolveAddress,
  type NotificationAudience,
  type NotificationType,
} from './rules.ts';
import {
  countUnread,
  findBrandTenant,
  findNotification,
  findReader,
  findVisible,
  insertNotification,
  listVisible,
  markAllVisibleRead,
  tenantExists,
  updateNotificationRow,
  upsertRead,
  type NotificationRow,
  type Reader,
} from './store.ts';

/** A notification as its owner (or staff) sees it. */
export interface Notification {
  id: number;
  type: NotificationType;
  title: string | null;
  body: string | null;
  audience: NotificationAudience;
  user_id: number | null;
  tenant_id: number | null;
  brand_id: number | null;
  /** What raised it and where it points (kind, link, ids); {} for one sent by hand. */
  data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A notification as one user sees it: with that user's read state. */
export interface UserNotification extends Notification {
  is_read: boolean;
  read_at: string | null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    audience: audienceOf(row),
    user_id: row.user_id,
    tenant_id: row.tenant_id,
    brand_id: row.brand_id,
    data: row.extra_data ?? {},
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function toUserNotification(row: NotificationRow): UserNotification {
  const readAt = row.read_at ? new Date(row.read_at).toISOString() : null;
  return { ...toNotification(row), is_read: readAt !== null, read_at: readAt };
}

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max);

async function reader(db: Handle, userId: number): Promise<Reader> {
  const found = await findReader(db, userId);
  if (!found) throw new AppError('not_found', NOTIFICATION_MESSAGES.userNotFound);
  return found;
}

export const listNotificationsInput = z.object({
  userId: id,
  filter: z.enum(NOTIFICATION_FILTERS).default('all'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_NOTIFICATION_LIMIT).default(DEFAULT_NOTIFICATION_LIMIT),
});
export type ListNotificationsInput = z.input<typeof listNotificationsInput>;

/** The notifications the user may see, newest first, with the user's read state and the total. */
export async function listNotifications(
  db: Handle,
  input: ListNotificationsInput,
): Promise<{ items: UserNotification[]; total: number }> {
  const { userId, filter, offset, limit } = validInput(listNotificationsInput, input);
  const { rows, total } = await listVisible(db, await reader(db, userId), { filter, offset, limit });
  return { items: rows.map(toUserNotification), total };
}

export const getNotificationInput = z.object({ id, userId: id });
export type GetNotificationInput = z.input<typeof getNotificationInput>;

/** One notification the user may see ('Notification not found' for one they may not, like a missing one). */
export async function getNotification(db: Handle, input: GetNotificationInput): Promise<UserNotification> {
  const { id: notificationId, userId } = validInput(getNotificationInput, input);
  const row = await findVisible(db, await reader(db, userId), notificationId);
  if (!row) throw new AppError('not_found', NOTIFICATION_MESSAGES.notFound);
  return toUserNotification(row);
}

export const createNotificationInput = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  title: text(200).min(1, 'title is required'),
  body: text(4000).optional(),
  /** Addressed to one user. */
  userId: id.optional(),
  /** Addressed to a tenant's active members. */
  tenantId: id.optional(),
  /** The brand it is about; alone, it addresses the brand's tenant. */
  brandId: id.optional(),
  /** 'staff': for staff users only (no user, no tenant). */
  audience: z.enum(['all', 'staff']).default('all'),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type CreateNotificationInput = z.input<typeof createNotificationInput>;

/**
 * A new notification: to a user, a tenant (its active members), a brand (its tenant), staff, or,
 * with none of those, everyone. Unknown users, tenants and brands are refused.
 */
export async function createNotification(db: Handle, input: CreateNotificationInput): Promise<Notification> {
  const parsed = validInput(createNotificationInput, input);
  if (parsed.userId !== undefined && !(await findReader(db, parsed.userId)))
    throw new AppError('not_found', NOTIFICATION_MESSAGES.userNotFound);
  if (parsed.tenantId !== undefined && !(await tenantExists(db, parsed.tenantId)))
    throw new AppError('not_found', NOTIFICATION_MESSAGES.tenantNotFound);
  const brand = parsed.brandId === undefined ? undefined : await findBrandTenant(db, parsed.brandId);
  if (parsed.brandId !== undefined && !brand) throw new AppError('not_found', NOTIFICATION_MESSAGES.brandNotFound);
  const address = resolveAddress({ ...parsed, brandTenantId: brand?.tenantId });
  const row = await insertNotification(db, {
    ...address,
    type: parsed.type,
    title: parsed.title,
    body: parsed.body ?? null,
    extra_data: parsed.data,
  });
  return toNotification(row);
}

export const updateNotificationInput = z.object({
  id,
  type: z.enum(NOTIFICATION_TYPES).optional(),
  title: text(200).min(1, 'title is required').optional(),
  body: text(4000).nullable().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateNotificationInput = z.input<typeof updateNotificationInput>;

/** Changes a notification's type, title, body or data; who it is addressed to stays as sent. */
export async function updateNotification(db: Handle, input: UpdateNotificationInput): Promise<Notification> {
  const { id: notificationId, type, title, body, data } = validInput(updateNotificationInput, input);
  const patch = {
    ...(type !== undefined ? { type } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(data !== undefined ? { extra_data: data } : {}),
  };
  const row = Object.keys(patch).length
    ? await updateNotificationRow(db, notificationId, patch)
    : await findNotification(db, notificationId);
  if (!row) throw new AppError('not_found', NOTIFICATION_MESSAGES.notFound);
  return toNotification(row);
}

export const markNotificationReadInput = z.object({ id, userId: id });
export type MarkNotificationReadInput = z.input<typeof markNotificationReadInput>;

/** Marks a notification the user may see as read for that user (an upsert; reading twice keeps the first time). */
export async function markNotificationRead(db: Handle, input: MarkNotificationReadInput): Promise<UserNotification> {
  const { id: notificationId, userId } = validInput(markNotificationReadInput, input);
  const row = await findVisible(db, await reader(db, userId), notificationId);
  if (!row) throw new AppError('not_found', NOTIFICATION_MESSAGES.notFound);
  const readAt = await upsertRead(db, notificationId, userId);
  return toUserNotification({ ...row, read_at: readAt });
}

export const markAllNotificationsReadInput = z.object({ userId: id });
export type MarkAllNotificationsReadInput = z.input<typeof markAllNotificationsReadInput>;

/** Marks every notification the user may see as read; `marked` counts those that were unread. */
export async function markAllNotificationsRead(
  db: Handle,
  input: MarkAllNotificationsReadInput,
): Promise<{ marked: number }> {
  const { userId } = validInput(markAllNotificationsReadInput, input);
  return { marked: await markAllVisibleRead(db, await reader(db, userId)) };
}

export const unreadNotificationCountInput = z.object({ userId: id });
export type UnreadNotificationCountInput = z.input<typeof unreadNotificationCountInput>;

/** How many notifications the user may see and has not read. */
export async function unreadNotificationCount(
  db: Handle,
  input: UnreadNotificationCountInput,
): Promise<{ unread: number }> {
  const { userId } = validInput(unreadNotificationCountInput, input);
  return { unread: await countUnread(db, await reader(db, userId)) };
}
