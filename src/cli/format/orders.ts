import type { AttributionResult, EvidenceItemView, OrderExplanation } from '../../attribution/index.ts';

const itemLine = (i: EvidenceItemView): string =>
  `  ${i.counted ? 'counted    ' : 'not counted'}  ${i.kind === 'discount_code' ? `discount code ${i.code}` : `${i.kind} ${i.id}`} at ${i.at} (${i.hours_before} h before) in conversation ${i.conversation_id}: ${i.reason}`;

/** `orders explain`: the order, the rule and window that decided it, each piece of evidence. */
export function orderExplanation(x: OrderExplanation): string {
  const o = x.order;
  const lines = [
    `Order ${o.id}${o.number ? ` (${o.number})` : ''}: ${o.state}, ${o.total} ${o.currency}, placed ${o.created_at}, billing status ${o.billing_status ?? '-'}`,
    x.summary,
  ];
  const d = x.decision;
  if (!d) return lines.join('\n');
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
  return lines.join('\n');
}

/** `orders attribute --json`: the decision in snake case, absent values as null. */
export const attributionJson = (orderId: number, result: AttributionResult) => ({
  order_id: orderId,
  recovered: result.recovered,
  rule: result.rule ?? null,
  conversation_id: result.conversationId ?? null,
  billing_status: result.billingStatus ?? null,
});

/** `orders attribute`: one line with the decision. */
export const attributionResult = (orderId: number, result: AttributionResult): string =>
  `Order ${orderId}: ${result.recovered ? `recovered by conversation ${result.conversationId} (${result.rule})` : `not recovered (${result.rule})`}, billing status ${result.billingStatus ?? '-'}.`;
