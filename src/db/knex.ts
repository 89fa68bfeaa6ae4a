import knexFactory, { type Knex } from 'knex';
// knex ships its dialects as CommonJS classes; we extend the PostgreSQL one to translate errors.
import PgClient from 'knex/lib/dialects/postgres/index.js';
import { translateDbError } from './errors.ts';

export type Db = Knex;
export type Tx = Knex.Transaction;

class ReclaimPgClient extends (PgClient as unknown as typeof knexFactory.Client) {
  override async query(connection: unknown, obj: unknown): Promise<unknown> {
    try {
      return await (PgClient.prototype as { query(c: unknown, o: unknown): Promise<unknown> }).query.call(
        this,
        connection,
        obj,
      );
    } catch (error) {
      throw translateDbError(error);
    }
  }
}

export interface DbOptions {
  url: string;
  pool?: { min?: number; max?: number };
  applicationName?: string;
  /** Where knex's own warnings go (the context's logger); without one they are dropped. */
  logger?: { warn(fields: object, message: string): void };
}

/** The knex settings of a handle on PostgreSQL: our dialect, pool and error handling. */
export function dbConfig({ url, pool = {}, applicationName = 'reclaim', logger }: DbOptions): Knex.Config {
  return {
    client: ReclaimPgClient as unknown as typeof knexFactory.Client,
    connection: { connectionString: url, application_name: applicationName },
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    // Error messages carry the SQL with placeholders, never the bound values (they may be personal data).
    compileSqlOnError: false,
    acquireConnectionTimeout: 30_000,
    // knex prints every failed connection with its stack on stderr; the failure also rejects the
    // query that wanted the connection, whose caller reports it, so that print is left out.
    log: {
      warn(message: string) {
        if (!String(message).startsWith('Acquire connection error'))
          logger?.warn({ knex: String(message) }, 'knex warning');
      },
    },
  };
}

/** A knex handle on PostgreSQL. Unique violations surface as `conflict` AppErrors. */
export function createDb(options: DbOptions): Db {
  return knexFactory(dbConfig(options));
}

/** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
export function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function ping(db: Db): Promise<void> {
  await db.raw('select 1');
}
