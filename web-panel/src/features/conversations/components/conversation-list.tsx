/** One page of conversations: unread marker, shopper, last message, workflow, state and time. */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime, shopperName, type Locale } from '../../../lib/format.ts';
import { conversationQuery } from '../api/get-conversation.ts';
import type { ConversationSummary } from '../api/types.ts';

/** A conversation's state in words: recovered wins over the checkout's own state. */
export function stateLabel(c: Pick<ConversationSummary, 'is_recovered' | 'checkout_state'>): string {
  if (c.is_recovered) return 'Recovered';
  const labels: Record<string, string> = {
    abandoned: 'Abandoned',
    pending: 'Pending',
    complete: 'Completed',
    recovered: 'Completed',
    no_identity: 'No contact details',
    empty: 'Empty cart',
  };
  return c.checkout_state ? (labels[c.checkout_state] ?? c.checkout_state) : 'No cart';
}

export const shopperOf = (c: Pick<ConversationSummary, 'contact' | 'channel'>): string =>
  shopperName({ ...c.contact, phone: c.channel?.username });

export function ConversationList({
  items,
  brandId,
  locale,
  listSearch,
}: {
  items: ConversationSummary[];
  brandId: number;
  locale: Locale;
  /** The list's search params, carried to the thread so "Back" returns to this view. */
  listSearch: string;
}) {
  const queryClient = useQueryClient();
  // The thread starts loading when the pointer or focus reaches its row, before the click.
  const prefetch = (id: number) =>
    void queryClient.prefetchQuery({ ...conversationQuery(brandId, id), staleTime: 10_000 });
  return (
    <ul className="inbox-list" aria-label="Conversations">
      {items.map((c) => (
        <li key={c.id} className={c.is_unread ? 'inbox-row is-unread' : 'inbox-row'} data-conversation={c.id}>
          <Link
            className="inbox-link"
            to={`/b/${brandId}/conversations/${c.id}`}
            state={{ listSearch }}
            onPointerEnter={() => prefetch(c.id)}
            onFocus={() => prefetch(c.id)}
            aria-label={`${c.is_unread ? 'Unread: ' : ''}${shopperOf(c)}, ${stateLabel(c)}`}
          >
            <span className="inbox-who">
              {c.is_unread ? <span className="unread-dot" aria-hidden="true" /> : null}
              <strong>{shopperOf(c)}</strong>
              {c.is_unread ? <span className="unread-text">Unread</span> : null}
              {c.is_hidden ? <span className="pill">Hidden</span> : null}
            </span>
            <span className="inbox-last muted">
              {c.last_message
                ? `${c.last_message.direction === 'incoming' ? 'Shopper: ' : ''}${c.last_message.body}`
                : 'No messages'}
            </span>
            <span className="inbox-meta">
              <span className={c.is_recovered ? 'pill pill-recovered' : 'pill'}>{stateLabel(c)}</span>
              {c.workflow ? <span className="muted">{c.workflow.name}</span> : null}
              {c.has_response ? <span className="muted">Replied</span> : null}
              <time dateTime={c.created_at} className="muted">
                {formatDateTime(c.created_at, locale)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
