/** Hide or show the conversation, and block the shopper (asked to confirm first: it cannot be undone here). */
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { useBlockContact } from '../api/block-contact.ts';
import { useSetHidden } from '../api/set-hidden.ts';
import type { ConversationDetail } from '../api/types.ts';

export function ConversationActions({
  brandId,
  conversation,
  shopper,
}: {
  brandId: number;
  conversation: ConversationDetail;
  shopper: string;
}) {
  const id = useId();
  const hide = useSetHidden(brandId, conversation.id);
  const block = useBlockContact(brandId);
  const [confirming, setConfirming] = useState(false);
  const blocked = conversation.consent?.status === 'blocked';
  const contactId = conversation.contact?.id ?? null;

  return (
    <div className="conversation-actions">
      <button
        type="button"
        className="button"
        disabled={hide.isPending}
        onClick={() => hide.mutate(!conversation.is_hidden)}
      >
        {conversation.is_hidden ? 'Unhide' : 'Hide'}
      </button>
      {contactId !== null ? (
        <button
          type="button"
          className="button button-danger"
          disabled={blocked || block.isPending}
          onClick={() => setConfirming(true)}
        >
          {blocked ? 'Blocked' : 'Block contact'}
        </button>
      ) : null}
      {confirming && contactId !== null ? (
        <div className="confirm" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
          <p id={`${id}-title`}>
            <strong>Block {shopper}?</strong>
          </p>
          <p id={`${id}-text`}>
            Every text channel of this shopper is unsubscribed and blocked, and their queued texts are skipped. No
            workflow or agent can text them again.
          </p>
          <button
            type="button"
            className="button button-danger"
            disabled={block.isPending}
            onClick={() => block.mutate(contactId, { onSuccess: () => setConfirming(false) })}
          >
            {block.isPending ? 'Blocking…' : 'Block'}
          </button>{' '}
          {/* The safe choice has the focus: Enter on arrival never blocks anyone. */}
          <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : null}
      {hide.isError ? <FormError message={errorMessage(hide.error)} /> : null}
      {block.isError ? <FormError message={errorMessage(block.error)} /> : null}
    </div>
  );
}
