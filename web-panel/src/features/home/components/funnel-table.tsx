/**
 * The funnel of each workflow over the period: candidates -> started -> sent -> delivered ->
 * clicked -> replied -> recovered, the step's share of the one before, and recovered sales; with
 * a CSV of the same rows.
 */
import { downloadCsv, type Cell } from '../../../lib/csv.ts';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import {
  formatMoney,
  formatNumber,
  formatRateOf,
  rateOfWords,
  stepTip,
  workflowStateWord,
  type Locale,
} from '../../../lib/format.ts';
import type { WorkflowFunnel } from '../api/types.ts';

export const FUNNEL_COLUMNS = [
  'candidates',
  'started',
  'sent',
  'delivered',
  'clicked',
  'replied',
  'recovered',
] as const;

const figure = (list: Array<{ id: string; current: number | string }>, id: string) =>
  list.find((f) => f.id === id)?.current ?? 0;

/** The CSV rows of the funnel (header first): what the table shows, unformatted. */
export function funnelCsvRows(workflows: WorkflowFunnel[], period: { from: string; to: string }): Cell[][] {
  const labels = workflows[0]?.steps ?? [];
  const header = [
    'workflow',
    'state',
    ...FUNNEL_COLUMNS.flatMap((id) => {
      const step = labels.find((s) => s.id === id);
      return step?.rate_of ? [step.label, `${step.label} ${rateOfWords(step.rate_of)}`] : [step?.label ?? id];
    }),
    'recovered sales',
    'from',
    'to',
  ];
  return [
    header,
    ...workflows.map((w) => [
      w.workflow.name,
      workflowStateWord(w.workflow.state),
      ...FUNNEL_COLUMNS.flatMap((id) => {
        const step = w.steps.find((s) => s.id === id);
        return labels.find((s) => s.id === id)?.rate_of ? [step?.current ?? 0, step?.rate ?? ''] : [step?.current ?? 0];
      }),
      figure(w.orders, 'recovered_sales'),
      period.from,
      period.to,
    ]),
  ];
}

export function FunnelTable({
  workflows,
  locale,
  period,
  brandName,
}: {
  workflows: WorkflowFunnel[];
  locale: Locale;
  period: { from: string; to: string };
  brandName: string;
}) {
  const labels = workflows[0]?.steps ?? [];
  return (
    <>
      <TableScroll label="Funnel by workflow">
        <table>
          <caption className="visually-hidden">Funnel by workflow</caption>
          <thead>
            <tr>
              <th scope="col">Workflow</th>
              {FUNNEL_COLUMNS.map((id) => {
                const step = labels.find((s) => s.id === id);
                return (
                  <th key={id} scope="col" className="num" title={stepTip(step)}>
                    {step?.label ?? id}
                    {step?.rate_of ? <small className="muted rate-of"> {rateOfWords(step.rate_of)}</small> : null}
                  </th>
                );
              })}
              <th scope="col" className="num">
                Recovered sales
              </th>
            </tr>
          </thead>
          <tbody>
            {workflows.map((w) => (
              <tr key={w.workflow.id}>
                <th scope="row">
                  {w.workflow.name}
                  {w.workflow.state === 'active' ? null : (
                    <span className="badge" data-testid="workflow-state">
                      {workflowStateWord(w.workflow.state)}
                    </span>
                  )}
                </th>
                {FUNNEL_COLUMNS.map((id) => {
                  const step = w.steps.find((s) => s.id === id);
                  return (
                    <td key={id} className="num">
                      {formatNumber(step?.current ?? 0, locale)}
                      {step?.rate !== null && step?.rate !== undefined && id !== 'candidates' ? (
                        <small className="muted step-rate"> {formatRateOf(step.rate, step.rate_of, locale)}</small>
                      ) : null}
                    </td>
                  );
                })}
                <td className="num">{formatMoney(figure(w.orders, 'recovered_sales'), locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <button
        type="button"
        className="button"
        onClick={() =>
          downloadCsv(
            `${brandName.replace(/[^\w-]+/g, '-').toLowerCase()}-funnel-${period.from}-${period.to}.csv`,
            funnelCsvRows(workflows, period),
          )
        }
      >
        Download CSV
      </button>
    </>
  );
}
