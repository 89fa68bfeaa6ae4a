/**
 * `/b/:brandId/workflows/:workflowId`: the workflow's message as a shopper reads it (sample values
 * filled in), its rules, delay and discount in words, and its outcome counts over the period.
 */
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { BrandPeriodPicker } from '../../components/ui/brand-period-picker.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useWorkflow } from '../../features/workflows/api/get-workflow.ts';
import { useWorkflowStats } from '../../features/workflows/api/get-workflow-stats.ts';
import type { Workflow } from '../../features/workflows/api/types.ts';
import { KeywordLinkCard, ScheduleDetails } from '../../features/workflows/components/flow-extras.tsx';
import { PauseButton } from '../../features/workflows/components/pause-button.tsx';
import { WorkflowHistory } from '../../features/workflows/components/workflow-history.tsx';
import {
  delayInWords,
  discountInWords,
  renderSample,
  rulesInWords,
  sampleValues,
} from '../../features/workflows/components/words.ts';
import '../../features/workflows/components/workflows.css';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import {
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRateOf,
  stepTip,
  workflowStateWord,
} from '../../lib/format.ts';
import { usePeriod } from '../../lib/url-state.ts';
import NotFound from './not-found.tsx';

export default function WorkflowPage() {
  const { workflowId } = useParams();
  const id = Number(workflowId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return <WorkflowDetail id={id} />;
}

function WorkflowDetail({ id }: { id: number }) {
  const brand = useBrand();
  const workflow = useWorkflow(brand.id, id);
  return (
    <>
      <p>
        <Link to={`/b/${brand.id}/workflows`}>← All workflows</Link>
      </p>
      <StatePanel
        loading={workflow.isPending}
        error={workflow.error}
        onRetry={() => void workflow.refetch()}
        minHeight={300}
        label="the workflow"
      >
        {workflow.data ? <WorkflowContent brand={brand} workflow={workflow.data} /> : null}
      </StatePanel>
    </>
  );
}

function WorkflowContent({ brand, workflow }: { brand: Brand; workflow: Workflow }) {
  const rules = rulesInWords(workflow.rules, brand);
  const preview = renderSample(workflow.message_text, sampleValues(brand, workflow.discount));
  return (
    <>
      <PageHeader title={workflow.name}>
        <span className={`pill pill-${workflow.state}`} data-testid="workflow-state">
          {workflowStateWord(workflow.state)}
        </span>
        <PauseButton brandId={brand.id} workflow={workflow} />
        <Link className="button" to={`/b/${brand.id}/workflows/${workflow.id}/edit`}>
          {workflow.state === 'draft' ? 'Edit and activate' : 'Edit'}
        </Link>
      </PageHeader>
      <div className="detail-grid section">
        <section className="card" aria-labelledby="wf-message">
          <h2 id="wf-message">Message</h2>
          <p className="muted">
            As a shopper reads it, with sample values (a shopper named Alex, a sample link and code).
          </p>
          <pre className="sms-preview" data-testid="message-preview">
            {preview}
          </pre>
        </section>
        <section className="card" aria-labelledby="wf-rules">
          <h2 id="wf-rules">Who is texted, and when</h2>
          <dl className="facts">
            <dt>When</dt>
            <dd>{delayInWords(workflow.type, workflow.delay_minutes, brand.locale)}</dd>
            <dt>Rules</dt>
            <dd>
              {rules.summary || null}
              {rules.main ? <p>Must hold first: {rules.main}</p> : null}
              {rules.items.length ? (
                <>
                  {rules.joiner ? <p>{rules.joiner}</p> : null}
                  <ul className="rule-list">
                    {rules.items.map((text, i) => (
                      <li key={i}>{text}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </dd>
            <dt>Discount</dt>
            <dd>
              {discountInWords(workflow.discount, {
                aboutCart: workflow.type === 'cart' || workflow.type === 'checkout',
              })}
            </dd>
            {workflow.starts_at || workflow.ends_at ? (
              <>
                <dt>Runs</dt>
                <dd>
                  {workflow.starts_at ? `from ${formatDateTime(workflow.starts_at, brand)}` : ''}
                  {workflow.ends_at ? ` until ${formatDateTime(workflow.ends_at, brand)}` : ''}
                </dd>
              </>
            ) : null}
            <dt>Last changed</dt>
            <dd>{formatDateTime(workflow.updated_at, brand)}</dd>
          </dl>
        </section>
      </div>
      {workflow.type === 'schedule' ? <ScheduleDetails brand={brand} flowId={workflow.id} /> : null}
      {workflow.type === 'tap_to_text' ? <KeywordLinkCard brand={brand} flowId={workflow.id} /> : null}
      <Outcomes brand={brand} workflowId={workflow.id} />
      <WorkflowHistory brand={brand} workflowId={workflow.id} />
    </>
  );
}

function Outcomes({ brand, workflowId }: { brand: Brand; workflowId: number }) {
  const [period, setPeriod] = usePeriod(brand.timezone);
  const stats = useWorkflowStats(brand.id, workflowId, { from: period.from, to: period.to, tz: brand.timezone });
  const funnel = stats.data?.workflows[0];
  return (
    <section className="section card" aria-labelledby="wf-outcomes">
      <h2 id="wf-outcomes">Outcomes</h2>
      <BrandPeriodPicker value={period} onChange={setPeriod} />
      <StatePanel
        loading={stats.isPending}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        refreshing={stats.isPlaceholderData}
        empty={!funnel}
        emptyMessage="No figures for this period."
        label="the outcomes"
      >
        {funnel ? (
          <div className="detail-grid">
            <table>
              <caption>Funnel</caption>
              <tbody>
                {funnel.steps.map((s) => (
                  <tr key={s.id} data-step={s.id}>
                    <th scope="row" title={stepTip(s)}>
                      {s.label}
                    </th>
                    <td className="num">{formatNumber(s.current, brand)}</td>
                    <td className="num muted">{formatRateOf(s.rate, s.rate_of, brand)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table>
              <caption>What happened to the candidates</caption>
              <tbody>
                {funnel.outcomes.map((o) => (
                  <tr key={o.id}>
                    <th scope="row" title={o.definition}>
                      {o.label}
                    </th>
                    <td className="num">{formatNumber(o.current, brand)}</td>
                  </tr>
                ))}
                {funnel.orders.map((o) => (
                  <tr key={o.id} data-figure={o.id}>
                    <th scope="row" title={o.definition}>
                      {o.label}
                    </th>
                    <td className="num">
                      {typeof o.current === 'string' ? formatMoney(o.current, brand) : formatNumber(o.current, brand)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <OrderDefinitions orders={funnel.orders} />
          </div>
        ) : null}
      </StatePanel>
    </section>
  );
}

/** The order figures' definitions in view, so Orders and Recovered orders say why they differ. */
function OrderDefinitions({ orders }: { orders: Array<{ id: string; label: string; definition: string }> }) {
  const shown = orders.filter((o) => o.id === 'orders' || o.id === 'recovered_orders');
  return (
    <dl className="facts figure-definitions" aria-label="What the order figures count">
      {shown.map((o) => (
        <div key={o.id}>
          <dt>{o.label}</dt>
          <dd className="muted">{o.definition}</dd>
        </div>
      ))}
    </dl>
  );
}
