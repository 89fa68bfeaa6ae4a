/**
 * Once per `npm test`: build dist/ when a source is newer (the CLI tests run the built binary),
 * find a PostgreSQL server (TEST_DATABASE_URL, else the embedded one), build a migrated template
 * database, and hand its URL to every test file.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createContext, loadConfig } from '../../src/app/index.ts';
import {
  createDatabase,
  createDb,
  dropDatabase,
  migrateLatest,
  startEmbedded,
  type EmbeddedServer,
} from '../../src/db/index.ts';
import { createLogger } from '../../src/app/index.ts';
import { prepareQueue } from '../../src/jobs/index.ts';
import { withFastCommits } from './fast-commits.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
    /** The demo templates of this run are named with it (test/helpers/demo-template.ts). */
    demoTemplatePrefix: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], {
    cwd: new URL('../../', import.meta.url),
    stdio: 'inherit',
  });
  const logger = createLogger({ level: 'warn', pretty: false });
  let embedded: EmbeddedServer | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
    embedded = await startEmbedded({ dataDir: path.join(os.tmpdir(), `reclaim-test-${uid}`), logger });
    serverUrl = embedded.url;
  }
  const templateDatabase = `reclaim_template_${process.pid}`;
  const demoTemplatePrefix = `reclaim_demo_${process.pid}_`;
  await dropDatabase(serverUrl, templateDatabase);
  await dropDemoTemplates(serverUrl, demoTemplatePrefix);
  const templateUrl = await createDatabase(serverUrl, templateDatabase);
  await withFastCommits(serverUrl, templateDatabase);
  const db = createDb({ url: templateUrl, pool: { max: 1 } });
  try {
    await migrateLatest(db);
    const ctx = await createContext({
      config: loadConfig({ DATABASE_URL: templateUrl, LOG_LEVEL: 'silent' }),
      logger,
      poolMax: 1,
    });
    await prepareQueue(ctx);
    await ctx.release();
  } finally {
    await db.destroy();
  }
  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('demoTemplatePrefix', demoTemplatePrefix);
  return async () => {
    await dropDemoTemplates(serverUrl, demoTemplatePrefix);
    await dropDatabase(serverUrl, templateDatabase);
    await embedded?.stop();
  };
}

/** The demo templates test files built during the run (test/helpers/demo-template.ts). */
async function dropDemoTemplates(serverUrl: string, prefix: string): Promise<void> {
  const db = createDb({ url: serverUrl, pool: { max: 1 } });
  try {
    const { rows } = await db.raw<{ rows: { datname: string }[] }>(
      `select datname from pg_database where starts_with(datname, ?)`,
      [prefix],
    );
    for (const { datname } of rows) await dropDatabase(serverUrl, datname);
  } finally {
    await db.destroy();
  }
}
