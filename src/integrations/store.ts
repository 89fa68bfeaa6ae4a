/**
 * SQL of the chat and e-mail marketing links (Slack, Klaviyo): each brand's one
 * `brand_integrations` row of the provider, its catalogue row and its settings. Credentials in
 * `settings.credentials` are sealed with ENCRYPTION_KEY before they reach this module.
 */
import type { Handle, Tx } from '../db/index.ts';

export type LinkProvider = 'slack' | 'klaviyo';
type Json = Record<string, unknown>;

export interface BrandLink {
  id: number;
  brand_id: number;
  integration_id: number;
  lookup_id: string | null;
  status: 'pending_setup' | 'connected' | 'disconnected';
  is_enabled: boolean;
  settings: Json & { credentials?: Record<string, string> };
}

const CATALOGUE: Record<LinkProvider, { name: string; category: string }> = {
  slack: { name: 'Slack', category: 'chat' },
  klaviyo: { name: 'Klaviyo', category: 'email' },
};

const toLink = (row: Json | undefined): BrandLink | undefined =>
  row
    ? {
        ...(row as unknown as BrandLink),
        id: Number(row.id),
        brand_id: Number(row.brand_id),
        integration_id: Number(row.integration_id),
      }
    : undefined;

const COLUMNS = ['id', 'brand_id', 'integration_id', 'lookup_id', 'status', 'is_enabled', 'settings'];

/** The provider's catalogue row id, created on first use. */
export async function providerIntegrationId(db: Handle, provider: LinkProvider): Promise<number> {
  await db('integrations')
    .insert({ ...CATALOGUE[provider], slug: provider, is_published: true })
    .onConflict('slug')
    .ignore();
  const row = await db('integrations').where({ slug: provider }).first<{ id: string }>('id');
  return Number(row!.id);
}

export async function brandExists(db: Handle, brandId: number): Promise<boolean> {
  return (await db('brands').where({ id: brandId }).first('id')) !== undefined;
}

/** The brand's link to the provider (its newest row), whatever its status. */
export async function findBrandLink(
  db: Handle,
  { brandId, provider }: { brandId: number; provider: LinkProvider },
): Promise<BrandLink | undefined> {
  const integrationId = await providerIntegrationId(db, provider);
  return toLink(
    await db('brand_integrations')
      .where({ brand_id: brandId, integration_id: integrationId })
      .orderBy('id', 'desc')
      .first(...COLUMNS),
  );
}

export async function getBrandLink(db: Handle, id: number): Promise<BrandLink | undefined> {
  return toLink(
    await db('brand_integrations')
      .where({ id })
      .first(...COLUMNS),
  );
}

/** The link with its row locked until the transaction ends (one token refresh at a time). */
export async function lockBrandLink(tx: Tx, id: number): Promise<BrandLink | undefined> {
  return toLink(
    await tx('brand_integrations')
      .where({ id })
      .forUpdate()
      .first(...COLUMNS),
  );
}

/** The brand's link row, created pending_setup and disabled when it has none. */
export async function openBrandLink(
  db: Handle,
  { brandId, provider }: { brandId: number; provider: LinkProvider },
): Promise<BrandLink> {
  const known = await findBrandLink(db, { brandId, provider });
  if (known) return known;
  const [row] = await db('brand_integrations')
    .insert({
      brand_id: brandId,
      integration_id: await providerIntegrationId(db, provider),
      lookup_id: null,
      status: 'pending_setup',
      is_enabled: false,
      settings: {},
    })
    .returning(COLUMNS);
  return toLink(row as Json)!;
}

/** Merges `patch` into the settings (and `credentials` into settings.credentials); optional status change. */
export async function updateBrandLink(
  db: Handle,
  id: number,
  {
    settings = {},
    credentials,
    dropCredentials = [],
    status,
    lookupId,
  }: {
    settings?: Json;
    credentials?: Record<string, string>;
    /** Credential names removed (say the spent OAuth state). */
    dropCredentials?: string[];
    status?: 'connected' | 'disconnected';
    lookupId?: string;
  },
): Promise<void> {
  let expression = `(settings || ?::jsonb) || jsonb_build_object('credentials', coalesce(settings->'credentials', '{}'::jsonb) || ?::jsonb)`;
  const bindings: string[] = [JSON.stringify(settings), JSON.stringify(credentials ?? {})];
  for (const name of dropCredentials) {
    expression = `(${expression}) #- ?::text[]`;
    bindings.push(`{credentials,${name}}`);
  }
  await db('brand_integrations')
    .where({ id })
    .update({
      settings: db.raw(expression, bindings),
      ...(status ? { status, is_enabled: status === 'connected' } : {}),
      ...(lookupId !== undefined ? { lookup_id: lookupId } : {}),
      updated_at: db.fn.now(),
    });
}

/** Whether the brand has a connected, enabled link to the provider (one query, usable inside a transaction). */
export async function hasConnectedLink(
  db: Handle,
  { brandId, provider }: { brandId: number; provider: LinkProvider },
): Promise<boolean> {
  const row = await db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'bi.brand_id': brandId, 'i.slug': provider, 'bi.status': 'connected', 'bi.is_enabled': true })
    .first('bi.id');
  return row !== undefined;
}
