/**
 * The agent's reply, written in the composer (characters, segments and encoding as sent). When the
 * shopper agent left a draft (draft mode), it waits in the composer with its sources: the person
 * sends it as written or edited, or discards it. When the conversation's channel cannot be texted (no channel, unsubscribed,
 * blocked, not +1) the box is disabled and says why, in the API's words. After sending, the reply
 * shows in the thread with its status (sent, or held / queued).
 */
import { useState } from 'react';
import { Composer } from '../../../components/composer/composer.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { useComposerContext } from '../../../lib/composer-context.ts';
import type { AgentDecision } from '../api/get-agent.ts';
import { useReply } from '../api/reply.ts';
import { useReviewDraft } from '../api/review-draft.ts';
import { sourcesInWords } from './agent-panel.tsx';

export const REPLY_MAX = 1530;
const OUTCOME = {
  sent: 'Reply sent.',
  held: 'Reply queued: it goes out at the next allowed minute.',
  skipped: 'The reply was skipped.',
  failed: 'The reply failed to send.',
} as const;

export function ReplyForm({
  brandId,
  conversationId,
  reply,
  draft = null,
}: {
  brandId: number;
  conversationId: number;
  reply: { allowed: boolean; reason: string | null };
  /** The shopper agent's draft waiting for a person (draft mode), if any. */
  draft?: AgentDecision | null;
}) {
  const [body, setBody] = useState(draft?.reply ?? '');
  const context = useComposerContext(brandId);
  const send = useReply(brandId, conversationId);
  const review = useReviewDraft(brandId, conversationId);
  const disabled = !reply.allowed;
  const sources = draft ? sourcesInWords(draft) : null;
  const refused = <span className="reply-refused">You cannot reply: {reply.reason}</span>;
  const composer = (label: string, rows: number, note: React.ReactNode) => (
    <Composer
      label={label}
      mode="reply"
      rows={rows}
      value={body}
      onChange={setBody}
      context={context.data}
      disabled={disabled}
      maxLength={REPLY_MAX}
      note={disabled ? refused : note}
    />
  );

  if (draft)
    return (
      <form
        className="reply-form"
        aria-label="Reply"
        onSubmit={(event) => {
          event.preventDefault();
          if (!body.trim()) return;
          const edited = body.trim() !== (draft.reply ?? '').trim();
          review.mutate({ messageId: draft.message_id, action: 'send', ...(edited ? { body: body.trim() } : {}) });
        }}
      >
        <p className="agent-draft-note" role="note">
          <strong>The agent’s draft</strong>
          {sources ? <> from: {sources}</> : null} · {Math.round(draft.confidence * 100)}% sure. Send it as it is, edit
          it first, or discard it.
        </p>
        {composer("Reply to the shopper (the agent's draft)", 4, null)}
        <div className="reply-actions">
          <button type="submit" className="button button-send" disabled={disabled || review.isPending || !body.trim()}>
            {review.isPending ? 'Sending…' : 'Send draft'}
          </button>{' '}
          <button
            type="button"
            className="button"
            disabled={review.isPending}
            onClick={() => review.mutate({ messageId: draft.message_id, action: 'discard' })}
          >
            Discard draft
          </button>
        </div>
        {review.isError ? <FormError message={errorMessage(review.error)} /> : null}
      </form>
    );

  return (
    <form
      className="reply-form"
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        send.mutate(body.trim(), { onSuccess: () => setBody('') });
      }}
    >
      {composer('Reply to the shopper', 3, `At most ${REPLY_MAX} characters.`)}
      <div className="reply-actions">
        <button type="submit" className="button button-send" disabled={disabled || send.isPending || !body.trim()}>
          {send.isPending ? 'Sending…' : 'Send reply'}
        </button>
      </div>
      {send.isError ? <FormError message={errorMessage(send.error)} /> : null}
      {send.isSuccess ? (
        <p className="muted" role="status">
          {OUTCOME[send.data.outcome]}
        </p>
      ) : review.isSuccess ? (
        <p className="muted" role="status">
          {review.data.decision.delivery === 'discarded' ? 'Draft discarded.' : 'Draft sent.'}
        </p>
      ) : null}
    </form>
  );
}
