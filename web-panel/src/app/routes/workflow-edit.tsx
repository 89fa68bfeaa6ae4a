/**
 * `/b/:brandId/workflows/:workflowId/edit`: the workflow editor (loaded on demand: its own chunk,
 * with the composer). Message, delay, discount and rules; save as draft, activate, delete.
 */
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useWorkflow } from '../../features/workflows/api/get-workflow.ts';
import { useWorkflowEditor } from '../../features/workflows/api/get-workflow-editor.ts';
import { WorkflowEditor } from '../../features/workflows/components/workflow-editor.tsx';
import '../../features/workflows/components/workflows.css';
import { useBrand } from '../../lib/brand.tsx';
import NotFound from './not-found.tsx';

export default function WorkflowEditPage() {
  const { workflowId } = useParams();
  const id = Number(workflowId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return <EditWorkflow id={id} />;
}

function EditWorkflow({ id }: { id: number }) {
  const brand = useBrand();
  const workflow = useWorkflow(brand.id, id);
  const options = useWorkflowEditor(brand.id);
  return (
    <>
      <p>
        <Link to={`/b/${brand.id}/workflows/${id}`}>← The workflow and its figures</Link>
      </p>
      <PageHeader title={workflow.data ? `Edit “${workflow.data.name}”` : 'Edit the workflow'} />
      <StatePanel
        loading={workflow.isPending || options.isPending}
        error={workflow.error ?? options.error}
        onRetry={() => void Promise.all([workflow.refetch(), options.refetch()])}
        minHeight={400}
        label="the workflow"
      >
        {workflow.data && options.data ? (
          <WorkflowEditor key={workflow.data.id} brand={brand} workflow={workflow.data} options={options.data} />
        ) : null}
      </StatePanel>
    </>
  );
}
