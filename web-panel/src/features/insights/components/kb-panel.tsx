/**
 * The knowledge base: the brand's cards (what the agent answers from), a status filter and a
 * search. Words, status and page live in the URL (`q`, `kb_status`, `kb_page`).
 */
import { useEffect, useId, useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { useBrandRole } from '../../../lib/role.ts';
import { useSearchState } from '../../../lib/url-state.ts';
import { KB_PAGE_SIZE, useKbCards } from '../api/get-kb-cards.ts';
import type { KbCard } from '../api/types.ts';
import { KbCardItem } from './kb-card-item.tsx';

const STATUSES: Array<{ id: '' | KbCard['status']; label: string }> = [
  { id: '', label: 'Every status' },
  { id: 'published', label: 'Published' },
  { id: 'draft', label: 'Draft' },
  { id: 'unpublished', label: 'Unpublished' },
];
export function KbPanel({ brand }: { brand: Brand }) {
  const id = useId();
  const [params, update] = useSearchState();
  const q = params.get('q') ?? '';
  const rawStatus = params.get('kb_status');
  const status = STATUSES.some((s) => s.id && s.id === rawStatus) ? (rawStatus as KbCard['status']) : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('kb_page'))) || 1);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const cards = useKbCards(brand.id, { q, status, offset: (page - 1) * KB_PAGE_SIZE });
  const searching = q.trim() !== '';
  const role = useBrandRole(brand.id);

  return (
    <>
      <form
        className="filter-row"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: draft.trim() || null, kb_page: null });
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-q`}>Search the cards</label>
          <input id={`${id}-q`} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
        {searching ? (
          <button type="button" className="button button-quiet" onClick={() => update({ q: null, kb_page: null })}>
            Clear search
          </button>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={status ?? ''}
            onChange={(e) => update({ kb_status: e.target.value || null, kb_page: null })}
          >
            {STATUSES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </form>
      {searching && cards.data?.ignored?.length ? (
        <p className="muted">Left out (2 characters or fewer): {cards.data.ignored.join(', ')}</p>
      ) : null}
      <StatePanel
        loading={cards.isPending}
        error={cards.error}
        onRetry={() => void cards.refetch()}
        empty={cards.data?.items.length === 0}
        emptyMessage={
          searching
            ? `No card matches “${q}”.`
            : 'No KB cards yet. Cards hold the answers the agent gives shoppers: about shipping, returns, sizes and your offers.'
        }
        refreshing={cards.isPlaceholderData}
        label="the KB cards"
      >
        <p className="muted" aria-live="polite">
          {searching ? `${cards.data?.total ?? 0} cards match, best first.` : `${cards.data?.total ?? 0} cards.`}
        </p>
        <ul className="kb-list">
          {cards.data?.items.map((card) => (
            <KbCardItem key={`${card.id}-${card.updated_at}`} brand={brand} card={card} role={role.data} />
          ))}
        </ul>
        {searching ? null : (
          <Pager
            page={page}
            pageSize={KB_PAGE_SIZE}
            total={cards.data?.total ?? 0}
            onPage={(next) => update({ kb_page: next === 1 ? null : next })}
            label="KB card"
          />
        )}
      </StatePanel>
    </>
  );
}
