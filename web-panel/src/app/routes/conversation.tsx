/**
 * `/b/:brandId/conversations/:conversationId`: one conversation. The thread (direction, status,
 * time in the brand's time zone) with the reply box; beside it the shopper, the cart, the code and
 * link with their clicks, the attribution evidence of a recovered order and why the shopper was
 * texted, and the shopper agent's decisions with their sources (its draft waits in the reply box).
 * Opening an unread conversation marks it read. Another brand's conversation is "not found".
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useAttribution } from '../../features/conversations/api/get-attribution.ts';
import { useConversationAgent } from '../../features/conversations/api/get-agent.ts';
import { useCheckout, type Subject } from '../../features/conversations/api/get-checkout.ts';
import { useConversation } from '../../features/conversations/api/get-conversation.ts';
import { useMarkRead } from '../../features/conversations/api/mark-read.ts';
import type { ConversationDetail } from '../../features/conversations/api/types.ts';
import { AgentPanel } from '../../features/conversations/components/agent-panel.tsx';
import { CartPanel, OfferPanel } from '../../features/conversations/components/cart-panel.tsx';
import { ConversationActions } from '../../features/conversations/components/conversation-actions.tsx';
import { shopperOf, stateLabel } from '../../features/conversations/components/conversation-list.tsx';
import { Evidence } from '../../features/conversations/components/evidence.tsx';
import { ExplainPanel } from '../../features/conversations/components/explain-panel.tsx';
import { MessageList } from '../../features/conversations/components/message-list.tsx';
import { ReplyForm } from '../../features/conversations/components/reply-form.tsx';
import { ShopperPanel } from '../../features/conversations/components/shopper-panel.tsx';
import '../../features/conversations/inbox.css';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { formatDateTime, timezoneLabel, timezoneName } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';

export default function ConversationPage() {
  const brand = useBrand();
  const { conversationId } = useParams();
  const location = useLocation();
  const id = Number(conversationId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const conversation = useConversation(brand.id, valid ? id : 0);
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const back = `/b/${brand.id}/conversations${listSearch}`;

  return (
    <>
      <p className="back-link">
        <Link to={back}>← All conversations</Link>
      </p>
      <StatePanel
        loading={valid && conversation.isPending}
        error={valid ? conversation.error : new NotFoundError()}
        onRetry={() => void conversation.refetch()}
        minHeight={320}
        label="the conversation"
      >
        {conversation.data ? <Thread conversation={conversation.data} brand={brand} listSearch={listSearch} /> : null}
      </StatePanel>
    </>
  );
}

class NotFoundError extends Error {
  status = 404;
  constructor() {
    super('Conversation not found');
  }
}

function Thread({
  conversation: c,
  brand,
  listSearch,
}: {
  conversation: ConversationDetail;
  brand: Brand;
  listSearch: string;
}) {
  const subject: Subject | null = c.checkout_id
    ? { kind: 'checkout', id: c.checkout_id }
    : c.cart_id
      ? { kind: 'cart', id: c.cart_id }
      : null;
  const checkout = useCheckout(brand.id, subject);
  const orderId = c.order_id ?? checkout.data?.order?.id ?? null;
  const recovered = c.is_recovered || Boolean(checkout.data?.order?.recovered_at);
  const attribution = useAttribution(brand.id, recovered ? orderId : null);
  const markRead = useMarkRead(brand.id, c.id);
  const agent = useConversationAgent(brand.id, c.id);
  const draft = agent.data?.decisions.findLast((d) => d.delivery === 'draft') ?? null;
  const marked = useRef<number | null>(null);
  const shopper = shopperOf(c);
  usePageTitle(`${shopper} · Conversations`);

  useEffect(() => {
    if (c.is_unread && marked.current !== c.id) {
      marked.current = c.id;
      markRead.mutate();
    }
  }, [c.id, c.is_unread, markRead]);

  const neighbour = (target: number | null, label: string) =>
    target ? (
      <Link className="button" to={`/b/${brand.id}/conversations/${target}`} state={{ listSearch }}>
        {label}
      </Link>
    ) : null;

  return (
    <div className="conversation" data-conversation={c.id}>
      <div className="page-header">
        <h1>{shopper}</h1>
        <div className="page-actions">
          <ConversationActions brandId={brand.id} conversation={c} shopper={shopper} />
        </div>
      </div>
      <p className="muted conversation-sub">
        <span className={c.is_recovered ? 'pill pill-recovered' : 'pill'}>{stateLabel(c)}</span>
        {c.workflow ? ` ${c.workflow.name} · ` : ' '}
        started {formatDateTime(c.created_at, brand)} · times in {timezoneLabel(brand.timezone)} (
        {timezoneName(brand.timezone)}){c.is_hidden ? ' · hidden' : ''}
      </p>
      <div className="conversation-grid">
        <section className="card conversation-main" aria-labelledby="thread-title">
          <h2 id="thread-title">Messages</h2>
          <MessageList
            messages={c.messages}
            feedback={c.feedback}
            locale={brand}
            brandId={brand.id}
            conversationId={c.id}
          />
          <ReplyForm
            key={draft ? `draft-${draft.decision_id}` : 'reply'}
            brandId={brand.id}
            conversationId={c.id}
            reply={c.reply}
            draft={draft}
          />
          <nav className="neighbours" aria-label="Other conversations">
            {neighbour(c.previous_id, 'Newer conversation')}
            {neighbour(c.next_id, 'Older conversation')}
          </nav>
        </section>
        <aside className="conversation-side" aria-label="About this conversation">
          {recovered && orderId !== null ? (
            <section className="card" aria-labelledby="evidence-title">
              <h2 id="evidence-title">Why this order is billed</h2>
              <StatePanel
                loading={attribution.isPending}
                error={attribution.error}
                onRetry={() => void attribution.refetch()}
                minHeight={60}
                label="the evidence"
              >
                {attribution.data ? (
                  <Evidence attribution={attribution.data} locale={brand} conversationId={c.id} />
                ) : null}
              </StatePanel>
            </section>
          ) : null}
          <section className="card" aria-labelledby="agent-title">
            <h2 id="agent-title">Shopper agent</h2>
            <AgentPanel brand={brand} conversationId={c.id} />
          </section>
          <section className="card" aria-labelledby="shopper-title">
            <h2 id="shopper-title">Shopper</h2>
            <ShopperPanel conversation={c} locale={brand} brandId={brand.id} />
          </section>
          <section className="card" aria-labelledby="offer-title">
            <h2 id="offer-title">Code and link</h2>
            <OfferPanel conversation={c} locale={brand} />
          </section>
          <section className="card" aria-labelledby="cart-title">
            <h2 id="cart-title">Cart</h2>
            {subject === null ? (
              <p className="muted">This conversation is about no cart.</p>
            ) : (
              <StatePanel
                loading={checkout.isPending}
                error={checkout.error}
                onRetry={() => void checkout.refetch()}
                minHeight={60}
                label="the cart"
              >
                {checkout.data ? <CartPanel details={checkout.data} locale={brand} /> : null}
              </StatePanel>
            )}
          </section>
          <section className="card" aria-labelledby="explain-title">
            <h2 id="explain-title">Texted or not</h2>
            <ExplainPanel
              brandId={brand.id}
              subject={c.cart_id ? { kind: 'cart', id: c.cart_id } : orderId ? { kind: 'order', id: orderId } : null}
              locale={brand}
            />
          </section>
        </aside>
      </div>
    </div>
  );
}
