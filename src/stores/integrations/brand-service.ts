/**
 * A brand's integrations as the brand API shows and changes them (spec 1: integration update
 * needs an id, a lookup id, or brand plus integration ids; patch needs an id — 'No id provided',
 * 'Integration not found'). Settings are merged key by key; what Reclaim maintains itself
 * (credentials, install and health records) and anything named like a secret cannot be patched,
 * and credentials never leave: only which ones are set.
 */
import { AppError, type AppContext } from '../../app/index.ts';
import {
  findIntegrationBy,
  listIntegrationsInScope,
  updateIntegrationRow,
  type ListedIntegration,
} from './brand-store.ts';

export const NO_ID_PROVIDED = 'No id provided';
export const INTEGRATION_NOT_FOUND = 'Integration not found';

/** Settings Reclaim keeps itself (install, health, credentials): never patched from outside. */
export const RESERVED_SETTINGS = [
  'credentials',
  'installed_at',
  'uninstalled_at',
  'granted_scopes',
  'health',
  'shop_info',
  'lead_id',
  'admin_url',
  'token_expires_at',
  'refresh_token_expires_at',
  'store_hash',
  'hooks',
  'ingest_key',
];
const SECRET_NAME = /password|secret|token|hash|credential|api_?key|challenge/i;

/** Why a settings patch cannot be applied, or undefined. */
export function settingsPatchProblem(settings: Record<string, unknown>): string | undefined {
  const bad = Object.keys(settings).find((key) => RESERVED_SETTINGS.includes(key) || SECRET_NAME.test(key));
  return bad ? `The setting ${bad} cannot be changed here` : undefined;
}

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
  const problem = settings ? settingsPatchProblem(settings) : undefined;
  if (problem) throw new AppError('invalid_input', problem, { code: 'reserved_setting' });
  await updateIntegrationRow(ctx.db, found.id, { settings, isEnabled });
  return integrationView((await findIntegrationBy(ctx.db, { id: found.id }))!);
}
