export { createDb, dbConfig, withTransaction, withDatabase, ping, type Db, type Tx, type DbOptions } from './knex.ts';
import type { Db, Tx } from './knex.ts';
/** A connection or an open transaction: what store functions take. */
export type Handle = Db | Tx;
export { translateDbError, isUniqueViolation, databaseConnectionError, type DatabaseSource } from './errors.ts';
export {
  migrateLatest,
  rollback,
  migrationStatus,
  migratorConfig,
  MIGRATIONS_DIR,
  MIGRATIONS_TABLE,
  type MigrationStatus,
} from './migrate.ts';
export { dumpSchema } from './schema-dump.ts';
export {
  checkSchemaDump,
  writeSchemaDump,
  schemaFromMigrations,
  SCHEMA_FILE,
  type SchemaDumpCheck,
} from './schema-file.ts';
export { createDatabase, dropDatabase } from './admin.ts';
export { preparedRaw } from './prepared.ts';
export { startEmbedded, readRunningServer, EMBEDDED_DATABASE, type EmbeddedServer } from './embedded.ts';
export { listenChannel, type ChannelListener } from './listen.ts';
