/**
 * Campaign use cases (a workflow of type campaign): create (message, segment, schedule in the
 * brand's time zone or now, optional discount code per shopper and short link, optional cutoff),
 * schedule again, a test send to one number, cancel, list and show with progress. A time more than
 * 15 minutes before creation needs confirmation (PAST_SCHEDULE_WARNING). The run is started by
 * startDueRuns (send.ts), which freezes its audience; sendRunTexts writes and sends the texts.
 */
import { AppError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import { normalizeUsername } from '../../contacts/index.ts';
import { skipQueuedOfWorkflow, startConversations } from '../../conversations/index.ts';
import { withTransaction } from '../../db/index.ts';
import { brandPace, estimateFinish, sendDueMessages } from '../../messaging/index.ts';
import { messageText } from '../render.ts';
import { toView } from '../view.ts';
import { getSegment } from '../segments/service.ts';
import { attachFilter, filterOfWorkflow } from '../segments/store.ts';
import { updateWorkflow, type DiscountInput } from '../service.ts';
import { getBrand, getWorkflow, listWorkflows, updateWorkflowRow, type WorkflowRow } from '../store.ts';
import {
  CAMPAIGN_ALREADY_STARTED,
  CAMPAIGN_NOT_CANCELLABLE,
  CAMPAIGN_NOT_FOUND,
  isPastSchedule,
  MAX_CUTOFF_HOURS,
  parseScheduleTime,
  PAST_SCHEDULE_WARNING,
  SKIP_CAMPAIGN_CANCELLED,
  tallyProgress,
  type CampaignProgress,
} from './rules.ts';
import { insertSegmentWorkflow } from './create.ts';
import { AUDIENCE_NODE, campaignSettings, conversationInput, sendPlan } from './send.ts';
import {
  excludeRecipients,
  findSmsChannel,
  insertRun,
  messageOutcome,
  recoveredOrdersOfRun,
  runCounts,
  runsOfWorkflow,
  updateRun,
  type RunRow,
} from './store.ts';

type Ctx = Pick<AppContext, 'db' | 'logger' | 'config'>;

export interface CampaignView {
  id: number;
  brandId: number;
  name: string;
  timezone: string;
  segment: { id: number; name: string } | null;
  message: string;
  linkUrl: string | null;
  cutoffHours: number | null;
  smartSending: boolean;
  discount: string | null;
  progress: CampaignProgress;
}

export interface CreateCampaignInput {
  brandId: number;
  name?: string;
  message: string;
  segmentId: number;
  /** "now", an ISO instant, or "YYYY-MM-DD HH:MM" in the brand's time zone (default now). */
  at?: string;
  /** Confirms a time more than 15 minutes in the past. */
  confirmPast?: boolean;
  linkUrl?: string;
  cutoffHours?: number;
  /** false: contacts texted in the last 24 h are texted too (default true: left out). */
  smartSending?: boolean;
  discount?: DiscountInput;
  integrationId?: number;
  now?: Date;
  /** Saved without a time: no run until it is scheduled (a test can be sent meanwhile). */
  draft?: boolean;
}

function scheduleOf(at: string | undefined, timeZone: string, now: Date, confirmPast?: boolean): Date {
  const scheduled = parseScheduleTime(at ?? 'now', timeZone, now);
  if (!scheduled)
    throw new AppError(
      'invalid_input',
      `Invalid schedule time "${at}": use now, an ISO time or "YYYY-MM-DD HH:MM" (${timeZone}).`,
    );
  if (isPastSchedule(scheduled, now) && !confirmPast)
    throw new AppError('invalid_input', PAST_SCHEDULE_WARNING, {
      code: 'confirmation_required',
      details: { scheduledFor: scheduled.toISOString() },
    });
  return scheduled;
}

function checkedLink(url: string | undefined): string | null {
  if (url === undefined || url === '') return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return parsed.toString();
  } catch {
    // reported below
  }
  throw new AppError('invalid_input', `The link must be an http(s) URL, got "${url}".`, {
    cliMessage: `--link must be an http(s) URL, got "${url}".`,
  });
}

const cutoffError = (): AppError =>
  new AppError('invalid_input', `The cutoff must be a whole number of hours from 1 to ${MAX_CUTOFF_HOURS}.`, {
    cliMessage: `--cutoff-hours must be a whole number from 1 to ${MAX_CUTOFF_HOURS}.`,
  });

async function campaignOf(ctx: Pick<Ctx, 'db'>, id: number, brandId?: number): Promise<WorkflowRow> {
  const workflow = await getWorkflow(ctx.db, id);
  if (!workflow || workflow.type !== 'campaign' || (brandId !== undefined && workflow.brand_id !== brandId))
    throw new AppError('not_found', CAMPAIGN_NOT_FOUND, { code: 'flow_not_found' });
  return workflow;
}

const onlyRun = async (ctx: Pick<Ctx, 'db'>, workflowId: number): Promise<RunRow | undefined> =>
  (await runsOfWorkflow(ctx.db, workflowId)).at(-1);

export async function createCampaign(ctx: Ctx, input: CreateCampaignInput): Promise<CampaignView> {
  const now = input.now ?? new Date();
  const brand = await getBrand(ctx.db, input.brandId);
  if (!brand) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const scheduledFor = input.draft ? null : scheduleOf(input.at, brand.timezone, now, input.confirmPast);
  const linkUrl = checkedLink(input.linkUrl);
  const cutoff = input.cutoffHours;
  if (cutoff !== undefined && (!Number.isInteger(cutoff) || cutoff < 1 || cutoff > MAX_CUTOFF_HOURS))
    throw cutoffError();
  const segment = await getSegment(ctx, { brandId: brand.id, id: input.segmentId });
  const id = await withTransaction(ctx.db, async (tx) => {
    const workflowId = await insertSegmentWorkflow(ctx, tx, {
      brand,
      type: 'campaign',
      segmentId: segment.id,
      name: input.name,
      message: input.message,
      discount: input.discount,
      integrationId: input.integrationId,
      row: {
        starts_at: scheduledFor,
        extra_data: {
          campaign: { link_url: linkUrl, cutoff_hours: cutoff ?? null, smart_sending: input.smartSending !== false },
        },
      },
    });
    if (scheduledFor) await insertRun(tx, { brandId: brand.id, workflowId, scheduledFor });
    return workflowId;
  });
  return getCampaign(ctx, { id, now });
}

/** The campaign's recovered orders, newest first (see the attribution route for each one's evidence). */
export async function campaignRecoveredOrders(
  ctx: Pick<Ctx, 'db'>,
  { id, brandId, limit = 50 }: { id: number; brandId?: number; limit?: number },
) {
  const workflow = await campaignOf(ctx, id, brandId);
  const run = await onlyRun(ctx, workflow.id);
  return run ? recoveredOrdersOfRun(ctx.db, { runId: run.id, workflowId: workflow.id, limit }) : [];
}

/** A time for a draft campaign, or a new time for one that has not started sending. */
export async function scheduleCampaign(
  ctx: Ctx,
  {
    id,
    brandId,
    at,
    confirmPast,
    now = new Date(),
  }: { id: number; brandId?: number; at: string; confirmPast?: boolean; now?: Date },
): Promise<CampaignView> {
  const workflow = await campaignOf(ctx, id, brandId);
  const scheduledFor = scheduleOf(at, workflow.timezone, now, confirmPast);
  const run = await onlyRun(ctx, workflow.id);
  const moved = run
    ? await updateRun(ctx.db, run.id, { scheduled_for: scheduledFor }, { fromStates: ['scheduled'] })
    : await insertRun(ctx.db, { brandId: workflow.brand_id, workflowId: workflow.id, scheduledFor });
  if (!moved) throw new AppError('conflict', CAMPAIGN_ALREADY_STARTED, { code: 'campaign_started' });
  await updateWorkflowRow(ctx.db, workflow.id, { starts_at: scheduledFor });
  return getCampaign(ctx, { id, now });
}

export interface CampaignChanges {
  name?: string;
  message?: string;
  segmentId?: number;
  /** '' or null: no link. */
  linkUrl?: string | null;
  /** null: no cutoff. */
  cutoffHours?: number | null;
  smartSending?: boolean;
  /** null: no discount code. */
  discount?: DiscountInput | null;
}

/**
 * Changes a campaign that has not started sending (a draft or scheduled one): its name, message,
 * segment, link, cutoff, smart sending or discount; the message and discount are checked by the
 * workflow rules, like a new campaign's.
 */
export async function updateCampaign(
  ctx: Ctx,
  { id, brandId, changes, now = new Date() }: { id: number; brandId?: number; changes: CampaignChanges; now?: Date },
): Promise<CampaignView> {
  const workflow = await campaignOf(ctx, id, brandId);
  const cutoff = changes.cutoffHours;
  if (cutoff !== undefined && cutoff !== null && (!Number.isInteger(cutoff) || cutoff < 1 || cutoff > MAX_CUTOFF_HOURS))
    throw cutoffError();
  const linkUrl = changes.linkUrl === undefined ? undefined : checkedLink(changes.linkUrl ?? undefined);
  const segment =
    changes.segmentId === undefined
      ? undefined
      : await getSegment(ctx, { brandId: workflow.brand_id, id: changes.segmentId });
  await withTransaction(ctx.db, async (tx) => {
    const run = await onlyRun({ db: tx }, workflow.id);
    // Locks the run: a start in flight finishes first, and then this is refused.
    if (run && !(await updateRun(tx, run.id, {}, { fromStates: ['scheduled'] })))
      throw new AppError('conflict', CAMPAIGN_ALREADY_STARTED, { code: 'campaign_started' });
    const inTx = { ...ctx, db: tx };
    if (changes.name !== undefined || changes.message !== undefined || changes.discount !== undefined)
      await updateWorkflow(inTx, {
        id: workflow.id,
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.message !== undefined ? { message: changes.message } : {}),
        ...(changes.discount === null ? { noDiscount: true } : changes.discount ? { discount: changes.discount } : {}),
      });
    const settings = campaignSettings(workflow);
    await updateWorkflowRow(tx, workflow.id, {
      extra_data: {
        ...workflow.extra_data,
        campaign: {
          link_url: linkUrl === undefined ? settings.linkUrl : linkUrl,
          cutoff_hours: cutoff === undefined ? settings.cutoffHours : cutoff,
          smart_sending: changes.smartSending ?? settings.smartSending,
        },
      },
    });
    if (segment)
      await attachFilter(tx, { workflowId: workflow.id, filterId: segment.id, nodeId: AUDIENCE_NODE, type: 'segment' });
  });
  return getCampaign(ctx, { id, now });
}

/**
 * Stops a campaign: nothing more is frozen or sent; its queued and held texts are skipped and its
 * recipients whose text was not written yet are left out (skippedMessages counts both).
 */
export async function cancelCampaign(
  ctx: Ctx,
  { id, brandId, now = new Date() }: { id: number; brandId?: number; now?: Date },
): Promise<CampaignView & { skippedMessages: number }> {
  const workflow = await campaignOf(ctx, id, brandId);
  const skippedMessages = await withTransaction(ctx.db, async (tx) => {
    // A draft has no run yet: it gets one, cancelled at once, so it never starts.
    const run =
      (await onlyRun({ db: tx }, workflow.id)) ??
      (await insertRun(tx, { brandId: workflow.brand_id, workflowId: workflow.id, scheduledFor: now }));
    const cancelled =
      run &&
      (await updateRun(
        tx,
        run.id,
        { state: 'cancelled', cancelled_at: now },
        { fromStates: ['scheduled', 'sending'] },
      ));
    if (!cancelled) throw new AppError('conflict', CAMPAIGN_NOT_CANCELLABLE, { code: 'campaign_not_cancellable' });
    await updateWorkflowRow(tx, workflow.id, { is_paused: true });
    // The run row is locked now: claims in flight have committed; what they wrote is skipped too.
    const unstarted = await excludeRecipients(tx, { runId: run.id, reason: SKIP_CAMPAIGN_CANCELLED });
    const skipped = await skipQueuedOfWorkflow(tx, {
      brandId: workflow.brand_id,
      workflowId: workflow.id,
      reason: SKIP_CAMPAIGN_CANCELLED,
    });
    return unstarted + skipped;
  });
  return { ...(await getCampaign(ctx, { id, now })), skippedMessages };
}

/** Sends the campaign's text to one of the brand's numbers now, through the same send rules. */
export async function testCampaign(
  ctx: AppContext,
  { id, brandId, phone, now = new Date() }: { id: number; brandId?: number; phone: string; now?: Date },
): Promise<{ messageId: number; body: string; status: string; reason: string | null }> {
  const workflow = await campaignOf(ctx, id, brandId);
  const username = normalizeUsername(phone);
  const channel = await findSmsChannel(ctx.db, { brandId: workflow.brand_id, username });
  if (!channel) throw new AppError('not_found', 'Contact channel not found', { code: 'channel_not_found' });
  const plan = await sendPlan(ctx.db, workflow, { startedAt: now, linkBaseUrl: publicBaseUrl(ctx.config) });
  const member = { contactId: channel.contactId, channelId: channel.id, username, givenName: null, excluded: null };
  const [started] = await withTransaction(ctx.db, (tx) =>
    startConversations(tx, [conversationInput(plan, member, now, { campaign_test: true })], { now }),
  );
  await sendDueMessages(ctx, { messageIds: [started!.messageId], now });
  return { messageId: started!.messageId, body: started!.body, ...(await messageOutcome(ctx.db, started!.messageId)) };
}

export async function getCampaign(
  ctx: Pick<Ctx, 'db'> & Partial<Pick<Ctx, 'config'>>,
  { id, brandId, now = new Date() }: { id: number; brandId?: number; now?: Date },
): Promise<CampaignView> {
  const workflow = await campaignOf(ctx, id, brandId);
  const run = await onlyRun(ctx, workflow.id);
  const filter = await filterOfWorkflow(ctx.db, { workflowId: workflow.id, nodeId: AUDIENCE_NODE });
  const counts = run
    ? await runCounts(ctx.db, { runId: run.id, workflowId: workflow.id, now })
    : { excluded: [], queued: 0, messages: [], clicked: 0, replied: 0, recovered: 0, recoveredRevenue: 0 };
  const progress = tallyProgress({ state: run?.state ?? 'draft', scheduledFor: run?.scheduled_for ?? null, ...counts });
  if (progress.state === 'sending' && run?.finished_at && progress.held + progress.pending === 0)
    progress.state = 'sent';
  // The estimated finish from the brand's number's pace (a campaign's texts go out at it).
  const paced = ctx.config
    ? await brandPace({ db: ctx.db, config: ctx.config }, { brandId: workflow.brand_id, now })
    : undefined;
  const remaining = progress.pending + progress.held;
  const start =
    progress.state === 'scheduled' && run?.scheduled_for && run.scheduled_for > now ? run.scheduled_for : now;
  progress.pace = paced ? { perSecond: paced.pace.perSecond, perDay: paced.pace.perDay } : null;
  progress.estimatedFinishAt =
    paced && remaining > 0 && (progress.state === 'sending' || progress.state === 'scheduled')
      ? estimateFinish({ remaining, pace: paced.pace, today: paced.today, from: start }).toISOString()
      : null;
  const settings = campaignSettings(workflow);
  const discount = workflow.discount_rule_id ? (await toView(ctx.db, workflow)).discount : null;
  return {
    id: workflow.id,
    brandId: workflow.brand_id,
    name: workflow.name,
    timezone: workflow.timezone,
    segment: filter ? { id: filter.id, name: filter.name ?? '' } : null,
    message: messageText(workflow.message),
    linkUrl: settings.linkUrl,
    cutoffHours: settings.cutoffHours,
    smartSending: settings.smartSending,
    discount: discount?.display ?? null,
    progress,
  };
}

export async function listCampaigns(
  ctx: Pick<Ctx, 'db'> & Partial<Pick<Ctx, 'config'>>,
  { brandId, now = new Date() }: { brandId: number; now?: Date },
): Promise<CampaignView[]> {
  if (!(await getBrand(ctx.db, brandId)))
    throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const campaigns = (await listWorkflows(ctx.db, { brandId })).filter((w) => w.type === 'campaign');
  const out: CampaignView[] = [];
  for (const w of campaigns) out.push(await getCampaign(ctx, { id: w.id, now }));
  return out;
}
