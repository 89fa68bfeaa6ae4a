/**
 * One KB card with what the user may do to it: edit (title and text), publish or unpublish, delete.
 * A control the user's role does not allow is disabled, with the reason beside it (the API's words).
 */
import { useId, useState } from 'react';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ability, type BrandRole } from '../../../lib/role.ts';
import { useDeleteKbCard } from '../api/delete-kb-card.ts';
import type { KbCard } from '../api/types.ts';
import { useUpdateKbCard } from '../api/update-kb-card.ts';

export const SOURCES: Record<string, string> = {
  manual: 'Written by hand',
  flow: 'For a workflow',
  escalation: 'From an escalated question',
  import: 'Imported',
  insight: 'From an insight',
};
const STATUS_WORDS: Record<KbCard['status'], string> = {
  published: 'Published: the agent answers from it',
  draft: 'Draft',
  unpublished: 'Unpublished',
};

const excerpt = (text: string | null, length = 220) =>
  !text ? '' : text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;

export function KbCardItem({ brand, card, role }: { brand: Brand; card: KbCard; role: BrandRole | undefined }) {
  const id = useId();
  const update = useUpdateKbCard(brand.id);
  const remove = useDeleteKbCard(brand.id);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(card.title ?? '');
  const [content, setContent] = useState(card.content ?? '');
  const [confirming, setConfirming] = useState(false);
  const publish = ability(role, 'kb.publish');
  const edit = card.status === 'published' ? ability(role, 'kb.edit_published') : { allowed: true, reason: null };
  const del = ability(role, 'kb.delete');
  const reasons = [...new Set([publish, edit, del].filter((a) => !a.allowed && a.reason).map((a) => a.reason!))];
  const error = update.error ?? remove.error;
  const origin =
    card.source === 'insight' && card.brand_insight_id
      ? `${SOURCES.insight} (#${card.brand_insight_id})`
      : card.source === 'escalation' && card.escalation_id
        ? `${SOURCES.escalation} (#${card.escalation_id})`
        : (SOURCES[card.source] ?? card.source);

  return (
    <li className="card kb-card" data-testid="kb-card">
      <h3>{card.title || 'Untitled card'}</h3>
      {editing ? (
        <form
          className="kb-form"
          aria-label={`Edit ${card.title ?? 'the card'}`}
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: card.id, title, content }, { onSuccess: () => setEditing(false) });
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-title`}>Title</label>
            <input id={`${id}-title`} value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-content`}>Answer</label>
            <textarea id={`${id}-content`} rows={5} value={content} onChange={(e) => setContent(e.target.value)} />
          </div>
          <div className="kb-actions">
            <button type="submit" className="button button-primary" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className="kb-content">{excerpt(card.content, 600)}</p>
      )}
      <p className="muted">
        <span className={`badge badge-${card.status}`}>{STATUS_WORDS[card.status]}</span> {origin} ·{' '}
        {card.author ? `by ${card.author.name}` : 'no author'} · updated {formatDateTime(card.updated_at, brand)}
      </p>
      {editing ? null : (
        <div className="kb-actions">
          <button
            type="button"
            className="button"
            disabled={!edit.allowed}
            aria-describedby={reasons.length ? `${id}-why` : undefined}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button"
            disabled={!publish.allowed || update.isPending}
            aria-describedby={reasons.length ? `${id}-why` : undefined}
            onClick={() =>
              update.mutate({ id: card.id, status: card.status === 'published' ? 'unpublished' : 'published' })
            }
          >
            {card.status === 'published' ? 'Unpublish' : 'Publish'}
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className="button button-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(card.id)}
              >
                {remove.isPending ? 'Deleting…' : 'Delete for good'}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button"
              disabled={!del.allowed}
              aria-describedby={reasons.length ? `${id}-why` : undefined}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          )}
        </div>
      )}
      {reasons.length ? (
        <small id={`${id}-why`} className="muted" data-testid="kb-reason">
          {reasons.join(' ')}
        </small>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
    </li>
  );
}
