/**
 * `/b/:brandId/conversations`: the inbox. Filters, search and page live in the URL; the list is
 * newest first with unread markers, paged; the whole filtered list can be saved as CSV.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { errorMessage, StatePanel } from '../../components/ui/state-panel.tsx';
import { useConversations, useHiddenCount } from '../../features/conversations/api/get-conversations.ts';
import { useWorkflowOptions } from '../../features/conversations/api/get-workflow-options.ts';
import { ConversationList } from '../../features/conversations/components/conversation-list.tsx';
import { exportConversations } from '../../features/conversations/components/export-csv.ts';
import { InboxFilters } from '../../features/conversations/components/inbox-filters.tsx';
import { filterSearch, isFiltered, listQuery, PAGE_SIZE, readFilters } from '../../features/conversations/filters.ts';
import '../../features/conversations/inbox.css';
import { useBrand } from '../../lib/brand.tsx';
import { formatNumber } from '../../lib/format.ts';
import { todayIn } from '../../lib/period.ts';
import { useSearchState } from '../../lib/url-state.ts';

export default function ConversationsPage() {
  const brand = useBrand();
  const location = useLocation();
  const [params, update] = useSearchState();
  const filters = useMemo(() => readFilters(params), [params]);
  const query = useMemo(() => listQuery(filters, brand.timezone), [filters, brand.timezone]);
  const list = useConversations(brand.id, query);
  const workflows = useWorkflowOptions(brand.id);
  const hidden = useHiddenCount(brand.id, query, filters.hidden === '');
  const [exporting, setExporting] = useState<string | null>(null);
  // The thread's code loads while the list is read, so opening a conversation waits only for its data.
  useEffect(() => void import('./conversation.tsx'), []);

  const onExport = async () => {
    setExporting('Preparing the CSV…');
    try {
      const all = { ...query, offset: undefined, limit: undefined };
      const count = await exportConversations(
        brand.id,
        all,
        brand,
        `conversations-${brand.id}-${todayIn(brand.timezone)}.csv`,
      );
      setExporting(`Saved ${formatNumber(count, brand)} conversations.`);
    } catch (error) {
      setExporting(`The CSV could not be made: ${errorMessage(error)}`);
    }
  };

  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader title="Conversations">
        <button type="button" className="button" onClick={onExport} disabled={!list.data || total === 0}>
          Export CSV
        </button>
      </PageHeader>
      {exporting ? (
        <p className="muted" role="status">
          {exporting}
        </p>
      ) : null}
      <InboxFilters
        value={filters}
        onChange={(change) => update(filterSearch(change))}
        workflows={workflows.data ?? []}
        timezone={brand.timezone}
      />
      <section className="section card inbox-card" aria-labelledby="inbox-count">
        <h2 id="inbox-count" aria-live="polite">
          {list.data ? `${formatNumber(total, brand)} conversation${total === 1 ? '' : 's'}` : 'Conversations'}
        </h2>
        {filters.hidden === '' && hidden.data ? (
          <p className="inbox-hidden muted" data-testid="hidden-note">
            <span>
              {formatNumber(hidden.data, brand)} more {hidden.data === 1 ? 'is' : 'are'} hidden by the Show filter
              (“Visible”): a conversation stays hidden until the shopper replies, or when your team hides it.
            </span>
            <button type="button" className="button" onClick={() => update(filterSearch({ hidden: 'all' }))}>
              Show hidden ones too
            </button>
          </p>
        ) : null}
        <StatePanel
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          empty={list.data?.items.length === 0}
          emptyMessage={
            isFiltered(filters)
              ? 'No conversation matches these filters. Clear a filter to see more.'
              : 'No conversations yet: a workflow starts one when it texts a shopper whose cart was abandoned.'
          }
          refreshing={list.isPlaceholderData}
          minHeight={240}
          label="conversations"
        >
          {list.data ? (
            <ConversationList items={list.data.items} brandId={brand.id} locale={brand} listSearch={location.search} />
          ) : null}
        </StatePanel>
        <Pager
          page={filters.page}
          pageSize={PAGE_SIZE}
          total={total}
          label="Conversations"
          onPage={(page) => update({ page: page > 1 ? page : null })}
        />
      </section>
    </>
  );
}
