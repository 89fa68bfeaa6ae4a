/**
 * The agent's answers a brand user marked wrong: the shopper's question, the answer, the card it
 * came from (which now counts less for that topic), who marked it and why. Fixing the card on the
 * knowledge page is the way to make the agent answer it again.
 */
import { Link } from 'react-router';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useWrongAnswers } from '../api/get-wrong-answers.ts';

export function WrongAnswers({ brand }: { brand: Brand }) {
  const wrong = useWrongAnswers(brand.id);
  return (
    <StatePanel
      loading={wrong.isPending}
      error={wrong.error}
      onRetry={() => void wrong.refetch()}
      empty={wrong.data?.items.length === 0}
      emptyMessage="Nobody has marked an answer of the agent wrong."
      label="the answers marked wrong"
    >
      <ul className="kb-list">
        {wrong.data?.items.map((w) => (
          <li key={w.decision_id} className="card">
            <p>
              <strong>Asked:</strong> {w.question}
            </p>
            {w.reply ? (
              <p>
                <strong>Answered:</strong> {w.reply}
              </p>
            ) : null}
            <p className="muted">
              <small>
                From the card “{w.card_title ?? 'deleted card'}”{w.topic ? ` on ${w.topic}` : ''} · marked wrong
                {w.marked_by ? ` by ${w.marked_by}` : ''} {formatDateTime(w.created_at, brand)}
                {w.note ? ` · “${w.note}”` : ''} ·{' '}
                <Link to={`/b/${brand.id}/conversations/${w.conversation_id}`}>Open the conversation</Link>
              </small>
            </p>
          </li>
        ))}
      </ul>
    </StatePanel>
  );
}
