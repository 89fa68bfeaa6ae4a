/**
 * Starting due runs of campaigns and scheduled flows: the run is claimed (scheduled -> sending,
 * SKIP LOCKED), its audience frozen (the segment's contacts as they are now, each queued or
 * excluded with the reason, one row per contact and run), and every queued contact gets a
 * conversation with its first text, due now. The texts then go through the send job like every
 * other workflow text: opted-out channels skipped, quiet hours in the recipient's local time, the
 * state caps, Texas, the per-number rate. A cancel between batches stops the freeze (the run row
 * is locked by each batch, so a cancel waits for the batch in flight and then skips its texts).
 */
import { publicBaseUrl, type AppContext } from '../../app/index.ts';
import { startConversations, type StartConversationInput } from '../../conversations/index.ts';
import { withTransaction, type Handle } from '../../db/index.ts';
import {
  getDiscountRule,
  formatDiscountValue,
  resolveDiscountRule,
  type ResolvedDiscountRule,
} from '../../discounts/index.ts';
import { conversationDiscount } from '../candidates/process.ts';
import { renderMessage } from '../render.ts';
import { RECENTLY_TEXTED_HOURS } from '../segments/rules.ts';
import { segmentAudience, type AudienceMember } from '../segments/service.ts';
import { filterOfWorkflow } from '../segments/store.ts';
import { getBrand, getWorkflow, type WorkflowRow } from '../store.ts';
import { CAMPAIGN_BATCH_SIZE } from './rules.ts';
import {
  claimDueRuns,
  contactsOfRuns,
  insertRecipients,
  linkRecipientConversations,
  updateRun,
  type RunRow,
} from './store.ts';

export const AUDIENCE_NODE = 'audience';
/** Workflow types whose runs are started here. */
export const RUN_TYPES = ['campaign', 'schedule'];

export interface RunStarted {
  runId: number;
  workflowId: number;
  targeted: number;
  queued: number;
  excluded: number;
  cancelled: boolean;
}

interface SendPlan {
  workflow: WorkflowRow;
  brandName: string;
  discount: ResolvedDiscountRule | null;
  linkUrl: string | null;
  sendBefore: Date | null;
  linkBaseUrl: string;
}

export interface CampaignSettings {
  linkUrl: string | null;
  cutoffHours: number | null;
  /** Leave out contacts texted in the last 24 h (default on; a scheduled flow's own pattern sets its pace, so off there unless set). */
  smartSending: boolean;
}

export const campaignSettings = (workflow: WorkflowRow): CampaignSettings => {
  const c = (workflow.extra_data.campaign ?? workflow.extra_data.schedule ?? {}) as Record<string, unknown>;
  return {
    linkUrl: typeof c.link_url === 'string' ? c.link_url : null,
    cutoffHours: typeof c.cutoff_hours === 'number' ? c.cutoff_hours : null,
    smartSending: c.smart_sending !== false,
  };
};

export async function sendPlan(
  db: Handle,
  workflow: WorkflowRow,
  { startedAt, linkBaseUrl }: { startedAt: Date; linkBaseUrl: string },
): Promise<SendPlan> {
  const brand = await getBrand(db, workflow.brand_id);
  const ruleRow =
    workflow.action?.type === 'discount' && workflow.discount_rule_id
      ? await getDiscountRule(db, workflow.discount_rule_id)
      : undefined;
  const { linkUrl, cutoffHours } = campaignSettings(workflow);
  return {
    workflow,
    brandName: brand?.name ?? '',
    discount: ruleRow ? resolveDiscountRule(ruleRow).rule : null,
    linkUrl,
    sendBefore: cutoffHours === null ? null : new Date(startedAt.getTime() + cutoffHours * 3_600_000),
    linkBaseUrl,
  };
}

/** The first text of one contact (the short link and the code are filled in when written). */
export function conversationInput(
  plan: SendPlan,
  member: AudienceMember,
  now: Date,
  extra = {},
): StartConversationInput {
  const { workflow, discount } = plan;
  return {
    brandId: workflow.brand_id,
    workflowId: workflow.id,
    contactId: member.contactId,
    contactChannelId: member.channelId!,
    scheduledFor: now,
    shortLinkTarget: plan.linkUrl,
    linkBaseUrl: plan.linkBaseUrl,
    extra: { ...(plan.sendBefore ? { send_before: plan.sendBefore.toISOString() } : {}), ...extra },
    discount: conversationDiscount(discount, workflow.platform),
    body: ({ cartLink, discountCode }) =>
      renderMessage(workflow.message, {
        first_name: member.givenName,
        brand_name: plan.brandName,
        cart_link: cartLink ?? plan.linkUrl ?? '',
        discount_code: discountCode,
        discount_value: discount && discountCode ? formatDiscountValue(discount) : null,
      }),
  };
}

/** Freezes one claimed run's audience and writes its texts (see the file comment). */
export async function startRun(
  ctx: Pick<AppContext, 'db' | 'config'>,
  run: RunRow,
  { now, batchSize = CAMPAIGN_BATCH_SIZE }: { now: Date; batchSize?: number },
): Promise<RunStarted> {
  const result = { runId: run.id, workflowId: run.workflow_id, targeted: 0, queued: 0, excluded: 0, cancelled: false };
  const workflow = await getWorkflow(ctx.db, run.workflow_id);
  const filter = workflow
    ? await filterOfWorkflow(ctx.db, { workflowId: workflow.id, nodeId: AUDIENCE_NODE })
    : undefined;
  if (!workflow || !filter) {
    await updateRun(ctx.db, run.id, { state: 'sent', finished_at: now }, { fromStates: ['sending'] });
    return result;
  }
  const plan = await sendPlan(ctx.db, workflow, { startedAt: now, linkBaseUrl: publicBaseUrl(ctx.config) });
  const members = await segmentAudience(ctx.db, {
    brandId: workflow.brand_id,
    filter: filter.filter,
    now,
    recentHours: campaignSettings(workflow).smartSending ? RECENTLY_TEXTED_HOURS : 0,
  });
  // A campaign texts a contact once, whatever its runs; a scheduled flow once per run.
  const earlier = workflow.type === 'campaign' ? await contactsOfRuns(ctx.db, workflow.id, run.id) : new Set<number>();
  for (let i = 0; i < members.length && !result.cancelled; i += batchSize) {
    const batch = members.slice(i, i + batchSize);
    await withTransaction(ctx.db, async (tx) => {
      const live = await updateRun(tx, run.id, { targeted: i + batch.length }, { fromStates: ['sending'] });
      if (!live) {
        result.cancelled = true;
        return;
      }
      const reasonOf = (m: AudienceMember): string | null =>
        m.excluded ?? (earlier.has(m.contactId) ? 'already_texted' : null);
      const written = await insertRecipients(
        tx,
        batch.map((m) => ({
          brandId: workflow.brand_id,
          runId: run.id,
          contactId: m.contactId,
          channelId: m.channelId,
          outcome: reasonOf(m) === null ? 'queued' : 'excluded',
          reason: reasonOf(m),
        })),
      );
      const toText = batch.filter((m) => reasonOf(m) === null && written.has(m.contactId));
      const started = await startConversations(
        tx,
        toText.map((m) => conversationInput(plan, m, now, { run_id: run.id })),
        { now },
      );
      await linkRecipientConversations(
        tx,
        run.id,
        toText.map((m, k) => ({ contactId: m.contactId, conversationId: started[k]!.conversationId })),
      );
      result.targeted += batch.length;
      result.queued += toText.length;
      result.excluded += batch.length - toText.length;
    });
  }
  if (!result.cancelled)
    await updateRun(ctx.db, run.id, { targeted: members.length, finished_at: new Date() }, { fromStates: ['sending'] });
  return result;
}

/** Claims and starts every due run of campaigns and scheduled flows. */
export async function startDueRuns(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { now = new Date(), batchSize }: { now?: Date; batchSize?: number } = {},
): Promise<RunStarted[]> {
  const runs = await claimDueRuns(ctx.db, { now, types: RUN_TYPES });
  const out: RunStarted[] = [];
  for (const run of runs) out.push(await startRun(ctx, run, { now, batchSize }));
  return out;
}
