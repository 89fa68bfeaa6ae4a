/** The shell's link to the notifications with the unread count (read out with the link's name). */
import './notifications.css';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/get-unread-count.ts';

export function NotificationBell() {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link className="topbar-link bell" to="/notifications" aria-label={label} data-unread={count}>
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      <span className="bell-text">Notifications</span>
      {count > 0 ? (
        <span className="bell-count" data-testid="unread-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
