/**
 * Exit codes a script can trust: every command that takes an id, given one that does not exist
 * (999999) or one of another brand, exits 1 with the spec's one-line message ('Brand not found',
 * 'Flow not found', ...) on stderr, prints nothing on stdout and changes nothing. The table is
 * checked against the program itself: every id option and id argument of every command has a row,
 * and every brand-scoped id of a command that also takes --brand has a row with another brand's id.
 */
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/index.ts';
import { runCli } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { BRAND, FLOW, ROWS } from './unknown-ids-rows.ts';

const t = useTestDatabase();
let env: Record<string, string>;

/** Ids that are not ours to look up (another service's), or filters of a list rather than an entity it needs. */
const NOT_LOOKED_UP: Record<string, string> = {
  'stores script-tags delete <id>': "Shopify's script tag id: Shopify answers for it",
  'stores order --order': "Shopify's order id or name, looked up at Shopify",
  'slack set-channel --channel': "Slack's channel id or #name",
  'klaviyo consent --profile': "Klaviyo's profile id",
  'billing plans create --stripe-price': "Stripe's price id",
  'workflows create --external-id': "the automation service's workflow id, stored as given",
  'workflows update --external-id': "the automation service's workflow id, stored as given",
  'conversations list --id': 'a filter of the list: no conversation with that id is an empty list',
};

/** Options that name an entity of the brand given with --brand (users and plans are not a brand's). */
const BRAND_SCOPED = new Set([
  '<id>',
  '--workflow',
  '--integration',
  '--discount-rule',
  '--segment',
  '--flow',
  '--subscription',
]);

const UNKNOWN = '999999';
const idsOf: Record<string, string> = {};

/** The row's arguments: quoted values kept whole, placeholders filled in. */
function argsOf(row: string): string[] {
  return (row.match(/"[^"]*"|\S+/g) ?? []).map((token) => {
    const bare = token.replace(/^"(.*)"$/, '$1');
    if (bare === 'X') return UNKNOWN;
    return bare.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (!(name in idsOf)) throw new Error(`No id for {${name}}`);
      return idsOf[name];
    });
  });
}

/** The command path of a row (`workflows show`) and the id it makes wrong (`<id>`, `--brand`), foreign or unknown. */
function subjectOf(row: string, program: Command): { path: string; id: string; foreign: boolean } {
  const tokens = row.match(/"[^"]*"|\S+/g) ?? [];
  const path: string[] = [];
  let command = program;
  for (const token of tokens) {
    const sub = command.commands.find((c) => c.name() === token);
    if (!sub) break;
    path.push(token);
    command = sub;
  }
  const index = tokens.findIndex((token, i) => i >= path.length && (token === 'X' || /^\{[A-Z]2\}$/.test(token)));
  if (index < 0) throw new Error(`Row "${row}" has no unknown (X) or foreign ({…2}) id`);
  const before = tokens[index - 1];
  return {
    path: path.join(' '),
    id: before?.startsWith('--') ? before : '<id>',
    foreign: tokens[index] !== 'X',
  };
}

/** Every leaf command with the ids it takes: options whose value is an id, and `id` arguments. */
function idTakingCommands(program: Command): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (command: Command, path: string[]): void => {
    if (command.commands.length > 0) {
      for (const sub of command.commands) walk(sub, [...path, sub.name()]);
      return;
    }
    const ids = [
      ...command.registeredArguments.filter((a) => a.name() === 'id').map(() => '<id>'),
      ...command.options.filter((o) => /<(id|userId)\b/.test(o.flags)).map((o) => o.long!),
    ];
    if (ids.length) found.set(path.join(' '), ids);
  };
  walk(program, []);
  return found;
}

const COUNTED_TABLES = [
  'brands',
  'tenants',
  'users',
  'tenant_users',
  'partners',
  'leads',
  'workflows',
  'filters',
  'kb_cards',
  'subscriptions',
  'brand_integrations',
  'brand_permissions',
  'conversations',
  'conversation_messages',
  'notifications',
  'cart_event_hooks',
  'ads',
];
const counts = async (): Promise<Record<string, unknown>> => ({
  ...Object.fromEntries(
    await Promise.all(
      COUNTED_TABLES.map(
        async (table) => [table, Number((await t.db(table).count<{ n: string }[]>({ n: '*' }))[0].n)] as const,
      ),
    ),
  ),
  subscription_states: await t.db('subscriptions').orderBy('id').select('id', 'status'),
  workflow_states: await t.db('workflows').orderBy('id').select('id', 'status', 'is_paused'),
});

let before: Record<string, unknown>;

beforeAll(async () => {
  env = testEnv(t.url);
  const seeded = await runCli(['db', 'seed', '--demo'], env);
  expect(seeded.code, seeded.stderr).toBe(0);
  const [b1, b2] = (await t.db('brands').orderBy('id').select('id', 'tenant_id')).map((b) => ({
    id: Number(b.id),
    tenant: Number(b.tenant_id),
  }));
  const first = async (table: string, brandId: number, where: Record<string, unknown> = {}): Promise<string> => {
    const row = await t
      .db(table)
      .where({ brand_id: brandId, ...where })
      .orderBy('id')
      .first('id');
    if (!row) throw new Error(`The demo has no ${table} row of brand ${brandId}`);
    return String(row.id);
  };
  const filter = JSON.stringify({ condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 2 }] });
  idsOf.FILTER = filter;
  for (const [n, brand] of [
    ['1', b1],
    ['2', b2],
  ] as const) {
    idsOf[`B${n}`] = String(brand.id);
    idsOf[`W${n}`] = await first('workflows', brand.id);
    idsOf[`C${n}`] = await first('contacts', brand.id);
    idsOf[`V${n}`] = await first('conversations', brand.id);
    idsOf[`I${n}`] = await first('brand_integrations', brand.id);
    idsOf[`D${n}`] = await first('discount_rules', brand.id);
    const order = await t
      .db('orders as o')
      .join('brand_integrations as bi', 'bi.id', 'o.brand_integration_id')
      .where('bi.brand_id', brand.id)
      .orderBy('o.id')
      .first('o.id');
    idsOf[`O${n}`] = String(order.id);
    const segment = await runCli(
      ['segments', 'create', '--brand', String(brand.id), '--name', 'Repeat', '--filter', filter, '--json'],
      env,
    );
    expect(segment.code, segment.stderr).toBe(0);
    idsOf[`F${n}`] = String((JSON.parse(segment.stdout) as { id: number }).id);
    const campaign = await runCli(
      ['campaigns', 'create', '--brand', String(brand.id), '--segment', idsOf[`F${n}`], '--message', 'Hi'].concat([
        '--at',
        '2030-01-01T17:00:00Z',
        '--json',
      ]),
      env,
    );
    expect(campaign.code, campaign.stderr).toBe(0);
    idsOf[`P${n}`] = String((JSON.parse(campaign.stdout) as { id: number }).id);
    const [card] = await t
      .db('kb_cards')
      .insert({ brand_id: brand.id, title: 'Shipping', content: 'We ship in two days', status: 'published' })
      .returning('id');
    idsOf[`K${n}`] = String(card.id);
    const [insight] = await t
      .db('brand_insights')
      .insert({ brand_id: brand.id, category: 'product', topic: 'Sizes', body: 'Shoppers ask about sizes' })
      .returning('id');
    idsOf[`N${n}`] = String(insight.id);
    const [escalation] = await t
      .db('conversation_escalations')
      .insert({ brand_id: brand.id, question: 'Do you ship to Canada?' })
      .returning('id');
    idsOf[`E${n}`] = String(escalation.id);
  }
  idsOf.T1 = String(b1.tenant);
  idsOf.U1 = String(
    (await t.db('tenant_users').where({ tenant_id: b1.tenant }).orderBy('id').first('user_id')).user_id,
  );
  const plans = await t.db('plans').where({ status: 'published' }).orderBy('id').limit(2).select('id');
  idsOf.L1 = String(plans[0].id);
  idsOf.L2 = String(plans[1].id);
  idsOf.S1 = await first('subscriptions', b1.id);
  const [subscription] = await t
    .db('subscriptions')
    .insert({ brand_id: b2.id, plan_id: plans[0].id, status: 'active' })
    .returning('id');
  idsOf.S2 = String(subscription.id);
  idsOf.M1 = String((await t.db('notifications').orderBy('id').first('id')).id);
  before = await counts();
}, 120_000);

describe('the table covers every command that takes an id', () => {
  it('every id option and id argument has a row with an unknown id, or a reason it is not ours', async () => {
    const program = await buildProgram();
    const covered = new Set(
      ROWS.map(([row]) => subjectOf(row, program))
        .filter((s) => !s.foreign)
        .map((s) => `${s.path} ${s.id}`),
    );
    const missing = [...idTakingCommands(program)].flatMap(([path, ids]) =>
      ids.map((id) => `${path} ${id}`).filter((key) => !covered.has(key) && !(key in NOT_LOOKED_UP)),
    );
    expect(missing).toEqual([]);
  });

  it("every brand-scoped id of a command that takes --brand has a row with another brand's id", async () => {
    const program = await buildProgram();
    const covered = new Set(
      ROWS.map(([row]) => subjectOf(row, program))
        .filter((s) => s.foreign)
        .map((s) => `${s.path} ${s.id}`),
    );
    const missing = [...idTakingCommands(program)]
      .filter(([, ids]) => ids.includes('--brand'))
      .flatMap(([path, ids]) =>
        ids
          .filter((id) => BRAND_SCOPED.has(id))
          .map((id) => `${path} ${id}`)
          .filter((key) => !covered.has(key) && !(key in NOT_LOOKED_UP)),
      );
    expect(missing).toEqual([]);
  });
});

describe('an unknown or foreign id exits 1 with one line naming what was not found', () => {
  // In the test's process (the program and its actions as the binary runs them): hundreds of spawns
  // would take minutes; the rows below run the binary itself.
  it.each(ROWS)('reclaim %s -> %s', async (row, message) => {
    const { code, stdout, stderr } = await runInProcess(argsOf(row), env);
    expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
  });

  it.concurrent.each([
    ['run-candidates --brand X', BRAND],
    ['run-candidates --workflow X', FLOW],
    ['run-candidates --brand {B1} --workflow {W2}', FLOW],
    ['billing sync --brand X', BRAND],
    ['workflows show {W2} --brand {B1}', FLOW],
  ])(
    'the binary: reclaim %s -> %s',
    async (row, message) => {
      const { code, stdout, stderr } = await runCli(argsOf(row), env);
      expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    },
    60_000,
  );

  it('with --json the error is also on stdout, as JSON', async () => {
    const { code, stdout } = await runCli(argsOf('run-candidates --brand {B1} --workflow {W2} --json'), env);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({ error: { kind: 'not_found', code: 'workflow_not_found', message: FLOW } });
  });
});

afterAll(async () => {
  // Not one of those commands changed anything.
  if (before) expect(await counts()).toEqual(before);
});
