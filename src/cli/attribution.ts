import { Command } from 'commander';
import {
  attributeOrder,
  defaultPeriod,
  explainOrder,
  liftStats,
  recoveredStats,
  type EvidenceItemView,
  type LiftSide,
  type OrderExplanation,
  type Period,
} from '../attribution/index.ts';
import { action, parseDateFlag, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

function parsePeriod(since?: string): Period {
  const period = defaultPeriod();
  if (since === undefined) return period;
  return { since: parseDateFlag('--since', since), until: period.until };
}

const pct = (n: number | null): string => (n === null ? '-' : `${(n * 100).toFixed(1)}%`);
const itemLine = (i: EvidenceItemView): string =>
  `  ${i.counted ? 'counted    ' : 'not counted'}  ${i.kind === 'discount_code' ? `discount code ${i.code}` : `${i.kind} ${i.id}`} at ${i.at} (${i.hours_before} h before) in conversation ${i.conversation_id}: ${i.reason}`;

function explanationLines(x: OrderExplanation): string[] {
  const o = x.order;
  const lines = [
    `Order ${o.id}${o.number ? ` (${o.number})` : ''}: ${o.state}, ${o.total} ${o.currency}, placed ${o.created_at}, billing status ${o.billing_status ?? '-'}`,
    x.summary,
  ];
  const d = x.decision;
  if (!d) return lines;
  lines.push(
    `Rule: ${d.rule} (attribution ${d.attribution_type}), window ${d.window_hours ?? '-'} h, hard cap ${d.hard_cap_days ?? '-'} days; decided ${d.decided_at}`,
  );
  if (d.recovered)
    lines.push(
      `Conversation ${d.conversation_id}, workflow ${d.workflow_id}; live feed: ${x.live_feed_recovered ? 'recovered' : 'not recovered'}`,
    );
  lines.push(
    ...d.warnings.map((w) => `Warning: ${w}`),
    d.items.length ? 'Evidence:' : 'Evidence: none',
    ...d.items.map(itemLine),
  );
  return lines;
}

export function ordersCommand(): Command {
  const orders = withExamples(
    new Command('orders').description(
      'orders: why a brand is billed for one (attribution evidence), re-run attribution',
    ),
    'reclaim orders explain 42',
    'reclaim orders attribute 42 --json',
  );

  withExamples(
    orders
      .command('explain <id>')
      .description('the attribution decision of an order: rule, window and each piece of evidence with its time')
      .option('--brand <id>', 'only if the order belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim orders explain 42',
    'reclaim orders explain 42 --brand 3 --json',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = {
        orderId: parseIntegerFlag('id', id),
        brandId: opts.brand === undefined ? undefined : parseIntegerFlag('--brand', opts.brand),
      };
      await withContext(async (ctx) => {
        const explanation = await explainOrder(ctx.db, query);
        if (opts.json) return printJson(explanation);
        printLines(...explanationLines(explanation));
      });
    }),
  );

  withExamples(
    orders
      .command('attribute <id>')
      .description('run attribution for an order now (what a complete-order webhook does); safe to repeat')
      .option('--json', 'print as JSON'),
    'reclaim orders attribute 42',
  ).action(
    action(async (id: string, opts: { json?: boolean }) => {
      const orderId = parseIntegerFlag('id', id);
      await withContext(async (ctx) => {
        const result = await attributeOrder(ctx, orderId);
        if (opts.json)
          return printJson({
            order_id: orderId,
            recovered: result.recovered,
            rule: result.rule ?? null,
            conversation_id: result.conversationId ?? null,
            billing_status: result.billingStatus ?? null,
          });
        printLines(
          `Order ${orderId}: ${result.recovered ? `recovered by conversation ${result.conversationId} (${result.rule})` : `not recovered (${result.rule})`}, billing status ${result.billingStatus ?? '-'}.`,
        );
      });
    }),
  );
  return orders;
}

const sideLine = (label: string, s: LiftSide): string =>
  `  ${label.padEnd(9)} ${String(s.carts).padStart(7)} ${String(s.converted).padStart(11)} ${pct(s.rate).padStart(7)} ${s.revenue.padStart(12)}`;

export function statsCommand(): Command {
  const stats = withExamples(
    new Command('stats').description('recovered orders and the real lift of texting (holdout)'),
    'reclaim stats recovered --brand 1',
    'reclaim stats lift --brand 1 --since 2026-11-01',
  );

  withExamples(
    stats
      .command('recovered')
      .description('orders placed in the period and those recovered (the live feed rule), with sales')
      .requiredOption('--brand <id>', 'brand id')
      .option('--since <date>', 'from this date (default: 30 days ago)')
      .option('--json', 'print as JSON'),
    'reclaim stats recovered --brand 1 --json',
  ).action(
    action(async (opts: { brand: string; since?: string; json?: boolean }) => {
      const query = { brandId: parseIntegerFlag('--brand', opts.brand), ...parsePeriod(opts.since) };
      await withContext(async (ctx) => {
        const s = await recoveredStats(ctx.db, query);
        if (opts.json) return printJson(s);
        printLines(
          `Brand ${s.brand_id}, orders placed ${s.since} to ${s.until}:`,
          `  orders ${s.orders}, sales ${s.sales}`,
          `  recovered ${s.recovered_orders} (${pct(s.recovered_share)}), recovered sales ${s.recovered_sales}, recovered AOV ${s.recovered_aov ?? '-'}`,
        );
      });
    }),
  );

  withExamples(
    stats
      .command('lift')
      .description(
        'recovery rate of texted carts against held-out carts (brands.extra_data.holdout.groups), with attributed revenue beside it',
      )
      .requiredOption('--brand <id>', 'brand id')
      .option('--since <date>', 'cart events from this date (default: 30 days ago)')
      .option('--json', 'print as JSON'),
    'reclaim stats lift --brand 1',
    'reclaim stats lift --brand 1 --since 2026-11-01 --json',
  ).action(
    action(async (opts: { brand: string; since?: string; json?: boolean }) => {
      const query = { brandId: parseIntegerFlag('--brand', opts.brand), ...parsePeriod(opts.since) };
      await withContext(async (ctx) => {
        const s = await liftStats(ctx.db, query);
        if (opts.json) return printJson(s);
        const relative =
          s.lift.relative === null
            ? ''
            : `, ${s.lift.relative >= 0 ? '+' : ''}${(s.lift.relative * 100).toFixed(1)}% relative`;
        printLines(
          `Brand ${s.brand_id}, carts from ${s.since} to ${s.until}; an order within ${s.window_hours} h counts; held-out groups: ${s.holdout_groups.join(', ') || 'none'}`,
          `  ${''.padEnd(9)} ${'carts'.padStart(7)} ${'with order'.padStart(11)} ${'rate'.padStart(7)} ${'revenue'.padStart(12)}`,
          sideLine('texted', s.texted),
          sideLine('held out', s.held_out),
          `Lift: ${s.lift.absolute === null ? '-' : `${s.lift.absolute >= 0 ? '+' : ''}${(s.lift.absolute * 100).toFixed(1)} points`}${relative}`,
          `Attributed (live feed): ${s.attributed.orders} recovered orders, ${s.attributed.revenue}`,
          ...s.warnings.map((w) => `Note: ${w}`),
        );
      });
    }),
  );
  return stats;
}
