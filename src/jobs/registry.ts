import { z } from 'zod';
import type { AppContext } from '../app/index.ts';
import { enqueueJob } from './enqueue.ts';
import { recordHeartbeat } from './health.ts';
import { processWebhookBatch, processWebhookEvent } from '../webhooks/index.ts';
import { WEBHOOK_PROCESSORS } from '../flows/index.ts';
import { recheckPendingCarts } from '../stores/index.ts';
import { runCandidates } from '../workflows/index.ts';
import { sendDueMessages } from '../messaging/index.ts';
import { notifyEngagedConversation } from '../conversations/index.ts';
import { billingSync } from '../billing/index.ts';

export interface TaskRun<P> {
  ctx: AppContext;
  payload: P;
  jobId: string;
  attempt: number;
}

interface TaskDefinition<S extends z.ZodType> {
  payload: S;
  /** Awaits all of its work and throws to be retried with backoff. */
  run(run: TaskRun<z.infer<S>>): Promise<void>;
}

const define = <S extends z.ZodType>(definition: TaskDefinition<S>): TaskDefinition<S> => definition;

/**
 * Every job Reclaim runs, with its typed payload. Later issues add theirs here;
 * the payload is validated before the handler sees it.
 */
export const tasks = {
  'db:health': define({
    payload: z.object({ source: z.string().default('worker'), _cron: z.unknown().optional() }).loose(),
    run: async ({ ctx, payload, jobId, attempt }) => {
      await recordHeartbeat(ctx.db, { worker: payload.source, details: { job_id: jobId, attempt } });
    },
  }),
  'webhook:process': define({
    // attemptOffset: attempts already made by the batch job before this event got its own job.
    payload: z.object({ id: z.number().int().positive(), attemptOffset: z.number().int().min(0).default(0) }),
    run: async ({ ctx, payload, attempt }) =>
      processWebhookEvent(ctx, payload.id, WEBHOOK_PROCESSORS, { attempt: attempt + payload.attemptOffset }),
  }),
  'webhook:process-batch': define({
    payload: z.object({ ids: z.array(z.number().int().positive()).min(1) }),
    run: async ({ ctx, payload }) => processWebhookBatch(ctx, payload.ids, WEBHOOK_PROCESSORS),
  }),
  'stores:recheck-pending-carts': define({
    payload: z.object({ _cron: z.unknown().optional() }).loose(),
    run: async ({ ctx }) => void (await recheckPendingCarts(ctx)),
  }),
  'workflows:run-candidates': define({
    payload: z
      .object({
        brandId: z.number().int().positive().optional(),
        workflowId: z.number().int().positive().optional(),
        _cron: z.unknown().optional(),
      })
      .loose(),
    run: async ({ ctx, payload }) => {
      const result = await runCandidates(ctx, { brandId: payload.brandId, workflowId: payload.workflowId });
      // New first messages go out now (within quiet hours), not at the next send tick.
      if (result.started > 0)
        await enqueueJob(ctx.db, 'messages:send-due', {}, { jobKey: 'messages:send-due:after-candidates' });
    },
  }),
  'messages:send-due': define({
    payload: z.object({ limit: z.number().int().positive().optional(), _cron: z.unknown().optional() }).loose(),
    run: async ({ ctx, payload }) => void (await sendDueMessages(ctx, { limit: payload.limit })),
  }),
  'billing:sync': define({
    payload: z.object({ brandId: z.number().int().positive().optional(), _cron: z.unknown().optional() }).loose(),
    run: async ({ ctx, payload }) => {
      const result = await billingSync(ctx, { brandId: payload.brandId });
      // A subscription that failed is retried at the next hourly run; the job itself succeeded.
      if (result.errors > 0) ctx.logger.warn({ errors: result.errors }, 'billing sync finished with errors');
    },
  }),
  'conversations:notify-engaged': define({
    payload: z.object({ conversationId: z.number().int().positive() }),
    run: async ({ ctx, payload }) => void (await notifyEngagedConversation(ctx, payload)),
  }),
} as const;

export type TaskName = keyof typeof tasks;
export type TaskPayload<N extends TaskName> = z.input<(typeof tasks)[N]['payload']>;

export const isTaskName = (name: string): name is TaskName => Object.hasOwn(tasks, name);
