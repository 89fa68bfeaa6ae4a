/** SQL for the brands a store install finds, creates or completes (Shopify and BigCommerce installs). */
import type { Handle, Tx } from '../../db/index.ts';

type Json = Record<string, unknown>;

export async function brandExists(db: Handle, brandId: number): Promise<boolean> {
  return (await db('brands').where({ id: brandId }).first('id')) !== undefined;
}

/** Every brand's name (what /metrics keeps out of its labels). */
export async function brandNames(db: Handle): Promise<string[]> {
  const rows: Array<{ name: string | null }> = await db('brands').select('name');
  return rows.flatMap((r) => (r.name ? [r.name] : []));
}

/** The oldest brand whose domain is the store's (set up beforehand, e.g. by `reclaim tenant setup`). */
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

export interface InstalledTenant {
  name: string;
  email?: string | null;
  type?: 'brand';
  extra_data?: Json;
}

export interface InstalledBrand {
  name: string;
  domain: string | null;
  support_email?: string | null;
  timezone?: string;
  extra_data: Json;
}

/** A tenant and its one brand for a store installed without a brand; returns the brand's id. */
export async function createInstalledBrand(
  tx: Tx,
  { tenant, brand }: { tenant: InstalledTenant; brand: InstalledBrand },
): Promise<number> {
  const [tenantRow] = await tx('tenants').insert(tenant).returning<{ id: string }[]>('id');
  const [brandRow] = await tx('brands')
    .insert({ ...brand, tenant_id: tenantRow!.id })
    .returning<{ id: string }[]>('id');
  return Number(brandRow!.id);
}

/**
 * Gives a brand (and its tenant) still marked `extra_data.placeholder = <placeholder>` the store's
 * real name, domain, timezone and e-mail; the mark becomes `created_by`. False when the brand is
 * not such a placeholder.
 */
export async function adoptPlaceholderBrand(
  tx: Tx,
  brandId: number,
  {
    placeholder,
    name,
    domain,
    timezone,
    email,
  }: { placeholder: string; name: string; domain: string | null; timezone: string | null; email: string | null },
): Promise<boolean> {
  const brand = await tx('brands')
    .where({ id: brandId })
    .whereRaw(`extra_data->>'placeholder' = ?`, [placeholder])
    .first<{ tenant_id: string } | undefined>('tenant_id');
  if (!brand) return false;
  await tx('brands')
    .where({ id: brandId })
    .update({
      name,
      ...(domain ? { domain } : {}),
      ...(timezone ? { timezone } : {}),
      ...(email ? { support_email: email } : {}),
      extra_data: tx.raw(`(extra_data - 'placeholder') || jsonb_build_object('created_by', ?::text)`, [placeholder]),
      updated_at: tx.fn.now(),
    });
  await tx('tenants')
    .where({ id: brand.tenant_id })
    .whereRaw(`extra_data->>'placeholder' = ?`, [placeholder])
    .update({
      name,
      ...(email ? { email } : {}),
      extra_data: tx.raw(`extra_data - 'placeholder'`),
      updated_at: tx.fn.now(),
    });
  return true;
}

/** The brand's tenant and what created it (an install's `created_by` / `installation_source` mark, or the placeholder). */
export async function installedBrandOrigin(
  db: Handle,
  brandId: number,
): Promise<{ tenantId: number; installedBy: string | null } | undefined> {
  const row = await db('brands')
    .where({ id: brandId })
    .first<{ tenant_id: string; installed_by: string | null } | undefined>(
      'tenant_id',
      db.raw(
        `coalesce(extra_data->>'created_by', extra_data->>'installation_source', extra_data->>'placeholder') as installed_by`,
      ),
    );
  return row ? { tenantId: Number(row.tenant_id), installedBy: row.installed_by } : undefined;
}
