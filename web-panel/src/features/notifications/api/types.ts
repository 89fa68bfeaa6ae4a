import type { ApiItem } from '../../../lib/api.ts';

/** A notification as the signed-in user sees it (the generated types of /api/openapi.json, tag "notifications"). */
export type UserNotification = ApiItem<'/api/notifications'>;

export const NOTIFICATION_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'announcement', label: 'Announcements' },
  { id: 'system', label: 'System' },
] as const;

export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number]['id'];

export const isNotificationFilter = (value: string | null): value is NotificationFilter =>
  NOTIFICATION_FILTERS.some((f) => f.id === value);

/** Every notification query starts with this key: marking read invalidates them all (list and bell). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
