/**
 * Campaigns' and scheduled flows' runs, in two steps.
 * - Start (startDueRuns): the due run is claimed (scheduled -> sending, SKIP LOCKED) and its
 *   audience frozen in ONE statement: every contact the segment matches now becomes a recipient
 *   row, queued or excluded with the reason (insertAudienceRecipients). No text is written yet.
 * - Send (sendRunTexts): batches of queued recipients are claimed (FOR UPDATE SKIP LOCKED, so two
 *   workers never take the same one); in the same transaction each gets its conversation, first
 *   text (due now), short link and discount code, and is linked to its conversation (unique), so a
 *   recipient gets one text even if a worker dies and the batch is retried: the rollback leaves it
 *   unclaimed, a commit leaves it linked. The texts then go through the send job like every other
 *   workflow text: opted-out channels skipped, quiet hours in the recipient's local time (held
 *   until the window opens, or skipped past the cutoff), the state caps, Texas, awaiting Y.
 * A cancel locks the run: the claims in flight finish first, then their texts are skipped with the
 * rest and the recipients not started yet are excluded (campaign_cancelled).
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
import { sendDueMessages } from '../../messaging/index.ts';
import { conversationDiscount } from '../candidates/process.ts';
import { renderMessage } from '../render.ts';
import {
  compileFilter,
  FREEZE_STATEMENT_TIMEOUT_MS,
  RECENTLY_TEXTED_HOURS,
  TEXAS_AREA_CODES,
  usAreaCodes,
} from '../segments/rules.ts';
import { isStatementTimeout, validFilter } from '../segments/service.ts';
import { brandTexasCompliance, filterOfWorkflow, insertAudienceRecipients } from '../segments/store.ts';
import { getBrand, getWorkflow, type WorkflowRow } from '../store.ts';
import { CAMPAIGN_BATCH_SIZE, CAMPAIGN_SEND_LIMIT, SKIP_CHANNEL_MISSING } from './rules.ts';
import {
  claimDueRuns,
  claimUnstartedRecipients,
  excludeRecipients,
  linkRecipientConversations,
  updateRun,
  type ClaimedRecipient,
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
  /**
   * The freeze ran past its statement timeout: rolled back, so the run is still scheduled with no
   * recipient, and it is tried again at the next pass.
   */
  timedOut?: true;
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

/** Who a first text goes to. */
export interface TextMember {
  contactId: number;
  channelId: number | null;
  givenName: string | null;
}

/** The first text of one contact (the short link and the code are filled in when written). */
export function conversationInput(plan: SendPlan, member: TextMember, now: Date, extra = {}): StartConversationInput {
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

/**
 * Freezes one claimed run's audience: recipient rows only (see the file comment). Runs in the
 * claiming transaction, so a worker that dies mid-freeze leaves the run scheduled, not half frozen.
 */
async function freezeRun(tx: Handle, run: RunRow, now: Date, statementTimeoutMs: number): Promise<RunStarted> {
  const result = { runId: run.id, workflowId: run.workflow_id, targeted: 0, queued: 0, excluded: 0, cancelled: false };
  const workflow = await getWorkflow(tx, run.workflow_id);
  const filter = workflow ? await filterOfWorkflow(tx, { workflowId: workflow.id, nodeId: AUDIENCE_NODE }) : undefined;
  const texasCompliance = workflow ? await brandTexasCompliance(tx, workflow.brand_id) : undefined;
  if (!workflow || !filter || texasCompliance === undefined) {
    await updateRun(tx, run.id, { state: 'sent', finished_at: now });
    return result;
  }
  // One statement over the whole brand: JIT compiling it costs more than it saves.
  await tx.raw('set local jit = off');
  // A segment too costly for the brand's data stops here instead of holding the worker.
  await tx.raw(`set local statement_timeout = ${Math.max(1, Math.floor(statementTimeoutMs))}`);
  const frozen = await insertAudienceRecipients(tx, {
    brandId: workflow.brand_id,
    runId: run.id,
    compiled: compileFilter(validFilter(filter.filter), { now }),
    now,
    recentHours: campaignSettings(workflow).smartSending ? RECENTLY_TEXTED_HOURS : 0,
    texasCompliance,
    usAreaCodes: usAreaCodes(),
    texasAreaCodes: TEXAS_AREA_CODES,
    // A campaign texts a contact once, whatever its runs; a scheduled flow once per run.
    onceWorkflowId: workflow.type === 'campaign' ? workflow.id : null,
  });
  await updateRun(tx, run.id, { targeted: frozen.targeted, finished_at: new Date() });
  return { ...result, targeted: frozen.targeted, queued: frozen.queued, excluded: frozen.targeted - frozen.queued };
}

/**
 * Claims and freezes every due run of campaigns and scheduled flows, one run per transaction. A
 * freeze that runs past `statementTimeoutMs` is rolled back (the run stays scheduled, no recipient
 * written), reported with `timedOut`, and left alone for the rest of this pass.
 */
export async function startDueRuns(
  ctx: Pick<AppContext, 'db' | 'config'>,
  {
    now = new Date(),
    statementTimeoutMs = FREEZE_STATEMENT_TIMEOUT_MS,
  }: { now?: Date; statementTimeoutMs?: number } = {},
): Promise<RunStarted[]> {
  const out: RunStarted[] = [];
  const timedOut: number[] = [];
  for (;;) {
    let claimed: RunRow | undefined;
    const started = await withTransaction(ctx.db, async (tx) => {
      [claimed] = await claimDueRuns(tx, { now, types: RUN_TYPES, limit: 1, skip: timedOut });
      return claimed ? freezeRun(tx, claimed, now, statementTimeoutMs) : undefined;
    }).catch((error: unknown) => {
      if (!claimed || !isStatementTimeout(error)) throw error;
      const run: RunRow = claimed;
      timedOut.push(run.id);
      return {
        runId: run.id,
        workflowId: run.workflow_id,
        targeted: 0,
        queued: 0,
        excluded: 0,
        cancelled: false,
        timedOut: true as const,
      };
    });
    if (!started) return out;
    out.push(started);
  }
}

export interface RunTextsResult {
  /** Recipients claimed and given their first text. */
  started: number;
  /** Claimed without a channel any more (deleted since the freeze): excluded. */
  excluded: number;
  /** What the send job did with those texts. */
  sent: number;
  deferred: number;
  skipped: number;
  failed: number;
}

/** One claim: up to `batchSize` recipients get their conversation and first text; returns the message ids. */
async function startBatch(
  ctx: Pick<AppContext, 'db' | 'config'>,
  plans: Map<number, SendPlan | null>,
  { now, batchSize, runIds }: { now: Date; batchSize: number; runIds?: readonly number[] },
): Promise<{ claimed: number; excluded: number; messageIds: number[] }> {
  return withTransaction(ctx.db, async (tx) => {
    const claimed = await claimUnstartedRecipients(tx, { limit: batchSize, runIds });
    const toText: { recipient: ClaimedRecipient; plan: SendPlan }[] = [];
    const missing: number[] = [];
    for (const recipient of claimed) {
      const plan = await planOf(tx, plans, recipient, publicBaseUrl(ctx.config));
      if (plan && recipient.channelId !== null) toText.push({ recipient, plan });
      else missing.push(recipient.id);
    }
    if (missing.length > 0) await excludeRecipients(tx, { ids: missing, reason: SKIP_CHANNEL_MISSING });
    const started = await startConversations(
      tx,
      toText.map(({ recipient, plan }) => conversationInput(plan, recipient, now, { run_id: recipient.runId })),
      { now },
    );
    await linkRecipientConversations(
      tx,
      toText.map(({ recipient }, k) => ({ id: recipient.id, conversationId: started[k]!.conversationId })),
    );
    return { claimed: claimed.length, excluded: missing.length, messageIds: started.map((s) => s.messageId) };
  });
}

/** The send plan of a recipient's run (its cutoff counts from the run's start), read once per run. */
async function planOf(
  db: Handle,
  plans: Map<number, SendPlan | null>,
  recipient: ClaimedRecipient,
  linkBaseUrl: string,
): Promise<SendPlan | null> {
  if (!plans.has(recipient.runId)) {
    const workflow = await getWorkflow(db, recipient.workflowId);
    plans.set(
      recipient.runId,
      workflow ? await sendPlan(db, workflow, { startedAt: recipient.startedAt, linkBaseUrl }) : null,
    );
  }
  return plans.get(recipient.runId)!;
}

/**
 * The send path of runs: claims queued recipients a batch at a time, writes their texts (see the
 * file comment) and hands each batch to the send job at once. At most `limit` recipients per call.
 */
export async function sendRunTexts(
  ctx: AppContext,
  {
    now,
    limit = CAMPAIGN_SEND_LIMIT,
    batchSize = CAMPAIGN_BATCH_SIZE,
    runIds,
    send = true,
  }: {
    now?: Date;
    limit?: number;
    batchSize?: number;
    runIds?: readonly number[];
    /** false: only write the texts (due now); the worker's sender lanes send them. */
    send?: boolean;
  } = {},
): Promise<RunTextsResult> {
  const result: RunTextsResult = { started: 0, excluded: 0, sent: 0, deferred: 0, skipped: 0, failed: 0 };
  const plans = new Map<number, SendPlan | null>();
  for (let remaining = limit; remaining > 0;) {
    const at = now ?? new Date();
    const batch = await startBatch(ctx, plans, { now: at, batchSize: Math.min(batchSize, remaining), runIds });
    if (batch.claimed === 0) break;
    remaining -= batch.claimed;
    result.started += batch.messageIds.length;
    result.excluded += batch.excluded;
    if (batch.messageIds.length === 0 || !send) continue;
    // The batch's texts in one pass of the send job (one claim of them all).
    const ids = batch.messageIds;
    const sent = await sendDueMessages(ctx, { messageIds: ids, limit: ids.length, batchSize: ids.length, now: at });
    result.sent += sent.sent;
    result.deferred += sent.deferred;
    result.skipped += sent.skipped;
    result.failed += sent.failed;
  }
  return result;
}
