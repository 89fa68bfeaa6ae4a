/**
 * run-candidates (issue 6 item 3): for every runnable workflow, select its candidates, decide one
 * outcome each, record it, and start a conversation for those to be texted. Each workflow is
 * processed under a session advisory lock (a second run skips a workflow that is being
 * processed); pages of candidates are read with one indexed query and written in chunks, one
 * transaction per chunk; the unique flow event per workflow and candidate backs the lock up, so
 * two runs, or a run killed and started again, never text a shopper twice for one cart or order.
 */
import { coerceError, type AppContext, type Logger } from '../app/index.ts';
import { shortLinkBase, FAILED_TO_CREATE_CONVERSATION } from '../conversations/index.ts';
import { withTransaction, type Db } from '../db/index.ts';
import { enqueueJob, isTaskName, type TaskName } from '../jobs/index.ts';
import { candidateKind, candidateWindow, emptyOutcomeCounts, isTextingOutcome, MAX_ORDER_CANDIDATES, MAX_ORDERS_PER_INTEGRATION, type Outcome } from './candidates-rules.ts';
import { commitChunk, decidePage, planWorkflow, textedEntry, type Candidate, type WorkflowPlan } from './candidates-process.ts';
import { discountRuleRows, RUN_LOCK_NAMESPACE, selectCandidates, workflowContexts } from './candidates-store.ts';
import { runEventWorkflow, type AutomationClientOptions } from './candidates-events.ts';
import { listRunnableWorkflows, type WorkflowRow } from './store.ts';

/** Rows read per query. */
export const CANDIDATE_PAGE_SIZE = 2_000;
/** Candidates written per transaction. */
export const CANDIDATE_CHUNK_SIZE = 500;
/** Texted candidates listed per workflow in the result (the counts are complete). */
export const MAX_LISTED = 50;
const SEND_TASK = 'messages:send-due';

export interface RunCandidatesOptions {
  brandId?: number;
  workflowId?: number;
  /** Decide and report, change nothing. */
  dryRun?: boolean;
  now?: Date;
  pageSize?: number;
  chunkSize?: number;
  /** The automation service for event workflows (default: AUTOMATION_BASE_URL / AUTOMATION_API_KEY). */
  automation?: AutomationClientOptions;
}

export interface TextedCandidate {
  kind: string;
  id: number;
  contact_id: number | null;
  phone?: string;
  conversation_id?: number;
  execution_id?: string;
  message?: string;
}

export interface WorkflowRunResult {
  id: number;
  name: string;
  type: string;
  brand_id: number;
  outcomes: Record<Outcome, number>;
  /** Candidates texted (or, in a dry run, that would be), first MAX_LISTED. */
  texted: TextedCandidate[];
  /** Candidates whose conversation could not be created (left undecided for the next run). */
  failed: number;
  /** Why the workflow was not processed. */
  skipped?: string;
}

export interface RunCandidatesResult {
  dry_run: boolean;
  workflows: WorkflowRunResult[];
  /** Conversations started (or that would be) in all. */
  started: number;
  took_ms: number;
}

interface OrderBudget {
  total: number;
  perIntegration: Map<number, number>;
}

export async function runCandidates(ctx: AppContext, options: RunCandidatesOptions = {}): Promise<RunCandidatesResult> {
  const began = performance.now();
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  const workflows = await listRunnableWorkflows(ctx.db, { brandId: options.brandId, workflowId: options.workflowId, now });
  const contexts = await workflowContexts(ctx.db, workflows.map((w) => w.id));
  const rules = await discountRuleRows(ctx.db, [...new Set(workflows.flatMap((w) => (w.action?.type === 'discount' && w.discount_rule_id ? [w.discount_rule_id] : [])))]);
  const budget: OrderBudget = { total: MAX_ORDER_CANDIDATES, perIntegration: new Map() };
  const results: WorkflowRunResult[] = [];
  for (const workflow of workflows) {
    const log = ctx.logger.child({ workflow_id: workflow.id, brand_id: workflow.brand_id });
    const result: WorkflowRunResult = { id: workflow.id, name: workflow.name, type: workflow.type, brand_id: workflow.brand_id, outcomes: emptyOutcomeCounts(), texted: [], failed: 0 };
    results.push(result);
    const kind = candidateKind(workflow.type);
    if (!kind) {
      result.skipped = `${workflow.type} workflows do not select candidates`;
      continue;
    }
    const run = async (): Promise<void> => {
      if (kind === 'event') {
        const events = await runEventWorkflow(ctx, workflow, { now, dryRun, client: options.automation });
        Object.assign(result, { outcomes: events.outcomes, texted: events.handedOver.slice(0, MAX_LISTED), ...(events.skipped ? { skipped: events.skipped } : {}) });
        return;
      }
      const plan = planWorkflow(workflow, kind, contexts.get(workflow.id)!, workflow.discount_rule_id ? (rules.get(workflow.discount_rule_id) ?? null) : null, { linkBaseUrl: shortLinkBase(ctx.config), logger: log });
      await runSelectionWorkflow(ctx.db, plan, result, { now, dryRun, budget, log, pageSize: options.pageSize ?? CANDIDATE_PAGE_SIZE, chunkSize: options.chunkSize ?? CANDIDATE_CHUNK_SIZE });
    };
    try {
      if (dryRun) await run();
      else if (!(await withWorkflowLock(ctx.db, workflow.id, run))) result.skipped = 'another run is processing this workflow';
    } catch (error) {
      log.error({ err: coerceError(error) }, 'run-candidates failed for this workflow; the others go on');
      result.skipped = `failed: ${coerceError(error).message}`;
    }
  }
  const started = results.reduce((sum, r) => sum + r.outcomes.started + r.outcomes.triggered, 0);
  if (!dryRun && started > 0) await queueSending(ctx);
  return { dry_run: dryRun, workflows: results, started, took_ms: Math.round(performance.now() - began) };
}

/**
 * Runs fn holding the workflow's session advisory lock on a connection of its own (released on
 * return; a killed process drops it with its connection). False, without running, when another
 * run holds it.
 */
export async function withWorkflowLock(db: Db, workflowId: number, fn: () => Promise<void>): Promise<boolean> {
  const client = db.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(c: PgConnection): Promise<void> };
  const connection = await client.acquireConnection();
  const key2 = workflowId % 2_147_483_647;
  try {
    const locked = await connection.query('select pg_try_advisory_lock($1, $2) as ok', [RUN_LOCK_NAMESPACE, key2]);
    if (!locked.rows[0]?.ok) return false;
    try {
      await fn();
    } finally {
      try {
        await connection.query('select pg_advisory_unlock($1, $2)', [RUN_LOCK_NAMESPACE, key2]);
      } catch (error) {
        connection.__knex__disposed = coerceError(error); // never hand a connection holding the lock back to the pool
      }
    }
    return true;
  } finally {
    await client.releaseConnection(connection);
  }
}

interface PgConnection {
  query(sql: string, values: unknown[]): Promise<{ rows: { ok?: boolean }[] }>;
  __knex__disposed?: Error;
}

interface SelectionRun {
  now: Date;
  dryRun: boolean;
  budget: OrderBudget;
  log: Logger;
  pageSize: number;
  chunkSize: number;
}

async function runSelectionWorkflow(db: Db, plan: WorkflowPlan, result: WorkflowRunResult, { now, dryRun, budget, log, pageSize, chunkSize }: SelectionRun): Promise<void> {
  const { workflow, kind } = plan;
  const integrationId = workflow.brand_integration_id!;
  const window = candidateWindow(kind, workflow.delay_minutes, now);
  if (window.from.getTime() > window.to.getTime()) {
    result.skipped = `the delay (${workflow.delay_minutes} minutes) is longer than the ${kind} window`;
    return;
  }
  const seen = new Map<number, number>();
  let after: { at: Date; id: number } | undefined;
  for (;;) {
    let limit = pageSize;
    if (kind === 'order') {
      limit = Math.min(limit, budget.total, MAX_ORDERS_PER_INTEGRATION - (budget.perIntegration.get(integrationId) ?? 0));
      if (limit <= 0) break;
    }
    const rows = await selectCandidates(db, { workflowId: workflow.id, brandId: workflow.brand_id, brandIntegrationId: integrationId, kind, window, limit, after });
    if (rows.length === 0) break;
    after = { at: rows.at(-1)!.at, id: rows.at(-1)!.event_id };
    if (kind === 'order') {
      budget.total -= rows.length;
      budget.perIntegration.set(integrationId, (budget.perIntegration.get(integrationId) ?? 0) + rows.length);
    }
    const candidates = await decidePage(db, plan, rows, { now, seen });
    if (dryRun) {
      for (const c of candidates) count(plan, result, c);
    } else {
      for (let i = 0; i < candidates.length; i += chunkSize) await writeChunk(db, plan, result, candidates.slice(i, i + chunkSize), now, log);
    }
    if (rows.length < limit) break;
  }
}

function count(plan: WorkflowPlan, result: WorkflowRunResult, c: Candidate, conversationId?: number): void {
  result.outcomes[c.decision.outcome] += 1;
  if (isTextingOutcome(c.decision.outcome) && result.texted.length < MAX_LISTED) result.texted.push(textedEntry(plan, c, conversationId));
}

/**
 * One chunk in one transaction. When it fails, its candidates are written one by one, each in
 * its own transaction, so one bad candidate ('Failed to create conversation/message': all of it
 * rolled back, retried next run) does not hold the others back.
 */
async function writeChunk(db: Db, plan: WorkflowPlan, result: WorkflowRunResult, chunk: Candidate[], now: Date, log: Logger): Promise<void> {
  try {
    const written = await withTransaction(db, (tx) => commitChunk(tx, plan, chunk, now));
    for (const c of written.recorded) count(plan, result, c, written.conversations.get(c.row.event_id));
    return;
  } catch (error) {
    if (chunk.length === 1) {
      result.failed += 1;
      log.error({ err: coerceError(error), event_id: chunk[0]!.row.event_id, kind: plan.kind }, FAILED_TO_CREATE_CONVERSATION);
      return;
    }
    log.warn({ err: coerceError(error), size: chunk.length }, 'a chunk of candidates failed; writing them one by one');
  }
  for (const c of chunk) await writeChunk(db, plan, result, [c], now, log);
}

/** Queues the send job now, so new conversations do not wait for its next scheduled run. */
async function queueSending(ctx: AppContext): Promise<void> {
  if (!isTaskName(SEND_TASK)) return;
  try {
    await enqueueJob(ctx.db, SEND_TASK as TaskName, {} as never, { jobKey: SEND_TASK });
  } catch (error) {
    ctx.logger.warn({ err: coerceError(error) }, 'could not queue the send job; its schedule will pick the messages up');
  }
}

export type { WorkflowRow };
