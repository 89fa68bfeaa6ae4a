/** Adding a card: a title and the answer, saved as a draft, or published at once by an admin. */
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { ability, type BrandRole } from '../../../lib/role.ts';
import { useCreateKbCard } from '../api/create-kb-card.ts';
import { PublishNow } from './publish-now.tsx';

export function KbNewCard({ brandId, role }: { brandId: number; role: BrandRole | undefined }) {
  const id = useId();
  const create = useCreateKbCard(brandId);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [publishNow, setPublishNow] = useState(false);
  const publish = ability(role, 'kb.publish');
  return (
    <form
      className="card kb-form section"
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { title, content, status: publishNow && publish.allowed ? 'published' : 'draft' },
          {
            onSuccess: () => {
              setTitle('');
              setContent('');
              setPublishNow(false);
            },
          },
        );
      }}
    >
      <h2 id={`${id}-h`}>Add a card</h2>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={255}
          placeholder="How long does shipping take?"
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-content`}>Answer</label>
        <textarea
          id={`${id}-content`}
          rows={4}
          value={content}
          placeholder="Orders ship within 2 business days; delivery takes 3 to 5 days in the US."
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <PublishNow
        publish={publish}
        checked={publishNow}
        onChange={setPublishNow}
        label="Publish now (the agent answers from it at once)"
        draftNote="Your card is saved as a draft."
      />
      <FormError message={create.error ? errorMessage(create.error) : null} />
      <button
        type="submit"
        className="button button-primary"
        disabled={create.isPending || !title.trim() || !content.trim()}
      >
        {create.isPending ? 'Adding…' : 'Add the card'}
      </button>
    </form>
  );
}
