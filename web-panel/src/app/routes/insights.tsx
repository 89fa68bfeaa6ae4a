/**
 * `/b/:brandId/insights`: what shoppers ask and what stops them buying, over the period: counts by
 * category and tag, the insights with example messages, the knowledge base, and the agent's answers
 * marked wrong. Period, category,
 * tag, page and the KB's search live in the URL.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { BrandPeriodPicker } from '../../components/ui/brand-period-picker.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useInsightCounts } from '../../features/insights/api/get-insight-counts.ts';
import { INSIGHT_PAGE_SIZE, useInsights } from '../../features/insights/api/get-insights.ts';
import { groupCounts, insightLabel } from '../../features/insights/components/groups.ts';
import { InsightCard } from '../../features/insights/components/insight-card.tsx';
import '../../features/insights/components/insights.css';
import { KbPanel } from '../../features/insights/components/kb-panel.tsx';
import { WrongAnswers } from '../../features/insights/components/wrong-answers.tsx';
import { useBrand } from '../../lib/brand.tsx';
import { formatNumber } from '../../lib/format.ts';
import { usePeriod, useSearchState } from '../../lib/url-state.ts';

const HOW_INSIGHTS_ARE_MADE =
  'Insights are made from your shoppers’ replies: each question or objection a shopper texts back ' +
  '(shipping costs, sizes, returns, price…) is given a category and a tag, and similar ones are grouped ' +
  'into one insight with a suggestion of what to do. They appear here once shoppers reply to your texts ' +
  'in the chosen period.';

export default function InsightsPage() {
  const brand = useBrand();
  const [period, setPeriod] = usePeriod(brand.timezone);
  const [params, update] = useSearchState();
  const category = params.get('category') || undefined;
  const tag = params.get('tag') || undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const range = { from: period.from, to: period.to, tz: brand.timezone };
  const counts = useInsightCounts(brand.id, range);
  const insights = useInsights(brand.id, { ...range, category, tag, offset: (page - 1) * INSIGHT_PAGE_SIZE });
  const groups = groupCounts(counts.data?.counts ?? []);
  const filtered = category !== undefined || tag !== undefined;

  return (
    <>
      <PageHeader title="Insights" />
      <BrandPeriodPicker value={period} onChange={setPeriod} />
      <section className="section card" aria-labelledby="by-tag">
        <h2 id="by-tag">By category and tag</h2>
        <StatePanel
          loading={counts.isPending}
          error={counts.error}
          onRetry={() => void counts.refetch()}
          empty={groups.length === 0}
          emptyMessage={HOW_INSIGHTS_ARE_MADE}
          refreshing={counts.isPlaceholderData}
          label="the counts by tag"
        >
          <p className="muted">
            Conversations of the period whose shopper messages carry each tag. Pick one to see its insights.
          </p>
          <div className="insight-groups" data-ready={counts.isPlaceholderData ? undefined : 'true'}>
            {groups.map((group) => (
              <div key={group.category ?? 'none'} className="insight-group">
                <h3>
                  {insightLabel(group.category, 'category')}{' '}
                  <span className="muted">({formatNumber(group.conversations, brand)})</span>
                </h3>
                <ul className="tag-list">
                  {group.tags.map((t) => {
                    const selected = category === (group.category ?? undefined) && tag === (t.tag ?? undefined);
                    return (
                      <li key={t.tag ?? 'none'}>
                        <button
                          type="button"
                          className={selected ? 'chip is-selected' : 'chip'}
                          aria-pressed={selected}
                          onClick={() =>
                            update(
                              selected
                                ? { category: null, tag: null, page: null }
                                : { category: group.category, tag: t.tag, page: null },
                            )
                          }
                        >
                          <span>{insightLabel(t.tag)}</span>
                          <span>
                            {formatNumber(t.conversations, brand)} conversation{t.conversations === 1 ? '' : 's'} ·{' '}
                            {formatNumber(t.messages, brand)} message{t.messages === 1 ? '' : 's'}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        </StatePanel>
      </section>
      <section className="section" aria-labelledby="insight-list">
        <div className="page-header">
          <h2 id="insight-list">
            {filtered
              ? `Insights: ${[category && insightLabel(category, 'category'), tag && insightLabel(tag)].filter(Boolean).join(' · ')}`
              : 'Insights'}
          </h2>
          {filtered ? (
            <button type="button" className="button" onClick={() => update({ category: null, tag: null, page: null })}>
              Show every insight
            </button>
          ) : null}
        </div>
        <StatePanel
          loading={insights.isPending}
          error={insights.error}
          onRetry={() => void insights.refetch()}
          empty={insights.data?.items.length === 0}
          emptyMessage={filtered ? 'No insight with this tag in the period.' : HOW_INSIGHTS_ARE_MADE}
          refreshing={insights.isPlaceholderData}
          label="the insights"
        >
          <ul className="insight-list">
            {insights.data?.items.map((insight) => (
              <InsightCard key={insight.id} brand={brand} insight={insight} />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={INSIGHT_PAGE_SIZE}
            total={insights.data?.total ?? 0}
            onPage={(next) => update({ page: next === 1 ? null : next })}
            label="Insight"
          />
        </StatePanel>
      </section>
      <section className="section card" aria-labelledby="kb">
        <h2 id="kb">Knowledge base</h2>
        <p>
          <Link to={`/b/${brand.id}/knowledge`}>Add, edit and publish cards in the knowledge base</Link>
        </p>
        <KbPanel brand={brand} />
      </section>
      <section className="section" aria-labelledby="agent-wrong">
        <h2 id="agent-wrong">Agent answers marked wrong</h2>
        <p className="muted">
          Each card below now counts less for that topic, so the agent escalates instead; fix the card on the knowledge
          page.
        </p>
        <WrongAnswers brand={brand} />
      </section>
    </>
  );
}
