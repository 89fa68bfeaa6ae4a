/**
 * run-candidates: for every runnable workflow, select its candidates, decide one outcome each,
 * record it, and start a conversation for those to be texted. The cart and checkout workflows of a
 * store run together under one session advisory lock of the store, choosing at most one workflow
 * per cart (rules-choice.ts: priority, then the shortest delay, then the id); order and event
 * workflows run under a lock each. A second run skips what another run holds. Pages of candidates
 * are read with one indexed query; decided candidates of any number of workflows are written in
 * chunks, one transaction per chunk; the unique flow event per workflow and candidate and the
 * unique choice per cart back the locks up, so two runs, or a run killed and started again, never
 * text a shopper twice for one cart or order. */
import { coerceError, isAppError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import type { Db } from '../../db/index.ts';
import { discountRuleRows } from '../../discounts/index.ts';
import { enqueueJob, isTaskName, QUEUE_NOT_PREPARED, type TaskName } from '../../jobs/index.ts';
import {
  candidateKind,
  candidateWindow,
  emptyOutcomeCounts,
  isTextingOutcome,
  MAX_ORDER_CANDIDATES,
  MAX_ORDERS_PER_INTEGRATION,
  type CandidateKind,
  type Outcome,
} from './rules.ts';
import { decidePage, planWorkflow, textedEntry, type Planned, type WorkflowPlan } from './process.ts';
import { isCartRecoveryKind, rankWorkflows, type CartKind } from './rules-choice.ts';
import { selectCartGroup } from './group.ts';
import { lockName, selectCandidates, workflowContexts, type LockKey } from './store.ts';
import { runEventWorkflow, type AutomationClientOptions } from './events.ts';
import { CandidateWriter, openLockSession } from './writer.ts';
import { listRunnableWorkflows, type WorkflowRow } from '../store.ts';
import { requireWorkflowScope } from '../service.ts';

/** Rows read per query. */
export const CANDIDATE_PAGE_SIZE = 2_000;
/** Candidates written per transaction (of one or many workflows). */
export const CANDIDATE_CHUNK_SIZE = 1_000;
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
  // A typo in a cron line must not pass for "nothing to do": 'Brand not found' / 'Flow not found'.
  await requireWorkflowScope(ctx.db, options);
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  const pageSize = options.pageSize ?? CANDIDATE_PAGE_SIZE;
  const workflows = await runnableWorkflows(ctx.db, { ...options, now });
  const contexts = await workflowContexts(
    ctx.db,
    workflows.map((w) => w.id),
  );
  const rules = await discountRuleRows(ctx.db, [
    ...new Set(
      workflows.flatMap((w) => (w.action?.type === 'discount' && w.discount_rule_id ? [w.discount_rule_id] : [])),
    ),
  ]);
  const budget: OrderBudget = { total: MAX_ORDER_CANDIDATES, perIntegration: new Map() };
  const results = new Map<number, WorkflowRunResult>(
    workflows.map((w) => [
      w.id,
      {
        id: w.id,
        name: w.name,
        type: w.type,
        brand_id: w.brand_id,
        outcomes: emptyOutcomeCounts(),
        texted: [],
        failed: 0,
      },
    ]),
  );
  const count = (item: Planned, conversationId?: number): void => {
    const result = results.get(item.plan.workflow.id)!;
    const { decision } = item.candidate;
    result.outcomes[decision.outcome] += 1;
    if (isTextingOutcome(decision.outcome) && result.texted.length < MAX_LISTED)
      result.texted.push(textedEntry(item.plan, item.candidate, conversationId));
  };
  const writer = new CandidateWriter(ctx.db, {
    now,
    chunkSize: options.chunkSize ?? CANDIDATE_CHUNK_SIZE,
    log: ctx.logger,
    events: { recorded: count, failed: (item) => void (results.get(item.plan.workflow.id)!.failed += 1) },
  });
  const sink = (units: Planned[][]): Promise<void> | void =>
    dryRun ? units.forEach((unit) => unit.forEach((item) => count(item))) : writer.add(units);
  const plan = (workflow: WorkflowRow, kind: Exclude<CandidateKind, 'event'>): WorkflowPlan =>
    planWorkflow(
      workflow,
      kind,
      contexts.get(workflow.id)!,
      workflow.discount_rule_id ? (rules.get(workflow.discount_rule_id) ?? null) : null,
      {
        linkBaseUrl: publicBaseUrl(ctx.config),
        logger: ctx.logger.child({ workflow_id: workflow.id, brand_id: workflow.brand_id }),
      },
    );
  const session = dryRun ? undefined : await openLockSession(ctx.db);
  const groups = cartGroups(workflows);
  let finished: LockKey[] = [];
  try {
    for (const workflow of workflows) {
      const result = results.get(workflow.id)!;
      const kind = candidateKind(workflow.type);
      if (!kind) {
        result.skipped = `${workflow.type} workflows do not select candidates`;
        continue;
      }
      const group = isCartRecoveryKind(kind) ? groups.get(workflow.brand_integration_id!) : undefined;
      if (group && group[0] !== workflow) continue; // the store's cart workflows run together, at the first of them
      const members = group ?? [workflow];
      const lock: LockKey = group
        ? { space: 'store', id: workflow.brand_integration_id! }
        : { space: 'workflow', id: workflow.id };
      if (session && !(await session.tryLock(lock))) {
        for (const w of members) results.get(w.id)!.skipped = 'another run is processing this workflow';
        continue;
      }
      try {
        if (group) {
          const plans = group.flatMap((w) => {
            const k = candidateKind(w.type) as CartKind;
            const empty = emptyWindow(k, w.delay_minutes, now);
            if (empty) results.get(w.id)!.skipped = empty;
            return empty ? [] : [plan(w, k)];
          });
          await selectCartGroup(ctx.db, plans, { now, pageSize, sink });
        } else if (kind === 'event') {
          const events = await runEventWorkflow(ctx, workflow, { now, dryRun, client: options.automation });
          Object.assign(result, {
            outcomes: events.outcomes,
            texted: events.handedOver.slice(0, MAX_LISTED),
            ...(events.skipped ? { skipped: events.skipped } : {}),
          });
        } else {
          await selectWorkflow(ctx.db, plan(workflow, kind), result, { now, budget, pageSize, sink });
        }
      } catch (error) {
        ctx.logger.error(
          { err: coerceError(error), workflow_id: workflow.id, brand_id: workflow.brand_id },
          'run-candidates failed for this workflow; the others go on',
        );
        for (const w of members) results.get(w.id)!.skipped = `failed: ${coerceError(error).message}`;
      }
      if (session) {
        // A lock is released once none of its candidates wait in the buffer.
        finished.push(lock);
        const waiting = writer.pendingLocks();
        const done = finished.filter((key) => !waiting.has(lockName(key)));
        finished = finished.filter((key) => waiting.has(lockName(key)));
        for (const key of done) await session.unlock(key);
      }
    }
    await writer.flush();
  } finally {
    await session?.close();
  }
  const list = [...results.values()];
  const started = list.reduce((sum, r) => sum + r.outcomes.started + r.outcomes.triggered, 0);
  if (!dryRun && started > 0) await queueSending(ctx, started);
  return { dry_run: dryRun, workflows: list, started, took_ms: Math.round(performance.now() - began) };
}

/**
 * The workflows to run: the runnable ones of the brand (or all). A cart or checkout workflow named
 * alone brings the other cart and checkout workflows of its store: they choose between them per
 * cart, so none of them is run without the others.
 */
async function runnableWorkflows(
  db: Db,
  { brandId, workflowId, now }: { brandId?: number; workflowId?: number; now: Date },
): Promise<WorkflowRow[]> {
  const workflows = await listRunnableWorkflows(db, { brandId, workflowId, now });
  const named = workflowId !== undefined ? workflows[0] : undefined;
  if (!named || !isCartRecoveryKind(candidateKind(named.type))) return workflows;
  return (await listRunnableWorkflows(db, { brandId: named.brand_id, now })).filter(
    (w) => w.brand_integration_id === named.brand_integration_id && isCartRecoveryKind(candidateKind(w.type)),
  );
}

/** The cart and checkout workflows of each store, in the choice order. */
function cartGroups(workflows: WorkflowRow[]): Map<number, WorkflowRow[]> {
  const groups = new Map<number, WorkflowRow[]>();
  for (const w of workflows) {
    if (!isCartRecoveryKind(candidateKind(w.type))) continue;
    groups.set(w.brand_integration_id!, [...(groups.get(w.brand_integration_id!) ?? []), w]);
  }
  for (const [id, members] of groups) groups.set(id, rankWorkflows(members));
  return groups;
}

/** Why a workflow selects nothing at any time (its delay is past the whole window), else undefined. */
function emptyWindow(kind: CandidateKind, delayMinutes: number, now: Date): string | undefined {
  const window = candidateWindow(kind, delayMinutes, now);
  return window.from.getTime() > window.to.getTime()
    ? `the delay (${delayMinutes} minutes) is longer than the ${kind} window`
    : undefined;
}

/** Pages through one (order) workflow's window, decides each page and hands it to the sink. */
async function selectWorkflow(
  db: Db,
  plan: WorkflowPlan,
  result: WorkflowRunResult,
  {
    now,
    budget,
    pageSize,
    sink,
  }: { now: Date; budget: OrderBudget; pageSize: number; sink: (units: Planned[][]) => Promise<void> | void },
): Promise<void> {
  const { workflow, kind } = plan;
  const integrationId = workflow.brand_integration_id!;
  const empty = emptyWindow(kind, workflow.delay_minutes, now);
  if (empty) {
    result.skipped = empty;
    return;
  }
  const window = candidateWindow(kind, workflow.delay_minutes, now);
  const seen = new Map<number, number>();
  let after: { at: Date; id: number } | undefined;
  for (;;) {
    let limit = pageSize;
    if (kind === 'order') {
      limit = Math.min(
        limit,
        budget.total,
        MAX_ORDERS_PER_INTEGRATION - (budget.perIntegration.get(integrationId) ?? 0),
      );
      if (limit <= 0) break;
    }
    const rows = await selectCandidates(db, {
      workflowIds: [workflow.id],
      brandIntegrationId: integrationId,
      kind,
      window,
      limit,
      after,
    });
    if (rows.length === 0) break;
    after = { at: rows.at(-1)!.at, id: rows.at(-1)!.event_id };
    if (kind === 'order') {
      budget.total -= rows.length;
      budget.perIntegration.set(integrationId, (budget.perIntegration.get(integrationId) ?? 0) + rows.length);
    }
    const candidates = await decidePage(db, plan, rows, { now, seen });
    await sink(candidates.map((candidate) => [{ plan, candidate }]));
    if (rows.length < limit) break;
  }
}

/**
 * Queues the send job now, so new conversations do not wait for its next scheduled run. When it
 * cannot, the texts are stored all the same: one line says what sends them.
 */
async function queueSending(ctx: AppContext, started: number): Promise<void> {
  if (!isTaskName(SEND_TASK)) return;
  try {
    await enqueueJob(ctx.db, SEND_TASK as TaskName, {} as never, { jobKey: SEND_TASK });
  } catch (error) {
    const stored = `${started} new conversation(s): their texts are stored, not sent yet`;
    const senders =
      '`reclaim messages send-due` sends the due ones now, a running `reclaim worker` (or `reclaim start`) within a minute';
    if (isAppError(error) && error.code === QUEUE_NOT_PREPARED)
      ctx.logger.warn(`${stored}; no worker has run on this database yet (it has no job queue). ${senders}.`);
    else ctx.logger.warn({ err: coerceError(error) }, `${stored}: the send job could not be queued. ${senders}.`);
  }
}
