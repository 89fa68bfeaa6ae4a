/**
 * The chart over time: one metric per bucket at the API's granularity (hour, day, week, month or
 * year). Loaded on its own (recharts is large) after the figures are drawn.
 */
import { useId, useMemo, useState } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatValue, type Locale } from '../../../lib/format.ts';
import type { Metric, SeriesPoint } from '../api/types.ts';

export const CHART_METRICS = [
  'recovered_sales',
  'recovered_orders',
  'conversations_started',
  'texts_sent',
  'reply_rate',
  'click_rate',
];

const BUCKET_FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  hour: { hour: 'numeric', day: 'numeric', month: 'short' },
  day: { month: 'short', day: 'numeric' },
  week: { month: 'short', day: 'numeric' },
  month: { month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
};

/** A bucket's start in the brand's time zone: "Oct 28", "Oct 2026", "2 PM". */
export function bucketLabel(start: string, granularity: string, locale: Locale): string {
  const options = BUCKET_FORMATS[granularity] ?? BUCKET_FORMATS.day;
  return new Intl.DateTimeFormat(locale.locale, { ...options, timeZone: locale.timezone }).format(new Date(start));
}

export default function TrendChart({
  series,
  metrics,
  granularity,
  locale,
}: {
  series: SeriesPoint[];
  metrics: Metric[];
  granularity: string;
  locale: Locale;
}) {
  const id = useId();
  const choices = CHART_METRICS.flatMap((metricId) => metrics.find((m) => m.id === metricId) ?? []);
  const [metricId, setMetricId] = useState(choices[0]?.id ?? 'recovered_sales');
  const metric = choices.find((m) => m.id === metricId) ?? choices[0];
  const data = useMemo(
    () =>
      series.map((point) => ({
        label: bucketLabel(point.start, granularity, locale),
        value: Number(point.values[metricId] ?? 0),
      })),
    [series, metricId, granularity, locale],
  );
  if (!metric) return null;
  const format = (value: number) => formatValue(value, metric.unit, locale);

  return (
    <figure className="chart">
      <div className="chart-head">
        <label htmlFor={`${id}-metric`}>Metric</label>
        <select id={`${id}-metric`} value={metricId} onChange={(e) => setMetricId(e.target.value)}>
          {choices.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
        <span className="muted">by {granularity}</span>
      </div>
      <div
        className="chart-body"
        role="img"
        aria-label={`${metric.label} by ${granularity}: ${data.map((d) => `${d.label} ${format(d.value)}`).join(', ')}`}
      >
        <ResponsiveContainer width="100%" height={240}>
          <AreaChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#d9e2ec" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis tickFormatter={format} tick={{ fontSize: 12 }} width={72} />
            <Tooltip formatter={(value) => [format(Number(value)), metric.label]} />
            <Area type="monotone" dataKey="value" stroke="#0b5cad" fill="#cfe3f7" isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">{metric.definition}</figcaption>
    </figure>
  );
}
