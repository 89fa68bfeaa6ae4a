import type { Db } from '../db/index.ts';

export interface DemoCounts {
  brands: number;
  workflows: number;
  contacts: number;
  carts: number;
  orders: number;
  conversations: number;
}

export interface DemoOverview extends DemoCounts {
  brand_names: string[];
  carts_by_state: Record<string, number>;
}

const count = async (query: Promise<{ n: string | number }[]>): Promise<number> => Number((await query)[0]?.n ?? 0);

/** Row counts of the given brands (or of everything). */
export async function countRows(db: Db, brandIds?: number[]): Promise<DemoCounts> {
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

/** What `reclaim start` prints: every brand's totals and carts by state. */
export async function demoOverview(db: Db): Promise<DemoOverview> {
  const counts = await countRows(db);
  const names = await db('brands').select<{ name: string }[]>('name').orderBy('id').limit(5);
  const states = await db('carts')
    .select('state')
    .count<{ state: string; n: string }[]>({ n: '*' })
    .groupBy('state')
    .orderBy('state');
  return {
    ...counts,
    brand_names: names.map((row) => row.name),
    carts_by_state: Object.fromEntries(states.map((row) => [row.state, Number(row.n)])),
  };
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  return (await db('brands').first('id')) === undefined;
}
