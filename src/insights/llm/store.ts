/** SQL of the AI cache (ai_cache): one row per exact model input, valid until expires_at. */
import type { Handle } from '../../db/index.ts';

/** The cached value of a key that has not expired. */
export async function readCache(db: Handle, key: string): Promise<unknown> {
  const row = await db('ai_cache').where({ cache_key: key }).andWhere('expires_at', '>', db.fn.now()).first('value');
  return row?.value;
}

/** Stores (or replaces) the value of a key for ttlSeconds. */
export async function writeCache(db: Handle, key: string, value: unknown, ttlSeconds: number): Promise<void> {
  await db('ai_cache')
    .insert({
      cache_key: key,
      value: JSON.stringify(value),
      expires_at: db.raw(`now() + make_interval(secs => ?)`, [ttlSeconds]),
    })
    .onConflict('cache_key')
    .merge(['value', 'created_at', 'expires_at']);
}

/** Removes expired entries; the number removed. */
export async function pruneCache(db: Handle): Promise<number> {
  return db('ai_cache').where('expires_at', '<=', db.fn.now()).delete();
}
