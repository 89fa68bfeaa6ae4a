/**
 * Event workflows (spec 1 sections 7 and 9): customer events of the last 5 minutes are handed to
 * the workflow-automation service (n8n-style). The external-event flow processor reads the
 * workflow by its external id and POSTs { timestamp, data, flow } to
 * `${AUTOMATION_BASE_URL}/webhook/{workflowId}` (the automation service's workflow id), with
 * AUTOMATION_API_KEY in X-N8N-API-KEY, through the automation-service client. It answers
 * { success, executionId } or a failure message by case: not found (404), invalid request (other
 * 4xx), server error (5xx), connection error, generic.
 */
import type { AppContext } from '../../app/index.ts';
import { insertGoalEvents } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';
import { triggerAutomationWorkflow, type AutomationClientOptions } from '../../integrations/index.ts';
import { candidateWindow, emptyOutcomeCounts, goalEventOf, type Outcome, type OutcomeRecord } from './rules.ts';
import { selectEvents } from './store.ts';
import { findWorkflowByExternalId, insertFlowEvents, settleFlowEvent, type WorkflowRow } from '../store.ts';

export const FLOW_NOT_FOUND = 'Flow not found';
export const EVENT_PROCESSOR_MESSAGES = {
  notFound: 'Workflow not found in the automation service',
  invalidRequest: 'Invalid request to the automation service',
  serverError: 'Automation service error',
  connection: 'Could not connect to the automation service',
  generic: 'Failed to process the event',
} as const;
/** Events handed over per workflow and run. */
export const MAX_EVENTS_PER_RUN = 1_000;

export interface EventProcessorResult {
  success: boolean;
  executionId?: string;
  /** Why it failed (one of EVENT_PROCESSOR_MESSAGES, or 'Flow not found'). */
  message?: string;
  status?: number;
}

export type { AutomationClientOptions };

export interface ExternalEvent {
  /** The automation service's workflow id (workflows.external_id). */
  externalId: string;
  data: Record<string, unknown>;
  timestamp?: Date;
}

/** A failure message by status: 404 not found, other 4xx invalid request, 5xx server error, anything else generic. */
export function failureFor(status: number): EventProcessorResult {
  const message =
    status === 404
      ? EVENT_PROCESSOR_MESSAGES.notFound
      : status >= 400 && status < 500
        ? EVENT_PROCESSOR_MESSAGES.invalidRequest
        : status >= 500
          ? EVENT_PROCESSOR_MESSAGES.serverError
          : EVENT_PROCESSOR_MESSAGES.generic;
  return { success: false, status, message };
}

/** The flow as the automation service receives it (no secrets: ids, name, type, rules, message, action). */
export const flowPayload = (
  w: Pick<
    WorkflowRow,
    'id' | 'brand_id' | 'name' | 'type' | 'external_id' | 'rules' | 'message' | 'action' | 'delay_minutes'
  >,
): Record<string, unknown> => ({
  id: w.id,
  brand_id: w.brand_id,
  external_id: w.external_id,
  name: w.name,
  type: w.type,
  delay_minutes: w.delay_minutes,
  rules: w.rules,
  message: w.message,
  action: w.action,
});

/** The external-event flow processor: never throws; the result says what happened. */
export async function processExternalEvent(
  db: Handle,
  client: AutomationClientOptions,
  event: ExternalEvent,
): Promise<EventProcessorResult> {
  try {
    const row = await findWorkflowByExternalId(db, event.externalId);
    if (!row) return { success: false, message: FLOW_NOT_FOUND };
    const flow = flowPayload(row);
    return await postToWebhook(client, event.externalId, {
      timestamp: (event.timestamp ?? new Date()).toISOString(),
      data: event.data,
      flow,
    });
  } catch {
    return { success: false, message: EVENT_PROCESSOR_MESSAGES.generic };
  }
}

async function postToWebhook(
  client: AutomationClientOptions,
  workflowId: string,
  body: Record<string, unknown>,
): Promise<EventProcessorResult> {
  const answer = await triggerAutomationWorkflow(client, workflowId, body);
  if (answer.outcome === 'unreachable') return { success: false, message: EVENT_PROCESSOR_MESSAGES.connection };
  if (answer.outcome === 'refused') return failureFor(answer.status);
  return {
    success: true,
    status: answer.status,
    ...(answer.executionId === undefined ? {} : { executionId: answer.executionId }),
  };
}

export interface EventRunResult {
  outcomes: Record<Outcome, number>;
  skipped?: string;
  handedOver: Array<{ kind: 'event'; id: number; contact_id: number | null; execution_id?: string; message?: string }>;
}

/**
 * One event workflow: each event of the window not yet recorded is claimed (flow event
 * in_progress, unique per workflow and event, so two runs never hand one over twice), handed to
 * the processor, and settled as started (with the executionId) or filtered_out (with the message).
 */
export async function runEventWorkflow(
  ctx: AppContext,
  workflow: WorkflowRow,
  { now, dryRun, client }: { now: Date; dryRun: boolean; client?: AutomationClientOptions },
): Promise<EventRunResult> {
  const outcomes = emptyOutcomeCounts();
  const handedOver: EventRunResult['handedOver'] = [];
  if (!workflow.external_id)
    return { outcomes, handedOver, skipped: 'the workflow has no external_id (its automation workflow id)' };
  const automation =
    client ??
    (ctx.config.AUTOMATION_BASE_URL
      ? { baseUrl: ctx.config.AUTOMATION_BASE_URL, apiKey: ctx.config.AUTOMATION_API_KEY, logger: ctx.logger }
      : undefined);
  if (!automation) return { outcomes, handedOver, skipped: 'AUTOMATION_BASE_URL is not set' };
  const events = await selectEvents(ctx.db, {
    workflowId: workflow.id,
    brandId: workflow.brand_id,
    window: candidateWindow('event', 0, now),
    limit: MAX_EVENTS_PER_RUN,
  });
  for (const event of events) {
    const record: OutcomeRecord = {
      brandId: workflow.brand_id,
      workflowId: workflow.id,
      kind: 'event',
      eventId: event.id,
      contactId: event.contact_id,
      channelId: null,
      outcome: 'started',
      reason: 'started',
      detail: 'handed to the automation service',
    };
    if (dryRun) {
      outcomes.started += 1;
      handedOver.push({ kind: 'event', id: event.id, contact_id: event.contact_id });
      continue;
    }
    const claimed = await insertFlowEvents(ctx.db, [record], () => 'in_progress');
    if (!claimed.has(`${workflow.id}:${event.id}`)) continue;
    const result = await processExternalEvent(ctx.db, automation, {
      externalId: workflow.external_id,
      timestamp: event.occurred_at,
      data: {
        id: event.id,
        type: event.event_type,
        external_id: event.external_id,
        contact_id: event.contact_id,
        payload: event.payload,
      },
    });
    const outcome: Outcome = result.success ? 'started' : 'filtered_out';
    const settled = {
      ...record,
      outcome,
      reason: result.success ? 'started' : 'automation_failed',
      detail: result.success ? `execution ${result.executionId ?? 'unknown'}` : result.message!,
    };
    await settleFlowEvent(ctx.db, {
      workflowId: workflow.id,
      eventId: event.id,
      state: outcome,
      reason: settled.reason,
      extra: { detail: settled.detail, ...(result.executionId ? { execution_id: result.executionId } : {}) },
    });
    await insertGoalEvents(ctx.db, [goalEventOf(settled)]);
    outcomes[outcome] += 1;
    handedOver.push({
      kind: 'event',
      id: event.id,
      contact_id: event.contact_id,
      ...(result.executionId ? { execution_id: result.executionId } : {}),
      ...(result.success ? {} : { message: result.message }),
    });
    if (!result.success)
      ctx.logger.warn(
        { workflow_id: workflow.id, event_id: event.id, reason: result.message },
        'event not handed to the automation service',
      );
  }
  return { outcomes, handedOver };
}
