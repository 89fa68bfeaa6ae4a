/**
 * `reclaim explain --cart ID | --order ID`: for each workflow of the brand, why that shopper was or
 * was not texted: the recorded outcome (flow event) when there is one, and the rules as they stand
 * now (is the workflow runnable, is the candidate in its window and state, which check decides).
 */
import { AppError, publicBaseUrl } from '../app/index.ts';
import { maskUsername } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { discountRuleRows } from '../discounts/index.ts';
import {
  candidateKind,
  candidateWindow,
  inWindow,
  isTextingOutcome,
  type CandidateKind,
  type Check,
  type Outcome,
} from './candidates/rules.ts';
import { decidePage, planWorkflow } from './candidates/process.ts';
import {
  CHOICE_ORDER,
  isCartRecoveryKind,
  OTHER_WORKFLOW_CHOSEN,
  otherWorkflowChosen,
  rankWorkflows,
} from './candidates/rules-choice.ts';
import {
  cartChoicesOf,
  latestCheckoutIdOfCart,
  loadCandidate,
  workflowContexts,
  type CandidateRow,
  type CartChoiceRow,
} from './candidates/store.ts';
import { flowEventsOf, integrationStates, listWorkflows, type FlowEventView, type WorkflowRow } from './store.ts';

type SelectKind = Exclude<CandidateKind, 'event'>;

export interface WorkflowExplanation {
  workflow: {
    id: number;
    name: string;
    type: string;
    status: string;
    is_paused: boolean;
    delay_minutes: number;
    priority: number;
  };
  /** The candidate this workflow would consider (a cart's checkout for checkout workflows), or null. */
  candidate: { kind: SelectKind; id: number } | null;
  texted: boolean;
  /** What decided: recorded_outcome, workflow, state, window, or the check that failed now. */
  decided_by: string;
  /** One sentence for people (the CLI's). */
  summary: string;
  /** What decided, as machine values the panel phrases (the summary's facts, without its prose). */
  reason: ExplainReason;
  recorded: {
    outcome: string;
    reason: string | null;
    detail: string | null;
    at: string;
    conversation_id: number | null;
  } | null;
  now: {
    runnable: boolean;
    runnable_problem: string | null;
    state: string | null;
    window: { from: string; to: string; description: string; inside: boolean } | null;
    outcome: Outcome | null;
    reason: string | null;
    checks: Check[];
  } | null;
}

/** Why a workflow texted the shopper or not. */
export interface ExplainReason {
  /**
   * recorded: the outcome the workflow recorded; not_applicable: it selects other candidates;
   * not_running: the workflow cannot run now (`why`); state: the candidate is not in the state the
   * workflow selects; not_yet_candidate: its delay has not passed (`at`); outside_window: it was
   * never selected in its window; next_run: the outcome the next run would record;
   * other_workflow_first: another workflow texts this cart.
   */
  code:
    | 'recorded'
    | 'not_applicable'
    | 'not_running'
    | 'state'
    | 'not_yet_candidate'
    | 'outside_window'
    | 'next_run'
    | 'other_workflow_first';
  /** The recorded outcome, or the next run's (started, filtered_out, recently_engaged, …). */
  outcome: string | null;
  /** The machine reason: rules, texas, paused, draft, no_checkout, … */
  why: string | null;
  /** When it was recorded, or when the candidate becomes one. */
  at: string | null;
  conversation_id: number | null;
  /** The candidate's state and the state the workflow selects (code state). */
  state: string | null;
  wanted_state: string | null;
  other_workflow: { id: number; name: string } | null;
}

const reasonOf = (code: ExplainReason['code'], facts: Partial<Omit<ExplainReason, 'code'>> = {}): ExplainReason => ({
  code,
  outcome: null,
  why: null,
  at: null,
  conversation_id: null,
  state: null,
  wanted_state: null,
  other_workflow: null,
  ...facts,
});

export interface Explanation {
  subject: { kind: 'cart' | 'order'; id: number; brand_id: number; contact_id: number | null; phone: string | null };
  workflows: WorkflowExplanation[];
}

export const EXPLAIN_NEEDS_ONE = 'Give --cart ID or --order ID (one of them).';
const NOT_FOUND: Record<'cart' | 'order', string> = { cart: 'Cart not found', order: 'Order not found' };

/** Why a workflow does not run now, as a machine value (null when it runs). */
export function runnableProblemCode(
  w: Pick<WorkflowRow, 'status' | 'is_paused' | 'starts_at' | 'ends_at'>,
  integration: { status: string; is_enabled: boolean } | undefined,
  now: Date,
): 'draft' | 'paused' | 'not_started' | 'ended' | 'no_store' | 'store_not_connected' | null {
  if (w.status !== 'active') return 'draft';
  if (w.is_paused) return 'paused';
  if (w.starts_at && w.starts_at.getTime() > now.getTime()) return 'not_started';
  if (w.ends_at && w.ends_at.getTime() <= now.getTime()) return 'ended';
  if (!integration) return 'no_store';
  if (integration.status !== 'connected' || !integration.is_enabled) return 'store_not_connected';
  return null;
}

/** Why a workflow does not run now (null when it does). */
export function runnableProblem(
  w: Pick<WorkflowRow, 'status' | 'is_paused' | 'starts_at' | 'ends_at'>,
  integration: { status: string; is_enabled: boolean } | undefined,
  now: Date,
): string | null {
  if (w.status !== 'active') return 'the workflow is a draft (not active)';
  if (w.is_paused) return 'the workflow is paused';
  if (w.starts_at && w.starts_at.getTime() > now.getTime())
    return `the workflow starts at ${w.starts_at.toISOString()}`;
  if (w.ends_at && w.ends_at.getTime() <= now.getTime()) return `the workflow ended at ${w.ends_at.toISOString()}`;
  if (!integration) return 'the workflow has no store integration';
  if (integration.status !== 'connected' || !integration.is_enabled)
    return 'the store integration is not connected and enabled';
  return null;
}

const recordedView = (e: FlowEventView): WorkflowExplanation['recorded'] => ({
  outcome: e.state,
  reason: e.reason,
  detail: e.detail,
  at: e.created_at.toISOString(),
  conversation_id: e.conversation_id,
});

export async function explainCandidate(
  db: Handle,
  {
    cartId,
    orderId,
    brandId,
    now = new Date(),
    config,
  }: { cartId?: number; orderId?: number; brandId?: number; now?: Date; config: { PUBLIC_URL?: string; PORT: number } },
): Promise<Explanation> {
  if ((cartId === undefined) === (orderId === undefined)) throw new AppError('invalid_input', EXPLAIN_NEEDS_ONE);
  const subjectKind: 'cart' | 'order' = cartId !== undefined ? 'cart' : 'order';
  const subject = await loadCandidate(db, subjectKind, (cartId ?? orderId)!);
  if (!subject || (brandId !== undefined && subject.brand_id !== brandId))
    throw new AppError('not_found', NOT_FOUND[subjectKind]);

  const checkoutId = subjectKind === 'cart' ? await latestCheckoutIdOfCart(db, subject.event_id) : undefined;
  const checkoutRow = checkoutId !== undefined ? await loadCandidate(db, 'checkout', checkoutId) : undefined;
  const workflows = await listWorkflows(db, { brandId: subject.brand_id });
  const contexts = await workflowContexts(
    db,
    workflows.map((w) => w.id),
  );
  const rules = await discountRuleRows(
    db,
    workflows.flatMap((w) => (w.discount_rule_id ? [w.discount_rule_id] : [])),
  );
  const integrations = await integrationStates(db, subject.brand_id);
  const recordedBy: Record<SelectKind, Map<number, FlowEventView>> = {
    cart: subjectKind === 'cart' ? await flowEventsOf(db, 'cart', subject.event_id) : new Map(),
    checkout: checkoutRow ? await flowEventsOf(db, 'checkout', checkoutRow.event_id) : new Map(),
    order: subjectKind === 'order' ? await flowEventsOf(db, 'order', subject.event_id) : new Map(),
  };

  const out: WorkflowExplanation[] = [];
  for (const workflow of workflows) {
    const base = {
      id: workflow.id,
      name: workflow.name,
      type: workflow.type,
      status: workflow.status,
      is_paused: workflow.is_paused,
      delay_minutes: workflow.delay_minutes,
      priority: workflow.priority,
    };
    const kind = candidateKind(workflow.type);
    const row =
      kind === 'cart' && subjectKind === 'cart'
        ? subject
        : kind === 'checkout'
          ? checkoutRow
          : kind === 'order' && subjectKind === 'order'
            ? subject
            : undefined;
    if (!kind || kind === 'event' || !row) {
      const why =
        !kind || kind === 'event'
          ? `${workflow.type} workflows do not select ${subjectKind}s`
          : kind === 'checkout' && subjectKind === 'cart'
            ? 'the cart has no checkout'
            : `${kind} workflows select ${kind}s, not ${subjectKind}s`;
      out.push({
        workflow: base,
        candidate: null,
        texted: false,
        decided_by: 'workflow',
        summary: `not applicable: ${why}`,
        reason: reasonOf('not_applicable', {
          why:
            !kind || kind === 'event'
              ? 'type_not_selecting'
              : kind === 'checkout' && subjectKind === 'cart'
                ? 'no_checkout'
                : 'other_kind',
          wanted_state: kind && kind !== 'event' ? kind : null,
        }),
        recorded: null,
        now: null,
      });
      continue;
    }
    const recorded = recordedBy[kind].get(workflow.id);
    const integration = workflow.brand_integration_id ? integrations.get(workflow.brand_integration_id) : undefined;
    const problem = runnableProblem(workflow, integration, now);
    const window = candidateWindow(kind, workflow.delay_minutes, now);
    const plan = planWorkflow(
      workflow,
      kind,
      contexts.get(workflow.id)!,
      workflow.discount_rule_id ? (rules.get(workflow.discount_rule_id) ?? null) : null,
      { linkBaseUrl: publicBaseUrl(config) },
    );
    const [candidate] = await decidePage(db, plan, [row as CandidateRow], { now, seen: new Map() });
    const decision = candidate!.decision;
    const wantedState = kind === 'order' ? 'complete' : 'pending';
    const inside = inWindow(window, row.at);
    const current: WorkflowExplanation['now'] = {
      runnable: problem === null,
      runnable_problem: problem,
      state: row.state,
      window: { from: window.from.toISOString(), to: window.to.toISOString(), description: window.description, inside },
      outcome: decision.outcome,
      reason: decision.reason,
      checks: decision.checks,
    };
    const entry: WorkflowExplanation = {
      workflow: base,
      candidate: { kind, id: row.event_id },
      texted: false,
      decided_by: '',
      summary: '',
      reason: reasonOf('next_run'),
      recorded: recorded ? recordedView(recorded) : null,
      now: current,
    };
    if (recorded) {
      entry.texted = isTextingOutcome(recorded.state as Outcome) && recorded.conversation_id !== null;
      entry.decided_by = 'recorded_outcome';
      entry.summary = entry.texted
        ? `texted: ${recorded.state} on ${recorded.created_at.toISOString()}, conversation ${recorded.conversation_id}`
        : `not texted: ${recorded.state}${recorded.reason && recorded.reason !== recorded.state ? ` (${recorded.reason})` : ''} on ${recorded.created_at.toISOString()}: ${recorded.detail ?? ''}`.trim();
      entry.reason = reasonOf('recorded', {
        outcome: recorded.state,
        why: recorded.reason && recorded.reason !== recorded.state ? recorded.reason : null,
        at: recorded.created_at.toISOString(),
        conversation_id: recorded.conversation_id,
      });
    } else if (problem) {
      Object.assign(entry, {
        decided_by: 'workflow',
        summary: `not texted: ${problem}`,
        reason: reasonOf('not_running', {
          why: runnableProblemCode(workflow, integration, now),
          at:
            (workflow.starts_at && workflow.starts_at.getTime() > now.getTime()
              ? workflow.starts_at
              : workflow.ends_at && workflow.ends_at.getTime() <= now.getTime()
                ? workflow.ends_at
                : null
            )?.toISOString() ?? null,
        }),
      });
    } else if (row.state !== wantedState) {
      Object.assign(entry, {
        decided_by: 'state',
        summary: `not texted: the ${kind} is ${row.state} (candidates must be ${wantedState})`,
        reason: reasonOf('state', { state: row.state, wanted_state: wantedState }),
      });
    } else if (!inside) {
      const early = row.at.getTime() > window.to.getTime();
      const becomes = new Date(row.at.getTime() + workflow.delay_minutes * 60_000).toISOString();
      Object.assign(entry, {
        decided_by: 'window',
        reason: early ? reasonOf('not_yet_candidate', { at: becomes }) : reasonOf('outside_window'),
        summary: early
          ? `not yet: the ${kind} becomes a candidate at ${becomes} (delay ${workflow.delay_minutes} minutes)`
          : `not texted: the ${kind} is outside the window (${window.description}) and was never selected`,
      });
    } else {
      const failed = decision.checks.find((c) => !c.passed);
      Object.assign(entry, {
        decided_by: failed?.check ?? 'all_checks',
        summary: `not yet texted: the next run would record ${decision.outcome}: ${decision.detail}`,
        reason: reasonOf('next_run', { outcome: decision.outcome, why: decision.reason }),
      });
    }
    out.push(entry);
  }
  const [earlier] =
    subjectKind === 'cart' ? await cartChoicesOf(db, { cartIds: [subject.event_id], checkoutIds: [] }) : [];
  passOver(out, earlier);
  const phone = subject.username ? maskUsername(subject.username) : null;
  return {
    subject: {
      kind: subjectKind,
      id: subject.event_id,
      brand_id: subject.brand_id,
      contact_id: subject.contact_id,
      phone,
    },
    workflows: out,
  };
}

/**
 * One cart reminder per cart: of the cart and checkout workflows the next run would text the cart
 * with, only the first in the choice order does; the others would record other_workflow_chosen.
 */
function passOver(entries: WorkflowExplanation[], earlier: CartChoiceRow | undefined): void {
  if (earlier) {
    const chosen = otherWorkflowChosen({
      workflowId: earlier.workflow_id,
      workflowName: earlier.workflow_name,
      kind: earlier.checkout_id !== null ? 'checkout' : 'cart',
      eventId: (earlier.checkout_id ?? earlier.cart_id)!,
      at: earlier.created_at,
    });
    for (const entry of entries.filter(
      (e) => e.now && !e.recorded && e.decided_by !== 'workflow' && e.decided_by !== 'state',
    ))
      if (isCartRecoveryKind(entry.candidate?.kind))
        Object.assign(entry, {
          decided_by: 'choice',
          summary: `not texted: ${chosen.detail}`,
          reason: reasonOf('other_workflow_first', {
            outcome: 'duplicate',
            why: OTHER_WORKFLOW_CHOSEN,
            other_workflow:
              earlier.workflow_id !== null ? { id: earlier.workflow_id, name: earlier.workflow_name ?? '' } : null,
          }),
        });
    return;
  }
  const wouldText = entries.filter(
    (e) =>
      e.decided_by === 'all_checks' &&
      isCartRecoveryKind(e.candidate?.kind) &&
      (e.now?.outcome === 'started' || e.now?.outcome === 'holdout'),
  );
  const [first] = rankWorkflows(wouldText.map((e) => e.workflow));
  for (const entry of wouldText) {
    if (!first || entry.workflow.id === first.id) continue;
    Object.assign(entry, {
      decided_by: 'choice',
      summary: `not yet texted: the next run would record duplicate (${OTHER_WORKFLOW_CHOSEN}): workflow ${first.id} (${first.name}) comes first by ${CHOICE_ORDER}`,
      reason: reasonOf('other_workflow_first', {
        outcome: 'duplicate',
        why: OTHER_WORKFLOW_CHOSEN,
        other_workflow: { id: first.id, name: first.name },
      }),
    });
  }
}
