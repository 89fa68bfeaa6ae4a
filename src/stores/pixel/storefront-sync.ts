/**
 * Keeps Reclaim's storefront script on a BigCommerce store in step with the integration, through
 * the Scripts API (`/v3/content/scripts`, which lists only the scripts this app's token made):
 * created when the store has none, updated when its URL (PUBLIC_URL, the ingest key) or settings
 * differ, left alone when they match, a duplicate deleted, all of ours deleted on request. The
 * script is created with `auto_uninstall`, so BigCommerce removes it itself when the app is
 * uninstalled (the token is revoked by then; Reclaim could not). It loads on every page when the
 * app has the Checkout content scope (`store_content_checkout`, where shoppers type their e-mail
 * and phone), else on the storefront pages only. Runs at install and from
 * `reclaim stores storefront-script sync`.
 */
import { AppError, coerceError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import type { BcScript, BigCommerceClient } from '../bigcommerce/client.ts';
import { clientFor } from '../bigcommerce/connection.ts';
import { readCredential } from '../integrations/service.ts';
import type { BrandIntegration } from '../integrations/store.ts';
import { STOREFRONT_SCRIPT_PATH, storefrontScriptUrl } from './storefront.ts';
import { ensureIngestKey, getBrandIntegration } from './store.ts';

export const STOREFRONT_SCRIPT_NAME = 'Reclaim cart capture';
export const CHECKOUT_CONTENT_SCOPE = 'store_content_checkout';
export const CONTENT_SCOPE = 'store_v2_content';

export type ScriptSyncAction = 'created' | 'updated' | 'unchanged' | 'deleted' | 'absent';

export interface ScriptSyncResult {
  integrationId: number;
  storeHash: string;
  action: ScriptSyncAction;
  scriptUuid: string | null;
  /** The script's URL (its key is public: it is in the storefront). */
  src: string;
  visibility: 'all_pages' | 'storefront';
  /** Extra copies of our script found and deleted. */
  duplicatesRemoved: number;
}

/** What POST /v3/content/scripts is sent (kind `src`: BigCommerce writes the script tag). */
export function desiredScript(src: string, scopes: string | null) {
  return {
    name: STOREFRONT_SCRIPT_NAME,
    description: 'Tells Reclaim which cart a shopper has and the e-mail or phone they gave, for cart recovery.',
    src,
    auto_uninstall: true,
    load_method: 'defer',
    location: 'footer',
    visibility: scopes?.split(/[\s,]+/).includes(CHECKOUT_CONTENT_SCOPE) ? 'all_pages' : 'storefront',
    kind: 'src',
    // It identifies shoppers for marketing texts: it runs only where the shopper allows targeting cookies.
    consent_category: 'targeting',
    enabled: true,
  } as const;
}

const isOurs = (script: BcScript): boolean =>
  script.name === STOREFRONT_SCRIPT_NAME || (script.src ?? '').includes(STOREFRONT_SCRIPT_PATH);

const matches = (script: BcScript, wanted: ReturnType<typeof desiredScript>): boolean =>
  (Object.keys(wanted) as (keyof typeof wanted)[]).every((field) => script[field] === wanted[field]);

async function allScripts(client: BigCommerceClient): Promise<BcScript[]> {
  const scripts: BcScript[] = [];
  for (let page = 1; ; page += 1) {
    const result = await client.listScriptsPage(page);
    scripts.push(...result.items);
    if (page >= result.totalPages || result.items.length === 0) return scripts;
  }
}

async function grantedScopes(ctx: AppContext, integration: BrandIntegration): Promise<string | null> {
  if (!integration.settings.credentials?.scopes) return null;
  return readCredential(ctx, integration, 'scopes');
}

export async function syncStorefrontScriptWith(
  ctx: AppContext,
  client: BigCommerceClient,
  integration: BrandIntegration,
  { remove = false }: { remove?: boolean } = {},
): Promise<ScriptSyncResult> {
  const src = storefrontScriptUrl(publicBaseUrl(ctx.config), await ensureIngestKey(ctx.db, integration.id));
  const scopes = await grantedScopes(ctx, integration);
  const wanted = desiredScript(src, scopes);
  const base = { integrationId: integration.id, storeHash: client.storeHash, src, visibility: wanted.visibility };
  const ours = (await allScripts(client)).filter(isOurs);
  if (remove) {
    for (const script of ours) await client.deleteScript(script.uuid);
    const [first] = ours;
    return first
      ? { ...base, action: 'deleted', scriptUuid: first.uuid, duplicatesRemoved: ours.length - 1 }
      : { ...base, action: 'absent', scriptUuid: null, duplicatesRemoved: 0 };
  }
  const [kept, ...duplicates] = ours;
  for (const script of duplicates) await client.deleteScript(script.uuid);
  const duplicatesRemoved = duplicates.length;
  if (!kept) {
    if (scopes && !scopes.split(/[\s,]+/).some((scope) => scope === CONTENT_SCOPE || scope === CHECKOUT_CONTENT_SCOPE))
      throw new AppError(
        'invalid_input',
        `The BigCommerce app was installed without the Content scope (${CONTENT_SCOPE}); add it to the app and install it again to add the storefront script.`,
        { code: 'missing_content_scope' },
      );
    const created = await client.createScript(wanted);
    if (!created) throw new AppError('upstream', 'BigCommerce did not return the created script.');
    return { ...base, action: 'created', scriptUuid: created.uuid, duplicatesRemoved };
  }
  if (matches(kept, wanted)) return { ...base, action: 'unchanged', scriptUuid: kept.uuid, duplicatesRemoved };
  const updated = await client.updateScript(kept.uuid, wanted);
  return { ...base, action: 'updated', scriptUuid: updated?.uuid ?? kept.uuid, duplicatesRemoved };
}

export async function syncStorefrontScript(
  ctx: AppContext,
  { integrationId, remove = false }: { integrationId: number; remove?: boolean },
): Promise<ScriptSyncResult> {
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration) throw new AppError('not_found', 'Integration not found', { code: 'integration_not_found' });
  if (integration.slug !== 'bigcommerce')
    throw new AppError(
      'invalid_input',
      `Integration ${integrationId} is not a BigCommerce store; the storefront script is BigCommerce's (Shopify stores use the web pixel).`,
      { code: 'not_bigcommerce' },
    );
  if (integration.status !== 'connected' || !integration.is_enabled)
    throw new AppError('invalid_input', `Integration ${integrationId} is not connected; install the app again first.`, {
      code: 'integration_not_connected',
    });
  return syncStorefrontScriptWith(ctx, await clientFor(ctx, integration), integration, { remove });
}

/** At install: the script is added; a failure (a missing Content scope) is logged, never fatal. */
export async function installStorefrontScript(
  ctx: AppContext,
  integration: BrandIntegration,
): Promise<ScriptSyncResult | undefined> {
  try {
    return await syncStorefrontScriptWith(ctx, await clientFor(ctx, integration), integration);
  } catch (error) {
    ctx.logger.warn(
      { err: coerceError(error), integration_id: integration.id },
      'the storefront script could not be added at install; run `reclaim stores storefront-script sync` once the app has the Content scope',
    );
    return undefined;
  }
}
