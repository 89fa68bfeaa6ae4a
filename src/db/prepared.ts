/**
 * Statements on the hot paths run as named (prepared) statements: PostgreSQL parses a statement
 * once per connection and, after a few runs, keeps its plan, instead of parsing and planning it on
 * every run (what knex.raw's unnamed statements cost). The SQL is written as for knex.raw, with `?`
 * placeholders (none inside a quoted literal); on a transaction it runs on the transaction's
 * connection. Errors are translated as knex's are.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { translateDbError } from './errors.ts';
import type { Db, Tx } from './knex.ts';

const prepared = new Map<string, { name: string; text: string }>();

/** The statement's name (from its text) and its text with $n placeholders, kept per SQL text. */
function statement(sql: string): { name: string; text: string } {
  let known = prepared.get(sql);
  if (!known) {
    let n = 0;
    // Placeholders outside quoted literals (the odd parts of a split on ').
    const text = sql
      .split("'")
      .map((part, i) => (i % 2 === 1 ? part : part.replace(/\?/g, () => `$${(n += 1)}`)))
      .join("'");
    known = { name: `reclaim_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, text };
    prepared.set(sql, known);
  }
  return known;
}

export async function preparedRaw<R extends pg.QueryResultRow>(
  db: Db | Tx,
  sql: string,
  values: unknown[],
): Promise<{ rows: R[] }> {
  const { name, text } = statement(sql);
  const client = db.client as {
    acquireConnection(): Promise<pg.PoolClient>;
    releaseConnection(c: pg.PoolClient): Promise<void>;
  };
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query<R>({ name, text, values });
    return { rows: result.rows };
  } catch (error) {
    throw translateDbError(error);
  } finally {
    await client.releaseConnection(connection);
  }
}
