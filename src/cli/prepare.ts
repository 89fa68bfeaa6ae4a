import type { AppContext } from '../app/index.ts';
import { migrateLatest } from '../db/index.ts';
import { prepareQueue } from '../jobs/index.ts';

/**
 * Applies every pending migration and prepares the job queue: what the commands that serve,
 * run jobs or migrate do before anything else. Returns the names of the migrations applied.
 */
export async function prepareDatabase(ctx: AppContext): Promise<string[]> {
  const applied = await migrateLatest(ctx.db);
  await prepareQueue(ctx);
  return applied;
}
