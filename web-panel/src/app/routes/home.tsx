/**
 * `/b/:brandId`: what Reclaim earned in the period against the previous period (the figures come
 * computed from the API; the page only formats them), the chart over time, each workflow's funnel,
 * the holdout lift and the live feed. The period lives in the URL.
 */
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { BrandPeriodPicker } from '../../components/ui/brand-period-picker.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useBrandStats } from '../../features/home/api/get-brand-stats.ts';
import { useLift } from '../../features/home/api/get-lift.ts';
import { useLive } from '../../features/home/api/get-live.ts';
import { useWorkflowStats } from '../../features/home/api/get-workflow-stats.ts';
import { FunnelTable } from '../../features/home/components/funnel-table.tsx';
import { LiftPanel } from '../../features/home/components/lift-panel.tsx';
import { LiveFeed } from '../../features/home/components/live-feed.tsx';
import { MetricCard } from '../../features/home/components/metric-card.tsx';
import { useBrand } from '../../lib/brand.tsx';
import { usePeriod } from '../../lib/url-state.ts';

const TrendChart = lazy(() => import('../../features/home/components/trend-chart.tsx'));

/** The figures of the home page, in this order (spec: what a brand looks at first). */
export const HOME_METRICS = [
  'recovered_sales',
  'recovered_orders',
  'conversations_started',
  'texts_sent',
  'reply_rate',
  'click_rate',
  'opt_out_rate',
  'revenue_per_text',
];

export default function HomePage() {
  const brand = useBrand();
  const [period, setPeriod] = usePeriod(brand.timezone);
  const params = { from: period.from, to: period.to, tz: brand.timezone };
  const stats = useBrandStats(brand.id, params);
  const workflows = useWorkflowStats(brand.id, params);
  const range =
    stats.data && !stats.isPlaceholderData ? { since: stats.data.current.from, until: stats.data.current.to } : null;
  const lift = useLift(brand.id, range);
  const live = useLive(brand.id);
  const metrics = HOME_METRICS.flatMap((id) => stats.data?.metrics.find((m) => m.id === id) ?? []);

  return (
    <>
      <PageHeader title={brand.name} />
      <BrandPeriodPicker value={period} onChange={setPeriod} />

      <section className="section" aria-labelledby="figures">
        <h2 id="figures" className="visually-hidden">
          Figures of the period
        </h2>
        <StatePanel
          loading={stats.isPending}
          error={stats.error}
          onRetry={() => void stats.refetch()}
          refreshing={stats.isPlaceholderData}
          minHeight={220}
          label="the figures"
        >
          <div
            className="metric-grid"
            data-period={`${period.from}..${period.to}`}
            data-ready={stats.isPlaceholderData ? undefined : 'true'}
          >
            {metrics.map((metric) => (
              <MetricCard key={metric.id} metric={metric} locale={brand} />
            ))}
          </div>
        </StatePanel>
      </section>

      <section className="section card" aria-labelledby="over-time">
        <h2 id="over-time">Over time</h2>
        <StatePanel
          loading={stats.isPending}
          error={stats.error}
          onRetry={() => void stats.refetch()}
          minHeight={280}
          label="the chart"
        >
          {stats.data?.series ? (
            <Suspense
              fallback={
                <div className="state" style={{ minHeight: 280 }}>
                  Loading the chart…
                </div>
              }
            >
              <TrendChart
                series={stats.data.series}
                metrics={stats.data.metrics}
                granularity={stats.data.current.granularity}
                locale={brand}
              />
            </Suspense>
          ) : null}
        </StatePanel>
      </section>

      <section className="section card" aria-labelledby="funnel">
        <h2 id="funnel">Funnel by workflow</h2>
        <StatePanel
          loading={workflows.isPending}
          error={workflows.error}
          onRetry={() => void workflows.refetch()}
          empty={workflows.data?.workflows.length === 0}
          emptyMessage="No workflows yet: a workflow texts shoppers whose carts were abandoned."
          refreshing={workflows.isPlaceholderData}
          label="the funnel"
        >
          {workflows.data ? (
            <FunnelTable workflows={workflows.data.workflows} locale={brand} period={period} brandName={brand.name} />
          ) : null}
        </StatePanel>
      </section>

      {lift.data && lift.data.holdout_groups.length > 0 ? (
        <section className="section card" aria-labelledby="lift">
          <h2 id="lift">Lift against the holdout</h2>
          <LiftPanel lift={lift.data} locale={brand} />
        </section>
      ) : null}

      <section className="section card" aria-labelledby="live">
        <h2 id="live">Live</h2>
        <StatePanel
          loading={live.isPending}
          error={live.error}
          onRetry={() => void live.refetch()}
          label="the live feed"
        >
          {live.data ? <LiveFeed feed={live.data} locale={brand} brandId={brand.id} /> : null}
        </StatePanel>
      </section>
    </>
  );
}
