/**
 * The hourly rollups' refresh (see the analytics migration for what they hold and how changes
 * mark hours dirty). Reads are exact without it (dirty hours are read from the rows); it keeps them
 * fast. Run it every minute (`reclaim stats refresh`, or the worker): each batch is one
 * transaction; refreshes run one at a time (a second one at the same moment does nothing).
 */
import type { Db } from '../db/index.ts';
import { countDirtyMarks, refreshRollupBatch } from './store/rollup-refresh.ts';

export const ROLLUP_BATCH_SIZE = 2000;

export interface RollupRefresh {
  /** (brand, hour) keys recomputed. */
  hours: number;
  batches: number;
  /** Dirty marks left (for the brand, when one was given): hours and conversations to recompute. */
  remaining: number;
}

/** Batches one scheduled refresh (every minute) works through at most; the rest waits for the next run. */
export const SCHEDULED_REFRESH_MAX_BATCHES = 20;

export async function refreshAnalyticsRollups(
  db: Db,
  {
    brandId,
    batchSize = ROLLUP_BATCH_SIZE,
    maxBatches = Number.POSITIVE_INFINITY,
    beforeClear,
  }: {
    brandId?: number;
    batchSize?: number;
    maxBatches?: number;
    /** Runs in each batch after the recompute, before its marks are cleared (tests: a late write). */
    beforeClear?: () => Promise<void>;
  } = {},
): Promise<RollupRefresh> {
  let hours = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const batch = await refreshRollupBatch(db, { limit: batchSize, brandId, beforeClear });
    if (batch.hours === 0) break;
    hours += batch.hours;
    batches += 1;
  }
  return { hours, batches, remaining: await countDirtyMarks(db, brandId) };
}
