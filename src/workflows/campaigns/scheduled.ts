/**
 * Scheduled flows (type schedule): a text to a segment on a crontab pattern read in the flow's
 * time zone (the brand's), validated with the cron package. Every tick is one run (unique per flow
 * and time, so several workers never start a tick twice), started like a campaign's (send.ts):
 * the audience frozen, each contact at most once per run, the texts through the send job. A tick
 * missed by more than SCHEDULE_CATCH_UP_MINUTES (the worker was down) is not made up.
 */
import { createRequire } from 'node:module';
import type * as Cron from 'cron';
import { AppError, type AppContext } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { messageText } from '../render.ts';
import { workflowState } from '../rules.ts';
import { getSegment } from '../segments/service.ts';
import { filterOfWorkflow } from '../segments/store.ts';
import type { DiscountInput } from '../service.ts';
import { getBrand, getWorkflow, listRunnableWorkflowsOfType, type WorkflowRow } from '../store.ts';
import { CAMPAIGN_NOT_FOUND, tallyProgress, type CampaignProgress } from './rules.ts';
import { insertSegmentWorkflow } from './create.ts';
import { AUDIENCE_NODE } from './send.ts';
import { insertRun, runCounts, runsOfWorkflow, type RunRow } from './store.ts';

/** The cron package, loaded on first use, not with this module (CommonJS: require gives the module an import would). */
const cronPackage = (): typeof Cron => createRequire(import.meta.url)('cron') as typeof Cron;

export const SCHEDULE_CATCH_UP_MINUTES = 30;
export const INVALID_CRON = 'Invalid schedule pattern';

type Ctx = Pick<AppContext, 'db' | 'logger'>;

/** The crontab pattern, checked (five fields, or six with seconds, as the cron package reads them). */
export function checkedCron(pattern: string): string {
  const trimmed = pattern.trim();
  const result = cronPackage().validateCronExpression(trimmed);
  if (!result.valid)
    throw new AppError('invalid_input', INVALID_CRON, { details: { reason: result.error?.message ?? trimmed } });
  return trimmed;
}

/** The latest tick at or before `now` and after `since`, in the time zone; undefined when none. */
export function latestTick(pattern: string, timeZone: string, now: Date, since: Date): Date | undefined {
  const time = new (cronPackage().CronTime)(pattern, timeZone);
  let latest: Date | undefined;
  let from = since;
  for (let i = 0; i < 10_000; i += 1) {
    const next = time.getNextDateFrom(from, timeZone).toJSDate();
    if (next > now) break;
    latest = next;
    from = next;
  }
  return latest;
}

export const cronOf = (w: WorkflowRow): string | null => {
  const s = (w.extra_data.schedule ?? {}) as Record<string, unknown>;
  return typeof s.cron === 'string' ? s.cron : null;
};

export interface ScheduledFlowView {
  id: number;
  brandId: number;
  name: string;
  cron: string;
  timezone: string;
  state: string;
  segment: { id: number; name: string } | null;
  message: string;
  runs: (CampaignProgress & { runId: number })[];
}

export async function createScheduledFlow(
  ctx: Ctx,
  input: {
    brandId: number;
    name?: string;
    message: string;
    segmentId: number;
    cron: string;
    /** Leave out contacts texted in the last 24 h by anything (default off: the pattern sets the pace). */
    smartSending?: boolean;
    linkUrl?: string;
    discount?: DiscountInput;
    integrationId?: number;
  },
): Promise<ScheduledFlowView> {
  const cron = checkedCron(input.cron);
  const brand = await getBrand(ctx.db, input.brandId);
  if (!brand) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const segment = await getSegment(ctx, { brandId: brand.id, id: input.segmentId });
  const id = await withTransaction(ctx.db, (tx) =>
    insertSegmentWorkflow(ctx, tx, {
      brand,
      type: 'schedule',
      segmentId: segment.id,
      name: input.name,
      message: input.message,
      discount: input.discount,
      integrationId: input.integrationId,
      row: {
        extra_data: {
          schedule: { cron, smart_sending: input.smartSending === true, link_url: input.linkUrl ?? null },
        },
      },
    }),
  );
  return getScheduledFlow(ctx, { id });
}

/** Records a run for the latest tick of every active scheduled flow (idempotent per tick). */
export async function scheduleFlowRuns(
  ctx: Pick<Ctx, 'db'>,
  { now = new Date() }: { now?: Date } = {},
): Promise<RunRow[]> {
  const since = new Date(now.getTime() - SCHEDULE_CATCH_UP_MINUTES * 60_000);
  const out: RunRow[] = [];
  for (const flow of await listRunnableWorkflowsOfType(ctx.db, { type: 'schedule', now })) {
    const cron = cronOf(flow);
    if (!cron || !cronPackage().validateCronExpression(cron).valid) continue;
    const tick = latestTick(cron, flow.timezone, now, since);
    if (!tick) continue;
    const run = await insertRun(ctx.db, { brandId: flow.brand_id, workflowId: flow.id, scheduledFor: tick });
    if (run) out.push(run);
  }
  return out;
}

export async function getScheduledFlow(
  ctx: Pick<Ctx, 'db'>,
  { id, brandId, now = new Date() }: { id: number; brandId?: number; now?: Date },
): Promise<ScheduledFlowView> {
  const w = await getWorkflow(ctx.db, id);
  if (!w || w.type !== 'schedule' || (brandId !== undefined && w.brand_id !== brandId))
    throw new AppError('not_found', CAMPAIGN_NOT_FOUND, { code: 'flow_not_found' });
  const filter = await filterOfWorkflow(ctx.db, { workflowId: w.id, nodeId: AUDIENCE_NODE });
  const runs = [];
  for (const run of await runsOfWorkflow(ctx.db, w.id)) {
    const counts = await runCounts(ctx.db, { runId: run.id, workflowId: w.id, now });
    runs.push({ runId: run.id, ...tallyProgress({ state: run.state, scheduledFor: run.scheduled_for, ...counts }) });
  }
  return {
    id: w.id,
    brandId: w.brand_id,
    name: w.name,
    cron: cronOf(w) ?? '',
    timezone: w.timezone,
    state: workflowState(w),
    segment: filter ? { id: filter.id, name: filter.name ?? '' } : null,
    message: messageText(w.message),
    runs,
  };
}
