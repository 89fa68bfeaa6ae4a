/**
 * The hourly rollups' refresh (see the analytics migration for what they hold and how changes
 * mark hours dirty). Reads are exact without it (dirty hours are read from the rows); it keeps them
 * fast. Run it every minute (`reclaim stats refresh`, or the worker): each batch is one
 * transaction, and several refreshes at once take different keys.
 */
import type { Db } from '../db/index.ts';
import { refreshRollupBatch } from './store/rollup-refresh.ts';

export const ROLLUP_BATCH_SIZE = 2000;

export interface RollupRefresh {
  /** (brand, hour) keys recomputed. */
  hours: number;
  batches: number;
  /** Dirty keys left (for the brand, when one was given). */
  remaining: number;
}

export async function refreshAnalyticsRollups(
  db: Db,
  {
    brandId,
    batchSize = ROLLUP_BATCH_SIZE,
    maxBatches = Number.POSITIVE_INFINITY,
  }: {
    brandId?: number;
    batchSize?: number;
    maxBatches?: number;
  } = {},
): Promise<RollupRefresh> {
  let hours = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const batch = await refreshRollupBatch(db, { limit: batchSize, brandId });
    if (batch.hours === 0) break;
    hours += batch.hours;
    batches += 1;
  }
  const query = db('analytics_dirty');
  if (brandId !== undefined) void query.where('brand_id', brandId);
  const [{ n }] = await query.count<Array<{ n: string }>>({ n: '*' });
  return { hours, batches, remaining: Number(n) };
}
