/**
 * Refreshing the hourly rollups: takes the oldest dirty marks (analytics_dirty and
 * analytics_dirty_conversations rows, appended by the triggers; a conversation stands for its
 * start hour and the hours of its texts, replies and clicks), recomputes their (brand, hour) keys of analytics_hourly and
 * analytics_cohort_hourly from the rows with the same SQL a read uses, and deletes exactly the
 * marks it took, in one transaction. A change committed after the marks were taken has a mark of
 * its own, which stays for the next refresh; until then reads take its hour from the rows.
 */
import { withTransaction, type Db, type Tx } from '../../db/index.ts';
import { codeMarkers } from '../rules-messages.ts';
import { brandCodePrefixes, statsBrand } from './brand.ts';
import { COHORT_COLUMNS, cohortFunnel } from './funnel.ts';
import { SOURCES, sourceRows, type MetricRow } from './metric-sources.ts';
import { isBase, METRICS, type BaseMetric, type SourceId } from './metrics.ts';
import { OUTCOME_STATES, outcomeRows } from './outcomes.ts';
import { conversationHoursSql, mergeRows, type Row } from './rollups.ts';

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

/** Refreshes run one at a time (a transaction-level advisory lock with this key). */
const REFRESH_LOCK = 8_402_117_310;

/**
 * One batch: the marks of the brand with the oldest mark (up to `limit` of each kind, with every
 * other mark of their keys), recomputed and
 * deleted in one transaction; `brandId` limits it to one brand. While another refresh runs this
 * one does nothing (hours: 0, busy: true). `beforeClear` runs after the recompute, before the
 * marks are deleted (tests write there, as a late event would).
 */
export async function refreshRollupBatch(
  db: Db,
  { limit = 2000, brandId, beforeClear }: { limit?: number; brandId?: number; beforeClear?: () => Promise<void> } = {},
): Promise<RefreshResult & { busy: boolean }> {
  return withTransaction(db, async (tx) => {
    const { rows: locked } = await tx.raw<{ rows: Array<{ ok: boolean }> }>(
      'select pg_try_advisory_xact_lock(?) as ok',
      [REFRESH_LOCK],
    );
    if (!locked[0]!.ok) return { hours: 0, brands: 0, busy: true };
    const brandFilter = brandId === undefined ? '' : 'where brand_id = :brandId';
    const bindings = { brandId: brandId ?? null, limit } as never;
    // Of each kind of mark, the brand with the oldest one: up to `limit` of its marks, with every
    // other mark of the same hour or conversation (a brand at a time keeps the per-brand work of a
    // batch to one pass, whatever its number of hours).
    const { rows: hourMarks } = await tx.raw<{ rows: Array<{ id: string; brand_id: string; hour: Date }> }>(
      `with brand as (select brand_id from analytics_dirty ${brandFilter} order by id limit 1)
       select d.id, d.brand_id, d.hour from analytics_dirty d
        where (d.brand_id, d.hour) in (select brand_id, hour from analytics_dirty
                                        where brand_id = (select brand_id from brand) order by id limit :limit)`,
      bindings,
    );
    const { rows: conversationMarks } = await tx.raw<{ rows: Array<{ id: string; conversation_id: string }> }>(
      `with brand as (select brand_id from analytics_dirty_conversations ${brandFilter} order by id limit 1)
       select d.id, d.conversation_id from analytics_dirty_conversations d
        where d.conversation_id in (select conversation_id from analytics_dirty_conversations
                                     where brand_id = (select brand_id from brand) order by id limit :limit)`,
      bindings,
    );
    const conversationIds = [...new Set(conversationMarks.map((m) => m.conversation_id))];
    const { rows: conversationKeys } = conversationIds.length
      ? await tx.raw<{ rows: Array<{ brand_id: string; hour: Date }> }>(
          `select brand_id, hour from (${conversationHoursSql('?::bigint[]')}) k where hour is not null`,
          Array(4).fill(conversationIds) as never[],
        )
      : { rows: [] };
    const byBrand = new Map<number, Date[]>();
    const seen = new Set<string>();
    for (const r of [...hourMarks, ...conversationKeys]) {
      if (brandId !== undefined && Number(r.brand_id) !== brandId) continue;
      const key = `${r.brand_id}|${r.hour.toISOString()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      byBrand.set(Number(r.brand_id), [...(byBrand.get(Number(r.brand_id)) ?? []), r.hour]);
    }
    for (const [brand, hours] of byBrand) await refreshBrand(tx, brand, hours);
    await beforeClear?.();
    if (hourMarks.length > 0)
      await tx.raw('delete from analytics_dirty where id = any(?::bigint[])', [hourMarks.map((r) => r.id)] as never[]);
    if (conversationMarks.length > 0)
      await tx.raw('delete from analytics_dirty_conversations where id = any(?::bigint[])', [
        conversationMarks.map((r) => r.id),
      ] as never[]);
    return { hours: seen.size, brands: byBrand.size, busy: false };
  });
}

/** Dirty marks left (for one brand, when given): hours and conversations still to recompute. */
export async function countDirtyMarks(db: Db, brandId?: number): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ n: string }> }>(
    `select (select count(*) from analytics_dirty ${brandId === undefined ? '' : 'where brand_id = :brandId'})
          + (select count(*) from analytics_dirty_conversations ${brandId === undefined ? '' : 'where brand_id = :brandId'}) as n`,
    { brandId: brandId ?? null } as never,
  );
  return Number(rows[0]!.n);
}
