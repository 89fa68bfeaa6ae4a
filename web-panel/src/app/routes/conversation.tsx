/** `Conversation` page (placeholder): a thread: messages, statuses, code, link clicks, cart, evidence, explain; reply, hide, block, feedback. */
import { PageHeader } from '../../components/ui/page-header.tsx';

export default function ConversationPage() {
  return (
    <>
      <PageHeader title="Conversation" />
      <p className="muted">This page is on its way.</p>
    </>
  );
}
