import type { Db } from '../db/index.ts';
import { brandNames, cartsByState, countRows, type DemoCounts } from './store.ts';

export interface DemoOverview extends DemoCounts {
  brand_names: string[];
  carts_by_state: Record<string, number>;
}

/** What `reclaim start` prints: every brand's totals and carts by state. */
export async function demoOverview(db: Db): Promise<DemoOverview> {
  const counts = await countRows(db);
  return { ...counts, brand_names: await brandNames(db, 5), carts_by_state: await cartsByState(db) };
}
