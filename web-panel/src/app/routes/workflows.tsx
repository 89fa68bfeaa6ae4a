/** `Workflows` page (placeholder): each workflow with its status, funnel and sales; pause and resume. */
import { PageHeader } from '../../components/ui/page-header.tsx';

export default function WorkflowsPage() {
  return (
    <>
      <PageHeader title="Workflows" />
      <p className="muted">This page is on its way.</p>
    </>
  );
}
