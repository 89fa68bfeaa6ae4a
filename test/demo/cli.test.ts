import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoFixtures } from '../../src/demo/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let env: Record<string, string>;
const json = async (args: string[]): Promise<Record<string, unknown>> => {
  const { code, stdout, stderr } = await runCli([...args, '--json'], env);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as Record<string, unknown>;
};

beforeAll(async () => {
  env = testEnv(t.url); // server mode
  const { code, stderr } = await runCli(['db', 'seed', '--demo'], env);
  expect(code, stderr).toBe(0);
});

describe('after `reclaim db seed --demo` the demo tells the whole story', () => {
  it('`stats recovered --brand 1` shows recovered orders and sales', async () => {
    const stats = await json(['stats', 'recovered', '--brand', '1']);
    expect(stats.recovered_orders).toBeGreaterThan(0);
    expect(Number(stats.recovered_sales)).toBeGreaterThan(0);
  });

  it('`stats brand --brand 1` shows conversations, replies, recovered orders and recovered sales', async () => {
    const stats = (await json(['stats', 'brand', '--brand', '1'])) as {
      metrics: { id: string; current: number | string | null }[];
    };
    const current = Object.fromEntries(stats.metrics.map((m) => [m.id, Number(m.current)]));
    expect(current.conversations_started).toBeGreaterThan(0);
    expect(current.replies).toBeGreaterThan(0);
    expect(current.recovered_orders).toBeGreaterThan(0);
    expect(current.recovered_sales).toBeGreaterThan(0);
  });

  it('`stats lift --brand 1` has texted and held-out carts', async () => {
    const lift = (await json(['stats', 'lift', '--brand', '1'])) as {
      texted: { carts: number };
      held_out: { carts: number };
    };
    expect(lift.texted.carts).toBeGreaterThan(0);
    expect(lift.held_out.carts).toBeGreaterThan(0);
  });

  it('`orders explain` of a recovered order shows the evidence that counted', async () => {
    const order = await t.db('orders').where({ brand_id: 1 }).whereNotNull('recovered_at').orderBy('id').first('id');
    const explained = (await json(['orders', 'explain', String(order.id)])) as {
      billed: boolean;
      decision: { items: { counted: boolean }[] };
    };
    expect(explained.billed).toBe(true);
    expect(explained.decision.items.filter((i) => i.counted).length).toBeGreaterThan(0);
  });

  it('`run-candidates` right after seeding starts a conversation from the Abandoned Cart workflow', async () => {
    const result = (await json(['run-candidates'])) as { workflows: { name: string; outcomes: { started: number } }[] };
    expect(result.workflows.find((w) => w.name === 'Abandoned Cart')?.outcomes.started).toBeGreaterThanOrEqual(1);
  });

  it('`start` on a server database prints no password, neither as text nor as JSON', async () => {
    const fixtures = await loadDemoFixtures();
    const passwords = [fixtures.staff, ...fixtures.brands.flatMap((b) => [b.user, b.partner?.user])]
      .filter((u) => u !== null && u !== undefined)
      .map((u) => u.password);
    const text = await runCli(['start', '--once'], env);
    const asJson = await runCli(['start', '--once', '--json'], env);
    const seeded = await runCli(['db', 'seed', '--demo'], env);
    for (const run of [text, asJson, seeded]) {
      expect(run.code, run.stderr).toBe(0);
      for (const password of passwords) expect(run.stdout + run.stderr).not.toContain(password);
    }
    expect(text.stdout).not.toContain('Demo logins');
    expect(JSON.parse(asJson.stdout)).not.toHaveProperty('demo_logins');
  });
});
