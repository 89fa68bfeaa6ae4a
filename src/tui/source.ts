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
import { queueOverview, resolveSchedules } from '../jobs/index.ts';
import { sendingOverview } from '../messaging/index.ts';
import { listRaised } from '../notifications/index.ts';
import { listStoreIntegrations } from '../stores/index.ts';
import { deadLetterSummary, listDeadLetters, replayWebhookEvent } from '../webhooks/index.ts';
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
}

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
        sendingOverview(ctx.db, { brandIds: scope, now, since, provider: ctx.config.SMS_PROVIDER }),
      );
      const system = await timed(timings, 'system', async () => {
        const [queue, dead_letter_sources, dead_letters, ten_dlc, billing_failures, integrations] = await Promise.all([
          queueOverview(ctx.db, { schedules, now }),
          deadLetterSummary(ctx.db, { brandIds: scope }),
          listDeadLetters(ctx.db, { brandIds: scope, limit: DEAD_LETTER_LIMIT }),
          listRaised(ctx.db, {
            kinds: ['tendlc_manual_intervention'],
            since: new Date(now.getTime() - 30 * DAY_MS),
            brandIds: scope,
            limit: 20,
          }),
          listRaised(ctx.db, { kinds: ['billing_sync_failed'], since, brandIds: scope, limit: 20 }),
          listStoreIntegrations(ctx.db, { brandId, needingAttention: true }),
        ]);
        return {
          queue,
          dead_letter_sources,
          dead_letters,
          ten_dlc,
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
  };
}
