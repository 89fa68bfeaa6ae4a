/**
 * One cart reminder per cart (pure). The cart and checkout workflows of a store may all see the
 * same cart: a Shopify checkout is stored as a cart and as a checkout of that cart, and several
 * workflows may select it. For each cart, at most one of them starts a conversation: the first
 * eligible in the choice order, priority (highest first), then the shortest delay, then the lowest
 * id. Eligible means the cart (or its checkout) is inside the workflow's window at the run's time
 * and every check of decideOutcome passes (a held-out shopper counts as chosen: the holdout
 * measures exactly the shoppers who would have been texted). Workflows before the chosen one keep
 * their own outcome; every workflow after it records `duplicate` with the reason
 * `other_workflow_chosen`, and so does every workflow when the cart was chosen by an earlier run.
 */
import { decideOutcome, isTextingOutcome, type CandidateFacts, type DecideInput, type Decision } from './rules.ts';

export type CartKind = 'cart' | 'checkout';
export const CART_RECOVERY_KINDS: readonly CartKind[] = ['cart', 'checkout'];
export const isCartRecoveryKind = (kind: string | undefined): kind is CartKind =>
  kind === 'cart' || kind === 'checkout';

/** The reason recorded by the workflows the choice passed over. */
export const OTHER_WORKFLOW_CHOSEN = 'other_workflow_chosen';
/** The reason of the chosen workflow's second candidate of one cart (two checkouts of a cart). */
export const SAME_CART = 'same_cart';
/** The choice order, for people. */
export const CHOICE_ORDER = 'priority (highest first), then the shortest delay, then the lowest id';
/** workflows.priority bounds (the column's check); 0 by default. */
export const MIN_PRIORITY = -1000;
export const MAX_PRIORITY = 1000;
export const DEFAULT_PRIORITY = 0;

export interface RankedWorkflow {
  id: number;
  name: string;
  priority: number;
  delay_minutes: number;
}

/** The choice order as a comparator: priority descending, delay ascending, id ascending. */
export const compareWorkflows = (a: RankedWorkflow, b: RankedWorkflow): number =>
  b.priority - a.priority || a.delay_minutes - b.delay_minutes || a.id - b.id;

export const rankWorkflows = <T extends RankedWorkflow>(workflows: readonly T[]): T[] =>
  [...workflows].sort(compareWorkflows);

/** The cart a candidate reminds of: the cart itself, a checkout's cart, else the checkout alone. */
export const cartKeyOf = (kind: CartKind, id: number, cartId: number | null): string =>
  kind === 'cart' ? `cart:${id}` : cartId !== null ? `cart:${cartId}` : `checkout:${id}`;

/** The workflow chosen for a cart, in this run or recorded by an earlier one. */
export interface CartChoice {
  workflowId: number | null;
  workflowName: string | null;
  kind: CartKind;
  eventId: number;
  /** Recorded by an earlier run (when). */
  at?: Date;
}

const choiceText = (choice: CartChoice): string => {
  const who =
    choice.workflowId === null ? 'a deleted workflow' : `workflow ${choice.workflowId} (${choice.workflowName})`;
  return choice.at
    ? `${who} was chosen for this cart (${choice.kind} ${choice.eventId}) on ${choice.at.toISOString()}: one cart reminder per cart`
    : `${who} was chosen for this cart (${choice.kind} ${choice.eventId}): the first eligible by ${CHOICE_ORDER}`;
};

export function otherWorkflowChosen(choice: CartChoice): Decision {
  const detail = choiceText(choice);
  return {
    outcome: 'duplicate',
    reason: OTHER_WORKFLOW_CHOSEN,
    detail,
    checks: [{ check: 'duplicate', passed: false, detail }],
  };
}

function sameCart(choice: CartChoice): Decision {
  const detail = `another ${choice.kind} of this cart (${choice.kind} ${choice.eventId}) was chosen in this run`;
  return { outcome: 'duplicate', reason: SAME_CART, detail, checks: [{ check: 'duplicate', passed: false, detail }] };
}

/** One workflow's candidate of a cart: a cart workflow's cart or a checkout workflow's checkout. */
export interface Contender {
  workflow: RankedWorkflow;
  facts: CandidateFacts;
  input: Omit<DecideInput, 'facts'>;
}

/** The contacts chosen in this run (one text per contact per run), with what they were chosen for. */
export type SeenContacts = Map<number, { kind: CartKind; id: number }>;

const isChosen = (d: Decision): boolean => isTextingOutcome(d.outcome) || d.outcome === 'holdout';

/**
 * Decides every contender of one cart (contenders in the choice order; rankWorkflows sorts
 * workflows). `earlier` is the choice an earlier run recorded for the cart, if any. A contact
 * chosen for another cart in this run makes the contender a duplicate (same_contact). Returns one
 * decision per contender and the choice made, if any.
 */
export function decideCart(
  contenders: readonly Contender[],
  { seen, earlier }: { seen: SeenContacts; earlier?: CartChoice },
): { decisions: Decision[]; chosen?: CartChoice; chosenIndex?: number } {
  if (earlier) return { decisions: contenders.map(() => otherWorkflowChosen(earlier)) };
  let chosen: CartChoice | undefined;
  let chosenIndex: number | undefined;
  const decisions = contenders.map((c, index) => {
    const kind = c.facts.kind as CartKind;
    if (chosen) {
      if (chosen.workflowId !== c.workflow.id) return otherWorkflowChosen(chosen);
      // The chosen workflow's other candidate of this cart (a second checkout of it).
      const own = decideOutcome({ ...c.input, facts: c.facts });
      return isChosen(own) ? sameCart(chosen) : own;
    }
    const first = c.facts.contactId === null ? undefined : seen.get(c.facts.contactId);
    const same = first !== undefined && first.kind === kind && first.id === c.facts.eventId;
    let decision = decideOutcome({ ...c.input, facts: c.facts });
    if (!isChosen(decision)) return decision;
    if (first !== undefined && !same) {
      // The contact was chosen for another cart in this run.
      decision = decideOutcome({ ...c.input, facts: { ...c.facts, duplicateOf: first.id } });
      const detail = `another ${first.kind} of this contact (${first.kind} ${first.id}) was chosen in this run`;
      return { ...decision, detail, checks: decision.checks.map((k) => (k.passed ? k : { ...k, detail })) };
    }
    chosen = { workflowId: c.workflow.id, workflowName: c.workflow.name, kind, eventId: c.facts.eventId };
    chosenIndex = index;
    if (c.facts.contactId !== null) seen.set(c.facts.contactId, { kind, id: c.facts.eventId });
    return decision;
  });
  return { decisions, chosen, chosenIndex };
}
