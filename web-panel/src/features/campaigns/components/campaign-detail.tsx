/**
 * One campaign: its message as shoppers get it, the segment and the schedule, and where every
 * targeted shopper is (waiting, held, sent, delivered, failed, or left out and why).
 */
import { formatDateTime, formatMoney, formatNumber, type Locale } from '../../../lib/format.ts';
import type { Campaign } from '../api/types.ts';
import { STATE_LABELS } from './campaign-table.tsx';

const SKIP_LABELS: Record<string, string> = {
  unsubscribed: 'Unsubscribed',
  no_us_number: 'No +1 number',
  texas: 'Texas without compliance',
  recently_texted: 'Texted recently',
  unconfirmed: 'Tap-to-text awaiting Y',
  already_texted: 'Already texted by this campaign',
  send_cutoff: 'Past the send cutoff',
  campaign_cancelled: 'Campaign cancelled',
};

const label = (reason: string) => SKIP_LABELS[reason] ?? reason.replaceAll('_', ' ');

/** Targeted = sent + held + waiting + left out + failed: the shares of the targeted shoppers, which add up. */
export function progressParts(p: Campaign['progress']) {
  const skipped = Object.entries(p.skipped).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const leftOut = skipped.reduce((s, [, n]) => s + n, 0);
  const failedBeforeSent = p.failed - p.undelivered;
  return { skipped, leftOut, failedBeforeSent, total: p.sent + p.held + p.pending + leftOut + failedBeforeSent };
}

export function CampaignDetail({
  campaign,
  locale,
  title = campaign.name,
}: {
  campaign: Campaign;
  locale: Locale;
  title?: string;
}) {
  const p = campaign.progress;
  const { skipped, leftOut, failedBeforeSent } = progressParts(p);
  const n = (value: number) => formatNumber(value, locale);
  return (
    <article className="campaign-detail" aria-labelledby="campaign-title">
      <h2 id="campaign-title">{title}</h2>
      <p className="muted">
        {STATE_LABELS[p.state]}
        {p.scheduled_for ? ` · sends ${formatDateTime(p.scheduled_for, locale)}` : ''} · segment{' '}
        {campaign.segment?.name ?? 'none'}
        {campaign.cutoff_hours !== null ? ` · skipped after ${campaign.cutoff_hours} h outside a shopper’s window` : ''}
        {campaign.discount ? ` · discount ${campaign.discount}` : ''}
        {campaign.smart_sending ? ' · smart sending on' : ' · smart sending off'}
      </p>
      {p.estimated_finish_at ? (
        <p className="muted" data-testid="campaign-finish">
          Estimated finish {formatDateTime(p.estimated_finish_at, locale)}
          {p.pace
            ? ` at your number’s pace: ${formatNumber(p.pace.per_second, locale)} texts a second, ${formatNumber(p.pace.per_day, locale)} a day`
            : ''}
        </p>
      ) : null}
      {p.held_by_daily_cap ? (
        <p className="muted" data-testid="campaign-daily-cap">
          {n(p.held_by_daily_cap.count)} {p.held_by_daily_cap.count === 1 ? 'text waits' : 'texts wait'} for your
          number’s daily limit
          {p.pace ? ` of ${formatNumber(p.pace.per_day, locale)} texts` : ''}
          {p.held_by_daily_cap.until ? `; they go from ${formatDateTime(p.held_by_daily_cap.until, locale)}` : ''}
        </p>
      ) : null}
      <div className="detail-grid">
        <section aria-labelledby="campaign-message">
          <h3 id="campaign-message">Message</h3>
          <p className="campaign-message" data-testid="campaign-message">
            {campaign.message}
          </p>
          {campaign.link_url ? (
            <p className="muted">
              Link: <span className="campaign-link">{campaign.link_url}</span>
            </p>
          ) : null}
        </section>
        <table data-testid="campaign-progress">
          <caption>Where the targeted shoppers are</caption>
          <tbody>
            <tr>
              <th scope="row">Sent</th>
              <td className="num">{n(p.sent)}</td>
            </tr>
            <tr className="sub">
              <th scope="row">of which delivered / not delivered</th>
              <td className="num">
                {n(p.delivered)} / {n(p.undelivered)}
              </td>
            </tr>
            <tr>
              <th scope="row">Held (the shopper’s window, a state cap or the rate)</th>
              <td className="num">{n(p.held)}</td>
            </tr>
            <tr>
              <th scope="row">Waiting to send</th>
              <td className="num">{n(p.pending)}</td>
            </tr>
            <tr>
              <th scope="row">Left out</th>
              <td className="num">{n(leftOut)}</td>
            </tr>
            {skipped.map(([reason, count]) => (
              <tr key={reason} className="sub">
                <th scope="row">{label(reason)}</th>
                <td className="num">{n(count)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Failed</th>
              <td className="num">{n(failedBeforeSent)}</td>
            </tr>
            <tr className="total">
              <th scope="row">Targeted</th>
              <td className="num">{n(p.targeted)}</td>
            </tr>
          </tbody>
        </table>
        <table>
          <caption>What it brought</caption>
          <tbody>
            <tr>
              <th scope="row">Clicked</th>
              <td className="num">{n(p.clicked)}</td>
            </tr>
            <tr>
              <th scope="row">Replied</th>
              <td className="num">{n(p.replied)}</td>
            </tr>
            <tr>
              <th scope="row">Recovered orders</th>
              <td className="num">{n(p.recovered)}</td>
            </tr>
            <tr>
              <th scope="row">Recovered sales</th>
              <td className="num">{formatMoney(p.recovered_revenue, locale)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted" data-testid="campaign-sum">
        Targeted {n(p.targeted)} = sent {n(p.sent)} + held {n(p.held)} + waiting {n(p.pending)} + left out {n(leftOut)}
        {skipped.length ? ` (${skipped.map(([r, c]) => `${label(r).toLowerCase()} ${n(c)}`).join(', ')})` : ''} + failed{' '}
        {n(failedBeforeSent)}.
      </p>
    </article>
  );
}
