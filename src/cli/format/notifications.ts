import type { Notification, UserNotification } from '../../notifications/index.ts';

const minute = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

const audience = (n: Notification): string =>
  n.audience === 'user'
    ? `user ${n.user_id}`
    : n.audience === 'tenant'
      ? `tenant ${n.tenant_id}`
      : n.audience === 'staff'
        ? 'staff'
        : 'everyone';

/** `notifications list`: one notification per entry (title line, body indented), the range and the unread count. */
export function notificationList(
  userId: number,
  filter: string,
  page: { items: UserNotification[]; total: number; unread: number },
  offset: number,
): string {
  const head = `Notifications of user ${userId} (${filter}): ${page.unread} unread.`;
  if (page.items.length === 0) return `${head}\nNo notifications.`;
  const rows = page.items.flatMap((n) => [
    `${String(n.id).padStart(6)}  ${minute(n.created_at)}  ${n.type.padEnd(12)}  ${(n.is_read ? 'read' : 'unread').padEnd(6)}  ${n.title ?? ''}`,
    ...(n.body ? [`${' '.repeat(8)}${n.body}`] : []),
  ]);
  return [head, ...rows, `${offset + 1}-${offset + page.items.length} of ${page.total}.`].join('\n');
}

/** `notifications send`: what was created and who sees it. */
export const notificationSent = (n: Notification): string =>
  `Notification ${n.id} (${n.type}) sent to ${audience(n)}${n.brand_id ? `, about brand ${n.brand_id}` : ''}: ${n.title ?? ''}`;

/** `notifications read`: the notification and its read time for the user. */
export const notificationRead = (n: UserNotification, userId: number): string =>
  `Notification ${n.id} read by user ${userId} at ${n.read_at}.`;

/** `notifications read-all`. */
export const allRead = (marked: number, userId: number): string =>
  `${marked} notification${marked === 1 ? '' : 's'} marked read for user ${userId}.`;
