/**
 * The knex CLI's configuration: the same PostgreSQL dialect, migration files and migration table
 * as `reclaim db migrate | rollback | status`, against the server named by DATABASE_URL (the knex
 * CLI does not start the embedded server). The CLI loads this TypeScript file through tsx:
 *
 *   DATABASE_URL=postgres://… NODE_OPTIONS='--import tsx' npx knex migrate:status
 */
import type { Knex } from 'knex';
import { AppError, loadConfig } from './src/app/index.ts';
import { dbConfig, migratorConfig } from './src/db/index.ts';

export default function knexConfig(): Knex.Config {
  const { DATABASE_URL: url } = loadConfig();
  if (!url)
    throw new AppError(
      'invalid_input',
      'The knex CLI needs DATABASE_URL (postgres://…); the embedded database is migrated with `reclaim db migrate`.',
      { code: 'no_database_url' },
    );
  return { ...dbConfig({ url, pool: { max: 2 }, applicationName: 'reclaim-knex-cli' }), migrations: migratorConfig() };
}
