/**
 * Refreshing the hourly rollups: takes up to `limit` dirty (brand, hour) keys (oldest mark first,
 * keys another refresh holds are skipped), recomputes those hours of analytics_hourly and
 * analytics_cohort_hourly from the rows with the same SQL a read uses, and clears the marks, in one
 * transaction. A change committed after the recompute read its rows marks its hour again (the
 * trigger's upsert waits for this transaction, finds the mark gone and inserts it), so it is picked
 * up by the next refresh and read from the rows until then.
 */
import { withTransaction, type Db, type Tx } from '../../db/index.ts';
import { codeMarkers } from '../rules-messages.ts';
import { brandCodePrefixes, statsBrand } from './brand.ts';
import { COHORT_COLUMNS, cohortFunnel } from './funnel.ts';
import { SOURCES, sourceRows, type MetricRow } from './metric-sources.ts';
import { isBase, METRICS, type BaseMetric, type SourceId } from './metrics.ts';
import { OUTCOME_STATES, outcomeRows } from './outcomes.ts';
import { mergeRows, type Row } from './rollups.ts';

const HOUR_MS = 3_600_000;
const INSERT_CHUNK = 1000;

export interface RefreshResult {
  /** Dirty (brand, hour) keys recomputed. */
  hours: number;
  brands: number;
}

const rangeOf = (hours: Date[]) => ({
  from: new Date(Math.min(...hours.map(Number))),
  to: new Date(Math.max(...hours.map(Number)) + HOUR_MS),
});

function baseMetricsBySource(): Array<[SourceId, BaseMetric[]]> {
  const groups = new Map<SourceId, BaseMetric[]>();
  for (const m of METRICS) if (isBase(m)) groups.set(m.source, [...(groups.get(m.source) ?? []), m]);
  return [...groups].filter(([source]) => source in SOURCES);
}

async function insertChunks(tx: Tx, table: string, rows: Row[]): Promise<void> {
  for (let k = 0; k < rows.length; k += INSERT_CHUNK) await tx(table).insert(rows.slice(k, k + INSERT_CHUNK));
}

/** Recomputes one brand's hours. */
async function refreshBrand(tx: Tx, brandId: number, hours: Date[]): Promise<void> {
  await tx('analytics_hourly').where('brand_id', brandId).whereIn('hour', hours).delete();
  await tx('analytics_cohort_hourly').where('brand_id', brandId).whereIn('hour', hours).delete();
  if (!(await statsBrand(tx, brandId))) return;
  const markers = codeMarkers(await brandCodePrefixes(tx, brandId));
  const filter = { brandId, markers, timezone: 'UTC' };
  const { from, to } = rangeOf(hours);

  const sets: MetricRow[][] = [];
  for (const [source, metrics] of baseMetricsBySource())
    sets.push(await sourceRows(tx, source, metrics, filter, { hours }));
  const outcomes = await outcomeRows(tx, { brandId, from, to }, { hourly: hours });
  const events = mergeRows(['hour', 'workflow_id'], ...(sets as Row[][]), outcomes as unknown as Row[]);
  const eventColumns = [
    ...baseMetricsBySource().flatMap(([, ms]) => ms.map((m) => m.id)),
    'candidates',
    ...OUTCOME_STATES,
  ];
  await insertChunks(
    tx,
    'analytics_hourly',
    [...events.values()].map((row) => ({
      brand_id: brandId,
      hour: row.hour,
      workflow_id: Number(row.workflow_id),
      ...Object.fromEntries(eventColumns.map((c) => [c, row[c] ?? 0])),
    })),
  );

  const cohort = await cohortFunnel(tx, { brandId, from, to, timezone: 'UTC' }, { by: 'hour', hours });
  await insertChunks(
    tx,
    'analytics_cohort_hourly',
    (cohort as unknown as Row[]).map((row) => ({
      brand_id: brandId,
      hour: row.hour,
      workflow_id: Number(row.workflow_id),
      is_hidden: row.is_hidden,
      is_historical: row.is_historical,
      ...Object.fromEntries(COHORT_COLUMNS.map((c) => [c, row[c] ?? 0])),
    })),
  );
}

/** One batch of dirty keys (see the file comment); `brandId` limits it to one brand. */
export async function refreshRollupBatch(
  db: Db,
  { limit = 2000, brandId }: { limit?: number; brandId?: number } = {},
): Promise<RefreshResult> {
  return withTransaction(db, async (tx) => {
    const { rows } = await tx.raw<{ rows: Array<{ brand_id: string; hour: Date }> }>(
      `select brand_id, hour from analytics_dirty ${brandId === undefined ? '' : 'where brand_id = :brandId'}
        order by marked_at, brand_id, hour limit :limit for update skip locked`,
      { brandId: brandId ?? null, limit } as never,
    );
    const byBrand = new Map<number, Date[]>();
    for (const r of rows) byBrand.set(Number(r.brand_id), [...(byBrand.get(Number(r.brand_id)) ?? []), r.hour]);
    for (const [brand, hours] of byBrand) await refreshBrand(tx, brand, hours);
    if (rows.length > 0)
      await tx.raw(
        `delete from analytics_dirty d using unnest(?::bigint[], ?::timestamptz[]) k(brand_id, hour)
          where d.brand_id = k.brand_id and d.hour = k.hour`,
        [rows.map((r) => r.brand_id), rows.map((r) => r.hour)] as never[],
      );
    return { hours: rows.length, brands: byBrand.size };
  });
}
