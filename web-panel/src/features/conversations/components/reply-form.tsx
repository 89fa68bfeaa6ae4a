/**
 * The agent's reply, written in the composer (characters, segments and encoding as sent). When the conversation's channel cannot be texted (no channel, unsubscribed,
 * blocked, not +1) the box is disabled and says why, in the API's words. After sending, the reply
 * shows in the thread with its status (sent, or held / queued).
 */
import { useState } from 'react';
import { Composer } from '../../../components/composer/composer.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { useComposerContext } from '../../../lib/composer-context.ts';
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
  const [body, setBody] = useState('');
  const context = useComposerContext(brandId);
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
      <Composer
        label="Reply to the shopper"
        mode="reply"
        rows={3}
        value={body}
        onChange={setBody}
        context={context.data}
        disabled={disabled}
        maxLength={REPLY_MAX}
        note={
          disabled ? (
            <span className="reply-refused">You cannot reply: {reply.reason}</span>
          ) : (
            `At most ${REPLY_MAX} characters.`
          )
        }
      />
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
      ) : null}
    </form>
  );
}
