/** The newest conversations and orders, in the brand's time zone; refreshed every 30 seconds. */
import { Link } from 'react-router';
import { formatDateTime, formatMoney, shopperName, type Locale } from '../../../lib/format.ts';
import type { LiveFeed as Feed } from '../api/types.ts';

const STATE = { pending: 'Pending', recovered: 'Recovered', messaged: 'Texted' } as const;
const SHOWN = 8;

export function LiveFeed({ feed, locale, brandId }: { feed: Feed; locale: Locale; brandId: number }) {
  return (
    <div className="live-grid">
      <section aria-labelledby="live-conversations">
        <h3 id="live-conversations">Latest conversations</h3>
        {feed.conversations.length === 0 ? (
          <p className="muted">No conversations yet.</p>
        ) : (
          <ul className="feed">
            {feed.conversations.slice(0, SHOWN).map((c) => (
              <li key={c.id}>
                <Link to={`/b/${brandId}/conversations/${c.id}`}>{shopperName(c)}</Link>
                <span className={`pill pill-${c.state}`}>{STATE[c.state]}</span>
                <span className="muted">
                  {c.workflow_name ? `${c.workflow_name} · ` : ''}
                  <time dateTime={c.created_at}>{formatDateTime(c.created_at, locale)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="live-orders">
        <h3 id="live-orders">Latest orders</h3>
        {feed.orders.length === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <ul className="feed">
            {feed.orders.slice(0, SHOWN).map((o) => (
              <li key={o.id}>
                <span>
                  {o.number ? `#${o.number.replace(/^#/, '')}` : `Order ${o.id}`} ·{' '}
                  {formatMoney(o.total, { ...locale, currency: o.currency })}
                </span>
                <span className={`pill pill-${o.state}`}>{STATE[o.state]}</span>
                <span className="muted">
                  {shopperName(o)} · <time dateTime={o.created_at}>{formatDateTime(o.created_at, locale)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
