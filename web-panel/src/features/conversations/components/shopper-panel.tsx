/** The shopper beside the thread: name, masked phone, consent state and how it was given, latest orders. */
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import { formatDateTime, formatMoney, maskPhone, shopperName, type Locale } from '../../../lib/format.ts';
import { useContactOrders } from '../api/get-contact-orders.ts';
import type { ConversationDetail } from '../api/types.ts';

const CONSENT: Record<string, string> = {
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  blocked: 'Blocked',
};

export function ShopperPanel({
  conversation,
  locale,
  brandId,
}: {
  conversation: ConversationDetail;
  locale: Locale;
  brandId: number;
}) {
  const contactId = conversation.contact?.id ?? null;
  const orders = useContactOrders(brandId, contactId);
  const consent = conversation.consent;
  return (
    <div className="shopper-panel">
      <dl className="facts">
        <dt>Name</dt>
        <dd>
          {shopperName({ ...conversation.contact, phone: null }) === '—'
            ? 'Not given'
            : shopperName({ ...conversation.contact, phone: null })}
        </dd>
        <dt>Phone</dt>
        <dd>{maskPhone(conversation.channel?.username)}</dd>
        <dt>Texts</dt>
        <dd data-consent={consent?.status ?? 'none'}>
          {consent ? (CONSENT[consent.status] ?? consent.status) : 'No text channel'}
          {consent?.source ? ` · consent from ${consent.source.replace(/_/g, ' ')}` : ''}
          {consent?.consented_at ? `, ${formatDateTime(consent.consented_at, locale)}` : ''}
        </dd>
      </dl>
      <h3>Orders</h3>
      {contactId === null ? (
        <p className="muted">No shopper record.</p>
      ) : (
        <StatePanel
          loading={orders.isPending}
          error={orders.error}
          onRetry={() => void orders.refetch()}
          empty={orders.data?.items.length === 0}
          emptyMessage="No orders yet."
          minHeight={60}
          label="orders"
        >
          <ul className="orders">
            {orders.data?.items.map((o) => (
              <li key={o.id}>
                {o.number ? `#${o.number.replace(/^#/, '')}` : `Order ${o.id}`} ·{' '}
                {formatMoney(o.total, { ...locale, currency: o.currency })} ·{' '}
                <time dateTime={o.created_at}>{formatDateTime(o.created_at, locale)}</time>
                {o.recovered_at ? <span className="pill pill-recovered">Recovered</span> : null}
              </li>
            ))}
          </ul>
          {orders.data && orders.data.total > orders.data.items.length ? (
            <p className="muted">and {orders.data.total - orders.data.items.length} older</p>
          ) : null}
        </StatePanel>
      )}
    </div>
  );
}
