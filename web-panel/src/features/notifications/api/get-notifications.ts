import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY, type NotificationFilter, type UserNotification } from './types.ts';

export const NOTIFICATION_PAGE_SIZE = 10;

/** The signed-in user's notifications, newest first, 10 a page. */
export const getNotifications = (params: { filter: NotificationFilter; offset: number }, signal?: AbortSignal) =>
  api<{ items: UserNotification[]; total: number; offset: number; limit: number }>('/api/notifications', {
    query: { ...params, limit: NOTIFICATION_PAGE_SIZE },
    signal,
  });

export const notificationsQuery = (params: { filter: NotificationFilter; offset: number }) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', params],
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (params: { filter: NotificationFilter; offset: number }) =>
  useQuery(notificationsQuery(params));
