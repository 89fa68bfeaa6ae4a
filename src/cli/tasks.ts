import { decideQueued, importStoreFacts } from '../agent/index.ts';
import { refreshAnalyticsRollups, SCHEDULED_REFRESH_MAX_BATCHES } from '../analytics/index.ts';
import { billingSync } from '../billing/index.ts';
import {
  engagedConversationsJob,
  klaviyoConsentForNewContact,
  WEBHOOK_PROCESSORS,
  webhookDeadLettered,
} from '../flows/index.ts';
import { enqueueJob, recordHealthHeartbeat, releaseStaleWorkers, type TaskTable } from '../jobs/index.ts';
import { runInsightsBatch } from '../insights/index.ts';
import { pollRegistrations, runRegistrationStep, sendDueMessages, sendLanesRunning } from '../messaging/index.ts';
import { forwardCartEvent, recheckPendingCarts } from '../stores/index.ts';
import { processWebhookBatch, processWebhookEvent } from '../webhooks/index.ts';
import {
  hasUnstartedRecipients,
  runCandidates,
  scheduleFlowRuns,
  sendRunTexts,
  startDueRuns,
} from '../workflows/index.ts';

/** The handler of every queued task; the worker parses each payload before its handler runs. */
export const TASKS: TaskTable = {
  'db:health': recordHealthHeartbeat,
  'jobs:release-stale-workers': async ({ ctx }) => void (await releaseStaleWorkers(ctx)),
  'webhook:process': async ({ ctx, payload, attempt }) =>
    processWebhookEvent(ctx, payload.id, WEBHOOK_PROCESSORS, {
      attempt: attempt + payload.attemptOffset,
      onDeadLetter: webhookDeadLettered,
    }),
  'webhook:process-batch': async ({ ctx, payload }) =>
    processWebhookBatch(ctx, payload.ids, WEBHOOK_PROCESSORS, { onDeadLetter: webhookDeadLettered }),
  'stores:recheck-pending-carts': async ({ ctx }) => void (await recheckPendingCarts(ctx)),
  'workflows:run-candidates': async ({ ctx, payload }) => {
    const result = await runCandidates(ctx, { brandId: payload.brandId, workflowId: payload.workflowId });
    // New first messages go out now (within quiet hours), not at the next send tick: the sender
    // lanes are woken by the database; without lanes a send job is queued.
    if (result.started > 0 && !sendLanesRunning())
      await enqueueJob(ctx.db, 'messages:send-due', {}, { jobKey: 'messages:send-due:after-candidates' });
  },
  'messages:send-due': async ({ ctx, payload }) => void (await sendDueMessages(ctx, { limit: payload.limit })),
  'workflows:start-due-runs': async ({ ctx }) => {
    await scheduleFlowRuns(ctx);
    const runs = await startDueRuns(ctx);
    for (const run of runs.filter((r) => r.timedOut))
      ctx.logger.warn(
        { runId: run.runId, workflowId: run.workflowId },
        'a run audience freeze ran past its statement timeout; the run stays scheduled',
      );
    // The runs' texts are written a bounded pass per job (a long run continues at once); in a worker
    // with sender lanes the lanes send them, fairly with every other brand's texts, else this job does.
    await sendRunTexts(ctx, { send: !sendLanesRunning() });
    if (await hasUnstartedRecipients(ctx.db))
      await enqueueJob(ctx.db, 'workflows:start-due-runs', {}, { jobKey: 'workflows:start-due-runs:more' });
  },
  'billing:sync': async ({ ctx, payload }) => {
    const result = await billingSync(ctx, { brandId: payload.brandId });
    // A subscription that failed is retried at the next hourly run; the job itself succeeded.
    if (result.errors > 0) ctx.logger.warn({ errors: result.errors }, 'billing sync finished with errors');
  },
  // Bounded per run so a backlog (the first refresh after an upgrade) is worked off a minute at a time.
  'analytics:refresh': async ({ ctx, payload }) => {
    const result = await refreshAnalyticsRollups(ctx.db, {
      brandId: payload.brandId,
      maxBatches: SCHEDULED_REFRESH_MAX_BATCHES,
    });
    if (result.hours > 0) ctx.logger.info(result, 'analytics rollups refreshed');
  },
  // The team-chat notification and the in-app one to the brand's tenant (src/flows/engaged-conversation.ts).
  // The shopper agent's decision on a shopper text, queued with the text by the inbound path (src/agent).
  'agent:decide': async ({ ctx, payload }) => decideQueued(ctx, payload),
  // The store facts (FAQ, terms, shipping and returns pages) read into KB cards, daily (src/agent/facts.ts).
  'agent:import-facts': async ({ ctx, payload }) => {
    const pages = await importStoreFacts(ctx, { brandId: payload.brandId });
    if (pages.length > 0) ctx.logger.info({ pages: pages.length }, 'store facts read');
  },
  'conversations:notify-engaged': async ({ ctx, payload }) => engagedConversationsJob(ctx, payload),
  // 10DLC registration: one job per step of the state machine, and the poll of Infobip's statuses.
  'messaging:registration-step': async ({ ctx, payload }) => runRegistrationStep(ctx, payload),
  'messaging:poll-registrations': async ({ ctx }) => {
    const result = await pollRegistrations(ctx);
    if (result.checked > 0) ctx.logger.info(result, '10DLC registrations polled');
  },
  // Shoppers' messages of the last days grouped into brand insights (src/insights/batch).
  'insights:batch': async ({ ctx, payload }) => {
    const { brands } = await runInsightsBatch(ctx, { brandId: payload.brandId, days: payload.days });
    const read = brands.reduce((n, b) => n + b.messages_read, 0);
    if (read > 0) ctx.logger.info({ brands: brands.length, messages: read }, 'insight batch finished');
  },
  // A new contact of a brand with Klaviyo: its consent from the Klaviyo profile (src/flows/klaviyo-consent.ts).
  'contacts:klaviyo-consent': async ({ ctx, payload }) => void (await klaviyoConsentForNewContact(ctx, payload)),
  // A cart event POSTed to the brand's hook endpoint: 5 tries 1 s apart, then given up and recorded.
  'stores:forward-cart-event': async ({ ctx, payload }) => void (await forwardCartEvent(ctx, payload)),
};
