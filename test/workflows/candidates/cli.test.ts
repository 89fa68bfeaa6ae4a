import { beforeAll, describe, expect, it } from 'vitest';
import { FAILED_TO_CREATE_CONVERSATION, startConversation } from '../../../src/conversations/index.ts';
import { withTransaction } from '../../../src/db/index.ts';
import { generateCode, seededRandom } from '../../../src/discounts/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../../helpers/db.ts';
import { outcomesOf, seedCart, seedOrder, seedStore, tableCounts, type Store } from '../../helpers/candidates-seed.ts';

const t = useTestDatabase();

/** Many pending carts in the window, each with its own shopper, in one statement. */
async function bulkCarts(store: Store, n: number): Promise<void> {
  await t.db.raw(
    `with c as (
       insert into contacts (brand_id, given_name, extra_data) select ?, 'Bulk', '{"group_name":"B"}' from generate_series(1, ?) returning id
     ), ch as (
       insert into contact_channels (brand_id, contact_id, type, username, status)
       select ?, id, 'sms', '+1415' || lpad((2000000 + id % 8000000)::text, 7, '0'), 'subscribed' from c returning contact_id
     )
     insert into carts (brand_id, brand_integration_id, external_id, contact_id, state, total, updated_at)
     select ?, ?, 'bulk-' || contact_id, contact_id, 'pending', 40, now() - interval '1 hour' from ch`,
    [store.brandId, n, store.brandId, store.brandId, store.integrationId],
  );
}

/** Every cart of the workflow texted at most once, and a conversation exactly for each 'started' flow event. */
async function assertStartedOnce(store: Store, expected: number): Promise<void> {
  const perCart = (await t
    .db('conversations')
    .where({ workflow_id: store.workflowId })
    .select('cart_id')
    .count({ n: '*' })
    .groupBy('cart_id')) as { cart_id: string; n: string }[];
  expect(perCart.every((r) => Number(r.n) === 1)).toBe(true);
  expect(perCart).toHaveLength(expected);
  const started = await t
    .db('flow_events')
    .where({ workflow_id: store.workflowId, state: 'started' })
    .pluck('event_id');
  expect(started.map(Number).sort((a, b) => a - b)).toEqual(
    perCart.map((r) => Number(r.cart_id)).sort((a, b) => a - b),
  );
  const [{ n: messages }] = await t
    .db('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .where('c.workflow_id', store.workflowId)
    .count({ n: '*' });
  expect(Number(messages)).toBe(expected);
}

describe('reclaim run-candidates', () => {
  it('--dry-run changes nothing and says who would be texted, with masked phones', async () => {
    const now = new Date();
    const store = await seedStore(t.db);
    await seedCart(t.db, store, { age: 60, phone: '+14155550142' }, now);
    await seedCart(t.db, store, { age: 60, phone: '+12145550142' }, now);
    const before = await tableCounts(t.db);
    const human = await runCli(['run-candidates', '--brand', String(store.brandId), '--dry-run'], testEnv(t.url));
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Dry run: nothing was changed.');
    expect(human.stdout).toContain(
      `Workflow ${store.workflowId} "Abandoned Cart" (cart, brand ${store.brandId}): started 1, filtered_out 1`,
    );
    expect(human.stdout).toMatch(/would text: cart \d+ \+1415\*\*\*0142/);
    expect(human.stdout).not.toContain('+14155550142');

    const json = await runCli(
      ['run-candidates', '--brand', String(store.brandId), '--dry-run', '--json'],
      testEnv(t.url),
    );
    const parsed = JSON.parse(json.stdout);
    expect(parsed.dry_run).toBe(true);
    expect(parsed.workflows).toHaveLength(1);
    expect(parsed.workflows[0]).toMatchObject({
      id: store.workflowId,
      name: 'Abandoned Cart',
      outcomes: {
        started: 1,
        filtered_out: 1,
        channel_missing: 0,
        channel_blocked: 0,
        recently_engaged: 0,
        holdout: 0,
        triggered: 0,
        duplicate: 0,
      },
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('--json after a real run: the outcomes and the conversations started', async () => {
    const now = new Date();
    const store = await seedStore(t.db);
    const cart = await seedCart(t.db, store, { age: 45 }, now);
    const result = await runCli(['run-candidates', '--workflow', String(store.workflowId), '--json'], testEnv(t.url));
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout);
    expect(parsed.workflows[0].outcomes.started).toBe(1);
    const conversation = await t.db('conversations').where({ cart_id: cart.id }).first();
    expect(parsed.workflows[0].texted[0]).toMatchObject({
      kind: 'cart',
      id: cart.id,
      conversation_id: Number(conversation.id),
    });
  });

  it('bad flags exit 1 and change nothing', async () => {
    const bad = await runCli(['run-candidates', '--brand', 'abc'], testEnv(t.url));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--brand must be a whole number, got "abc".');
  });

  it('two runs at once (two processes): every candidate is started exactly once', async () => {
    const a = await seedStore(t.db, { discount: true });
    const b = await seedStore(t.db, { discount: true });
    await bulkCarts(a, 400);
    await bulkCarts(b, 400);
    const [one, two] = await Promise.all([
      runCli(['run-candidates', '--json'], testEnv(t.url)),
      runCli(['run-candidates', '--json'], testEnv(t.url)),
    ]);
    expect([one.code, two.code]).toEqual([0, 0]);
    const started = (out: string, id: number): number =>
      JSON.parse(out).workflows.find((w: { id: number }) => w.id === id)?.outcomes.started ?? 0;
    expect(started(one.stdout, a.workflowId) + started(two.stdout, a.workflowId)).toBe(400);
    expect(started(one.stdout, b.workflowId) + started(two.stdout, b.workflowId)).toBe(400);
    await assertStartedOnce(a, 400);
    await assertStartedOnce(b, 400);
    const [{ n }] = await t.db('discount_codes').whereIn('workflow_id', [a.workflowId, b.workflowId]).count({ n: '*' });
    expect(Number(n)).toBe(800);
  });

  it('a run killed mid-way and started again still texts each cart once', async () => {
    const store = await seedStore(t.db);
    await bulkCarts(store, 3000);
    const killed = await runCli(['run-candidates', '--brand', String(store.brandId)], testEnv(t.url), {
      timeoutMs: 2_600,
    });
    const again = await runCli(['run-candidates', '--brand', String(store.brandId), '--json'], testEnv(t.url));
    expect(again.code).toBe(0);
    expect(killed.code === null || killed.code === 0).toBe(true);
    await assertStartedOnce(store, 3000);
    const pending = await t.db('carts').where({ brand_id: store.brandId, state: 'pending' }).count({ n: '*' });
    expect(pending).toEqual([{ n: '0' }]);
  });
});

describe('reclaim explain', () => {
  let store: Store;
  const now = new Date();
  const carts: Record<string, number> = {};
  beforeAll(async () => {
    store = await seedStore(t.db, { brand: { extra_data: { holdout: { groups: ['D'] } } } });
    carts.texted = (await seedCart(t.db, store, { age: 60 }, now)).id;
    carts.texas = (await seedCart(t.db, store, { age: 60, province: 'TX' }, now)).id;
    carts.early = (await seedCart(t.db, store, { age: 10 }, now)).id;
    carts.late = (await seedCart(t.db, store, { age: 240 }, now)).id;
    await runCli(['run-candidates', '--brand', String(store.brandId)], testEnv(t.url));
  });

  it('a texted cart: the recorded outcome and its conversation', async () => {
    const out = await runCli(['explain', '--cart', String(carts.texted)], testEnv(t.url));
    expect(out.code).toBe(0);
    const conversation = await t.db('conversations').where({ cart_id: carts.texted }).first();
    expect(out.stdout).toMatch(
      new RegExp(`^Cart ${carts.texted} \\(brand ${store.brandId}, contact \\d+, \\+1415\\*\\*\\*\\d{4}\\)`),
    );
    expect(out.stdout).toMatch(
      new RegExp(
        `Workflow ${store.workflowId} "Abandoned Cart" \\(cart, active, delay 30 min\\): texted: started on .+, conversation ${conversation.id}`,
      ),
    );
  });

  it('a Texas cart: the compliance check decided', async () => {
    const out = await runCli(['explain', '--cart', String(carts.texas), '--json'], testEnv(t.url));
    const parsed = JSON.parse(out.stdout);
    expect(parsed.workflows[0]).toMatchObject({
      texted: false,
      decided_by: 'recorded_outcome',
      recorded: { outcome: 'filtered_out', reason: 'texas' },
    });
    expect(parsed.workflows[0].summary).toBe(
      `not texted: filtered_out (texas) on ${parsed.workflows[0].recorded.at}: Texas customer (a TX address) and the brand has not set texas_compliance`,
    );
    expect(parsed.workflows[0].now.checks.find((c: { check: string }) => c.check === 'texas')).toMatchObject({
      passed: false,
    });
  });

  it('carts outside the window: not yet, or never selected', async () => {
    const early = JSON.parse(
      (await runCli(['explain', '--cart', String(carts.early), '--json'], testEnv(t.url))).stdout,
    );
    expect(early.workflows[0]).toMatchObject({ decided_by: 'window', texted: false });
    expect(early.workflows[0].summary).toMatch(/^not yet: the cart becomes a candidate at .+ \(delay 30 minutes\)$/);
    const late = await runCli(['explain', '--cart', String(carts.late)], testEnv(t.url));
    expect(late.stdout).toContain(
      'not texted: the cart is outside the window (updated between 3 hours and 30 minutes ago) and was never selected',
    );
  });

  it('a paused workflow says so', async () => {
    await t.db('workflows').where({ id: store.workflowId }).update({ is_paused: true });
    const out = JSON.parse((await runCli(['explain', '--cart', String(carts.early), '--json'], testEnv(t.url))).stdout);
    expect(out.workflows[0]).toMatchObject({ decided_by: 'workflow', summary: 'not texted: the workflow is paused' });
    await t.db('workflows').where({ id: store.workflowId }).update({ is_paused: false });
  });

  it('an order against a checkout workflow: not applicable, and not for a missing checkout', async () => {
    const checkoutStore = await seedStore(t.db, { type: 'checkout' });
    const order = await seedOrder(t.db, checkoutStore, { age: 60 }, now);
    const out = JSON.parse((await runCli(['explain', '--order', String(order.id), '--json'], testEnv(t.url))).stdout);
    expect(out.workflows[0]).toMatchObject({
      decided_by: 'workflow',
      texted: false,
      summary: 'not applicable: checkout workflows select checkouts, not orders',
    });
  });

  it('bad input: one of --cart or --order, and a cart that exists', async () => {
    const neither = await runCli(['explain'], testEnv(t.url));
    expect([neither.code, neither.stderr.trim()]).toEqual([1, 'Error: Give --cart ID or --order ID (one of them).']);
    const unknown = await runCli(['explain', '--cart', '999999999'], testEnv(t.url));
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Error: Cart not found']);
  });
});

describe('startConversation', () => {
  it("'Failed to create conversation/message' rolls everything back", async () => {
    const now = new Date();
    const store = await seedStore(t.db);
    const cart = await seedCart(t.db, store, { age: 60 }, now);
    const before = await tableCounts(t.db);
    const attempt = withTransaction(t.db, async (tx) => {
      await tx('flow_events').insert({
        brand_id: store.brandId,
        workflow_id: store.workflowId,
        event_id: cart.id,
        event_type: 'cart',
        state: 'started',
      });
      return startConversation(tx, {
        brandId: store.brandId,
        workflowId: store.workflowId,
        contactId: cart.contactId!,
        contactChannelId: 987654321, // no such channel: the message cannot be created
        cartId: cart.id,
        body: 'Hi {cart_link}',
        scheduledFor: now,
        shortLinkTarget: 'https://northwind.example.com/cart',
        discount: { discountRuleId: null, platform: 'shopify' },
      });
    });
    await expect(attempt).rejects.toMatchObject({ kind: 'internal', message: FAILED_TO_CREATE_CONVERSATION });
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await outcomesOf(t.db, store.workflowId)).toEqual({});
  });

  it('starts one conversation with its link and code in the caller transaction', async () => {
    const now = new Date();
    const store = await seedStore(t.db);
    const cart = await seedCart(t.db, store, { age: 60 }, now);
    const channel = await t.db('contact_channels').where({ contact_id: cart.contactId }).first();
    const started = await withTransaction(t.db, (tx) =>
      startConversation(tx, {
        brandId: store.brandId,
        workflowId: store.workflowId,
        contactId: cart.contactId!,
        contactChannelId: Number(channel.id),
        cartId: cart.id,
        body: 'Your cart: {cart_link} Code {discount_code}',
        scheduledFor: now,
        shortLinkTarget: 'https://northwind.example.com/cart',
        discount: { discountRuleId: null, platform: 'shopify', prefix: 'SAVE' },
        linkBaseUrl: 'https://links.example.com/',
      }),
    );
    expect(started.body).toMatch(
      /^Your cart: https:\/\/links\.example\.com\/r\/[A-Za-z0-9]{8} Code SAVE-[A-HJKMNP-Z0-9]{6}$/,
    );
    const message = await t.db('conversation_messages').where({ id: started.messageId }).first();
    expect(message.body).toBe(started.body);
    expect((await t.db('discount_codes').where({ id: started.discountCodeId }).first()).code).toBe(
      started.discountCode,
    );
  });

  it('a code the brand already has is drawn again, and the message carries the new one', async () => {
    const now = new Date();
    const store = await seedStore(t.db);
    const cart = await seedCart(t.db, store, { age: 60 }, now);
    const channel = await t.db('contact_channels').where({ contact_id: cart.contactId }).first();
    const taken = generateCode({ platform: 'shopify' }, seededRandom(7));
    await t.db('discount_codes').insert({ brand_id: store.brandId, code: taken, status: 'created' });
    const started = await withTransaction(t.db, (tx) =>
      startConversation(tx, {
        brandId: store.brandId,
        workflowId: store.workflowId,
        contactId: cart.contactId!,
        contactChannelId: Number(channel.id),
        cartId: cart.id,
        body: 'Code {discount_code}',
        scheduledFor: now,
        discount: { discountRuleId: null, platform: 'shopify', random: seededRandom(7) },
      }),
    );
    expect(started.discountCode).toMatch(/^LR-[A-HJKMNP-Z0-9]{6}$/);
    expect(started.discountCode).not.toBe(taken);
    const message = await t.db('conversation_messages').where({ id: started.messageId }).first();
    expect(message.body).toBe(`Code ${started.discountCode}`);
    expect(message.extra_data.discount_code_id).toBe(started.discountCodeId);
    const code = await t.db('discount_codes').where({ id: started.discountCodeId }).first();
    expect([code.code, Number(code.message_id), Number(code.conversation_id), code.status]).toEqual([
      started.discountCode,
      started.messageId,
      started.conversationId,
      'pending',
    ]);
  });
});
