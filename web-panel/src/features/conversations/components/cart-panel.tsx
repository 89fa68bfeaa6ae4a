/** The cart the conversation is about (items, total, link), the order placed from it, the discount codes and short links with their clicks. */
import { formatDateTime, formatMoney, stateInWords, type Locale } from '../../../lib/format.ts';

/** A discount code's state as the shopper's offer stands. */
const CODE_WORDS: Readonly<Record<string, string>> = {
  created: 'Ready to use',
  used: 'Used',
  expired: 'Expired',
  failed: 'Not created',
};
import type { CheckoutDetails, ConversationDetail, LineItem } from '../api/types.ts';

function Items({ items, locale, currency }: { items: LineItem[]; locale: Locale; currency: string }) {
  if (items.length === 0) return <p className="muted">No items.</p>;
  return (
    <ul className="line-items">
      {items.map((item, index) => (
        <li key={`${item.sku ?? item.title}-${index}`}>
          <span>
            {item.quantity} × {item.title}
            {item.variant ? ` (${item.variant})` : ''}
          </span>
          {item.price ? <span className="muted">{formatMoney(item.price, { ...locale, currency })}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function CartPanel({ details, locale }: { details: CheckoutDetails; locale: Locale }) {
  const { checkout, cart, order } = details;
  const currency = checkout?.currency ?? cart?.currency ?? locale.currency;
  const items = checkout?.line_items.length ? checkout.line_items : (cart?.line_items ?? []);
  const total = checkout ? checkout.total_price : cart?.total;
  return (
    <div className="cart-panel">
      {checkout || cart ? (
        <>
          <Items items={items} locale={locale} currency={currency} />
          <p>
            <strong>Cart total {formatMoney(total, { ...locale, currency })}</strong>
          </p>
          {checkout?.abandoned_checkout_url ? (
            <p>
              <a href={checkout.abandoned_checkout_url} target="_blank" rel="noreferrer noopener">
                Open the checkout link
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted">No cart.</p>
      )}
      {order ? (
        <p>
          Order {order.number ? `#${order.number.replace(/^#/, '')}` : order.id}:{' '}
          {formatMoney(order.total, { ...locale, currency: order.currency })}, placed{' '}
          {formatDateTime(order.created_at, locale)}
          {order.recovered_at ? ' — recovered' : ''}
        </p>
      ) : null}
    </div>
  );
}

export function OfferPanel({ conversation, locale }: { conversation: ConversationDetail; locale: Locale }) {
  const { discount_codes: codes, short_links: links } = conversation;
  if (codes.length === 0 && links.length === 0) return <p className="muted">No discount code or link was sent.</p>;
  return (
    <div className="offer-panel">
      {codes.map((code) => (
        <p key={code.code}>
          Discount code <code className="discount-code">{code.code}</code>{' '}
          <span className="pill">{stateInWords(code.status, CODE_WORDS)}</span>
          {code.ends_at ? <span className="muted"> · ends {formatDateTime(code.ends_at, locale)}</span> : null}
        </p>
      ))}
      {links.map((link) => (
        <div key={link.code} className="short-link">
          <p>
            Link <a href={link.url}>{link.url}</a>{' '}
            <span className="muted">
              → {link.target_url.replace(/^https?:\/\//, '').slice(0, 60)} ·{' '}
              {link.click_count === 1 ? '1 click' : `${link.click_count} clicks`}
            </span>
          </p>
          {link.clicks.length > 0 ? (
            <ul className="clicks">
              {link.clicks.slice(0, 5).map((click, index) => (
                <li key={index}>
                  Clicked <time dateTime={click.clicked_at}>{formatDateTime(click.clicked_at, locale)}</time>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </div>
  );
}
