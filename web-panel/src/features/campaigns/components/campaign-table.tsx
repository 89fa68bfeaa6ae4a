/** The brand's campaigns as a table: state, when, and how far each got; a name opens its details. */
import { Link, useLocation } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { formatDateTime, formatMoney, formatNumber, type Locale } from '../../../lib/format.ts';
import type { Campaign } from '../api/types.ts';

export const STATE_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
} as const;

export function CampaignTable({ items, locale, selected }: { items: Campaign[]; locale: Locale; selected?: number }) {
  const { search } = useLocation();
  const open = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('campaign', String(id));
    return `?${next.toString()}`;
  };
  return (
    <TableScroll label="Campaigns" className="card">
      <table className="campaign-table">
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">State</th>
            <th scope="col">Sends</th>
            <th scope="col" className="num">
              Targeted
            </th>
            <th scope="col" className="num">
              Sent
            </th>
            <th scope="col" className="num">
              Delivered
            </th>
            <th scope="col" className="num">
              Clicked
            </th>
            <th scope="col" className="num">
              Replied
            </th>
            <th scope="col" className="num">
              Recovered
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id} aria-current={c.id === selected ? 'true' : undefined}>
              <td>
                <Link to={open(c.id)}>{c.name}</Link>
              </td>
              <td>
                <span className={`pill campaign-state-${c.progress.state}`} data-testid="campaign-state">
                  {STATE_LABELS[c.progress.state]}
                </span>
              </td>
              <td>{c.progress.scheduled_for ? formatDateTime(c.progress.scheduled_for, locale) : '—'}</td>
              <td className="num">{formatNumber(c.progress.targeted, locale)}</td>
              <td className="num">{formatNumber(c.progress.sent, locale)}</td>
              <td className="num">{formatNumber(c.progress.delivered, locale)}</td>
              <td className="num">{formatNumber(c.progress.clicked, locale)}</td>
              <td className="num">{formatNumber(c.progress.replied, locale)}</td>
              <td className="num">
                {formatNumber(c.progress.recovered, locale)} · {formatMoney(c.progress.recovered_revenue, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
