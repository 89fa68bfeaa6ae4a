/**
 * The thread: each message with who wrote it, its status badge and its time in the brand's time
 * zone (labelled); a brand's message can be rated (feedback: rating and comment).
 */
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { formatDateTime, type Locale } from '../../../lib/format.ts';
import { useSaveFeedback } from '../api/save-feedback.ts';
import type { Feedback, Message } from '../api/types.ts';
import { MessageStatusBadge } from './message-status.tsx';

const author = (m: Message): string =>
  m.direction === 'incoming' ? 'Shopper' : m.user_id !== null ? 'Your team' : 'Reclaim';

export function MessageList({
  messages,
  feedback,
  locale,
  brandId,
  conversationId,
}: {
  messages: Message[];
  feedback: Feedback[];
  locale: Locale;
  brandId: number;
  conversationId: number;
}) {
  if (messages.length === 0) return <p className="muted">No messages in this conversation yet.</p>;
  return (
    <ol className="thread" aria-label="Messages">
      {messages.map((m) => {
        const at = m.sent_at ?? m.created_at;
        return (
          <li key={m.id} className={`bubble bubble-${m.direction}`} data-message={m.id}>
            <div className="bubble-head">
              <span className="bubble-author">{author(m)}</span>
              <time dateTime={at}>{formatDateTime(at, locale)}</time>
            </div>
            <p className="bubble-body">{m.body}</p>
            <div className="bubble-foot">
              <MessageStatusBadge message={m} locale={locale} />
              {m.direction === 'outgoing' ? (
                <FeedbackControl
                  brandId={brandId}
                  conversationId={conversationId}
                  message={m}
                  saved={feedback.find((f) => f.message_id === m.id) ?? null}
                />
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function FeedbackControl({
  brandId,
  conversationId,
  message,
  saved,
}: {
  brandId: number;
  conversationId: number;
  message: Message;
  saved: Feedback | null;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(saved?.rating ? String(saved.rating) : '');
  const [comment, setComment] = useState(saved?.comment ?? '');
  const save = useSaveFeedback(brandId, conversationId);

  if (!open)
    return (
      <span className="feedback-summary">
        {saved?.rating ? <span className="muted">Rated {saved.rating} of 5</span> : null}
        <button
          type="button"
          className="button button-small"
          aria-expanded={false}
          onClick={() => setOpen(true)}
          aria-label={`${saved ? 'Edit feedback on' : 'Give feedback on'} the message at ${message.created_at}`}
        >
          {saved ? 'Edit feedback' : 'Feedback'}
        </button>
      </span>
    );
  return (
    <form
      className="feedback-form"
      aria-label="Feedback on this message"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { messageId: message.id, rating: rating ? Number(rating) : null, comment: comment.trim() || null },
          { onSuccess: () => setOpen(false) },
        );
      }}
    >
      <label htmlFor={`${id}-rating`}>Rating</label>
      <select id={`${id}-rating`} value={rating} onChange={(e) => setRating(e.target.value)}>
        <option value="">No rating</option>
        <option value="5">5 – great</option>
        <option value="4">4 – good</option>
        <option value="3">3 – fair</option>
        <option value="2">2 – weak</option>
        <option value="1">1 – poor</option>
      </select>
      <label htmlFor={`${id}-comment`}>Comment</label>
      <textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={2000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <div className="feedback-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save feedback'}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {save.isError ? <FormError message={errorMessage(save.error)} /> : null}
    </form>
  );
}
