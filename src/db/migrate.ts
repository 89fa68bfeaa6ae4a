import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Db } from './knex.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.ts$/;

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Migrations are the files `migrations/<timestamp>_<name>.ts`, applied in name order. */
class FileMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly directory: string) {}

  async getMigrations(): Promise<string[]> {
    const files = await readdir(this.directory);
    return files.filter((file) => MIGRATION_FILE.test(file)).sort();
  }

  getMigrationName(migration: string): string {
    return migration;
  }

  async getMigration(migration: string): Promise<MigrationModule> {
    return (await import(pathToFileURL(path.join(this.directory, migration)).href)) as MigrationModule;
  }
}

const config = (directory = MIGRATIONS_DIR): Knex.MigratorConfig => ({
  migrationSource: new FileMigrationSource(directory),
  tableName: 'knex_migrations',
});

export interface MigrationStatus {
  name: string;
  applied: boolean;
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(config())) as [number, string[]];
  return applied;
}

export async function rollback(db: Db, { all = false }: { all?: boolean } = {}): Promise<string[]> {
  const [, undone] = (await db.migrate.rollback(config(), all)) as [number, string[]];
  return undone;
}

export async function migrationStatus(db: Db): Promise<MigrationStatus[]> {
  const [completed, pending] = (await db.migrate.list(config())) as [{ name: string }[], string[]];
  return [
    ...completed.map((entry) => ({ name: entry.name, applied: true })),
    ...pending.map((name) => ({ name, applied: false })),
  ];
}
