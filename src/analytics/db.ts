/**
 * Where analytics reads: the read replica in ANALYTICS_DATABASE_URL when it is set, else the main
 * database. The replica's handle is a client of the context (ctx.clients.analyticsDb), created on
 * first use and closed when the context is released.
 */
import type { AppContext } from '../app/index.ts';
import { createDb, type Db } from '../db/index.ts';

declare module '../app/index.ts' {
  interface Clients {
    /** The handle analytics reads through (the replica, or the main database). */
    analyticsDb: Db;
  }
}

/** Pool size of the replica handle: reports run a few statements at once, not many. */
export const ANALYTICS_POOL_MAX = 5;

export function createAnalyticsDb(ctx: AppContext): Db {
  const url = ctx.config.ANALYTICS_DATABASE_URL;
  if (!url) return ctx.db;
  const db = createDb({
    url,
    pool: { max: ANALYTICS_POOL_MAX },
    applicationName: 'reclaim-analytics',
    logger: ctx.logger,
  });
  ctx.onRelease(() => db.destroy());
  return db;
}

/** The handle analytics queries take: the context's analytics client, else its main database. */
export function analyticsDb(ctx: AppContext): Db {
  return ('analyticsDb' in ctx.clients ? ctx.clients.analyticsDb : undefined) ?? ctx.db;
}
