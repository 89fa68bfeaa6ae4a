import { z } from 'zod';

/** Set by graphile-worker's crontab on scheduled runs; tasks that run on a schedule accept it. */
const cron = { _cron: z.unknown().optional() };
const id = z.number().int().positive();

/**
 * Every task Reclaim queues, with the schema of its payload. `enqueueJob` checks a payload
 * against its schema before the job is queued, and the worker parses it again before the
 * task's handler (see the task table in the composition root) sees it.
 */
export const TASK_PAYLOADS = {
  'db:health': z.object({ source: z.string().default('worker'), ...cron }).loose(),
  'jobs:release-stale-workers': z.object({ ...cron }).loose(),
  // attemptOffset: attempts already made by the batch job before this event got its own job.
  'webhook:process': z.object({ id, attemptOffset: z.number().int().min(0).default(0) }),
  'webhook:process-batch': z.object({ ids: z.array(id).min(1) }),
  'stores:recheck-pending-carts': z.object({ ...cron }).loose(),
  'workflows:run-candidates': z.object({ brandId: id.optional(), workflowId: id.optional(), ...cron }).loose(),
  'messages:send-due': z.object({ limit: id.optional(), ...cron }).loose(),
  'workflows:start-due-runs': z.object({ ...cron }).loose(),
  'billing:sync': z.object({ brandId: id.optional(), ...cron }).loose(),
  'analytics:refresh': z.object({ brandId: id.optional(), ...cron }).loose(),
  // One conversation, or a batch (an array: the conversations queued under the same job key while it waited).
  'conversations:notify-engaged': z.union([
    z.object({ conversationId: id }),
    z.array(z.object({ conversationId: id })).min(1),
  ]),
  // The shopper agent's decisions on stored shopper texts (src/agent): one text, or a batch (an array:
  // graphile-worker appends the texts queued with the same job key while the job waits).
  'agent:decide': z.union([z.object({ messageId: id }), z.array(z.object({ messageId: id })).min(1)]),
  'agent:import-facts': z.object({ brandId: id.optional(), ...cron }).loose(),
  'messaging:registration-step': z.object({
    brandIntegrationId: id,
    step: z.enum(['create_brand', 'create_campaign', 'submit_campaign', 'setup_inbound', 'migrate_routing']),
    round: z.number().int().min(0),
  }),
  'messaging:poll-registrations': z.object({ ...cron }).loose(),
  'insights:batch': z.object({ brandId: id.optional(), days: id.optional(), ...cron }).loose(),
  'contacts:klaviyo-consent': z.object({ brandId: id, contactId: id }),
  // A processed cart event POSTed to the brand's hook endpoint (src/stores/forwarding).
  'stores:forward-cart-event': z.object({ brandId: id, webhookEventId: id }),
} as const;

export type TaskName = keyof typeof TASK_PAYLOADS;
/** A payload as it is queued (defaults may be left out). */
export type TaskPayload<N extends TaskName> = z.input<(typeof TASK_PAYLOADS)[N]>;
/** A payload as the handler receives it (defaults applied). */
export type ParsedTaskPayload<N extends TaskName> = z.output<(typeof TASK_PAYLOADS)[N]>;

export const isTaskName = (name: string): name is TaskName => Object.hasOwn(TASK_PAYLOADS, name);
