import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  createWorkflow,
  createWorkflowFromTemplate,
  deleteWorkflow,
  getWorkflowView,
  listRunnableWorkflows,
  setWorkflowState,
  updateWorkflow,
  type WorkflowView,
} from '../../src/workflows/index.ts';
import { createBrand, createIntegration, createWorkflow as insertWorkflow } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let env: Record<string, string>;
let brandId: number;
let integrationId: number;

const count = async (table: string, where: Record<string, unknown> = {}): Promise<number> =>
  Number((await t.db(table).where(where).count<{ count: string }[]>('* as count'))[0]!.count);
const caught = (promise: Promise<unknown>): Promise<{ kind?: string; message: string }> =>
  promise.then(
    () => ({ message: 'no error' }),
    (error: { kind?: string; message: string }) => error,
  );

beforeAll(async () => {
  ctx = await t.context();
  env = testEnv(t.url);
  brandId = (await createBrand(t.db)).id;
  integrationId = (await createIntegration(t.db, brandId)).id;
});

describe('reclaim workflows create-from-template / activate (CLI)', () => {
  it('create-from-template --json prints the new workflow with its id: a paused draft with the 10% template discount', async () => {
    const result = await runCli(
      ['workflows', 'create-from-template', '--brand', String(brandId), '--template', 'abandoned-cart', '--json'],
      env,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const workflow = JSON.parse(result.stdout) as WorkflowView;
    expect(workflow).toMatchObject({
      id: expect.any(Number),
      brand_id: brandId,
      brand_integration_id: integrationId,
      platform: 'shopify',
      name: 'Abandoned Cart',
      type: 'checkout',
      template: 'abandoned-cart',
      status: 'draft',
      is_paused: true,
      state: 'draft',
      delay_minutes: 30,
      timezone: 'America/Los_Angeles',
      action: { type: 'discount', discount: { type: 'percentage', value: 10 } },
      discount: { type: 'percentage', value: 10, duration_days: 10, display: '10%', code_type: 'dynamic', valid: true },
    });
    expect(workflow.message_text).toContain('{discount_code}');
    const row = await t.db('workflows').where({ id: workflow.id }).first();
    expect(row).toMatchObject({ status: 'draft', is_paused: true, delay_minutes: 30, template: 'abandoned-cart' });
    expect(await t.db('discount_rules').where({ id: row.discount_rule_id }).first()).toMatchObject({
      type: 'percentage',
      value: '10.00',
      duration: 10,
      extra_data: { type: 'dynamic', category: 'order' },
    });
    expect(await listRunnableWorkflows(t.db, { workflowId: workflow.id })).toEqual([]);

    const activated = await runCli(['workflows', 'activate', String(workflow.id), '--json'], env);
    expect(activated.code).toBe(0);
    expect(JSON.parse(activated.stdout)).toMatchObject({
      id: workflow.id,
      status: 'active',
      is_paused: false,
      state: 'active',
    });
    expect(await t.db('workflows').where({ id: workflow.id }).first()).toMatchObject({
      status: 'active',
      is_paused: false,
    });
    expect((await listRunnableWorkflows(t.db, { workflowId: workflow.id })).map((w) => [w.id, w.platform])).toEqual([
      [workflow.id, 'shopify'],
    ]);

    const shown = await runCli(['workflows', 'show', String(workflow.id)], env);
    expect(shown.stdout).toContain(`Workflow ${workflow.id}: Abandoned Cart  (checkout, template abandoned-cart)`);
    expect(shown.stdout).toContain('state active');
    expect(shown.stdout).toContain('discount 10% (percentage, dynamic code, 10 days)');
  });

  it('--delay replaces the template delay; a delay that is not a number is refused and nothing is written', async () => {
    const ok = await runCli(
      [
        'workflows',
        'create-from-template',
        '--brand',
        String(brandId),
        '--template',
        'upsell',
        '--delay',
        '2880',
        '--json',
      ],
      env,
    );
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      name: 'Upsell',
      type: 'order',
      delay_minutes: 2880,
      rules: { main_rule: { field: 'order_count', operator: 'gte', value: 1 } },
    });

    const [workflows, rules] = [await count('workflows'), await count('discount_rules')];
    const bad = await runCli(
      ['workflows', 'create-from-template', '--brand', String(brandId), '--template', 'upsell', '--delay', 'soon'],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Error: Delay must be a whole number of minutes');
    const unknown = await runCli(
      ['workflows', 'create-from-template', '--brand', String(brandId), '--template', 'birthday', '--json'],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toEqual({
      error: { kind: 'not_found', code: 'template_not_found', message: 'No template workflow found' },
    });
    expect([await count('workflows'), await count('discount_rules')]).toEqual([workflows, rules]);
  });

  it('create with rules, list and delete', async () => {
    const created = await runCli(
      [
        'workflows',
        'create',
        '--brand',
        String(brandId),
        '--type',
        'order',
        '--main-rule',
        'order_total gte 100',
        '--rule',
        'tags contains vip',
        '--rule',
        'contact_group in A,B',
        '--condition',
        'or',
        '--message',
        'Hi {first_name}: {cart_link}',
        '--discount-type',
        'percentage',
        '--json',
      ],
      env,
    );
    expect(created.code).toBe(0);
    const workflow = JSON.parse(created.stdout) as WorkflowView;
    expect(workflow).toMatchObject({
      name: 'Post Purchase',
      delay_minutes: 30,
      rules: {
        condition: 'OR',
        main_rule: { field: 'order_total', operator: 'gte', value: 100 },
        rules: [
          { field: 'tags', operator: 'contains', value: 'vip' },
          { field: 'contact_group', operator: 'in', value: ['A', 'B'] },
        ],
      },
      discount: { value: 15, display: '15%' },
    });
    const list = await runCli(['workflows', 'list', '--brand', String(brandId), '--json'], env);
    expect(JSON.parse(list.stdout).workflows.map((w: WorkflowView) => w.id)).toContain(workflow.id);
    const noMain = await runCli(['workflows', 'create', '--brand', String(brandId), '--type', 'order'], env);
    expect(noMain.code).toBe(1);
    expect(noMain.stderr).toContain('Error: Main rule is required for Post Purchase Workflow.');

    const deleted = await runCli(['workflows', 'delete', String(workflow.id)], env);
    expect(deleted.stdout).toContain(`Deleted workflow ${workflow.id} (Post Purchase).`);
    expect(await count('workflows', { id: workflow.id })).toBe(0);
    const gone = await runCli(['workflows', 'show', String(workflow.id)], env);
    expect([gone.code, gone.stderr.trim()]).toEqual([1, 'Error: Flow not found']);
  });
});

describe('workflow service', () => {
  it.each([
    ['instant-upsell', 'Instant Upsell', 'order', 120],
    ['cross-sell', 'Cross-sell', 'order', 4320],
    ['replenishment', 'Replenishment', 'order', 40320],
    ['re-engagement', 'Re-engagement', 'order', 64800],
  ])('template %s: %s, %s, %i minutes, paused draft', async (template, name, type, delay) => {
    const view = await createWorkflowFromTemplate(ctx, { brandId, template });
    expect(view).toMatchObject({
      name,
      type,
      delay_minutes: delay,
      status: 'draft',
      is_paused: true,
      discount: { display: '10%' },
    });
    expect(view.rules.main_rule).toBeTruthy();
  });

  it.each([
    ['an empty name', { type: 'checkout', name: ' ' }, 'Name is required'],
    ['a type without a default name and no name', { type: 'events' }, 'Name is required'],
    [
      'a delay that is not a number',
      { type: 'checkout', delayMinutes: '1.5' },
      'Delay must be a whole number of minutes',
    ],
    ['a condition that is neither AND nor OR', { type: 'checkout', condition: 'maybe' }, 'Condition must be AND or OR'],
    [
      'a status that is neither draft nor active',
      { type: 'checkout', status: 'live' },
      'Status must be draft or active',
    ],
    ['an order workflow without a main rule', { type: 'order' }, 'Main rule is required for Post Purchase Workflow.'],
    [
      'a discount above 100%',
      { type: 'checkout', discount: { type: 'percentage', value: 150 } },
      'Invalid discount rule',
    ],
    ['a fixed discount without an amount', { type: 'checkout', discount: { type: 'fixed' } }, 'Invalid discount rule'],
    [
      'a static code without the code',
      { type: 'checkout', discount: { type: 'percentage', codeType: 'static' } },
      'Invalid discount rule',
    ],
    ['an unknown discount rule', { type: 'checkout', discountRuleId: 987654 }, 'No discount rule found'],
    [
      'an unknown timezone',
      { type: 'checkout', timezone: 'Pacific/Nowhere' },
      'Timezone must be an IANA name such as America/Los_Angeles',
    ],
  ])('refuses %s with the message and writes nothing', async (_name, options, message) => {
    const before = [await count('workflows'), await count('discount_rules')];
    expect(await caught(createWorkflow(ctx, { brandId, ...options }))).toMatchObject({
      kind: message === 'No discount rule found' ? 'not_found' : 'invalid_input',
      message,
    });
    expect([await count('workflows'), await count('discount_rules')]).toEqual(before);
  });

  it("a discount rule the database cannot store: 'Failed to create discount rule', nothing written", async () => {
    const before = [await count('workflows'), await count('discount_rules')];
    // numeric(12,2) holds at most 9,999,999,999.99.
    expect(
      await caught(createWorkflow(ctx, { brandId, type: 'checkout', discount: { type: 'fixed', value: 1e11 } })),
    ).toMatchObject({ kind: 'internal', message: 'Failed to create discount rule' });
    expect([await count('workflows'), await count('discount_rules')]).toEqual(before);
  });

  it("the store integration: the only one, else required; not another brand's; only store platforms", async () => {
    const bare = (await createBrand(t.db)).id;
    expect(await caught(createWorkflowFromTemplate(ctx, { brandId: bare, template: 'abandoned-cart' }))).toMatchObject({
      message: 'Brand integration ID is required',
    });
    expect(
      await caught(createWorkflowFromTemplate(ctx, { brandId: bare, template: 'abandoned-cart', integrationId })),
    ).toMatchObject({ kind: 'not_found', message: 'Brand integration not found' });
    await t
      .db('integrations')
      .insert({ name: 'Slack', slug: 'slack', category: 'chat', is_published: true })
      .onConflict('slug')
      .ignore();
    const slack = await t.db('integrations').where({ slug: 'slack' }).first();
    const [chat] = await t
      .db('brand_integrations')
      .insert({ brand_id: bare, integration_id: slack.id, lookup_id: 'T123', status: 'connected', is_enabled: true })
      .returning('id');
    expect(
      await caught(
        createWorkflowFromTemplate(ctx, { brandId: bare, template: 'abandoned-cart', integrationId: Number(chat.id) }),
      ),
    ).toMatchObject({ message: 'Ecommerce integration not supported' });
    expect(
      await caught(createWorkflowFromTemplate(ctx, { brandId: 987654, template: 'abandoned-cart' })),
    ).toMatchObject({ kind: 'not_found', message: 'Brand not found' });
    // Two store integrations: the connected one is taken when only one is connected; none connected means "say which".
    await createIntegration(t.db, bare, { status: 'disconnected', is_enabled: false });
    const connected = await createIntegration(t.db, bare);
    expect(
      (await createWorkflowFromTemplate(ctx, { brandId: bare, template: 'abandoned-cart' })).brand_integration_id,
    ).toBe(connected.id);
  });

  it('update changes only what is given; pause, resume; resume of a draft is refused', async () => {
    const view = await createWorkflowFromTemplate(ctx, { brandId, template: 'abandoned-cart' });
    const updated = await updateWorkflow(ctx, {
      id: view.id,
      delayMinutes: 45,
      rules: [{ field: 'cart_total', operator: 'gte', value: 50 }],
      timezone: 'America/New_York',
    });
    expect(updated).toMatchObject({
      delay_minutes: 45,
      timezone: 'America/New_York',
      name: 'Abandoned Cart',
      rules: { condition: 'AND', rules: [{ field: 'cart_total', operator: 'gte', value: 50 }] },
      discount: { display: '10%' },
    });
    expect(await caught(setWorkflowState(ctx, { id: view.id, transition: 'resume' }))).toMatchObject({
      message: 'This workflow is a draft: activate it to start it.',
      cliMessage: `Workflow ${view.id} is a draft; activate it to start it (reclaim workflows activate ${view.id})`,
    });
    expect(await setWorkflowState(ctx, { id: view.id, transition: 'activate' })).toMatchObject({ state: 'active' });
    expect(await setWorkflowState(ctx, { id: view.id, transition: 'pause' })).toMatchObject({
      status: 'active',
      is_paused: true,
      state: 'paused',
    });
    expect(await setWorkflowState(ctx, { id: view.id, transition: 'resume' })).toMatchObject({ state: 'active' });
    const plain = await updateWorkflow(ctx, { id: view.id, noDiscount: true });
    expect(plain).toMatchObject({ action: { type: 'message' }, discount: null });
    const shipping = await updateWorkflow(ctx, { id: view.id, discount: { type: 'shipping' } });
    expect(shipping.discount).toMatchObject({ type: 'shipping', display: 'free shipping' });
    expect(await caught(updateWorkflow(ctx, { id: view.id, name: '' }))).toMatchObject({ message: 'Name is required' });
    expect((await getWorkflowView(ctx, { id: view.id })).name).toBe('Abandoned Cart');
    expect(await caught(updateWorkflow(ctx, { id: 987654, name: 'x' }))).toMatchObject({
      kind: 'not_found',
      message: 'Flow not found',
    });
    // Another brand's workflow is not found for it; a brand that does not exist is not found itself.
    const other = (await createBrand(t.db)).id;
    expect(await caught(getWorkflowView(ctx, { id: view.id, brandId: other }))).toMatchObject({
      message: 'Flow not found',
    });
    expect(await caught(getWorkflowView(ctx, { id: view.id, brandId: other + 1000 }))).toMatchObject({
      message: 'Brand not found',
    });
  });

  it('activate checks the whole workflow again', async () => {
    const [row] = await t
      .db('workflows')
      .insert({
        brand_id: brandId,
        brand_integration_id: integrationId,
        name: 'Legacy',
        type: 'order',
        message: JSON.stringify([]),
      })
      .returning('id');
    expect(await caught(setWorkflowState(ctx, { id: Number(row.id), transition: 'activate' }))).toMatchObject({
      message: 'Main rule is required for Post Purchase Workflow.',
    });
    expect(await t.db('workflows').where({ id: row.id }).first()).toMatchObject({ status: 'draft', is_paused: true });
    const deleted = await deleteWorkflow(ctx, { id: Number(row.id) });
    expect(deleted).toEqual({ id: Number(row.id), name: 'Legacy' });
  });
});

describe('listRunnableWorkflows', () => {
  it('active, unpaused, inside starts_at / ends_at, on a connected and enabled store integration', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const brand = (await createBrand(t.db)).id;
    const live = (await createIntegration(t.db, brand)).id;
    const off = (await createIntegration(t.db, brand, { is_enabled: false })).id;
    const gone = (await createIntegration(t.db, brand, { status: 'disconnected' })).id;
    const make = async (name: string, overrides: Record<string, unknown> = {}) =>
      (await insertWorkflow(t.db, { brandId: brand, brand_integration_id: live, name, ...overrides })).id;
    const runnable = [
      await make('plain'),
      await make('started', { starts_at: new Date('2026-11-22T11:59:00Z') }),
      await make('ends later', { ends_at: new Date('2026-11-22T12:01:00Z') }),
    ];
    await make('paused', { is_paused: true });
    await make('draft', { status: 'draft' });
    await make('not yet', { starts_at: new Date('2026-11-22T12:01:00Z') });
    await make('ended', { ends_at: new Date('2026-11-22T12:00:00Z') });
    await make('disabled integration', { brand_integration_id: off });
    await make('disconnected integration', { brand_integration_id: gone });
    await make('no integration', { brand_integration_id: null });
    expect((await listRunnableWorkflows(t.db, { brandId: brand, now })).map((w) => w.id)).toEqual(runnable);
    expect((await listRunnableWorkflows(t.db, { workflowId: runnable[1], now })).map((w) => w.name)).toEqual([
      'started',
    ]);
    await t.db('brands').where({ id: brand }).update({ is_enabled: false });
    expect(await listRunnableWorkflows(t.db, { brandId: brand, now })).toEqual([]);
  });
});
