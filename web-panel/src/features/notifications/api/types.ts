/** A notification as the signed-in user sees it (see /api/openapi.json, tag "notifications"). */
export interface UserNotification {
  id: number;
  type: 'announcement' | 'system' | 'reminder' | 'security';
  title: string | null;
  body: string | null;
  brand_id: number | null;
  data: Record<string, unknown>;
  created_at: string;
  is_read: boolean;
  read_at: string | null;
}

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
