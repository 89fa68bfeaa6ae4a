/**
 * The shopper agent on this conversation: each decision on a shopper text with what it did, the
 * cards it answered from and how sure it was ("Answered from: Shipping to Canada · 92% sure"), a
 * "Mark wrong" control on an answer (its card then counts less for that topic), and, when a person
 * at the brand has taken the conversation over, that the agent stays out and a control to hand it back.
 */
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage, StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime, formatPercent } from '../../../lib/format.ts';
import { useConversationAgent, type AgentDecision, type ConversationAgent } from '../api/get-agent.ts';
import { useHandBack } from '../api/hand-back.ts';
import { useMarkWrong } from '../api/mark-wrong.ts';

const DECISION_WORDS: Record<AgentDecision['decision'], string> = {
  answered: 'Answered',
  escalated: 'Escalated to your team',
  silent: 'Stayed silent',
  opted_out: 'Opt-out handled',
  human: 'Left to a person',
};

const DELIVERY_WORDS: Record<string, string> = {
  queued: 'sent by the agent',
  draft: 'draft waiting in the reply box',
  not_sent: 'not sent',
  sent_by_person: 'draft sent by a person',
  discarded: 'draft discarded',
};

const MODE_WORDS: Record<ConversationAgent['mode'], string> = {
  off: 'The agent is off for this conversation.',
  draft: 'The agent drafts answers here; a person sends them.',
  auto: 'The agent answers here by itself.',
};

/** "answered from: Shipping to Canada" — the sources named, or what the decision rested on. */
export function sourcesInWords(d: Pick<AgentDecision, 'source_cards'>): string | null {
  return d.source_cards.length > 0 ? d.source_cards.map((c) => c.title).join(', ') : null;
}

function DecisionItem({ brand, conversationId, d }: { brand: Brand; conversationId: number; d: AgentDecision }) {
  const id = useId();
  const mark = useMarkWrong(brand.id, conversationId);
  const [note, setNote] = useState('');
  const [open, setOpen] = useState(false);
  const sources = sourcesInWords(d);
  return (
    <li className="agent-decision" data-decision={d.decision}>
      <p>
        <strong>{DECISION_WORDS[d.decision]}</strong>
        {sources ? <> from: {sources}</> : null} · {formatPercent(d.confidence, brand)} sure
        {d.delivery ? <> · {DELIVERY_WORDS[d.delivery] ?? d.delivery}</> : null}
      </p>
      <p className="muted">
        <small>
          {formatDateTime(d.created_at, brand)} · {d.why}
          {d.delivery_reason ? ` ${d.delivery_reason}` : ''}
        </small>
      </p>
      {d.reply ? <blockquote className="agent-reply">{d.reply}</blockquote> : null}
      {d.decision !== 'answered' ? null : d.marked_wrong ? (
        <p className="muted">Marked wrong: this card counts less for this topic.</p>
      ) : open ? (
        <form
          aria-label="Mark this answer wrong"
          onSubmit={(event) => {
            event.preventDefault();
            mark.mutate({ messageId: d.message_id, note: note.trim() || null });
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-note`}>What was wrong (optional)</label>
            <input id={`${id}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
          <button type="submit" className="button" disabled={mark.isPending}>
            {mark.isPending ? 'Saving…' : 'Mark wrong'}
          </button>{' '}
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          {mark.isError ? <FormError message={errorMessage(mark.error)} /> : null}
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Mark this answer wrong
        </button>
      )}
    </li>
  );
}

export function AgentPanel({ brand, conversationId }: { brand: Brand; conversationId: number }) {
  const agent = useConversationAgent(brand.id, conversationId);
  const handBack = useHandBack(brand.id, conversationId);
  const a = agent.data;
  return (
    <StatePanel
      loading={agent.isPending}
      error={agent.error}
      onRetry={() => void agent.refetch()}
      minHeight={60}
      label="the agent's decisions"
    >
      {a ? (
        <>
          <p className="muted">{MODE_WORDS[a.mode]}</p>
          {a.paused ? (
            <div className="agent-paused" role="status">
              <p>A person at your brand replied here: the agent stays out of this conversation.</p>
              <button type="button" className="button" disabled={handBack.isPending} onClick={() => handBack.mutate()}>
                {handBack.isPending ? 'Handing back…' : 'Hand back to the agent'}
              </button>
              {handBack.isError ? <FormError message={errorMessage(handBack.error)} /> : null}
            </div>
          ) : null}
          {a.decisions.length === 0 ? (
            <p className="muted">The agent has decided nothing in this conversation.</p>
          ) : (
            <ul className="agent-decisions">
              {a.decisions.map((d) => (
                <DecisionItem key={d.decision_id} brand={brand} conversationId={conversationId} d={d} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </StatePanel>
  );
}
