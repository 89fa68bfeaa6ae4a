/**
 * `/b/:brandId/workflows`: each workflow with its state, delay, the period's funnel and recovered
 * sales; pause and resume with a confirmation. Period and page live in the URL.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { BrandPeriodPicker } from '../../components/ui/brand-period-picker.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useWorkflows, WORKFLOW_PAGE_SIZE } from '../../features/workflows/api/get-workflows.ts';
import type { WorkflowListItem } from '../../features/workflows/api/types.ts';
import { PauseButton } from '../../features/workflows/components/pause-button.tsx';
import { delayInWords } from '../../features/workflows/components/words.ts';
import '../../features/workflows/components/workflows.css';
import { useBrand } from '../../lib/brand.tsx';
import { formatMoney, formatNumber, formatRateOf, stepTip, workflowStateWord, type Locale } from '../../lib/format.ts';
import { usePeriod, useSearchState } from '../../lib/url-state.ts';

const STEPS = ['started', 'sent', 'clicked', 'replied', 'recovered'] as const;

const pageOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

export default function WorkflowsPage() {
  const brand = useBrand();
  const [period, setPeriod] = usePeriod(brand.timezone);
  const [params, update] = useSearchState();
  const page = pageOf(params.get('page'));
  const list = useWorkflows(brand.id, {
    from: period.from,
    to: period.to,
    tz: brand.timezone,
    offset: (page - 1) * WORKFLOW_PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title="Workflows">
        <Link className="button button-primary" to={`/b/${brand.id}/workflows/new`}>
          New workflow
        </Link>
        <Link className="button" to={`/b/${brand.id}/workflows/new/scheduled`}>
          New scheduled flow
        </Link>
        <Link className="button" to={`/b/${brand.id}/workflows/new/keyword`}>
          New keyword flow
        </Link>
      </PageHeader>
      <BrandPeriodPicker value={period} onChange={setPeriod} />
      <section className="section" aria-labelledby="workflow-list">
        <h2 id="workflow-list" className="visually-hidden">
          The brand's workflows
        </h2>
        <StatePanel
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          empty={list.data?.items.length === 0}
          emptyMessage="No workflows yet. A workflow texts shoppers who leave a cart or checkout; it is created when the store is connected."
          refreshing={list.isPlaceholderData}
          minHeight={240}
          label="the workflows"
        >
          <ul className="workflow-list" data-ready={list.isPlaceholderData ? undefined : 'true'}>
            {list.data?.items.map((w) => (
              <WorkflowRow key={w.id} brandId={brand.id} workflow={w} locale={brand} />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={WORKFLOW_PAGE_SIZE}
            total={list.data?.total ?? 0}
            onPage={(next) => update({ page: next === 1 ? null : next })}
            label="Workflow"
          />
        </StatePanel>
      </section>
    </>
  );
}

const figure = (list: Array<{ id: string; current: number | string }> | undefined, id: string) =>
  list?.find((f) => f.id === id);

function WorkflowRow({ brandId, workflow, locale }: { brandId: number; workflow: WorkflowListItem; locale: Locale }) {
  const stats = workflow.stats;
  const sales = figure(stats?.orders, 'recovered_sales');
  return (
    <li className="card workflow-card" data-workflow-id={workflow.id}>
      <div className="workflow-head">
        <h3>
          <Link to={`/b/${brandId}/workflows/${workflow.id}`}>{workflow.name}</Link>
        </h3>
        <span className={`pill pill-${workflow.state}`} data-testid="workflow-state">
          {workflowStateWord(workflow.state)}
        </span>
        <span className="topbar-spacer" />
        <PauseButton brandId={brandId} workflow={workflow} />
      </div>
      <p className="muted">
        Texts {delayInWords(workflow.type, workflow.delay_minutes, locale.locale).replace(/^Right/, 'right')}
        {workflow.discount ? ` · ${workflow.discount.display} discount` : ''}
      </p>
      {stats ? (
        <dl className="workflow-funnel">
          {STEPS.map((id) => {
            const step = figure(stats.steps, id) as (typeof stats.steps)[number] | undefined;
            return (
              <div key={id} title={stepTip(step)}>
                <dt>{step?.label ?? id}</dt>
                <dd>
                  {formatNumber(step?.current ?? 0, locale)}
                  {step?.rate !== null && step?.rate !== undefined && id !== 'started' ? (
                    <small className="muted"> {formatRateOf(step.rate, step.rate_of, locale)}</small>
                  ) : null}
                </dd>
              </div>
            );
          })}
          <div title={sales && 'definition' in sales ? String(sales.definition) : undefined}>
            <dt>Recovered sales</dt>
            <dd>{formatMoney(sales?.current ?? 0, locale)}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">No figures for this period.</p>
      )}
    </li>
  );
}
