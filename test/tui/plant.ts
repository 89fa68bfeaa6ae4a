/**
 * What the dashboard's problem tests plant: a job that fails for good in a real worker run, a
 * dead-lettered webhook, and a brand's 10DLC registration waiting for an operator (the row the
 * registration machine leaves in manual_intervention).
 */
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import type { Db } from '../../src/db/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';

/**
 * Queues a webhook:process job whose payload its task refuses, with one attempt, through
 * graphile-worker's SQL API, and runs the due jobs: the worker records the run and the job stays
 * in the queue failed for good. Returns its id.
 */
export async function plantFailedJob(ctx: AppContext): Promise<string> {
  const { rows } = await ctx.db.raw<{ rows: Array<{ id: string }> }>(
    `select id::text from graphile_worker.add_job('webhook:process', '{"id": -1}'::json, max_attempts => 1)`,
  );
  await runDueJobs(ctx, TASKS);
  return rows[0]!.id;
}

export async function plantDeadLetter(
  db: Db,
  { eventId, lastError, brandId = 1 }: { eventId: string; lastError: string; brandId?: number },
): Promise<number> {
  const integration = await db('brand_integrations').where({ brand_id: brandId }).orderBy('id').first('id');
  const [{ id }] = await db('webhook_events')
    .insert({
      source: 'shopify',
      event_id: eventId,
      topic: 'orders/create',
      brand_integration_id: integration.id,
      status: 'dead',
      attempts: 5,
      last_error: lastError,
    })
    .returning('id');
  return Number(id);
}

/** The brand's Infobip integration in manual_intervention after `failedFrom`, with its campaign if given. */
export async function plantRegistration(
  db: Db,
  {
    brandId,
    campaignId,
    error,
    failedFrom,
    since,
  }: { brandId: number; campaignId?: string; error: string; failedFrom: string; since: Date },
): Promise<number> {
  await db('integrations')
    .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
    .onConflict('slug')
    .ignore();
  const integration = await db('integrations').where({ slug: 'infobip' }).first('id');
  const [{ id }] = await db('brand_integrations')
    .insert({
      brand_id: brandId,
      integration_id: integration.id,
      lookup_id: `infobip-brand-${brandId}`,
      status: 'pending_setup',
      is_enabled: false,
      settings: {
        automation_state: 'manual_intervention',
        automation_metadata: {
          since: since.toISOString(),
          error_message: error,
          manual_intervention_reason: error,
          failed_from: failedFrom,
          round: 1,
        },
        ...(campaignId ? { infobip_brand_id: `ib-brand-${brandId}`, infobip_campaign_id: campaignId } : {}),
      },
    })
    .returning('id');
  return Number(id);
}
