/**
 * The agent's reply. When the conversation's channel cannot be texted (no channel, unsubscribed,
 * blocked, not +1) the box is disabled and says why, in the API's words. After sending, the reply
 * shows in the thread with its status (sent, or held / queued).
 */
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { useReply } from '../api/reply.ts';

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
}: {
  brandId: number;
  conversationId: number;
  reply: { allowed: boolean; reason: string | null };
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const send = useReply(brandId, conversationId);
  const disabled = !reply.allowed;

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
      <label htmlFor={`${id}-body`}>Reply to the shopper</label>
      <textarea
        id={`${id}-body`}
        rows={3}
        maxLength={REPLY_MAX}
        value={body}
        disabled={disabled}
        aria-describedby={`${id}-note`}
        onChange={(e) => setBody(e.target.value)}
      />
      <div className="reply-actions">
        <span id={`${id}-note`} className={disabled ? 'reply-refused' : 'muted'}>
          {disabled ? `You cannot reply: ${reply.reason}` : `${body.length} / ${REPLY_MAX} characters`}
        </span>
        <button type="submit" className="button button-send" disabled={disabled || send.isPending || !body.trim()}>
          {send.isPending ? 'Sending…' : 'Send reply'}
        </button>
      </div>
      {send.isError ? <FormError message={errorMessage(send.error)} /> : null}
      {send.isSuccess ? (
        <p className="muted" role="status">
          {OUTCOME[send.data.outcome]}
        </p>
      ) : null}
    </form>
  );
}
