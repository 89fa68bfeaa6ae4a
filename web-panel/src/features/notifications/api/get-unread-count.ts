import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './types.ts';

/** How many notifications the signed-in user has not read (the bell's count); refreshed every minute. */
export const getUnreadCount = (signal?: AbortSignal) =>
  api<{ unread: number }>('/api/notifications/unread-count', { signal }).then((a) => a.unread);

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread-count'],
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: 60_000,
  });

export const useUnreadCount = () => useQuery(unreadCountQuery());
