/** Pause or resume a workflow, after a confirmation that says what changes. */
import { useState } from 'react';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { useSetWorkflowState } from '../api/set-workflow-state.ts';
import type { Workflow } from '../api/types.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

export function PauseButton({
  brandId,
  workflow,
}: {
  brandId: number;
  workflow: Pick<Workflow, 'id' | 'name' | 'is_paused' | 'status'>;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useSetWorkflowState(brandId);
  const transition = workflow.is_paused ? 'resume' : 'pause';
  const verb = transition === 'pause' ? 'Pause' : 'Resume';
  if (workflow.status === 'draft') return null;
  return (
    <>
      <button
        type="button"
        className="button"
        aria-label={`${verb} ${workflow.name}`}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        {verb}
      </button>
      <ConfirmDialog
        open={open}
        title={`${verb} “${workflow.name}”?`}
        confirmLabel={verb}
        busy={mutation.isPending}
        error={mutation.error ? errorMessage(mutation.error) : null}
        onCancel={() => setOpen(false)}
        onConfirm={() => mutation.mutate({ workflowId: workflow.id, transition }, { onSuccess: () => setOpen(false) })}
      >
        <p>
          {transition === 'pause'
            ? 'While paused it selects no shopper and starts no conversation. You can resume it at any time.'
            : 'It selects the shoppers who qualify again and texts them after its delay.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
