/**
 * Where the dashboard's data comes from: the domains' services, called in process with the
 * startup context (the same services as the CLI's commands and the brand API). One refresh reads
 * every pane in turn and times each; the actions (pause or resume a workflow, replay a webhook)
 * go through the same service functions as `reclaim workflows pause` and `reclaim webhooks replay`.
 */
import {
  analyticsDb,
  conversationThread,
  operatorBrandList,
  operatorLiveFeed,
  operatorWorkflowDay,
  type ConversationWorkflowCache,
} from '../analytics/index.ts';
import type { AppContext } from '../app/index.ts';
import { explainOrder } from '../attribution/index.ts';
import { maskUsername } from '../contacts/index.ts';
import {
  heartbeatIntervalMs,
  jobHistory,
  queueOverview,
  resolveSchedules,
  retryFailedJob,
  workerCounts,
} from '../jobs/index.ts';
import { appealCampaign, registrationStatus, retryRegistration, sendingOverview } from '../messaging/index.ts';
import { listRaised } from '../notifications/index.ts';
import { listStoreIntegrations } from '../stores/index.ts';
import { deadLetterSummary, listDeadLetters, replayWebhookEvent, webhookHealth } from '../webhooks/index.ts';
import { setWorkflowState } from '../workflows/index.ts';
import { threadView } from './thread.ts';
import type { DashboardData, PaneId, PaneTimings, ThreadView } from './types.ts';

export const DEAD_LETTER_LIMIT = 50;
const DAY_MS = 86_400_000;

export interface DashboardSource {
  /** Every pane's data at `now`, with the database time each pane took. */
  load(now: Date): Promise<{ data: DashboardData; timings: PaneTimings }>;
  /** A conversation's messages with status and time, and the evidence of its recovered order. */
  thread(conversation: { brandId: number; id: number }): Promise<ThreadView>;
  /** Pauses or resumes a workflow; returns what the CLI prints ("Paused", "Resumed"). */
  setPaused(workflow: { id: number; brandId: number }, paused: boolean): Promise<string>;
  /** Queues a stored webhook again. */
  replay(webhookId: number): Promise<string>;
  /** Puts a job that failed for good back in the queue (attempts reset). */
  retryJob(jobId: string): Promise<string>;
  /** Resumes a 10DLC registration from the step that failed (as `reclaim messaging retry`). */
  retryRegistration(brandId: number): Promise<string>;
  /** Appeals a rejected 10DLC campaign with a reason (as `reclaim messaging appeal`). */
  appealRegistration(brandId: number, reason: string): Promise<string>;
}

/** A running worker whose heartbeat is older than four beats is shown as silent (2 minutes by default). */
export const silentAfterSeconds = (staleAfterSeconds: number): number =>
  Math.round((heartbeatIntervalMs(staleAfterSeconds) * 4) / 1000);

/** Midnight UTC of `now`'s day. */
export const startOfDay = (now: Date): Date => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

async function timed<T>(timings: Partial<PaneTimings>, pane: PaneId, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[pane] = (timings[pane] ?? 0) + (performance.now() - start);
  }
}

export function dashboardSource(ctx: AppContext, { brandId }: { brandId?: number } = {}): DashboardSource {
  const reports = analyticsDb(ctx);
  const schedules = resolveSchedules(ctx.config);
  // The workflow of each conversation texted today, kept between refreshes (operatorWorkflowDay).
  const conversationWorkflows: ConversationWorkflowCache = new Map();
  return {
    async load(now) {
      const timings: Partial<PaneTimings> = {};
      const since = startOfDay(now);
      const brands = await timed(timings, 'live', () => operatorBrandList(reports, { brandId }));
      // No brand asked for: every brand (the queries then read every brand without listing them).
      const scope = brandId === undefined ? undefined : brands.map((b) => b.id);
      // One pane after another, so each pane's figure is its own database time.
      const live = await timed(timings, 'live', () => operatorLiveFeed(reports, { brandIds: scope }));
      const workflows = await timed(timings, 'workflows', () =>
        operatorWorkflowDay(reports, { brandIds: scope, since, now }, conversationWorkflows),
      );
      const sending = await timed(timings, 'sending', () =>
        sendingOverview(ctx.db, {
          brandIds: scope,
          now,
          since,
          provider: ctx.config.SMS_PROVIDER,
          defaults: { perSecond: ctx.config.SMS_MESSAGES_PER_SECOND, perDay: ctx.config.SMS_MESSAGES_PER_DAY },
        }),
      );
      const silent = silentAfterSeconds(ctx.config.WORKER_STALE_AFTER_SECONDS);
      const system = await timed(timings, 'system', async () => {
        const [queue, worker_counts, jobs, webhooks, dead_letter_sources, dead_letters, registrations] =
          await Promise.all([
            queueOverview(ctx.db, { schedules, now }),
            workerCounts(ctx.db, silent),
            jobHistory(ctx.db, { now }),
            webhookHealth(ctx.db, { stuckAfterSeconds: ctx.config.WEBHOOK_STUCK_AFTER_SECONDS, brandIds: scope }),
            deadLetterSummary(ctx.db, { brandIds: scope }),
            listDeadLetters(ctx.db, { brandIds: scope, limit: DEAD_LETTER_LIMIT }),
            registrationStatus(ctx, { brandId }),
          ]);
        const [billing_failures, integrations] = await Promise.all([
          listRaised(ctx.db, { kinds: ['billing_sync_failed'], since, brandIds: scope, limit: 20 }),
          listStoreIntegrations(ctx.db, { brandId, needingAttention: true }),
        ]);
        return {
          queue,
          worker_counts,
          silent_after_seconds: silent,
          jobs,
          webhooks,
          registrations: registrations.filter((r) => r.state === 'manual_intervention'),
          dead_letter_sources,
          dead_letters,
          billing_failures,
          integrations,
        };
      });
      return { data: { brands, live, workflows, sending, system }, timings: timings as PaneTimings };
    },

    async thread({ brandId: brand, id }) {
      const thread = await conversationThread(reports, { brandId: brand, conversationId: id });
      const orderId =
        thread.conversation.order_id ??
        thread.goal_state_events.find((e) => e.state === 'recovered' && e.order_id !== null)?.order_id ??
        null;
      const order = orderId === null ? null : await explainOrder(reports, { orderId, brandId: brand });
      const phone = thread.conversation.phone ? maskUsername(thread.conversation.phone) : null;
      return threadView(thread, order, phone);
    },

    async setPaused(workflow, paused) {
      await setWorkflowState(ctx, {
        id: workflow.id,
        brandId: workflow.brandId,
        transition: paused ? 'pause' : 'resume',
      });
      return `${paused ? 'Paused' : 'Resumed'} workflow ${workflow.id}.`;
    },

    async replay(webhookId) {
      const event = await replayWebhookEvent(ctx, webhookId);
      return `Webhook ${event.id} queued again.`;
    },

    async retryJob(jobId) {
      const job = await retryFailedJob(ctx, jobId);
      return `Job ${job.id} (${job.task}) queued again.`;
    },

    async retryRegistration(brand) {
      const result = await retryRegistration(ctx, { brandId: brand });
      return `Brand ${brand}: registration resumed (${result.state}).`;
    },

    async appealRegistration(brand, reason) {
      const result = await appealCampaign(ctx, { brandId: brand, reason });
      return `Brand ${brand}: appeal sent; waiting on the carriers (${result.state}).`;
    },
  };
}
