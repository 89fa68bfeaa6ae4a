/**
 * The demo data set as a template database: seeded once per `npm test` (by the first test file
 * that asks for it, under an advisory lock the others wait on) and cloned by every file that asks
 * for the same seed, instead of each file seeding its own copy (seconds a file on a loaded
 * machine). Only for a seed at a fixed clock: the demo is deterministic for a given `now` and
 * configuration, so a clone holds the rows the file's own seed would have written. A file whose
 * seed ends at the real "now" seeds its own database (a shared copy would end minutes earlier).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createLogger, loadConfig } from '../../src/app/index.ts';
import { createAppContext } from '../../src/cli/index.ts';
import { createDatabase, dropDatabase, withDatabase } from '../../src/db/index.ts';
import { seedDemo } from '../../src/demo/index.ts';

export interface DemoSeed {
  /** The moment the demo's history ends: fixed, so every clone is the same data set. */
  now: Date;
  demoPasswords?: boolean;
  /** The configuration of the context that seeds (beside the test database's own). */
  env?: Record<string, string>;
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The name of the demo template for a seed: one per distinct seed. */
function templateName(seed: DemoSeed): string {
  const key = JSON.stringify([
    seed.now.toISOString(),
    seed.demoPasswords ?? false,
    Object.entries(seed.env ?? {}).sort(),
  ]);
  return `${inject('demoTemplatePrefix')}${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

/** Renames the database once the seeding context's connections have ended (they close a moment after release). */
async function renameWhenClosed(admin: pg.Client, from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`alter database ${quote(from)} rename to ${quote(to)}`);
      return;
    } catch (error) {
      // 55006: object_in_use (a connection to the database has not ended yet).
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * The demo template for the seed, built when it does not exist yet: cloned from the migrated
 * template under another name, seeded through the program's context with the test environment,
 * then renamed, so a clone never sees it half seeded.
 */
export async function demoTemplate(seed: DemoSeed, testEnv: (url: string) => Record<string, string>): Promise<string> {
  const server = inject('serverUrl');
  const name = templateName(seed);
  const admin = new pg.Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await dropDatabase(server, building);
      const url = await createDatabase(server, building, { template: inject('templateDatabase') });
      const ctx = await createAppContext({
        config: loadConfig({ ...testEnv(url), ...seed.env }),
        logger: createLogger({ level: 'silent', pretty: false }),
        poolMax: 2,
      });
      try {
        await seedDemo(ctx, { now: seed.now, demoPasswords: seed.demoPasswords ?? false });
      } finally {
        await ctx.release();
      }
      await renameWhenClosed(admin, building, name);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
  return name;
}
