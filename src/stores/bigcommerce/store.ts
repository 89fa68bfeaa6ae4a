/** SQL that only the BigCommerce adapter needs (everything shared lives in ../store.ts). */
import type { Db, Tx } from '../../db/index.ts';
import { CART_DELETED_FLAG } from './rules.ts';

type Handle = Db | Tx;

/** Spec 2 section 4: a cart event that finds the cart deleted (404) completes a cart not yet complete. */
export async function completeDeletedCart(db: Handle, cartId: number): Promise<boolean> {
  const updated = await db('carts')
    .where({ id: cartId })
    .whereNot({ state: 'complete' })
    .update({
      state: 'complete',
      extra_data: db.raw(`extra_data || jsonb_build_object(?::text, true)`, [CART_DELETED_FLAG]),
      updated_at: db.fn.now(),
    });
  return updated > 0;
}

/** Stores one sealed credential on an integration, keeping the others. */
export async function setSealedCredential(
  db: Handle,
  integrationId: number,
  name: string,
  sealed: string,
): Promise<void> {
  await db('brand_integrations')
    .where({ id: integrationId })
    .update({
      settings: db.raw(
        `jsonb_set(settings, '{credentials}', coalesce(settings->'credentials', '{}'::jsonb) || jsonb_build_object(?::text, ?::text))`,
        [name, sealed],
      ),
      updated_at: db.fn.now(),
    });
}

/** A brand whose domain is the store's (set up beforehand, e.g. by `reclaim tenant setup`). */
export async function findBrandByDomain(db: Handle, domain: string): Promise<number | undefined> {
  const host = domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  if (!host) return undefined;
  const row = await db('brands')
    .whereRaw('lower(domain) in (?, ?)', [host, host.replace(/^www\./, '')])
    .orderBy('id')
    .first<{ id: string }>('id');
  return row ? Number(row.id) : undefined;
}

/**
 * A store installed from the BigCommerce marketplace with no brand yet gets its own tenant and
 * brand, named after the store, so the install works without a prior signup.
 */
export async function createBrandForStore(
  tx: Tx,
  store: { name: string; domain: string | null; email: string | null; timezone: string | null },
): Promise<number> {
  const [tenant] = await tx('tenants')
    .insert({ name: store.name, email: store.email })
    .returning<{ id: string }[]>('id');
  const [brand] = await tx('brands')
    .insert({
      tenant_id: tenant!.id,
      name: store.name,
      domain: store.domain,
      support_email: store.email,
      ...(store.timezone ? { timezone: store.timezone } : {}),
      extra_data: { installation_source: 'bigcommerce' },
    })
    .returning<{ id: string }[]>('id');
  return Number(brand!.id);
}
