/**
 * `/notifications`: the signed-in user's notifications, newest first, with the filters all /
 * unread / announcement / system, mark read and mark all read. Filter and page live in the URL;
 * a brand's notification shows its times in that brand's time zone (as every brand page does),
 * the others in this browser's, each labelled.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { errorMessage, StatePanel } from '../../components/ui/state-panel.tsx';
import { NOTIFICATION_PAGE_SIZE, useNotifications } from '../../features/notifications/api/get-notifications.ts';
import { useMarkRead } from '../../features/notifications/api/mark-read.ts';
import {
  isNotificationFilter,
  NOTIFICATION_FILTERS,
  type UserNotification,
} from '../../features/notifications/api/types.ts';
import '../../features/notifications/components/notifications.css';
import { useBrandsQuery } from '../../features/brands/api/get-brands.ts';
import { formatDateTime, timezoneLabel, timezoneName } from '../../lib/format.ts';
import { useSearchState } from '../../lib/url-state.ts';
import { Shell } from '../shell.tsx';

const here = {
  locale: 'en-US',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
};

const TYPE_LABELS: Record<string, string> = {
  announcement: 'Announcement',
  system: 'System',
  reminder: 'Reminder',
  security: 'Security',
};

const EMPTY: Record<string, string> = {
  all: 'No notifications yet. Reclaim tells you here when a shopper replies, a store disconnects or there is news.',
  unread: 'You have read every notification.',
  announcement: 'No announcements.',
  system: 'No system notifications.',
};

/** A link inside the panel the notification points to (data.link when it is a panel path). */
const linkOf = (n: UserNotification): string | null => {
  const link = n.data.link;
  if (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//')) return link;
  if (n.brand_id && typeof n.data.conversation_id === 'number')
    return `/b/${n.brand_id}/conversations/${n.data.conversation_id}`;
  return null;
};

export default function NotificationsPage() {
  const [params, update] = useSearchState();
  const raw = params.get('filter');
  const filter = isNotificationFilter(raw) ? raw : 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const list = useNotifications({ filter, offset: (page - 1) * NOTIFICATION_PAGE_SIZE });
  const mark = useMarkRead();
  const failure = mark.one.error ?? mark.all.error;
  // The brands the user may read, for their time zones.
  const brands = useBrandsQuery({ limit: 100 });
  const zones = new Map((brands.data?.items ?? []).map((b) => [b.id, b.timezone]));
  const whereOf = (n: UserNotification) => {
    const zone = n.brand_id ? zones.get(n.brand_id) : undefined;
    return zone ? { locale: here.locale, timezone: zone } : here;
  };
  const zoneNames = [...new Set([...zones.values()])];
  // A user of one brand keeps that brand's navigation here.
  const only = brands.data?.items.length === 1 ? brands.data.items[0]! : undefined;

  return (
    <Shell brand={only ? { id: only.id, name: only.name } : undefined}>
      <PageHeader title="Notifications">
        <button type="button" className="button" disabled={mark.all.isPending} onClick={() => mark.all.mutate()}>
          Mark all read
        </button>
      </PageHeader>
      <div className="filter-bar" role="group" aria-label="Show">
        {NOTIFICATION_FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={f.id === filter ? 'chip is-selected' : 'chip'}
            aria-pressed={f.id === filter}
            onClick={() => update({ filter: f.id === 'all' ? null : f.id, page: null })}
          >
            {f.label}
          </button>
        ))}
        <span className="muted">
          {zoneNames.length === 1
            ? `Times in ${timezoneLabel(zoneNames[0]!)} (${timezoneName(zoneNames[0]!)}), your store’s time zone`
            : zoneNames.length > 1
              ? 'Times in each brand’s time zone'
              : `Times in ${timezoneLabel(here.timezone)} (${timezoneName(here.timezone)})`}
        </span>
      </div>
      {failure ? (
        <p className="form-error" role="alert">
          {errorMessage(failure)}
        </p>
      ) : null}
      <StatePanel
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={list.data?.items.length === 0}
        emptyMessage={EMPTY[filter]}
        refreshing={list.isPlaceholderData}
        label="the notifications"
      >
        <ul className="notification-list" data-ready={list.isPlaceholderData ? undefined : 'true'}>
          {list.data?.items.map((n) => {
            const link = linkOf(n);
            const title = n.title ?? TYPE_LABELS[n.type] ?? n.type;
            return (
              <li key={n.id} className={n.is_read ? 'card notification' : 'card notification is-unread'}>
                <h2>
                  {n.is_read ? null : <span className="visually-hidden">Unread: </span>}
                  {link ? <Link to={link}>{title}</Link> : title}
                </h2>
                {n.body ? <p>{n.body}</p> : null}
                <div className="notification-meta muted">
                  <span className="badge">{TYPE_LABELS[n.type] ?? n.type}</span>
                  <time dateTime={n.created_at}>{formatDateTime(n.created_at, whereOf(n))}</time>
                  <span>{n.is_read ? 'Read' : 'Unread'}</span>
                  {n.is_read ? null : (
                    <button
                      type="button"
                      className="button button-quiet"
                      aria-label={`Mark “${title}” read`}
                      disabled={mark.one.isPending && mark.one.variables === n.id}
                      onClick={() => mark.one.mutate(n.id)}
                    >
                      Mark read
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <Pager
          page={page}
          pageSize={NOTIFICATION_PAGE_SIZE}
          total={list.data?.total ?? 0}
          onPage={(next) => update({ page: next === 1 ? null : next })}
          label="Notification"
        />
      </StatePanel>
    </Shell>
  );
}
