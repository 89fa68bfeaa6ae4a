/**
 * `/b/:brandId/settings/plan`: the plans with price, share of recovered sales and features; choose
 * one (Stripe's checkout or Shopify's confirmation, the gateway `billing subscribe` would choose)
 * and come back here (`?checkout=return`: the page reads the subscription from its gateway and
 * says what happened); change plan, the Stripe billing portal, the Shopify usage cap, cancel after
 * a confirmation. A member sees every control disabled with the reason.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useCancelSubscription } from '../../features/settings/api/cancel-subscription.ts';
import { useChoosePlan } from '../../features/settings/api/choose-plan.ts';
import { usePlans } from '../../features/settings/api/get-plans.ts';
import { useSubscription } from '../../features/settings/api/get-subscription.ts';
import { useBillingPortal } from '../../features/settings/api/open-billing-portal.ts';
import { useRaiseUsageCap } from '../../features/settings/api/raise-usage-cap.ts';
import { useSyncSubscription } from '../../features/settings/api/sync-subscription.ts';
import type { Plan, Subscription } from '../../features/settings/api/types.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import '../../features/settings/components/settings.css';
import { noPlanInWords, subscriptionStatusLabel } from '../../features/settings/components/words.ts';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format.ts';
import { ability, useBrandRole } from '../../lib/role.ts';
import { useSession } from '../../lib/session.ts';
import { useSearchState } from '../../lib/url-state.ts';

const ENDED = ['cancelled', 'expired', 'declined'];
const GATEWAY_WORDS = {
  stripe: 'Paid by card through Stripe',
  shopify: 'Billed on your Shopify invoice (Shopify asks you to approve it)',
} as const;
const usd = (brand: Brand) => ({ locale: brand.locale, currency: 'USD' });

/** Sends the browser to the gateway's page (checkout, confirmation, portal). */
const go = (url: string) => window.location.assign(url);

export default function PlanPage() {
  const brand = useBrand();
  const [params] = useSearchState();
  const subscription = useSubscription(brand.id);
  const plans = usePlans(brand.id);
  const role = useBrandRole(brand.id);
  const can = ability(role.data, 'billing.manage');
  const s = subscription.data?.subscription ?? null;
  const current = s && !ENDED.includes(s.status) ? s : null;
  return (
    <>
      <PageHeader title="Plan and billing">
        <Link to={`/b/${brand.id}/settings`}>Back to settings</Link>
      </PageHeader>
      {params.get('checkout') === 'return' ? <CheckoutReturn brand={brand} /> : null}
      <section className="card section" aria-labelledby="current-plan">
        <h2 id="current-plan">Your plan</h2>
        <StatePanel
          loading={subscription.isPending}
          error={subscription.error}
          onRetry={() => void subscription.refetch()}
          label="your plan"
        >
          {current ? (
            <CurrentPlan brand={brand} s={current} allowed={can.allowed} reason={can.reason} />
          ) : (
            <div data-testid="no-plan">
              {noPlanInWords(plans.data?.uncharged, (v) => formatMoney(v, usd(brand))).map((line) => (
                <p key={line}>{line}</p>
              ))}
              {s ? (
                <p className="muted" role="status" data-testid="last-subscription">
                  Your last subscription ({s.plan?.name ?? 'a plan'}) is{' '}
                  {subscriptionStatusLabel(s.status).toLowerCase()}
                  {s.cancelled_at ? ` since ${formatDateTime(s.cancelled_at, brand)}` : ''}.
                </p>
              ) : null}
            </div>
          )}
        </StatePanel>
      </section>
      <section className="section" aria-labelledby="plans">
        <h2 id="plans">{current ? 'Change plan' : 'Choose a plan'}</h2>
        <StatePanel
          loading={plans.isPending}
          error={plans.error}
          onRetry={() => void plans.refetch()}
          empty={plans.data?.items.length === 0}
          emptyMessage="No plan is offered yet: ask Reclaim's team for one."
          label="the plans"
        >
          {plans.data ? (
            <Plans
              brand={brand}
              plans={plans.data.items}
              gateway={plans.data.gateway}
              current={current}
              allowed={can.allowed}
              reason={can.reason}
            />
          ) : null}
        </StatePanel>
      </section>
    </>
  );
}

/** Back from the gateway: read the subscription there now and say what happened. */
function CheckoutReturn({ brand }: { brand: Brand }) {
  const sync = useSyncSubscription(brand.id);
  const subscription = useSubscription(brand.id);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    sync.mutate();
  }, [sync]);
  const s = subscription.data?.subscription;
  let message: string;
  let good = false;
  if (sync.isPending || sync.isIdle || subscription.isFetching) message = 'Checking with the payment provider…';
  else if (sync.error) message = `We could not check the payment provider: ${sync.error.message}`;
  else if (s && (s.status === 'active' || s.status === 'in_trial')) {
    good = true;
    message = `You are on ${s.plan?.name ?? 'your new plan'} now${s.status === 'in_trial' ? ', in its free trial' : ''}. Thank you! Texts keep going out as before, and the plan's features are on.`;
  } else if (s?.status === 'pending_setup')
    message =
      'The checkout was not finished, so nothing was charged and you have no plan yet. Open the checkout again below, or choose another plan.';
  else if (s && ['past_due', 'unpaid', 'incomplete'].includes(s.status))
    message = `The payment did not go through (${subscriptionStatusLabel(s.status).toLowerCase()}). Update your card in the billing portal.`;
  else message = 'Nothing changed: you have no plan yet.';
  return (
    <p className={`card section ${good ? 'health-good' : ''}`} role="status" data-testid="checkout-result">
      {message}
      {sync.data?.errors.length ? ` The provider said: ${sync.data.errors.join('; ')}` : ''}
    </p>
  );
}

function CurrentPlan({
  brand,
  s,
  allowed,
  reason,
}: {
  brand: Brand;
  s: Subscription;
  allowed: boolean;
  reason: string | null;
}) {
  const portal = useBillingPortal(brand.id);
  const cancel = useCancelSubscription(brand.id);
  const cap = useRaiseUsageCap(brand.id);
  const [confirming, setConfirming] = useState(false);
  const [amount, setAmount] = useState('');
  const gateway = s.gateway === 'shopify' ? 'shopify' : 'stripe';
  const live = s.status !== 'pending_setup';
  return (
    <>
      <dl className="facts" data-testid="current-plan">
        <dt>Plan</dt>
        <dd>{s.plan?.name ?? '—'}</dd>
        {s.plan ? (
          <>
            <dt>Price</dt>
            <dd>
              {formatMoney(s.plan.price, usd(brand))} a month plus {formatNumber(s.plan.usage_charge_percentage, brand)}
              % of each recovered sale
            </dd>
          </>
        ) : null}
        <dt>State</dt>
        <dd>{subscriptionStatusLabel(s.status)}</dd>
        <dt>Billing</dt>
        <dd>
          {GATEWAY_WORDS[gateway]}
          {s.billing_email && gateway === 'stripe' ? `; invoices to ${s.billing_email}` : ''}
        </dd>
        {s.activated_at ? (
          <>
            <dt>Since</dt>
            <dd>{formatDateTime(s.activated_at, brand)}</dd>
          </>
        ) : null}
        {s.current_period_end && live ? (
          <>
            <dt>Renews</dt>
            <dd>{formatDateTime(s.current_period_end, brand)}</dd>
          </>
        ) : null}
        {s.requested_cap_usd ? (
          <>
            <dt>Usage cap</dt>
            <dd>{formatMoney(s.requested_cap_usd, usd(brand))} asked, waiting for your approval in Shopify</dd>
          </>
        ) : null}
      </dl>
      {!allowed && reason ? <p className="muted">{reason}</p> : null}
      <div className="plan-actions">
        {s.checkout_url ? (
          <button
            type="button"
            className="button button-primary"
            disabled={!allowed}
            onClick={() => go(s.checkout_url!)}
          >
            Finish the checkout
          </button>
        ) : null}
        {gateway === 'stripe' && live ? (
          <button
            type="button"
            className="button"
            disabled={!allowed || portal.isPending}
            onClick={() => portal.mutate(undefined, { onSuccess: (a) => go(a.url) })}
          >
            {portal.isPending ? 'Opening…' : 'Card and invoices (Stripe billing portal)'}
          </button>
        ) : null}
        <button type="button" className="button" disabled={!allowed} onClick={() => setConfirming(true)}>
          {live ? 'Cancel plan…' : 'Cancel the checkout…'}
        </button>
      </div>
      <FormError message={portal.error?.message} />
      {gateway === 'shopify' && live ? (
        <form
          className="plan-actions"
          onSubmit={(event) => {
            event.preventDefault();
            cap.mutate(Number(amount), { onSuccess: (a) => a.confirmation_url && go(a.confirmation_url) });
          }}
        >
          <div className="field">
            <label htmlFor="usage-cap">New usage cap (USD a month)</label>
            <input
              id="usage-cap"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-describedby="usage-cap-hint"
            />
            <small id="usage-cap-hint" className="muted">
              Shopify holds usage charges above the cap until you raise it; it asks you to approve the new cap.
            </small>
          </div>
          <button type="submit" className="button" disabled={!allowed || cap.isPending || !amount}>
            Raise the cap
          </button>
          <FormError message={cap.error?.message} />
        </form>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={live ? `Cancel ${s.plan?.name ?? 'your plan'}?` : 'Cancel the checkout?'}
        confirmLabel={live ? 'Cancel plan' : 'Cancel the checkout'}
        cancelLabel={live ? 'Keep my plan' : 'Keep it open'}
        busy={cancel.isPending}
        error={cancel.error?.message}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        {live ? (
          <p>
            The subscription ends now at {gateway === 'stripe' ? 'Stripe' : 'Shopify'}. Usage charges already recorded
            are billed on a last invoice. Your workflows keep texting shoppers; the plan’s features turn off, and
            recovered sales wait to be charged until you choose a plan again.
          </p>
        ) : (
          <p>The open checkout closes and cannot be paid any more. Nothing was charged.</p>
        )}
      </ConfirmDialog>
    </>
  );
}

function Plans({
  brand,
  plans,
  gateway,
  current,
  allowed,
  reason,
}: {
  brand: Brand;
  plans: Plan[];
  gateway: 'stripe' | 'shopify';
  current: Subscription | null;
  allowed: boolean;
  reason: string | null;
}) {
  const session = useSession();
  const choose = useChoosePlan(brand.id);
  const [email, setEmail] = useState(session?.email ?? '');
  const [switching, setSwitching] = useState<Plan | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const live = current && current.status !== 'pending_setup' ? current : null;
  const pick = (plan: Plan) =>
    choose.mutate(
      { plan_id: plan.id, ...(gateway === 'stripe' && !live ? { billing_email: email } : {}) },
      {
        onSuccess: (answer) => {
          setSwitching(null);
          if (answer.checkout_url) go(answer.checkout_url);
          else setDone(`Your plan is ${answer.plan_name} now.`);
        },
      },
    );
  return (
    <>
      <p className="muted">
        Every plan is monthly.{' '}
        {gateway === 'stripe' ? 'You pay by card through Stripe' : 'It is billed on your Shopify invoice'}
        {live ? '.' : ': choosing one opens the checkout, and you come back here after it.'}
      </p>
      {!allowed && reason ? <p className="muted">{reason}</p> : null}
      {gateway === 'stripe' && !live ? (
        <div className="field">
          <label htmlFor="billing-email">Billing e-mail (invoices go there)</label>
          <input id="billing-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
      ) : null}
      {done ? (
        <p role="status" className="health-good" data-testid="plan-changed">
          {done}
        </p>
      ) : null}
      {!switching ? <FormError message={choose.error?.message} /> : null}
      <ul className="plan-grid">
        {plans.map((plan) => {
          const mine = current?.plan?.id === plan.id;
          return (
            <li key={plan.id} className="card" aria-labelledby={`plan-${plan.id}`} data-testid="plan-card">
              <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
              <p className="plan-price">
                <strong>{formatMoney(plan.price, usd(brand))}</strong> a month
              </p>
              <p>plus {formatNumber(plan.usage_charge_percentage, brand)}% of each recovered sale</p>
              {plan.description ? <p className="muted">{plan.description}</p> : null}
              {plan.features.length ? (
                <ul className="rule-lines">
                  {plan.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ) : null}
              <button
                type="button"
                className={mine ? 'button' : 'button button-primary'}
                disabled={!allowed || mine || choose.isPending}
                onClick={() => (live ? setSwitching(plan) : pick(plan))}
              >
                {mine ? 'Your plan' : live ? `Switch to ${plan.name}…` : `Choose ${plan.name}`}
              </button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={switching !== null}
        title={`Switch to ${switching?.name ?? ''}?`}
        confirmLabel={`Switch to ${switching?.name ?? ''}`}
        cancelLabel="Keep my plan"
        busy={choose.isPending}
        error={choose.error?.message}
        onCancel={() => setSwitching(null)}
        onConfirm={() => switching && pick(switching)}
      >
        {switching ? (
          <p>
            {formatMoney(switching.price, usd(brand))} a month plus{' '}
            {formatNumber(switching.usage_charge_percentage, brand)}% of each recovered sale from now on.{' '}
            {gateway === 'stripe'
              ? 'Stripe moves your subscription at once and invoices the difference for the rest of this month.'
              : 'Your current plan ends and Shopify asks you to approve the new one.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
