/** SQL behind opt-outs: the queued outbound messages of opted-out channels are skipped. */
import type { Handle } from '../../db/index.ts';

/** Queued outbound messages of these channels become agent_skipped with skip_reason; returns how many. */
export async function skipQueuedForChannels(
  db: Handle,
  { brandId, channelIds, reason }: { brandId: number; channelIds: number[]; reason: string },
): Promise<number> {
  if (channelIds.length === 0) return 0;
  return db('conversation_messages')
    .where({ brand_id: brandId, direction: 'outgoing' })
    .whereIn('status', ['auto_queued', 'queued'])
    .whereIn(
      'conversation_id',
      db('conversations').select('id').where({ brand_id: brandId }).whereIn('contact_channel_id', channelIds),
    )
    .update({
      status: 'agent_skipped',
      extra_data: db.raw(`extra_data || jsonb_build_object('skip_reason', ?::text)`, [reason]),
      updated_at: db.fn.now(),
    });
}

/**
 * The queued first texts of a workflow's conversations (a cancelled campaign) become agent_skipped
 * with skip_reason; a message a worker holds is waited for. Returns how many.
 */
export async function skipQueuedOfWorkflow(
  db: Handle,
  { brandId, workflowId, reason }: { brandId: number; workflowId: number; reason: string },
): Promise<number> {
  return db('conversation_messages')
    .where({ brand_id: brandId, direction: 'outgoing' })
    .whereIn('status', ['auto_queued', 'queued'])
    .whereRaw(`extra_data->>'workflow_message' = 'true'`)
    .whereIn('conversation_id', db('conversations').select('id').where({ brand_id: brandId, workflow_id: workflowId }))
    .update({
      status: 'agent_skipped',
      extra_data: db.raw(`extra_data || jsonb_build_object('skip_reason', ?::text)`, [reason]),
      updated_at: db.fn.now(),
    });
}
