import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY, type UserNotification } from './types.ts';

/** Marks one notification read for the signed-in user. */
export const markRead = (id: number) =>
  api<{ notification: UserNotification }>(`/api/notifications/${id}/read`, { method: 'POST', body: {} });

/** Marks every notification the user may see as read. */
export const markAllRead = () => api<{ marked: number }>('/api/notifications/read-all', { method: 'POST', body: {} });

/** Both mutations refetch the lists and the bell's count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  return {
    one: useMutation({ mutationFn: markRead, onSuccess }),
    all: useMutation({ mutationFn: markAllRead, onSuccess }),
  };
}
