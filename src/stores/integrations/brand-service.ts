/**
 * A brand's integrations as the brand API shows and changes them (spec 1: integration update
 * needs an id, a lookup id, or brand plus integration ids; patch needs an id — 'No id provided',
 * 'Integration not found'). Settings are merged key by key; a brand user changes only the settings
 * its integration's kind declares (settings.ts): numbers, sender ids, registration state, store
 * identity, keys and credentials are Reclaim's own. Credentials never leave: only which ones are
 * set.
 */
import { AppError, type AppContext } from '../../app/index.ts';
import {
  findIntegrationBy,
  listIntegrationsInScope,
  updateIntegrationRow,
  type ListedIntegration,
} from './brand-store.ts';
import { checkSettingsPatch } from './settings.ts';

export const NO_ID_PROVIDED = 'No id provided';
export const INTEGRATION_NOT_FOUND = 'Integration not found';

const SECRET_NAME = /password|secret|token|hash|credential|api_?key|challenge/i;

export interface IntegrationView {
  id: number;
  brand_id: number;
  platform: string;
  name: string;
  category: string;
  lookup_id: string | null;
  status: 'pending_setup' | 'connected' | 'disconnected';
  is_enabled: boolean;
  /** Settings without credentials or anything named like a secret. */
  settings: Record<string, unknown>;
  /** Names of the sealed values (credentials) that are set, never the values. */
  sealed: string[];
  created_at: string;
  updated_at: string;
}

/** A settings value without any key named like a secret, at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_NAME.test(key))
      .map(([key, item]) => [key, withoutSecrets(item)]),
  );
}

export function integrationView(row: ListedIntegration): IntegrationView {
  const { credentials, ...rest } = row.settings;
  const settings = withoutSecrets(rest) as Record<string, unknown>;
  return {
    id: row.id,
    brand_id: row.brand_id,
    platform: row.slug,
    name: row.name,
    category: row.category,
    lookup_id: row.lookup_id,
    status: row.status as IntegrationView['status'],
    is_enabled: row.is_enabled,
    settings,
    sealed: Object.keys(credentials ?? {}).sort(),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listIntegrations(
  ctx: AppContext,
  options: { scope: 'all' | readonly number[]; brandId?: number },
): Promise<IntegrationView[]> {
  return (await listIntegrationsInScope(ctx.db, options)).map(integrationView);
}

export interface IntegrationKey {
  id?: number;
  lookupId?: string;
  brandId?: number;
  integrationId?: number;
}

/** The integration an update names ('No id provided' without a usable key; 'Integration not found'). */
export async function resolveIntegration(
  ctx: AppContext,
  key: IntegrationKey,
  scope: 'all' | readonly number[] = 'all',
): Promise<ListedIntegration> {
  const by =
    key.id !== undefined
      ? { id: key.id }
      : key.lookupId
        ? { lookupId: key.lookupId }
        : key.brandId !== undefined && key.integrationId !== undefined
          ? { brandId: key.brandId, integrationId: key.integrationId }
          : undefined;
  if (!by) throw new AppError('invalid_input', NO_ID_PROVIDED, { code: 'no_id' });
  const found = await findIntegrationBy(ctx.db, by);
  // Another brand's integration looks exactly like a missing one.
  if (!found || (scope !== 'all' && !scope.includes(found.brand_id)))
    throw new AppError('not_found', INTEGRATION_NOT_FOUND, { code: 'integration_not_found' });
  return found;
}

export async function updateIntegration(
  ctx: AppContext,
  {
    key,
    scope = 'all',
    settings,
    isEnabled,
  }: {
    key: IntegrationKey;
    scope?: 'all' | readonly number[];
    settings?: Record<string, unknown>;
    isEnabled?: boolean;
  },
): Promise<IntegrationView> {
  const found = await resolveIntegration(ctx, key, scope);
  let patch: Record<string, unknown> | undefined;
  if (settings) {
    const checked = checkSettingsPatch(found.slug, settings);
    if (!checked.ok) throw new AppError('invalid_input', checked.message, { code: 'reserved_setting' });
    patch = checked.settings;
  }
  await updateIntegrationRow(ctx.db, found.id, { settings: patch, isEnabled });
  return integrationView((await findIntegrationBy(ctx.db, { id: found.id }))!);
}
