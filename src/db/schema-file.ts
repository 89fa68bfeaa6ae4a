import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDatabase, dropDatabase } from './admin.ts';
import { createDb } from './knex.ts';
import { MIGRATIONS_DIR, migrateLatest } from './migrate.ts';
import { dumpSchema } from './schema-dump.ts';

/** The committed schema dump, generated from the migrations so schema changes show in a diff. */
export const SCHEMA_FILE = path.join(MIGRATIONS_DIR, 'schema.sql');

/**
 * The schema the migrations build, as dumpSchema prints it: migrated into a scratch database on
 * the server behind serverUrl, which is dropped afterwards whatever happens.
 */
export async function schemaFromMigrations(serverUrl: string): Promise<string> {
  const name = `reclaim_dump_${process.pid}_${Date.now()}`;
  const url = await createDatabase(serverUrl, name);
  const scratch = createDb({ url, pool: { max: 1 } });
  try {
    await migrateLatest(scratch);
    return await dumpSchema(scratch);
  } finally {
    await scratch.destroy();
    await dropDatabase(serverUrl, name);
  }
}

export interface SchemaDumpCheck {
  file: string;
  /** The file holds exactly what the migrations build (a missing file is not current). */
  current: boolean;
}

/** Compares the committed dump with the schema the migrations build. */
export async function checkSchemaDump({
  serverUrl,
  file = SCHEMA_FILE,
}: {
  serverUrl: string;
  file?: string;
}): Promise<SchemaDumpCheck> {
  const schema = await schemaFromMigrations(serverUrl);
  const committed = await readFile(file, 'utf8').catch(() => '');
  return { file, current: committed === schema };
}

/** Writes the schema the migrations build to the dump file; returns its number of lines. */
export async function writeSchemaDump({
  serverUrl,
  file = SCHEMA_FILE,
}: {
  serverUrl: string;
  file?: string;
}): Promise<{ file: string; lines: number }> {
  const schema = await schemaFromMigrations(serverUrl);
  await writeFile(file, schema);
  return { file, lines: schema.split('\n').length };
}
