import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Db } from './knex.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
/** The table knex records applied migrations in. */
export const MIGRATIONS_TABLE = 'knex_migrations';
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.ts$/;

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** A migration file, in the shape knex's own file source uses (the knex CLI lists `file`). */
interface MigrationFile {
  file: string;
  directory: string;
}

let typescript: Promise<void> | undefined;
const registerTypeScript = (): Promise<void> =>
  (typescript ??= import('tsx/esm/api').then(({ register }) => {
    register();
  }));

/** Migrations are the files `migrations/<timestamp>_<name>.ts`, applied in name order. */
class FileMigrationSource implements Knex.MigrationSource<MigrationFile> {
  private readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  async getMigrations(): Promise<MigrationFile[]> {
    const files = await readdir(this.directory);
    return files
      .filter((file) => MIGRATION_FILE.test(file))
      .sort()
      .map((file) => ({ file, directory: this.directory }));
  }

  getMigrationName(migration: MigrationFile): string {
    return migration.file;
  }

  async getMigration(migration: MigrationFile): Promise<MigrationModule> {
    const url = pathToFileURL(path.join(migration.directory, migration.file)).href;
    return (await import(url).catch(async (error: unknown) => {
      if ((error as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
      // The built binary (dist/) runs without a TypeScript loader: tsx loads the .ts migrations,
      // registered on this first need only (a fresh URL, as Node remembers the failed import).
      await registerTypeScript();
      return import(`${url}?ts`);
    })) as MigrationModule;
  }
}

/** The migrator settings of every migration command: ours and the knex CLI's (knexfile.ts). */
export const migratorConfig = (directory = MIGRATIONS_DIR): Knex.MigratorConfig => ({
  migrationSource: new FileMigrationSource(directory),
  tableName: MIGRATIONS_TABLE,
});

export interface MigrationStatus {
  name: string;
  applied: boolean;
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migratorConfig())) as [number, string[]];
  return applied;
}

export async function rollback(db: Db, { all = false }: { all?: boolean } = {}): Promise<string[]> {
  const [, undone] = (await db.migrate.rollback(migratorConfig(), all)) as [number, string[]];
  return undone;
}

export async function migrationStatus(db: Db): Promise<MigrationStatus[]> {
  const [completed, pending] = (await db.migrate.list(migratorConfig())) as [{ name: string }[], MigrationFile[]];
  return [
    ...completed.map((entry) => ({ name: entry.name, applied: true })),
    ...pending.map((migration) => ({ name: migration.file, applied: false })),
  ];
}
