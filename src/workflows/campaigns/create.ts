/**
 * What creating a campaign and a scheduled flow share: a workflow of the type over a segment,
 * active at once, with its settings in extra_data and the segment attached as its audience.
 */
import type { AppContext } from '../../app/index.ts';
import type { Tx } from '../../db/index.ts';
import { attachFilter } from '../segments/store.ts';
import { createWorkflow, type DiscountInput } from '../service.ts';
import { updateWorkflowRow, type WorkflowWrite } from '../store.ts';
import { AUDIENCE_NODE } from './send.ts';

export async function insertSegmentWorkflow(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  tx: Tx,
  input: {
    brand: { id: number; timezone: string };
    type: 'campaign' | 'schedule';
    segmentId: number;
    name?: string;
    message: string;
    discount?: DiscountInput;
    integrationId?: number;
    /** Columns set once it exists (extra_data, starts_at). */
    row: WorkflowWrite;
  },
): Promise<number> {
  const created = await createWorkflow(
    { ...ctx, db: tx },
    {
      brandId: input.brand.id,
      type: input.type,
      name: input.name,
      message: input.message,
      delayMinutes: 0,
      timezone: input.brand.timezone,
      discount: input.discount,
      integrationId: input.integrationId,
    },
  );
  await updateWorkflowRow(tx, created.id, { status: 'active', is_paused: false, ...input.row });
  await attachFilter(tx, { workflowId: created.id, filterId: input.segmentId, nodeId: AUDIENCE_NODE, type: 'segment' });
  return created.id;
}
