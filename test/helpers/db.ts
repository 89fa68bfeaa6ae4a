import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { createLogger, loadConfig, type AppContext } from '../../src/app/index.ts';
import { createAppContext } from '../../src/cli/index.ts';
import { createDatabase, createDb, dropDatabase, type Db } from '../../src/db/index.ts';
import { demoTemplate, type DemoSeed } from './demo-template.ts';
import { withFastCommits } from './fast-commits.ts';

export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
  /** A full startup context on this database (server mode, quiet logs), with the program's clients. */
  context(env?: Record<string, string>): Promise<AppContext>;
  drop(): Promise<void>;
}

export const serverUrl = (): string => inject('serverUrl');

/** The environment a CLI child process needs to run against this database. */
export function testEnv(url: string): Record<string, string> {
  return { DATABASE_URL: url, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent' };
}

/**
 * A fresh database for one test file, cloned from the migrated template, or with `demo` from the
 * demo template of that seed (test/helpers/demo-template.ts): the rows `seedDemo` writes at that clock.
 */
export async function createTestDatabase({ demo }: { demo?: DemoSeed } = {}): Promise<TestDatabase> {
  const name = `reclaim_test_${randomBytes(5).toString('hex')}`;
  const template = demo ? await demoTemplate(demo, testEnv) : inject('templateDatabase');
  const url = await createDatabase(serverUrl(), name, { template });
  await withFastCommits(serverUrl(), name);
  const db = createDb({ url, pool: { max: 5 } });
  const contexts: AppContext[] = [];
  return {
    name,
    url,
    db,
    context: async (env = {}) => {
      const ctx = await createAppContext({
        config: loadConfig({ ...testEnv(url), ...env }),
        logger: createLogger({ level: 'silent', pretty: false }),
        poolMax: 5,
      });
      contexts.push(ctx);
      return ctx;
    },
    drop: async () => {
      for (const ctx of contexts) await ctx.release();
      await db.destroy();
      await dropDatabase(serverUrl(), name);
    },
  };
}

/** The database of a test file: what a test reads, without `drop` (the file's hooks drop it). */
export type TestDatabaseHandle = Omit<TestDatabase, 'drop'>;

/**
 * A fresh database for the tests of the calling file (or describe block): created in a beforeAll,
 * dropped in an afterAll. Its fields are read when used, so they work inside tests, hooks and the
 * functions they call (not at module level, before the beforeAll ran). Call it before the hooks
 * that use the database: vitest runs afterAll hooks in reverse order, so it is dropped after
 * their cleanup. With `demo`, the database holds the demo data set seeded at that fixed clock.
 */
export function useTestDatabase(options: { demo?: DemoSeed } = {}): TestDatabaseHandle {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.drop();
    current = undefined;
  });
  const test = (): TestDatabase => {
    if (!current) throw new Error('The test database exists only while the tests of its file run.');
    return current;
  };
  return {
    get name() {
      return test().name;
    },
    get url() {
      return test().url;
    },
    get db() {
      return test().db;
    },
    context: (env) => test().context(env),
  };
}

/** An empty database with nothing migrated (for migration tests). */
export async function createEmptyDatabase(): Promise<{ url: string; db: Db; drop(): Promise<void> }> {
  const name = `reclaim_empty_${randomBytes(5).toString('hex')}`;
  const url = await createDatabase(serverUrl(), name);
  await withFastCommits(serverUrl(), name);
  const db = createDb({ url, pool: { max: 2 } });
  return {
    url,
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(serverUrl(), name);
    },
  };
}
