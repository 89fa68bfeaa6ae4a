/** `/notifications` (placeholder): the list with filters all / unread / announcement / system; mark read. */
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Shell } from '../shell.tsx';

export default function NotificationsPage() {
  return (
    <Shell>
      <PageHeader title="Notifications" />
      <p className="muted">This page is on its way.</p>
    </Shell>
  );
}
