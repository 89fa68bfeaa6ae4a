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

export function CampaignDetail({ campaign, locale }: { campaign: Campaign; locale: Locale }) {
  const p = campaign.progress;
  const skipped = Object.entries(p.skipped).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const rows: Array<[string, number]> = [
    ['Targeted', p.targeted],
    ['Waiting to send', p.queued + p.pending],
    ['Held (window, state cap or rate)', p.held],
    ['Sent', p.sent],
    ['Delivered', p.delivered],
    ['Failed', p.failed],
    ['Clicked', p.clicked],
    ['Replied', p.replied],
    ['Recovered orders', p.recovered],
  ];
  return (
    <article className="campaign-detail" aria-labelledby="campaign-title">
      <h2 id="campaign-title">{campaign.name}</h2>
      <p className="muted">
        {STATE_LABELS[p.state]}
        {p.scheduled_for ? ` · sends ${formatDateTime(p.scheduled_for, locale)}` : ''} · segment{' '}
        {campaign.segment?.name ?? 'none'}
        {campaign.cutoff_hours !== null ? ` · skipped after ${campaign.cutoff_hours} h outside a shopper’s window` : ''}
        {campaign.discount ? ` · discount ${campaign.discount}` : ''}
      </p>
      {p.estimated_finish_at ? (
        <p className="muted" data-testid="campaign-finish">
          Estimated finish {formatDateTime(p.estimated_finish_at, locale)}
          {p.pace
            ? ` at your number’s pace: ${formatNumber(p.pace.per_second, locale)} texts a second, ${formatNumber(p.pace.per_day, locale)} a day`
            : ''}
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
        <table>
          <caption>Progress</caption>
          <tbody>
            {rows.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td className="num">{formatNumber(value, locale)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Recovered sales</th>
              <td className="num">{formatMoney(p.recovered_revenue, locale)}</td>
            </tr>
          </tbody>
        </table>
        <table>
          <caption>Left out</caption>
          <tbody>
            {skipped.length === 0 ? (
              <tr>
                <td className="muted">Nobody was left out.</td>
              </tr>
            ) : (
              skipped.map(([reason, n]) => (
                <tr key={reason}>
                  <th scope="row">{label(reason)}</th>
                  <td className="num">{formatNumber(n, locale)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </article>
  );
}
