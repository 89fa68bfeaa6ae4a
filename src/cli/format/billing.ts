import type {
  CancelResult,
  ChargeListing,
  ListedPlan,
  PlanChangeResult,
  Subscription,
  SubscribeResult,
  SyncResult,
} from '../../billing/index.ts';

const usd = (amount: number): string => `${amount.toFixed(2)} USD`;

/** One plan: id, status, price, usage rate, name and gateway ids. */
export function planRow(plan: ListedPlan): string {
  const gateways = Object.entries(plan.gateways)
    .map(([gateway, id]) => `${gateway}:${id ?? '-'}`)
    .join(' ');
  return `${String(plan.id).padStart(5)}  ${plan.status.padEnd(9)}  ${`$${plan.price}/mo`.padStart(9)}  ${`${plan.usage_charge_percentage}%`.padStart(6)}  ${plan.name}${gateways ? `  [${gateways}]` : ''}`;
}

/** `billing plans list`: one row per plan, or how to create the first. */
export const planList = (plans: ListedPlan[]): string =>
  plans.length === 0
    ? 'No plans yet. Create one: reclaim billing plans create --name Growth --price 99 --rate 5'
    : plans.map(planRow).join('\n');

/** A subscription just created: where the brand confirms it and what it costs at first. */
export const subscribed = (result: SubscribeResult): string =>
  [
    `${result.reused ? 'Open checkout reused for' : 'Created'} subscription ${result.subscription_id} (pending_setup) on "${result.plan_name}" through ${result.gateway}.`,
    ...(result.discount_amount > 0 ? [`First-month discount: ${result.discount_amount} USD.`] : []),
    ...(result.trial_days ? [`Trial: ${result.trial_days} day(s).`] : []),
    `The brand confirms here: ${result.checkout_url ?? '(no page: the gateway updated the existing subscription)'}`,
    ...(result.checkout_expires_at ? [`The checkout expires at ${result.checkout_expires_at}.`] : []),
  ].join('\n');

/** `billing change-plan`: what happened to the old subscription, then the new one. */
export const planChanged = (result: PlanChangeResult): string =>
  [
    `Subscription ${result.cancelled_subscription_id} cancelled; ${result.path === 'updated' ? 'Stripe moved the same subscription to the new price.' : 'a new subscription must be confirmed.'}`,
    subscribed(result.subscription),
  ].join('\n');

const REMOTE_CANCEL: Record<CancelResult['remote'], string> = {
  cancelled: 'cancelled at the gateway',
  tolerated: "the gateway answered 'Payment Required' (tolerated)",
  none: 'nothing to cancel at the gateway yet',
  skipped: 'not sent to the gateway',
};

/** `billing cancel`: the status change and what the gateway did. */
export const cancelled = (result: CancelResult): string =>
  `Subscription ${result.subscription_id}: ${result.from} -> ${result.status}; ${REMOTE_CANCEL[result.remote]}.`;

/** `billing subscriptions` as data (what --json prints): the columns an operator needs. */
export const subscriptionRows = (subscriptions: Subscription[]) =>
  subscriptions.map((s) => ({
    id: s.id,
    plan_id: s.plan_id,
    status: s.status,
    gateway: s.gateway,
    external_id: s.external_id,
    billing_email: s.billing_email,
    activated_at: s.activated_at,
    cancelled_at: s.cancelled_at,
    checkout_url: (s.extra_data.checkout_url as string | undefined) ?? null,
    created_at: s.created_at,
  }));

/** `billing subscriptions`: one row each, newest first. */
export const subscriptionList = (rows: ReturnType<typeof subscriptionRows>): string =>
  rows.length === 0
    ? 'No subscriptions for this brand.'
    : rows
        .map(
          (s) =>
            `${String(s.id).padStart(6)}  ${s.status.padEnd(13)}  plan ${s.plan_id}  ${s.gateway ?? '-'}  ${s.external_id ?? '-'}  created ${s.created_at.toISOString()}`,
        )
        .join('\n');

/** `billing charges`: one row per charge and the total. */
export function chargeList(result: { charges: ChargeListing[]; count: number; total_amount: number }): string {
  if (result.count === 0) return 'No charges.';
  return [
    ...result.charges.map(
      (c) =>
        `${c.created_at.toISOString().slice(0, 16).replace('T', ' ')}  ${c.type.padEnd(9)}  ${c.status.padEnd(8)}  ${usd(c.amount).padStart(13)}  ${c.plan.name} (subscription ${c.subscription.id}, ${c.subscription.status}, ${c.payment_source.gateway ?? '-'})${c.description ? `  ${c.description}` : ''}`,
    ),
    `${result.count} charge(s), ${usd(result.total_amount)} in all.`,
  ].join('\n');
}

/** `billing sync`: cancel events processed, each brand's status changes and usage, the totals. */
export function syncReport(result: SyncResult): string {
  const lines: string[] = [];
  if (result.waited_for_other_run) lines.push('Another billing sync was running; this one waited for it.');
  if (result.events.processed > 0)
    lines.push(
      `Store cancel events processed: ${result.events.processed} (subscriptions cancelled: ${result.events.cancelled.join(', ') || 'none'}).`,
    );
  if (result.brands.length === 0) lines.push('No pending or live subscriptions.');
  for (const brand of result.brands) {
    const changes = brand.subscriptions
      .map((s) => `#${s.subscription_id} ${s.gateway ?? '?'} ${s.from === s.to ? s.to : `${s.from} -> ${s.to}`}`)
      .join(', ');
    lines.push(
      `Brand ${brand.brand_id} "${brand.brand_name}": ${changes}`,
      `  usage: ${brand.usage_created} created (${usd(brand.usage_created_amount)}), ${brand.usage_pushed} pushed, ${brand.usage_queued} queued (${usd(brand.usage_queued_amount)}), ${brand.invoiced} invoiced`,
      ...brand.notices.map((notice) => `  note: ${notice}`),
      ...brand.errors.map((error) => `  error: ${error}`),
    );
  }
  lines.push(`Done in ${result.duration_ms} ms, ${result.errors} error(s).`);
  return lines.join('\n');
}
