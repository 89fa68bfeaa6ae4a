/** SQL of the brand-facing integration routes: every integration of the brands a caller may read. */
import type { Handle } from '../../db/index.ts';

type Json = Record<string, unknown>;

export interface ListedIntegration {
  id: number;
  brand_id: number;
  slug: string;
  name: string;
  category: string;
  lookup_id: string | null;
  status: string;
  is_enabled: boolean;
  settings: Json & { credentials?: Record<string, string> };
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'bi.id',
  'bi.brand_id',
  'i.slug',
  'i.name',
  'i.category',
  'bi.lookup_id',
  'bi.status',
  'bi.is_enabled',
  'bi.settings',
  'bi.created_at',
  'bi.updated_at',
];

const toListed = (row: Json): ListedIntegration => ({
  ...(row as unknown as ListedIntegration),
  id: Number(row.id),
  brand_id: Number(row.brand_id),
});

/** Integrations of the brands in scope ('all' for staff), optionally of one brand, newest first. */
export async function listIntegrationsInScope(
  db: Handle,
  { scope, brandId }: { scope: 'all' | readonly number[]; brandId?: number },
): Promise<ListedIntegration[]> {
  const query = db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .select(...COLUMNS)
    .orderBy('bi.id', 'desc');
  if (scope !== 'all') query.whereIn('bi.brand_id', [...scope]);
  if (brandId !== undefined) query.where('bi.brand_id', brandId);
  return (await query).map(toListed);
}

/** One integration by id, by (platform slug, lookup id), or by (brand, integration catalogue id). */
export async function findIntegrationBy(
  db: Handle,
  key: { id: number } | { lookupId: string } | { brandId: number; integrationId: number },
): Promise<ListedIntegration | undefined> {
  const query = db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .select(...COLUMNS);
  if ('id' in key) query.where('bi.id', key.id);
  else if ('lookupId' in key) query.where('bi.lookup_id', key.lookupId).orderBy('bi.id', 'desc');
  else query.where({ 'bi.brand_id': key.brandId, 'bi.integration_id': key.integrationId }).orderBy('bi.id', 'desc');
  const row = await query.first();
  return row ? toListed(row) : undefined;
}

/** Merges `settings` into the integration's settings (top-level keys) and sets is_enabled when given. */
export async function updateIntegrationRow(
  db: Handle,
  id: number,
  { settings, isEnabled }: { settings?: Json; isEnabled?: boolean },
): Promise<void> {
  await db('brand_integrations')
    .where({ id })
    .update({
      ...(settings ? { settings: db.raw('settings || ?::jsonb', [JSON.stringify(settings)]) } : {}),
      ...(isEnabled !== undefined ? { is_enabled: isEnabled } : {}),
      updated_at: db.fn.now(),
    });
}
