import type { LiftSide, LiftStats, RecoveredStats } from '../../attribution/index.ts';

const pct = (n: number | null): string => (n === null ? '-' : `${(n * 100).toFixed(1)}%`);
const sideLine = (label: string, s: LiftSide): string =>
  `  ${label.padEnd(9)} ${String(s.carts).padStart(7)} ${String(s.converted).padStart(11)} ${pct(s.rate).padStart(7)} ${s.revenue.padStart(12)}`;

/** `stats recovered`: orders and sales in the period, and the recovered share. */
export function recoveredReport(s: RecoveredStats): string {
  return [
    `Brand ${s.brand_id}, orders placed ${s.since} to ${s.until}:`,
    `  orders ${s.orders}, sales ${s.sales}`,
    `  recovered ${s.recovered_orders} (${pct(s.recovered_share)}), recovered sales ${s.recovered_sales}, recovered AOV ${s.recovered_aov ?? '-'}`,
  ].join('\n');
}

/** `stats lift`: texted against held-out carts as a small table, the lift, and attributed revenue. */
export function liftReport(s: LiftStats): string {
  const relative =
    s.lift.relative === null
      ? ''
      : `, ${s.lift.relative >= 0 ? '+' : ''}${(s.lift.relative * 100).toFixed(1)}% relative`;
  return [
    `Brand ${s.brand_id}, carts from ${s.since} to ${s.until}; an order within ${s.window_hours} h counts; held-out groups: ${s.holdout_groups.join(', ') || 'none'}`,
    `  ${''.padEnd(9)} ${'carts'.padStart(7)} ${'with order'.padStart(11)} ${'rate'.padStart(7)} ${'revenue'.padStart(12)}`,
    sideLine('texted', s.texted),
    sideLine('held out', s.held_out),
    `Lift: ${s.lift.absolute === null ? '-' : `${s.lift.absolute >= 0 ? '+' : ''}${(s.lift.absolute * 100).toFixed(1)} points`}${relative}`,
    `Attributed (live feed): ${s.attributed.orders} recovered orders, ${s.attributed.revenue}`,
    ...s.warnings.map((w) => `Note: ${w}`),
  ].join('\n');
}
