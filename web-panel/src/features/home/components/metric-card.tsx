/** One figure of the period: its value, the change against the previous period, and its definition. */
import { useId } from 'react';
import { formatValue, type Locale } from '../../../lib/format.ts';
import type { Metric } from '../api/types.ts';
import { describeChange } from './change.ts';

const ARROWS = { up: '▲', down: '▼', flat: '■', none: '•' } as const;

export function MetricCard({ metric, locale }: { metric: Metric; locale: Locale }) {
  const tipId = useId();
  const change = describeChange(metric.change, metric.unit, metric.lower_is_better, locale.locale);
  return (
    <article className="metric-card card" aria-labelledby={`${tipId}-label`} data-metric={metric.id}>
      <div className="metric-head">
        <h3 id={`${tipId}-label`} className="metric-label">
          {metric.label}
        </h3>
        <span className="tip">
          <button type="button" className="tip-button" aria-label={`What is ${metric.label}?`} aria-describedby={tipId}>
            ?
          </button>
          <span role="tooltip" id={tipId} className="tip-text">
            {metric.definition}
          </span>
        </span>
      </div>
      <p className="metric-value">{formatValue(metric.current, metric.unit, locale)}</p>
      {metric.rate_of ? <p className="metric-of muted">of {metric.rate_of}</p> : null}
      <p className={`metric-change tone-${change.tone}`}>
        <span aria-hidden="true">
          {ARROWS[change.direction]} {change.text}
        </span>
        <span className="visually-hidden">{change.spoken}</span>
        <span className="muted"> vs {formatValue(metric.previous, metric.unit, locale)}</span>
      </p>
    </article>
  );
}
