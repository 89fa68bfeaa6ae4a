/**
 * Questions the agent passed to a person: write the answer, send it to the shopper who asked, and
 * save it as a KB card (a draft, or published by an admin), so the agent answers the next shopper
 * who asks the same.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ability, useBrandRole } from '../../../lib/role.ts';
import { useAnswerEscalation } from '../api/answer-escalation.ts';
import { useEscalations } from '../api/get-escalations.ts';
import { usePromoteEscalation } from '../api/promote-escalation.ts';
import type { Escalation } from '../api/types.ts';
import { PublishNow } from './publish-now.tsx';

function EscalationItem({ brand, escalation }: { brand: Brand; escalation: Escalation }) {
  const id = useId();
  const promote = usePromoteEscalation(brand.id);
  const reply = useAnswerEscalation(brand.id);
  const role = useBrandRole(brand.id);
  const publish = ability(role.data, 'kb.publish');
  const [question, setQuestion] = useState(escalation.processed_question ?? escalation.question ?? '');
  const [answer, setAnswer] = useState(escalation.processed_response ?? '');
  const [publishNow, setPublishNow] = useState(false);
  const answered = reply.isSuccess || escalation.processed_response !== null;
  return (
    <li className="card">
      <p>
        <strong>Asked:</strong> {escalation.question ?? '—'}{' '}
        <small className="muted">
          {formatDateTime(escalation.created_at, brand)}
          {escalation.conversation_id ? (
            <>
              {' · '}
              <Link to={`/b/${brand.id}/conversations/${escalation.conversation_id}`}>Open the conversation</Link>
            </>
          ) : null}
        </small>
      </p>
      <form
        className="kb-form"
        aria-label={`Answer: ${escalation.question ?? 'escalated question'}`}
        onSubmit={(event) => {
          event.preventDefault();
          promote.mutate({
            id: escalation.id,
            processed_question: question,
            processed_response: answer,
            publish: publish.allowed && publishNow,
          });
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-q`}>Question as the card’s title</label>
          <input id={`${id}-q`} value={question} maxLength={255} onChange={(e) => setQuestion(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-a`}>Answer</label>
          <textarea id={`${id}-a`} rows={3} value={answer} onChange={(e) => setAnswer(e.target.value)} />
        </div>
        {escalation.conversation_id ? (
          <p>
            <button
              type="button"
              className="button button-primary"
              disabled={reply.isPending || !answer.trim()}
              onClick={() => reply.mutate({ id: escalation.id, response: answer.trim() })}
            >
              {reply.isPending ? 'Sending…' : 'Send the answer to the shopper'}
            </button>
          </p>
        ) : null}
        {reply.isSuccess ? (
          <p role="status">
            Sent to the shopper. Save this answer as a KB card so the agent answers the next shopper who asks it.
          </p>
        ) : null}
        {reply.error ? (
          <p className="form-error" role="alert">
            {errorMessage(reply.error)}
          </p>
        ) : null}
        <PublishNow
          publish={publish}
          checked={publishNow}
          onChange={setPublishNow}
          label="Publish the card now (the agent answers from it at once)"
          draftNote="The card is saved as a draft."
        />
        {promote.error ? (
          <p className="form-error" role="alert">
            {errorMessage(promote.error)}
          </p>
        ) : null}
        <button
          type="submit"
          className={answered ? 'button button-primary' : 'button'}
          disabled={promote.isPending || !question.trim() || !answer.trim()}
        >
          {promote.isPending ? 'Saving…' : 'Save as a KB card'}
        </button>
      </form>
    </li>
  );
}

export function EscalationsPanel({ brand }: { brand: Brand }) {
  const escalations = useEscalations(brand.id);
  return (
    <StatePanel
      loading={escalations.isPending}
      error={escalations.error}
      onRetry={() => void escalations.refetch()}
      empty={escalations.data?.items.length === 0}
      emptyMessage="No escalated question waits for an answer."
      label="the escalated questions"
    >
      <ul className="kb-list">
        {escalations.data?.items.map((e) => (
          <EscalationItem key={e.id} brand={brand} escalation={e} />
        ))}
      </ul>
    </StatePanel>
  );
}
