/**
 * One cart reminder per cart, whatever the timing: several active cart and checkout workflows on
 * one store, the same seeded carts run sequentially, by two runs at once, with tiny batches, and
 * both together, give the same conversations; each cart gets at most one, from the workflow the
 * documented order picks (priority, highest first, then the shortest delay, then the lowest id),
 * and the other workflows record the named reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { explainCandidate, runCandidates, type RunCandidatesOptions } from '../../../src/workflows/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../../helpers/db.ts';
import { seedStore, shopper, type Store } from '../../helpers/candidates-seed.ts';

const t = useTestDatabase();
const MIN = 60_000;

/** The store's workflows, created in this order (so their ids rank in it too). */
const WORKFLOWS = [
  { role: 'checkout-30', type: 'checkout', delay: 30, priority: 0, minTotal: 0 },
  { role: 'cart-30', type: 'cart', delay: 30, priority: 0, minTotal: 0 },
  { role: 'big-cart-45', type: 'cart', delay: 45, priority: 5, minTotal: 100 },
  { role: 'checkout-60', type: 'checkout', delay: 60, priority: 0, minTotal: 0 },
  { role: 'fallback-cart-20', type: 'cart', delay: 20, priority: -1, minTotal: 0 },
] as const;
type Role = (typeof WORKFLOWS)[number]['role'];
/** The documented order: priority (highest first), then the shortest delay, then the lowest id. */
const RANKED = WORKFLOWS.map((w, id) => ({ ...w, id })).sort(
  (a, b) => b.priority - a.priority || a.delay - b.delay || a.id - b.id,
);

interface UnitSpec {
  /** Minutes since the shopper's cart / checkout was updated. */
  age: number;
  total: number;
  cart: boolean;
  checkout: boolean;
  texas?: boolean;
  /** Index of an earlier unit whose shopper this is too. */
  sameShopperAs?: number;
}

function unitSpecs(): UnitSpec[] {
  const specs: UnitSpec[] = [];
  for (let round = 0; round < 2; round += 1)
    for (const age of [25, 40, 50, 70, 100, 200])
      for (const total of [50, 150])
        for (const [cart, checkout] of [
          [true, true],
          [true, false],
          [false, true],
        ] as const)
          specs.push({ age: age + round, total, cart, checkout });
  specs.push({ age: 70, total: 150, cart: true, checkout: true, texas: true });
  const first = specs.findIndex((s) => s.age === 100 && s.cart && s.checkout && s.total === 50);
  specs.push({ age: 70, total: 50, cart: true, checkout: true, sameShopperAs: first });
  return specs;
}

interface Seeded {
  store: Store;
  roleOf: Map<number, Role>;
  unitOfCart: Map<number, number>;
  unitOfCheckout: Map<number, number>;
  shopperOf: Map<number, number>;
}

async function seedScenario(now: Date, specs: UnitSpec[]): Promise<Seeded> {
  const first = WORKFLOWS[0];
  const store = await seedStore(t.db, { type: first.type, delay: first.delay });
  const roleOf = new Map<number, Role>([[store.workflowId, first.role]]);
  const template = await t.db('workflows').where({ id: store.workflowId }).first();
  for (const w of WORKFLOWS.slice(1)) {
    const [row] = await t
      .db('workflows')
      .insert({
        brand_id: store.brandId,
        brand_integration_id: store.integrationId,
        name: w.role,
        type: w.type,
        status: 'active',
        is_paused: false,
        delay_minutes: w.delay,
        priority: w.priority,
        message: JSON.stringify(template.message),
        rules: JSON.stringify({
          condition: 'AND',
          rules: w.minTotal ? [{ field: 'cart_total', operator: 'gte', value: w.minTotal }] : [],
        }),
        action: JSON.stringify(template.action),
        discount_rule_id: template.discount_rule_id,
      })
      .returning('id');
    roleOf.set(Number(row.id), w.role);
  }
  const unitOfCart = new Map<number, number>();
  const unitOfCheckout = new Map<number, number>();
  const shopperOf = new Map<number, number>();
  const contacts: number[] = [];
  for (const [index, spec] of specs.entries()) {
    const contactId =
      spec.sameShopperAs !== undefined
        ? contacts[spec.sameShopperAs]!
        : (await shopper(t.db, store.brandId, spec.texas ? { phone: `+1214555${1000 + index}` } : {}, now)).contactId!;
    contacts.push(contactId);
    shopperOf.set(contactId, spec.sameShopperAs ?? index);
    const at = new Date(now.getTime() - spec.age * MIN);
    let cartId: number | null = null;
    if (spec.cart) {
      const [cart] = await t
        .db('carts')
        .insert({
          brand_id: store.brandId,
          brand_integration_id: store.integrationId,
          external_id: `cart-${index}`,
          contact_id: contactId,
          state: 'pending',
          total: spec.total,
          data: JSON.stringify({ line_items: [{ product_id: 8001, variant_id: 44001, quantity: 1 }] }),
          created_at: at,
          updated_at: at,
        })
        .returning('id');
      cartId = Number(cart.id);
      unitOfCart.set(cartId, index);
    }
    if (spec.checkout) {
      const [checkout] = await t
        .db('checkouts')
        .insert({
          brand_id: store.brandId,
          brand_integration_id: store.integrationId,
          external_id: `checkout-${index}`,
          cart_id: cartId,
          contact_id: contactId,
          state: 'pending',
          total_price: spec.total,
          abandoned_checkout_url: `https://northwind.example.com/checkouts/${index}/recover`,
          checkout_details: JSON.stringify({ line_items: [{ product_id: 8001 }] }),
          created_at: at,
          updated_at: at,
        })
        .returning('id');
      unitOfCheckout.set(Number(checkout.id), index);
    }
  }
  return { store, roleOf, unitOfCart, unitOfCheckout, shopperOf };
}

/** (unit, candidate kind, workflow, shopper) of every conversation of the store. */
async function conversationSet(s: Seeded): Promise<string[]> {
  const rows = await t
    .db('conversations')
    .where({ brand_id: s.store.brandId })
    .select('cart_id', 'checkout_id', 'workflow_id', 'contact_id');
  return rows
    .map((r) => {
      const kind = r.checkout_id === null ? 'cart' : 'checkout';
      const unit = kind === 'cart' ? s.unitOfCart.get(Number(r.cart_id)) : s.unitOfCheckout.get(Number(r.checkout_id));
      return `unit ${unit} ${kind} by ${s.roleOf.get(Number(r.workflow_id))} to shopper ${s.shopperOf.get(Number(r.contact_id))}`;
    })
    .sort();
}

/** Per unit, per workflow role: the recorded 'state/reason'. */
async function outcomesByUnit(s: Seeded): Promise<Map<number, Partial<Record<Role, string>>>> {
  const rows = await t
    .db('flow_events')
    .where({ brand_id: s.store.brandId })
    .select('workflow_id', 'event_type', 'event_id', 'state', 'reason');
  const out = new Map<number, Partial<Record<Role, string>>>();
  for (const r of rows) {
    const unit = (r.event_type === 'cart' ? s.unitOfCart : s.unitOfCheckout).get(Number(r.event_id))!;
    const role = s.roleOf.get(Number(r.workflow_id))!;
    const entry = out.get(unit) ?? {};
    expect(entry[role], `one outcome per workflow and candidate (unit ${unit}, ${role})`).toBeUndefined();
    entry[role] = `${r.state}/${r.reason}`;
    out.set(unit, entry);
  }
  return out;
}

/** What the documented order says for a unit: every workflow whose window holds it, and its outcome. */
function expectedFor(spec: UnitSpec): Partial<Record<Role, string>> {
  const expected: Partial<Record<Role, string>> = {};
  let chosen = false;
  for (const w of RANKED) {
    const has = w.type === 'cart' ? spec.cart : spec.checkout;
    if (!has || spec.age < w.delay || spec.age > 180) continue;
    if (chosen) expected[w.role] = 'duplicate/other_workflow_chosen';
    else if (spec.texas) expected[w.role] = 'filtered_out/texas';
    else if (spec.total < w.minTotal) expected[w.role] = 'filtered_out/rules';
    else {
      expected[w.role] = 'started/started';
      chosen = true;
    }
  }
  return expected;
}

describe('one cart reminder per cart: the workflow the documented order picks, whatever the timing', () => {
  const now = new Date();
  const specs = unitSpecs();
  const scenarios: Record<string, Seeded> = {};
  let one: AppContext;
  let two: AppContext;

  beforeAll(async () => {
    one = await t.context();
    two = await t.context();
    for (const name of ['sequential', 'two at once', 'tiny batches', 'two at once, tiny batches'])
      scenarios[name] = await seedScenario(now, specs);
  }, 120_000);

  it('gives the same conversations sequentially, twice at once and with tiny batches', async () => {
    const tiny: RunCandidatesOptions = { pageSize: 3, chunkSize: 2 };
    const run = (ctx: AppContext, s: Seeded, options: RunCandidatesOptions = {}) =>
      runCandidates(ctx, { brandId: s.store.brandId, now, ...options });

    const sequential = await run(one, scenarios['sequential']!);
    const pair = await Promise.all([run(one, scenarios['two at once']!), run(two, scenarios['two at once']!)]);
    await run(one, scenarios['tiny batches']!, tiny);
    const tinyPair = await Promise.all([
      run(one, scenarios['two at once, tiny batches']!, tiny),
      run(two, scenarios['two at once, tiny batches']!, tiny),
    ]);
    for (const both of [pair, tinyPair]) expect(both[0].started + both[1].started).toBe(sequential.started);

    const sets = Object.fromEntries(
      await Promise.all(Object.entries(scenarios).map(async ([name, s]) => [name, await conversationSet(s)] as const)),
    );
    const reference = sets['sequential']!;
    expect(reference.length).toBeGreaterThan(30);
    for (const [name, set] of Object.entries(sets)) expect(set, name).toEqual(reference);
  });

  it('each cart has at most one conversation, from the first eligible workflow; the others record other_workflow_chosen', async () => {
    for (const [name, s] of Object.entries(scenarios)) {
      const perCart = await t
        .db('conversations')
        .where({ brand_id: s.store.brandId })
        .select(t.db.raw('coalesce(cart_id, -checkout_id) as unit'))
        .count({ n: '*' })
        .groupBy('unit');
      expect(
        perCart.filter((r) => Number(r.n) > 1),
        `${name}: carts with more than one conversation`,
      ).toEqual([]);

      const recorded = await outcomesByUnit(s);
      for (const [index, spec] of specs.entries()) {
        const got = recorded.get(index) ?? {};
        if (spec.sameShopperAs !== undefined) {
          // The shopper's other cart was texted in this run: one reminder per shopper per run.
          expect(Object.values(got), `${name}: unit ${index}`).not.toContain('started/started');
          expect(got['checkout-30'], `${name}: unit ${index}`).toBe('duplicate/same_contact');
          continue;
        }
        expect(got, `${name}: unit ${index} (${JSON.stringify(spec)})`).toEqual(expectedFor(spec));
      }
    }
  });
});

describe('one cart reminder per cart across runs, and in the database', () => {
  it("a later run's workflow records other_workflow_chosen for a cart an earlier run texted; a second choice is refused", async () => {
    const now = new Date();
    const store = await seedStore(t.db, { type: 'cart', delay: 30 });
    const template = await t.db('workflows').where({ id: store.workflowId }).first();
    const [checkoutWorkflow] = await t
      .db('workflows')
      .insert({
        brand_id: store.brandId,
        brand_integration_id: store.integrationId,
        name: 'Checkout 60',
        type: 'checkout',
        status: 'active',
        is_paused: false,
        delay_minutes: 60,
        priority: 50,
        message: JSON.stringify(template.message),
        rules: JSON.stringify(template.rules),
        action: JSON.stringify(template.action),
        discount_rule_id: template.discount_rule_id,
      })
      .returning('id');
    const who = await shopper(t.db, store.brandId, {}, now);
    const at = new Date(now.getTime() - 40 * MIN);
    const [cart] = await t
      .db('carts')
      .insert({
        brand_id: store.brandId,
        brand_integration_id: store.integrationId,
        external_id: 'later-cart',
        contact_id: who.contactId,
        state: 'pending',
        total: 80,
        updated_at: at,
      })
      .returning('id');
    const [checkout] = await t
      .db('checkouts')
      .insert({
        brand_id: store.brandId,
        brand_integration_id: store.integrationId,
        external_id: 'later-checkout',
        cart_id: cart.id,
        contact_id: who.contactId,
        state: 'pending',
        total_price: 80,
        updated_at: at,
      })
      .returning('id');
    const ctx = await t.context();

    // At 40 minutes only the cart workflow's window holds the cart: it is texted.
    await runCandidates(ctx, { brandId: store.brandId, now });
    const explained = await explainCandidate(t.db, { cartId: Number(cart.id), now, config: ctx.config });
    expect(explained.workflows.find((w) => w.workflow.id === Number(checkoutWorkflow.id))).toMatchObject({
      workflow: { priority: 50 },
      decided_by: 'choice',
      summary: expect.stringMatching(/^not texted: workflow \d+ \(Abandoned Cart\) was chosen for this cart/),
    });
    // Half an hour later the checkout workflow (priority 50) reaches the checkout: the cart was already chosen.
    await runCandidates(ctx, { brandId: store.brandId, now: new Date(now.getTime() + 30 * MIN) });
    const events = await t
      .db('flow_events')
      .where({ brand_id: store.brandId })
      .orderBy('id')
      .select('workflow_id', 'event_type', 'state', 'reason', t.db.raw("extra_data->>'detail' as detail"));
    expect(events.map((e) => [Number(e.workflow_id), e.event_type, e.state, e.reason])).toEqual([
      [store.workflowId, 'cart', 'started', 'started'],
      [Number(checkoutWorkflow.id), 'checkout', 'duplicate', 'other_workflow_chosen'],
    ]);
    expect(events[1].detail).toMatch(
      new RegExp(
        `^workflow ${store.workflowId} \\(Abandoned Cart\\) was chosen for this cart \\(cart ${cart.id}\\) on `,
      ),
    );
    expect(await t.db('conversations').where({ brand_id: store.brandId }).select('cart_id', 'checkout_id')).toEqual([
      { cart_id: cart.id, checkout_id: null },
    ]);

    // The database refuses a second choice for the cart, from any workflow or run.
    await expect(
      t.db('cart_recovery_choices').insert({
        brand_id: store.brandId,
        cart_id: cart.id,
        checkout_id: checkout.id,
        workflow_id: checkoutWorkflow.id,
        outcome: 'started',
      }),
    ).rejects.toThrow(/cart_recovery_choices_cart_id_key/);
  });
});

describe('workflow priority is set where workflows are created and updated', () => {
  it('create-from-template --priority, update --priority, show; out of range or not a number is refused', async () => {
    const store = await seedStore(t.db);
    const env = testEnv(t.url);
    const brand = String(store.brandId);
    const created = await runCli(
      [
        'workflows',
        'create-from-template',
        '--brand',
        brand,
        '--template',
        'abandoned-cart',
        '--priority',
        '5',
        '--json',
      ],
      env,
    );
    expect(created.code).toBe(0);
    const workflow = JSON.parse(created.stdout);
    expect(workflow.priority).toBe(5);
    expect((await t.db('workflows').where({ id: store.workflowId }).first()).priority).toBe(0);

    const updated = await runCli(['workflows', 'update', String(workflow.id), '--priority', '-3', '--json'], env);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout).priority).toBe(-3);
    const shown = await runCli(['workflows', 'show', String(workflow.id)], env);
    expect(shown.stdout).toContain('priority -3');

    for (const bad of ['high', '1001', '2.5']) {
      const refused = await runCli(['workflows', 'update', String(workflow.id), '--priority', bad], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Priority must be a whole number from -1000 to 1000');
    }
    const made = await runCli(
      ['workflows', 'create', '--brand', brand, '--type', 'cart', '--priority', '7', '--json'],
      env,
    );
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout).priority).toBe(7);
    expect((await t.db('workflows').where({ id: workflow.id }).first()).priority).toBe(-3);
  });
});
