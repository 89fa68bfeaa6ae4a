/** SQL of the Shopify install: placeholder tenants and brands, integration settings patches. */
import type { Db, Tx } from '../../db/index.ts';

type Handle = Db | Tx;

/** Marks a tenant / brand created by an install for a shop Reclaim had never seen. */
export const PLACEHOLDER_MARK = 'shopify_install';

export async function brandExists(db: Handle, brandId: number): Promise<boolean> {
  return (await db('brands').where({ id: brandId }).first('id')) !== undefined;
}

/**
 * A tenant and a brand named after the shop's subdomain, for an install that carries no brand id.
 * The callback renames them with the shop's real name (see `adoptShopIdentity`).
 */
export async function createPlaceholderBrand(tx: Tx, { shop, name }: { shop: string; name: string }): Promise<number> {
  const marks = { placeholder: PLACEHOLDER_MARK, shop };
  const [tenant] = await tx('tenants')
    .insert({ name, type: 'brand', extra_data: marks })
    .returning<{ id: string }[]>('id');
  const [brand] = await tx('brands')
    .insert({ tenant_id: tenant!.id, name, domain: shop, extra_data: marks })
    .returning<{ id: string }[]>('id');
  return Number(brand!.id);
}

/** Gives a placeholder brand (and its placeholder tenant) the shop's real name, domain and timezone. */
export async function adoptShopIdentity(
  tx: Tx,
  brandId: number,
  {
    name,
    domain,
    timezone,
    email,
  }: { name: string; domain: string | null; timezone: string | null; email: string | null },
): Promise<boolean> {
  const brand = await tx('brands')
    .where({ id: brandId })
    .whereRaw(`extra_data->>'placeholder' = ?`, [PLACEHOLDER_MARK])
    .first<{ tenant_id: string } | undefined>('tenant_id');
  if (!brand) return false;
  await tx('brands')
    .where({ id: brandId })
    .update({
      name,
      ...(domain ? { domain } : {}),
      ...(timezone ? { timezone } : {}),
      ...(email ? { support_email: email } : {}),
      extra_data: tx.raw(`(extra_data - 'placeholder') || jsonb_build_object('created_by', ?::text)`, [
        PLACEHOLDER_MARK,
      ]),
      updated_at: tx.fn.now(),
    });
  await tx('tenants')
    .where({ id: brand.tenant_id })
    .whereRaw(`extra_data->>'placeholder' = ?`, [PLACEHOLDER_MARK])
    .update({
      name,
      ...(email ? { email } : {}),
      extra_data: tx.raw(`extra_data - 'placeholder'`),
      updated_at: tx.fn.now(),
    });
  return true;
}

/** Merges `patch` into the integration's settings and drops the given paths (e.g. ['credentials', 'state']). */
export async function patchSettings(
  db: Handle,
  id: number,
  patch: Record<string, unknown>,
  drop: string[][] = [],
): Promise<void> {
  let expression = 'settings || ?::jsonb';
  const bindings: string[] = [JSON.stringify(patch)];
  for (const path of drop) {
    expression = `(${expression}) #- ?::text[]`;
    bindings.push(`{${path.join(',')}}`); // a text[] literal (knex would expand a JS array)
  }
  await db('brand_integrations')
    .where({ id })
    .update({ settings: db.raw(expression, bindings), updated_at: db.fn.now() });
}

/** A disconnected integration opened again goes back to pending_setup, disabled, until its callback. */
export async function reopenIntegration(db: Handle, id: number): Promise<void> {
  await db('brand_integrations')
    .where({ id })
    .whereNot({ status: 'connected' })
    .update({ status: 'pending_setup', is_enabled: false, updated_at: db.fn.now() });
}

/** Sets one credential (already sealed) without touching the others. */
export async function setSealedCredential(db: Handle, id: number, name: string, sealed: string): Promise<void> {
  await db('brand_integrations')
    .where({ id })
    .update({
      settings: db.raw(
        `settings || jsonb_build_object('credentials', coalesce(settings->'credentials', '{}'::jsonb) || jsonb_build_object(?::text, ?::text))`,
        [name, sealed],
      ),
      updated_at: db.fn.now(),
    });
}
