/** One insight: what shoppers said, what to do about it, how many conversations, and example messages on demand. */
import { useState } from 'react';
import { Link } from 'react-router';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useInsightMessages } from '../api/get-insight-messages.ts';
import { usePromoteInsight } from '../api/promote-insight.ts';
import type { Insight } from '../api/types.ts';
import { insightLabel } from './groups.ts';

export function InsightCard({ brand, insight }: { brand: Brand; insight: Insight }) {
  const [open, setOpen] = useState(false);
  const messages = useInsightMessages(brand.id, insight.id, open);
  const promote = usePromoteInsight(brand.id);
  const title = insight.topic ?? insightLabel(insight.tag);
  return (
    <li className="card insight-card">
      <div className="insight-head">
        <h3>{title}</h3>
        <span className="badge">{insightLabel(insight.category, 'category')}</span>
        {insight.tag ? <span className="badge">{insightLabel(insight.tag)}</span> : null}
      </div>
      {insight.body ? <p>{insight.body}</p> : null}
      {insight.proposed_solution ? (
        <p>
          <strong>What to do: </strong>
          {insight.proposed_solution}
        </p>
      ) : null}
      <p className="muted">
        {formatNumber(insight.conversations, brand)} conversation{insight.conversations === 1 ? '' : 's'} ·{' '}
        {formatNumber(insight.messages, brand)} message{insight.messages === 1 ? '' : 's'} in the period
      </p>
      <p className="kb-actions">
        <button
          type="button"
          className="button"
          disabled={promote.isPending}
          aria-label={`Make “${title}” a KB card`}
          onClick={() => promote.mutate(insight.id)}
        >
          {promote.isPending ? 'Saving…' : 'Make it a KB card'}
        </button>
        <span aria-live="polite" className="muted">
          {promote.data ? (
            <>
              {promote.data.created ? 'Saved as a draft card. ' : 'Already a card. '}
              <Link to={`/b/${brand.id}/knowledge`}>Open the knowledge base</Link>
            </>
          ) : promote.error ? (
            <span role="alert">{promote.error.message}</span>
          ) : null}
        </span>
      </p>
      <details onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
        <summary>Example messages</summary>
        <StatePanel
          loading={messages.isPending && open}
          error={messages.error}
          onRetry={() => void messages.refetch()}
          empty={messages.data?.items.length === 0}
          emptyMessage="No messages kept for this insight."
          minHeight={60}
          label="the example messages"
        >
          <ul className="example-list">
            {messages.data?.items.map((m) => (
              <li key={m.id}>
                <blockquote>{m.message_body ?? '—'}</blockquote>
                <small className="muted">
                  {m.message_at ? formatDateTime(m.message_at, brand) : null}
                  {' · '}
                  <Link to={`/b/${brand.id}/conversations/${m.conversation_id}`}>Open the conversation</Link>
                </small>
              </li>
            ))}
          </ul>
        </StatePanel>
      </details>
    </li>
  );
}
