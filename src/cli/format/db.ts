import type { MigrationStatus } from '../../db/index.ts';
import type { DemoLogin, SeedResult } from '../../demo/index.ts';
import { demoLoginLines } from './start.ts';
import type { Heartbeat } from '../../jobs/index.ts';

/** `db migrate`: the migrations just applied, or that there was nothing to do. */
export const appliedMigrations = (database: string, applied: string[]): string =>
  [
    applied.length ? `Applied ${applied.length} migration(s) on ${database}:` : `Already up to date (${database}).`,
    ...applied.map((name) => `  + ${name}`),
  ].join('\n');

/** `db rollback`: the migrations undone. */
export const rolledBackMigrations = (undone: string[]): string =>
  [
    undone.length ? `Rolled back ${undone.length} migration(s):` : 'Nothing to roll back.',
    ...undone.map((name) => `  - ${name}`),
  ].join('\n');

export interface DatabaseStatus {
  database: string;
  applied: number;
  pending: number;
  migrations: MigrationStatus[];
  last_heartbeat: { worker: string; recorded_at: string } | null;
}

/** `db status` as data (what --json prints). */
export function databaseStatus(database: string, migrations: MigrationStatus[], heartbeat?: Heartbeat): DatabaseStatus {
  const applied = migrations.filter((m) => m.applied).length;
  return {
    database,
    applied,
    pending: migrations.length - applied,
    migrations,
    last_heartbeat: heartbeat ? { worker: heartbeat.worker, recorded_at: heartbeat.recorded_at.toISOString() } : null,
  };
}

/** `db status`: each migration ticked or not, the counts, and the last worker heartbeat. */
export const databaseStatusText = (status: DatabaseStatus): string =>
  [
    `Database: ${status.database}`,
    ...status.migrations.map((m) => `  ${m.applied ? '[x]' : '[ ]'} ${m.name}`),
    `${status.applied} applied, ${status.pending} pending.`,
    `Last worker heartbeat: ${status.last_heartbeat ? `${status.last_heartbeat.recorded_at} (${status.last_heartbeat.worker})` : 'none yet (run `reclaim worker`)'}`,
  ].join('\n');

/** `db seed`: whether the demo data was loaded, and its row counts. */
export const seededDemo = (result: SeedResult, logins: DemoLogin[] = []): string =>
  [
    result.created ? 'Demo data loaded:' : 'Demo data already present; nothing changed:',
    ...Object.entries(result.counts).map(([key, value]) => `  ${key.padEnd(14)} ${value}`),
    ...demoLoginLines(logins),
  ].join('\n');
