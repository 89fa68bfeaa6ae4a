import type { Db, Tx } from '../db/index.ts';
import { publicSettings, type BrandIntegration } from './integrations.ts';

export interface StoreIntegrationListing {
  id: number;
  brand_id: number;
  brand_name: string;
  platform: string;
  lookup_id: string | null;
  status: string;
  is_enabled: boolean;
  /** settings.health.status, e.g. 'Permissions required'. */
  health: string | null;
  installed_at: string | null;
  /** Settings with credentials reduced to which ones are set (never their values). */
  settings: Record<string, unknown>;
}

/** Store platform integrations (Shopify, BigCommerce), newest first, optionally of one brand. */
export async function listStoreIntegrations(
  db: Db | Tx,
  { brandId }: { brandId?: number } = {},
): Promise<StoreIntegrationListing[]> {
  const query = db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .join('brands as b', 'b.id', 'bi.brand_id')
    .where('i.category', 'ecommerce')
    .orderBy('bi.id', 'desc')
    .select(
      'bi.id',
      'bi.brand_id',
      'b.name as brand_name',
      'i.slug',
      'bi.lookup_id',
      'bi.status',
      'bi.is_enabled',
      'bi.settings',
      'bi.created_at',
      'bi.updated_at',
      'bi.integration_id',
    );
  if (brandId !== undefined) query.where('bi.brand_id', brandId);
  const rows = (await query) as (BrandIntegration & { brand_name: string })[];
  return rows.map((row) => {
    const health = (row.settings.health as { status?: string } | undefined)?.status ?? null;
    const installed = row.settings.installed_at;
    return {
      id: Number(row.id),
      brand_id: Number(row.brand_id),
      brand_name: row.brand_name,
      platform: row.slug,
      lookup_id: row.lookup_id,
      status: row.status,
      is_enabled: row.is_enabled,
      health,
      installed_at: typeof installed === 'string' ? installed : null,
      settings: publicSettings(row),
    };
  });
}
