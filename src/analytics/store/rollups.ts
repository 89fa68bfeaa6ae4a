/**
 * Reading the hourly rollups (see the analytics migration): the clean hours are summed from
 * analytics_hourly / analytics_cohort_hourly, the dirty ones (marked by a change not yet
 * refreshed: analytics_dirty, analytics_dirty_conversations) are computed from the rows by the caller, and both are added up (mergeRows). Only
 * for periods whose bounds and buckets fall on whole UTC hours (rules.ts hourAligned).
 */
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { bucketGroupSql, bucketKeySql } from './sql.ts';

export type Row = Record<string, string | number | boolean | null>;

export interface RollupRange {
  from: Date;
  to: Date;
}

/**
 * The (brand_id, hour) keys the conversations in `ids` (an SQL array expression) stand for: their
 * start hours and every hour of their texts, replies and clicks.
 */
export function conversationHoursSql(ids: string): string {
  return `select c.brand_id, date_trunc('hour', c.created_at) as hour from conversations c where c.id = any(${ids})
    union select m.brand_id, date_trunc('hour', m.sent_at) from conversation_messages m
           where m.conversation_id = any(${ids}) and m.sent_at is not null
    union select m.brand_id, date_trunc('hour', m.created_at) from conversation_messages m where m.conversation_id = any(${ids})
    union select k.brand_id, date_trunc('hour', k.clicked_at) from short_links l join link_clicks k on k.short_link_id = l.id
           where l.conversation_id = any(${ids})`;
}

/** Dirty hours of a brand in the ranges (marked hours, and the hours of marked conversations). */
export async function dirtyHours(db: Handle, brandId: number, ranges: RollupRange[]): Promise<Date[]> {
  const from = new Date(Math.min(...ranges.map((r) => r.from.getTime())));
  const to = new Date(Math.max(...ranges.map((r) => r.to.getTime())));
  const { rows } = await db.raw<{ rows: Array<{ hour: Date }> }>(
    `with marked as materialized (
       select array(select distinct conversation_id from analytics_dirty_conversations where brand_id = :brandId) as ids
     )
     select distinct k.hour
       from (select d.brand_id, d.hour from analytics_dirty d where d.brand_id = :brandId
             union all ${conversationHoursSql('(select ids from marked)::bigint[]')}) k
      where k.brand_id = :brandId and k.hour >= :from and k.hour < :to
      order by k.hour`,
    { brandId, from, to } as never,
  );
  return rows.map((r) => new Date(r.hour));
}

/** Grouping of rollup rows: per range (key: its index), per bucket of one range, per workflow, or one row. */
export type RollupGrouping =
  | { ranges: RollupRange[] }
  | { range: RollupRange; granularity: Granularity }
  | { range: RollupRange; by: 'workflow' | 'none' };

export interface RollupRead {
  table: 'analytics_hourly' | 'analytics_cohort_hourly';
  brandId: number;
  /** Column -> aggregate of the summed row (`sum(h.x)`). */
  columns: Record<string, string>;
  workflowIds?: number[];
  /** Extra conditions over h (cohort: is_hidden, is_historical), with their bindings. */
  where?: string[];
  bindings?: Record<string, unknown>;
  timezone: string;
  grouping: RollupGrouping;
  /** The dirty hours (dirtyHours): left out, the caller reads them from the rows. */
  dirty: Date[];
}

/** The summed clean rollup rows, one per group key (`key`). */
export async function rollupRows(db: Handle, r: RollupRead): Promise<Row[]> {
  const g = r.grouping;
  const ranges = 'ranges' in g ? g.ranges : [g.range];
  const bindings: Record<string, unknown> = {
    brandId: r.brandId,
    workflowIds: r.workflowIds ?? [],
    tz: r.timezone,
    dirtyHours: r.dirty,
    ...(r.bindings ?? {}),
  };
  const inRange = ranges.map((range, k) => {
    bindings[`rf${k}`] = range.from;
    bindings[`rt${k}`] = range.to;
    return `(h.hour >= :rf${k} and h.hour < :rt${k})`;
  });
  const group =
    'ranges' in g
      ? `case ${inRange.map((c, k) => `when ${c} then ${k}`).join(' ')} end`
      : 'granularity' in g
        ? bucketGroupSql('h.hour', g.granularity)
        : g.by === 'workflow'
          ? `nullif(h.workflow_id, 0)::text`
          : 'null::text';
  const key = 'granularity' in g ? bucketKeySql(g.granularity).replace('$KEY', 'g') : 'g';
  const where = [
    'h.brand_id = :brandId',
    `(${inRange.join(' or ')})`,
    ...(r.workflowIds ? ['h.workflow_id = any(:workflowIds::bigint[])'] : []),
    ...(r.where ?? []),
    'h.hour <> all(:dirtyHours::timestamptz[])',
  ];
  const names = Object.keys(r.columns);
  const { rows } = await db.raw<{ rows: Row[] }>(
    `select ${key} as key, ${names.map((n) => `"${n}"`).join(', ')}
       from (select ${group} as g, ${names.map((n) => `${r.columns[n]} as "${n}"`).join(', ')}
               from ${r.table} h
              where ${where.join(' and ')}
              group by 1) x`,
    bindings as never,
  );
  return rows;
}

/**
 * Adds up rows with the same key (the key columns are kept as they are): counts as numbers, money
 * (a value with a decimal point) to the cent as text.
 */
export function mergeRows<R extends Row = Row>(keyColumns: readonly string[], ...sets: Row[][]): Map<string, R> {
  const out = new Map<string, R>();
  for (const row of sets.flat()) {
    const key = keyColumns.map((c) => String(row[c])).join('|');
    const into: Row = out.get(key) ?? Object.fromEntries(keyColumns.map((c) => [c, row[c] ?? null]));
    for (const [column, value] of Object.entries(row)) {
      if (keyColumns.includes(column) || value === null || typeof value === 'boolean') continue;
      const money = String(value).includes('.') || String(into[column] ?? '').includes('.');
      const cents = Math.round(Number(into[column] ?? 0) * 100) + Math.round(Number(value) * 100);
      into[column] = money ? (cents / 100).toFixed(2) : cents / 100;
    }
    out.set(key, into as R);
  }
  return out;
}
