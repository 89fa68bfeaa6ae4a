/** `Conversations` page (placeholder): the inbox: filters, search, unread markers, paged list. */
import { PageHeader } from '../../components/ui/page-header.tsx';

export default function ConversationsPage() {
  return (
    <>
      <PageHeader title="Conversations" />
      <p className="muted">This page is on its way.</p>
    </>
  );
}
