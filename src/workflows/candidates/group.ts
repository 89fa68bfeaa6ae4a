/**
 * The cart and checkout workflows of one store, run together so that each cart gets at most one
 * reminder (rules-choice.ts has the order). Checkouts are read first, each page with the carts
 * they belong to; then the carts no checkout brought. A cart, its checkouts and every workflow
 * whose window holds them form one unit, decided at once (whatever the page or chunk boundaries)
 * and written in one transaction. Choices made earlier in the run, and by earlier runs
 * (cart_recovery_choices), pass the cart to other_workflow_chosen.
 */
import type { Handle } from '../../db/index.ts';
import { candidateWindow, inWindow, rulesUseOrderCount, type CandidateFacts, type CandidateWindow } from './rules.ts';
import {
  cartKeyOf,
  decideCart,
  type CartChoice,
  type CartKind,
  type Contender,
  type SeenContacts,
} from './rules-choice.ts';
import { pageFacts, type Planned, type WorkflowPlan } from './process.ts';
import { cartChoicesOf, selectCandidates, type CandidateRow, type SelectOptions } from './store.ts';

interface Unit {
  key: string;
  cart?: CandidateRow;
  checkouts: CandidateRow[];
}

interface GroupState {
  /** Contacts chosen in this run. */
  seen: SeenContacts;
  /** Carts chosen in this run, by cart key. */
  chosen: Map<string, CartChoice>;
  /** Carts decided with a page of checkouts (not read again with the carts). */
  done: Set<number>;
}

/** The union of the plans' windows (same start: 3 hours back; the shortest delay ends it). */
const unionWindow = (windows: CandidateWindow[]): CandidateWindow => ({
  from: new Date(Math.min(...windows.map((w) => w.from.getTime()))),
  to: new Date(Math.max(...windows.map((w) => w.to.getTime()))),
  description: 'the union of the windows',
});

async function eachPage(
  db: Handle,
  options: Omit<SelectOptions, 'after' | 'limit'>,
  pageSize: number,
  fn: (rows: CandidateRow[]) => Promise<void>,
): Promise<void> {
  let after: SelectOptions['after'];
  for (;;) {
    const rows = await selectCandidates(db, { ...options, limit: pageSize, after });
    if (rows.length === 0) return;
    after = { at: rows.at(-1)!.at, id: rows.at(-1)!.event_id };
    await fn(rows);
    if (rows.length < pageSize) return;
  }
}

/**
 * Selects and decides the candidates of a store's cart and checkout workflows. `plans` are in the
 * choice order (rankWorkflows) and each has a non-empty window at `now`.
 */
export async function selectCartGroup(
  db: Handle,
  plans: WorkflowPlan[],
  { now, pageSize, sink }: { now: Date; pageSize: number; sink: (units: Planned[][]) => Promise<void> | void },
): Promise<void> {
  if (plans.length === 0) return;
  const brandIntegrationId = plans[0]!.workflow.brand_integration_id!;
  const windows = new Map(plans.map((p) => [p.workflow.id, candidateWindow(p.kind, p.workflow.delay_minutes, now)]));
  const of = (kind: CartKind) => {
    const selected = plans.filter((p) => p.kind === kind);
    return {
      workflowIds: selected.map((p) => p.workflow.id),
      window: selected.length ? unionWindow(selected.map((p) => windows.get(p.workflow.id)!)) : undefined,
    };
  };
  const carts = of('cart');
  const checkouts = of('checkout');
  const state: GroupState = { seen: new Map(), chosen: new Map(), done: new Set() };
  const decide = async (units: Unit[]): Promise<void> => {
    if (units.length > 0) await sink(await decideUnits(db, plans, windows, units, { now, state }));
  };

  if (checkouts.window) {
    await eachPage(
      db,
      { ...checkouts, window: checkouts.window, brandIntegrationId, kind: 'checkout' },
      pageSize,
      async (rows) => {
        const cartIds = [
          ...new Set(rows.flatMap((r) => (r.cart_id === null || state.done.has(r.cart_id) ? [] : [r.cart_id]))),
        ];
        const withCarts =
          carts.window && cartIds.length > 0
            ? await selectCandidates(db, {
                ...carts,
                window: carts.window,
                brandIntegrationId,
                kind: 'cart',
                limit: cartIds.length,
                ids: cartIds,
              })
            : [];
        const cartById = new Map(withCarts.map((c) => [c.event_id, c]));
        const units = new Map<string, Unit>();
        for (const row of rows) {
          const key = cartKeyOf('checkout', row.event_id, row.cart_id);
          const unit = units.get(key) ?? { key, checkouts: [] };
          unit.checkouts.push(row);
          const cart = row.cart_id === null ? undefined : cartById.get(row.cart_id);
          if (cart && !unit.cart) {
            unit.cart = cart;
            state.done.add(cart.event_id);
          }
          units.set(key, unit);
        }
        await decide([...units.values()]);
      },
    );
  }
  if (carts.window) {
    await eachPage(db, { ...carts, window: carts.window, brandIntegrationId, kind: 'cart' }, pageSize, async (rows) =>
      decide(
        rows
          .filter((r) => !state.done.has(r.event_id))
          .map((row) => ({ key: cartKeyOf('cart', row.event_id, null), cart: row, checkouts: [] })),
      ),
    );
  }
}

/** Decides units: their facts and earlier choices in a few queries, then each cart's choice. */
async function decideUnits(
  db: Handle,
  plans: WorkflowPlan[],
  windows: Map<number, CandidateWindow>,
  units: Unit[],
  { now, state }: { now: Date; state: GroupState },
): Promise<Planned[][]> {
  const cartRows = units.flatMap((u) => (u.cart ? [u.cart] : []));
  const checkoutRows = units.flatMap((u) => u.checkouts);
  const options = {
    brandId: plans[0]!.workflow.brand_id,
    withOrderCounts: plans.some((p) => rulesUseOrderCount(p.workflow.rules)),
  };
  const [cartFacts, checkoutFacts, earlier] = await Promise.all([
    pageFacts(db, 'cart', cartRows, options),
    pageFacts(db, 'checkout', checkoutRows, options),
    earlierChoices(db, units),
  ]);
  const facts = new Map<CandidateRow, CandidateFacts>([
    ...cartRows.map((r, i) => [r, cartFacts[i]!] as const),
    ...checkoutRows.map((r, i) => [r, checkoutFacts[i]!] as const),
  ]);
  return units.map((unit) => {
    const pairs: { plan: WorkflowPlan; row: CandidateRow }[] = [];
    for (const plan of plans) {
      const rows = plan.kind === 'cart' ? (unit.cart ? [unit.cart] : []) : unit.checkouts;
      for (const row of rows) if (inWindow(windows.get(plan.workflow.id)!, row.at)) pairs.push({ plan, row });
    }
    const contenders: Contender[] = pairs.map(({ plan, row }) => ({
      workflow: plan.workflow,
      facts: facts.get(row)!,
      input: { brand: plan.brand, workflow: { type: plan.workflow.type, rules: plan.workflow.rules }, now },
    }));
    const { decisions, chosen } = decideCart(contenders, {
      seen: state.seen,
      earlier: state.chosen.get(unit.key) ?? earlier.get(unit.key),
    });
    if (chosen) state.chosen.set(unit.key, chosen);
    return pairs.map(({ plan, row }, i) => ({
      plan,
      candidate: { row, facts: contenders[i]!.facts, decision: decisions[i]! },
    }));
  });
}

/** Choices recorded by earlier runs for the units' carts, by cart key. */
async function earlierChoices(db: Handle, units: Unit[]): Promise<Map<string, CartChoice>> {
  const ids = (prefix: string): number[] =>
    units.flatMap((u) => (u.key.startsWith(prefix) ? [Number(u.key.slice(prefix.length))] : []));
  const rows = await cartChoicesOf(db, { cartIds: ids('cart:'), checkoutIds: ids('checkout:') });
  return new Map(
    rows.map((r) => [
      r.cart_id !== null ? `cart:${r.cart_id}` : `checkout:${r.checkout_id}`,
      {
        workflowId: r.workflow_id,
        workflowName: r.workflow_name,
        kind: r.checkout_id !== null ? 'checkout' : 'cart',
        eventId: (r.checkout_id ?? r.cart_id)!,
        at: r.created_at,
      } satisfies CartChoice,
    ]),
  );
}
