/** What is in the database, for `reclaim start` and `db seed`: row counts, brand names, states. */
import type { Handle } from '../../db/index.ts';

export interface DemoCounts {
  brands: number;
  workflows: number;
  contacts: number;
  carts: number;
  orders: number;
  conversations: number;
}

const count = async (query: Promise<{ n: string | number }[]>): Promise<number> => Number((await query)[0]?.n ?? 0);

/** Row counts of the given brands (or of everything). */
export async function countRows(db: Handle, brandIds?: number[]): Promise<DemoCounts> {
  const scoped = (table: string, column = 'brand_id') => {
    const query = db(table).count<{ n: string }[]>({ n: '*' });
    return brandIds ? query.whereIn(column, brandIds) : query;
  };
  // One after another: inside a transaction they share a single connection.
  const brands = await count(scoped('brands', 'id'));
  const workflows = await count(scoped('workflows'));
  const contacts = await count(scoped('contacts'));
  const carts = await count(scoped('carts'));
  const orders = await count(scoped('orders'));
  const conversations = await count(scoped('conversations'));
  return { brands, workflows, contacts, carts, orders, conversations };
}

/** The names of the first brands, oldest first. */
export async function brandNames(db: Handle, limit: number): Promise<string[]> {
  const rows = await db('brands').select<{ name: string }[]>('name').orderBy('id').limit(limit);
  return rows.map((row) => row.name);
}

/** Every state present in a table with a state column, with its count, by state name. */
export async function rowsByState(db: Handle, table: 'carts' | 'checkouts'): Promise<Record<string, number>> {
  const states = await db(table)
    .select('state')
    .count<{ state: string; n: string }[]>({ n: '*' })
    .groupBy('state')
    .orderBy('state');
  return Object.fromEntries(states.map((row) => [row.state, Number(row.n)]));
}

/** The given users that exist with a password set (lower-cased e-mails). */
export async function usersWithPassword(db: Handle, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db('users')
    .whereRaw('lower(email) = any(?::text[])', [emails.map((e) => e.toLowerCase())])
    .whereNotNull('password')
    .select<{ email: string }[]>('email');
  return new Set(rows.map((row) => row.email.toLowerCase()));
}
