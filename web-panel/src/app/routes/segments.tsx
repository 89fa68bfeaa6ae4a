/**
 * `/b/:brandId/segments`: the brand's segments with their counts now and what uses each; `?segment=new`
 * or `?segment=ID` opens the builder (AND / OR groups over the fields the segment compiler knows)
 * with the live count of who matches, who can be texted and who is left out and why. Save, rename,
 * delete (admins; refused while a campaign or flow that is not finished uses it, with the reason).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormError } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessage, StatePanel } from '../../components/ui/state-panel.tsx';
import { useSegmentBuilder } from '../../features/segments/api/get-segment-builder.ts';
import { useSegments, type ListedSegment } from '../../features/segments/api/get-segments.ts';
import { useSegmentPreview } from '../../features/segments/api/preview-segment.ts';
import { useDeleteSegment, useSaveSegment } from '../../features/segments/api/save-segment.ts';
import type { Group, SegmentBuilder } from '../../features/segments/api/types.ts';
import { ConditionBuilder } from '../../features/segments/components/condition-builder.tsx';
import { SegmentCountView } from '../../features/segments/components/segment-count.tsx';
import { defaultCondition, incomplete } from '../../features/segments/components/words.ts';
import '../../features/segments/components/segments.css';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useSearchState } from '../../lib/url-state.ts';

export default function SegmentsPage() {
  const brand = useBrand();
  const [params, update] = useSearchState();
  const segments = useSegments(brand.id);
  const builder = useSegmentBuilder(brand.id);
  const open = params.get('segment');
  const items = segments.data?.items ?? [];
  const editing = open === 'new' ? null : items.find((s) => String(s.id) === open);
  const [deleting, setDeleting] = useState<ListedSegment | null>(null);
  const remove = useDeleteSegment(brand.id);
  const mayDelete = builder.data?.permissions.role === 'admin';

  return (
    <>
      <PageHeader title="Segments">
        <button type="button" className="button button-primary" onClick={() => update({ segment: 'new' })}>
          New segment
        </button>
      </PageHeader>
      <p className="muted">
        A segment is who a campaign or scheduled flow texts. Counts are as of now; a campaign takes its audience when it
        starts sending.
      </p>
      {open !== null && builder.data && (open === 'new' || editing) ? (
        <SegmentEditor
          key={open}
          brand={brand}
          builder={builder.data}
          segment={editing ?? undefined}
          onClose={() => update({ segment: null })}
        />
      ) : null}
      <section className="section" aria-labelledby="segment-list">
        <h2 id="segment-list">Saved segments</h2>
        <StatePanel
          loading={segments.isPending}
          error={segments.error}
          onRetry={() => void segments.refetch()}
          empty={items.length === 0}
          emptyMessage="No segments yet. Build one with “New segment”: pick conditions and watch the count."
          refreshing={segments.isPlaceholderData}
          label="the segments"
        >
          {!mayDelete && builder.data?.permissions.reason ? (
            <p className="muted">{builder.data.permissions.reason}</p>
          ) : null}
          <div className="table-wrap card">
            <table>
              <thead>
                <tr>
                  <th scope="col">Segment</th>
                  <th scope="col" className="num">
                    Match
                  </th>
                  <th scope="col" className="num">
                    Can be texted
                  </th>
                  <th scope="col" className="num">
                    Left out
                  </th>
                  <th scope="col">Used by</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((s) => (
                  <tr key={s.id} aria-current={String(s.id) === open ? 'true' : undefined}>
                    <td>{s.name}</td>
                    <td className="num">{formatNumber(s.count.matching, brand)}</td>
                    <td className="num">{formatNumber(s.count.reachable, brand)}</td>
                    <td className="num">{formatNumber(s.count.matching - s.count.reachable, brand)}</td>
                    <td>{s.used_by.length ? s.used_by.map((u) => `${u.name} (${u.what})`).join(', ') : '—'}</td>
                    <td className="segment-actions">
                      <button type="button" className="button" onClick={() => update({ segment: s.id })}>
                        Edit<span className="visually-hidden"> {s.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button-quiet"
                        disabled={!mayDelete}
                        title={mayDelete ? undefined : (builder.data?.permissions.reason ?? undefined)}
                        onClick={() => {
                          remove.reset();
                          setDeleting(s);
                        }}
                      >
                        Delete…<span className="visually-hidden"> {s.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </StatePanel>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete segment"
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (String(deleting.id) === open) update({ segment: null });
              setDeleting(null);
            },
          })
        }
      >
        <p>
          The segment is removed; nothing is sent or changed for shoppers. A campaign or flow that is not finished and
          uses it keeps it from being deleted.
        </p>
        {deleting?.used_by.length ? (
          <p>Used by: {deleting.used_by.map((u) => `${u.name} (${u.what})`).join(', ')}.</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The tree the count asks for, a moment after the last change (typing does not ask per key). */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function SegmentEditor({
  brand,
  builder,
  segment,
  onClose,
}: {
  brand: Brand;
  builder: SegmentBuilder;
  segment?: ListedSegment;
  onClose(): void;
}) {
  const id = useId();
  const [name, setName] = useState(segment?.name ?? '');
  const [tree, setTree] = useState<Group>(
    segment?.filter ?? { condition: 'AND', rules: [defaultCondition(builder.fields[0]!)] },
  );
  const [saved, setSaved] = useState<string | null>(null);
  // A new segment, once saved, is changed by the next save (not saved twice).
  const [savedId, setSavedId] = useState(segment?.id);
  const save = useSaveSegment(brand.id);
  const problem = incomplete(tree, builder.fields);
  const settled = useSettled(tree);
  const body = useMemo(() => (incomplete(settled, builder.fields) ? null : { filter: settled }), [settled, builder]);
  const count = useSegmentPreview(brand.id, body);

  return (
    <section className="section card segment-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{segment ? `Edit “${segment.name}”` : 'New segment'}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </div>
      <ConditionBuilder
        group={tree}
        fields={builder.fields}
        states={builder.states}
        maxDepth={builder.limits.depth}
        onChange={(next) => {
          setSaved(null);
          setTree(next);
        }}
      />
      <div aria-live="polite">
        {problem ? (
          <p className="muted">{problem}</p>
        ) : count.error ? (
          <FormError message={errorMessage(count.error)} />
        ) : count.data ? (
          <SegmentCountView
            count={count.data}
            builder={builder}
            locale={brand}
            busy={count.isFetching || settled !== tree}
          />
        ) : (
          <p className="muted">Counting…</p>
        )}
      </div>
      <FormError message={save.error ? errorMessage(save.error) : null} />
      {saved ? (
        <p className="form-ok" role="status">
          {saved}
        </p>
      ) : null}
      <div className="segment-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { id: savedId, name, filter: tree },
              {
                onSuccess: (s) => {
                  setSaved(`Saved “${s.name}”.`);
                  setSavedId(s.id);
                },
              },
            )
          }
        >
          {save.isPending ? 'Saving…' : savedId ? 'Save changes' : 'Save segment'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        <Link to={`/b/${brand.id}/campaigns/new`} className="button button-quiet">
          New campaign to a segment
        </Link>
      </div>
    </section>
  );
}
