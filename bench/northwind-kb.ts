/**
 * A fresh database holding the demo brand Northwind's knowledge-base cards (src/demo/kb.ts), for the
 * agent's evaluation (bench/eval-agent.ts) and the matcher's training (scripts/train-agent-matcher.ts):
 * runs `work` with it, then drops it.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_KB } from '../src/demo/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, withDatabase, type Db } from '../src/db/index.ts';

export const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withNorthwindCards<T>(
  prefix: string,
  work: (db: Db, brandId: number, published: Map<number, { title: string; content: string }>) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await createDatabase(SERVER, name);
  const db = createDb({ url: withDatabase(SERVER, name), pool: { max: 2 } });
  try {
    await migrateLatest(db);
    const [tenant] = await db('tenants').insert({ name: 'Evaluation' }).returning('id');
    const [brand] = await db('brands').insert({ tenant_id: tenant.id, name: 'Northwind Outfitters' }).returning('id');
    const brandId = Number(brand.id);
    await db('kb_cards').insert(
      DEMO_KB.nw!.map(([title, content, status, source, weight]) => ({
        brand_id: brandId,
        title,
        content,
        status,
        source: source === 'flow' ? 'manual' : source,
        weight,
      })),
    );
    const published = await db('kb_cards')
      .where({ brand_id: brandId, status: 'published' })
      .select('id', 'title', 'content');
    return await work(
      db,
      brandId,
      new Map(published.map((c) => [Number(c.id), c as { title: string; content: string }])),
    );
  } finally {
    await db.destroy();
    await dropDatabase(SERVER, name);
  }
}
