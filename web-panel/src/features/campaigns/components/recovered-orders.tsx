/** What a campaign brought: its recovered orders and sales, each order with its attribution evidence. */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage, StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useCampaignOrders } from '../api/get-campaign-orders.ts';
import { useOrderAttribution } from '../api/get-order-attribution.ts';
import type { Campaign, RecoveredOrder } from '../api/types.ts';

export function RecoveredOrders({ brand, campaign }: { brand: Brand; campaign: Campaign }) {
  const id = useId();
  const orders = useCampaignOrders(brand.id, campaign.id);
  const items = orders.data?.items ?? [];
  return (
    <section className="section card" aria-labelledby={`${id}-orders`}>
      <h2 id={`${id}-orders`}>Recovered orders</h2>
      <StatePanel
        loading={orders.isPending}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        empty={items.length === 0}
        emptyMessage="No recovered order yet. An order counts when a shopper this campaign texted buys within the attribution window."
        label="the recovered orders"
      >
        <ul className="campaign-orders">
          {items.map((o) => (
            <OrderRow key={o.id} brand={brand} order={o} />
          ))}
        </ul>
      </StatePanel>
    </section>
  );
}

function OrderRow({ brand, order }: { brand: Brand; order: RecoveredOrder }) {
  const [open, setOpen] = useState(false);
  const why = useOrderAttribution(brand.id, order.id, open);
  return (
    <li>
      <p>
        <strong>Order {order.number ?? `#${order.id}`}</strong> · {formatMoney(order.total, brand)} · recovered{' '}
        {formatDateTime(order.recovered_at, brand)}{' '}
        {order.conversation_id ? (
          <Link to={`/b/${brand.id}/conversations/${order.conversation_id}`}>conversation</Link>
        ) : null}{' '}
        <button type="button" className="button button-quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
          Why it counts
        </button>
      </p>
      {open ? (
        why.data ? (
          <div className="muted">
            <p>{why.data.summary}</p>
            {why.data.decision?.items.length ? (
              <ul>
                {why.data.decision.items.map((item, k) => (
                  <li key={k}>
                    {item.kind.replaceAll('_', ' ')} {formatDateTime(item.at, brand)}, {item.hours_before.toFixed(1)} h
                    before the order (window {item.window_hours} h): {item.counted ? 'counted' : 'not counted'} —{' '}
                    {item.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : why.error ? (
          <FormError message={errorMessage(why.error)} />
        ) : (
          <p className="muted">Loading…</p>
        )
      ) : null}
    </li>
  );
}
