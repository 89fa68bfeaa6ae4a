/** `Workflow` page (placeholder): a workflow's message, rules, discount and outcomes. */
import { PageHeader } from '../../components/ui/page-header.tsx';

export default function WorkflowPage() {
  return (
    <>
      <PageHeader title="Workflow" />
      <p className="muted">This page is on its way.</p>
    </>
  );
}
