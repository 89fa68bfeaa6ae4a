/**
 * `/b/:brandId/settings` (read-mostly): the store connection and its health, the texting number
 * and its 10DLC state, the quiet-hours rules and attribution windows in words, the holdout
 * groups, and billing: plan, subscription status and the charges (newest first, with totals).
 */
import { HealthWords } from '../../components/ui/health-words.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useAttributionSettings } from '../../features/settings/api/get-attribution-settings.ts';
import { CHARGE_PAGE_SIZE, useCharges } from '../../features/settings/api/get-charges.ts';
import { useSubscription } from '../../features/settings/api/get-subscription.ts';
import { useTexting } from '../../features/settings/api/get-texting.ts';
import '../../features/settings/components/settings.css';
import { Installed, StoreConnections, StoreName } from '../../features/settings/components/store-connections.tsx';
import { usePlans } from '../../features/settings/api/get-plans.ts';
import {
  attributionInWords,
  chargeInWords,
  chargeStatusLabel,
  noPlanInWords,
  quietHoursInWords,
  subscriptionStatusLabel,
} from '../../features/settings/components/words.ts';
import { Link } from 'react-router';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { formatDateTime, formatMoney, formatNumber, timezoneLabel, timezoneName } from '../../lib/format.ts';
import { useSearchState } from '../../lib/url-state.ts';
import type { Registration } from '../../features/texting/api/types.ts';
import { registrationInWords } from '../../features/texting/components/words.ts';

const PROVIDERS: Record<string, string> = { infobip: 'Infobip', twilio: 'Twilio' };
const INTEGRATION_STATUSES: Record<string, string> = {
  connected: 'connected',
  pending_setup: 'being set up',
  disconnected: 'disconnected',
};
const usd = (brand: Brand) => ({ locale: brand.locale, currency: 'USD' });

export default function SettingsPage() {
  const brand = useBrand();
  return (
    <>
      <PageHeader title="Settings" />
      <p className="muted">
        Times in {timezoneLabel(brand.timezone)} ({timezoneName(brand.timezone)}), your store’s time zone.
      </p>
      <div className="settings-grid">
        <StoreCard brand={brand} />
        <TextingCard brand={brand} />
        <AttributionCard brand={brand} />
        <PlanCard brand={brand} />
        <section className="card" aria-labelledby="team">
          <h2 id="team">Team</h2>
          <p>Who can open {brand.name}: invite people, change roles, suspend.</p>
          <p>
            <Link className="button" to={`/b/${brand.id}/settings/team`}>
              Team members
            </Link>
          </p>
        </section>
      </div>
      <Charges brand={brand} />
    </>
  );
}

function StoreCard({ brand }: { brand: Brand }) {
  return (
    <section className="card" aria-labelledby="store">
      <h2 id="store">Store connection</h2>
      <p>
        <Link to={`/b/${brand.id}/settings/integrations`}>Integrations: store, Slack and Klaviyo</Link>
      </p>
      <StoreConnections brand={brand}>
        {(c, words) => (
          <dl key={c.id} className="facts" data-testid="store-connection">
            <StoreName c={c} />
            <dt>Status</dt>
            <dd>
              <HealthWords words={words} />
            </dd>
            <Installed c={c} brand={brand} />
            {c.uninstalled_at && c.status === 'disconnected' ? (
              <>
                <dt>Uninstalled</dt>
                <dd>{formatDateTime(c.uninstalled_at, brand)}</dd>
              </>
            ) : null}
          </dl>
        )}
      </StoreConnections>
    </section>
  );
}

function TextingCard({ brand }: { brand: Brand }) {
  const texting = useTexting(brand.id);
  const t = texting.data;
  const tenDlc = registrationInWords(
    t?.ten_dlc ? { state: t.ten_dlc.status as Registration['state'], failed_from: t.ten_dlc.failed_from } : null,
  );
  return (
    <section className="card" aria-labelledby="texting">
      <h2 id="texting">Texting</h2>
      <StatePanel
        loading={texting.isPending}
        error={texting.error}
        onRetry={() => void texting.refetch()}
        label="the texting setup"
      >
        {t ? (
          <>
            <dl className="facts">
              <dt>Number</dt>
              <dd data-testid="texting-number">
                {t.number ?? 'None yet: texts cannot go out until a number is set.'}
                {t.number_source === 'support_phone' ? ' (your support phone)' : ''}
              </dd>
              <dt>Registration (10DLC)</dt>
              <dd data-testid="ten-dlc">
                {tenDlc.label}
                {t.ten_dlc?.updated_at ? ` (since ${formatDateTime(t.ten_dlc.updated_at, brand)})` : ''}
                <br />
                <Link to={`/b/${brand.id}/settings/texting`}>
                  {t.ten_dlc ? 'See the registration' : 'Register your texting number'}
                </Link>
              </dd>
              {t.integration ? (
                <>
                  <dt>Provider</dt>
                  <dd>
                    {PROVIDERS[t.integration.provider] ?? t.integration.provider} ·{' '}
                    {INTEGRATION_STATUSES[t.integration.status] ?? t.integration.status}
                    {t.integration.is_enabled ? '' : ', turned off'}
                  </dd>
                </>
              ) : null}
            </dl>
            <h3>Quiet hours</h3>
            <ul className="rule-lines" data-testid="quiet-hours">
              {quietHoursInWords(t.quiet_hours, brand.locale).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
      </StatePanel>
    </section>
  );
}

function AttributionCard({ brand }: { brand: Brand }) {
  const settings = useAttributionSettings(brand.id);
  const a = settings.data;
  return (
    <section className="card" aria-labelledby="attribution">
      <h2 id="attribution">Attribution</h2>
      <StatePanel
        loading={settings.isPending}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        label="the attribution settings"
      >
        {a ? (
          <>
            <dl className="facts" data-testid="attribution">
              {attributionInWords(a, brand.locale).map((row) => (
                <div key={row.term} style={{ display: 'contents' }}>
                  <dt>{row.term}</dt>
                  <dd>{row.text}</dd>
                </div>
              ))}
            </dl>
            <h3>Holdout</h3>
            <p data-testid="holdout">
              {a.holdout_groups.length
                ? `Shoppers in contact group${a.holdout_groups.length > 1 ? 's' : ''} ${a.holdout_groups.join(', ')} are never texted, so the home page can compare their recovery with texted shoppers’.`
                : 'No holdout: every shopper who qualifies is texted, so the lift cannot be measured.'}
            </p>
            {a.warnings.length ? (
              <ul className="rule-lines">
                {a.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </StatePanel>
    </section>
  );
}

function PlanCard({ brand }: { brand: Brand }) {
  const subscription = useSubscription(brand.id);
  const plans = usePlans(brand.id);
  const s = subscription.data?.subscription;
  const noPlan = subscription.data !== undefined && (!s || ['cancelled', 'expired', 'declined'].includes(s.status));
  return (
    <section className="card" aria-labelledby="plan">
      <h2 id="plan">Plan</h2>
      <StatePanel
        loading={subscription.isPending}
        error={subscription.error}
        onRetry={() => void subscription.refetch()}
        label="the plan"
      >
        {noPlan ? (
          <div data-testid="no-plan">
            {noPlanInWords(plans.data?.uncharged, (v) => formatMoney(v, usd(brand))).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
        <p>
          <Link className="button button-primary" to={`/b/${brand.id}/settings/plan`}>
            {noPlan ? 'Choose a plan' : 'Plan and billing'}
          </Link>
        </p>
        {s && !noPlan ? (
          <dl className="facts" data-testid="plan">
            <dt>Plan</dt>
            <dd>{s.plan?.name ?? '—'}</dd>
            {s.plan ? (
              <>
                <dt>Price</dt>
                <dd>
                  {formatMoney(s.plan.price, usd(brand))} {s.plan.frequency === 'yearly' ? 'a year' : 'a month'}
                  {s.plan.usage_charge_percentage > 0
                    ? ` plus ${formatNumber(s.plan.usage_charge_percentage, brand)}% of each recovered sale`
                    : ''}
                </dd>
              </>
            ) : null}
            <dt>Subscription</dt>
            <dd>{subscriptionStatusLabel(s.status)}</dd>
            {s.activated_at ? (
              <>
                <dt>Since</dt>
                <dd>{formatDateTime(s.activated_at, brand)}</dd>
              </>
            ) : null}
            {s.trial_end_at && s.status === 'in_trial' ? (
              <>
                <dt>Trial ends</dt>
                <dd>{formatDateTime(s.trial_end_at, brand)}</dd>
              </>
            ) : null}
            {s.plan?.features.length ? (
              <>
                <dt>Includes</dt>
                <dd>{s.plan.features.join(' · ')}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </StatePanel>
    </section>
  );
}

function Charges({ brand }: { brand: Brand }) {
  const [params, update] = useSearchState();
  const page = Math.max(1, Math.floor(Number(params.get('charges_page'))) || 1);
  const charges = useCharges(brand.id, (page - 1) * CHARGE_PAGE_SIZE);
  const money = usd(brand);
  return (
    <section className="section card" aria-labelledby="charges">
      <h2 id="charges">Charges</h2>
      <StatePanel
        loading={charges.isPending}
        error={charges.error}
        onRetry={() => void charges.refetch()}
        empty={charges.data?.items.length === 0}
        emptyMessage="No charges yet."
        refreshing={charges.isPlaceholderData}
        label="the charges"
      >
        <div className="charge-totals" data-testid="charge-totals">
          <span>
            <strong>{formatNumber(charges.data?.total ?? 0, brand)}</strong> charges
          </span>
          <span>
            Total <strong>{formatMoney(charges.data?.total_amount ?? 0, money)}</strong>
          </span>
        </div>
        <TableScroll label="Charges">
          <table>
            <caption className="visually-hidden">Charges, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Kind</th>
                <th scope="col">What for</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {charges.data?.items.map((c) => {
                const words = chargeInWords(
                  c,
                  (v) => formatMoney(v, { locale: brand.locale, currency: c.currency }),
                  brand.locale,
                );
                return (
                  <tr key={c.id}>
                    <td>{formatDateTime(c.created_at, brand)}</td>
                    <td>{c.type === 'usage' ? 'Recovered sale' : 'Plan'}</td>
                    <td data-testid="charge-words">
                      {c.conversation ? (
                        <Link to={`/b/${brand.id}/conversations/${c.conversation.id}`}>{words.text}</Link>
                      ) : (
                        words.text
                      )}
                      {words.order ? <span className="muted"> · {words.order}</span> : null}
                    </td>
                    <td>{chargeStatusLabel(c.status)}</td>
                    <td className="num">{formatMoney(c.amount, { locale: brand.locale, currency: c.currency })}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
        <Pager
          page={page}
          pageSize={CHARGE_PAGE_SIZE}
          total={charges.data?.total ?? 0}
          onPage={(next) => update({ charges_page: next === 1 ? null : next })}
          label="Charge"
        />
      </StatePanel>
    </section>
  );
}
