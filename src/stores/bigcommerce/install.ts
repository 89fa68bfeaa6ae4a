/**
 * The single-click app callbacks: auth (token exchange, integration connected, hooks created),
 * load and uninstall (both carry a `signed_payload_jwt`, HS256 with the app's client secret).
 */
import { AppError, coerceError, type AppContext } from '../../app/index.ts';
import { withTransaction, type Tx } from '../../db/index.ts';
import type { InstallMerchant } from '../../accounts/index.ts';
import type { StoreEffects } from '../effects.ts';
import { installStorefrontScript, type ScriptSyncResult } from '../pixel/storefront-sync.ts';
import { connectIntegration } from '../integrations/service.ts';
import {
  disconnectIntegration,
  findBrandIntegration,
  getBrandIntegration,
  openIntegration,
  type BrandIntegration,
} from '../integrations/store.ts';
import { bigcommerceClient, exchangeToken, realSleep, type BcStoreInfo, type Sleep } from './client.ts';
import { newHookSecret } from './connection.ts';
import { syncIntegrationHooks, type HookSyncResult } from './hooks.ts';
import { AUTH_CALLBACK_PATH, hookDestination, storeHashFromContext } from './rules.ts';

/**
 * A store installed from the BigCommerce marketplace with no brand yet gets its own tenant and
 * brand, named after the store, so the install works without a prior signup.
 */
function createBrandForStore(
  tx: Tx,
  effects: Pick<StoreEffects, 'createInstalledBrand'>,
  store: { name: string; domain: string | null; email: string | null; timezone: string | null },
): Promise<number> {
  return effects.createInstalledBrand(tx, {
    tenant: { name: store.name, email: store.email },
    brand: {
      name: store.name,
      domain: store.domain,
      support_email: store.email,
      ...(store.timezone ? { timezone: store.timezone } : {}),
      extra_data: { installation_source: 'bigcommerce' },
    },
  });
}

export const REINSTALL_MESSAGE = 'Please reinstall the app to reconnect your account';

function appCredentials(ctx: AppContext): { clientId: string; clientSecret: string } {
  const clientId = ctx.config.BIGCOMMERCE_CLIENT_ID;
  const clientSecret = ctx.config.BIGCOMMERCE_CLIENT_SECRET;
  if (!clientId || !clientSecret)
    throw new AppError(
      'internal',
      'The BigCommerce app is not configured: set BIGCOMMERCE_CLIENT_ID and BIGCOMMERCE_CLIENT_SECRET.',
    );
  return { clientId, clientSecret };
}

export interface AuthCallback {
  code?: string;
  scope?: string;
  context?: string;
}

export interface InstallResult {
  integration: BrandIntegration;
  storeHash: string;
  /** True for a store Reclaim did not know (a tenant and brand were created for it). */
  newBrand: boolean;
  hooks: HookSyncResult;
  /** The store's merchant as a lead would have it (the installing user's e-mail first). */
  merchant: InstallMerchant;
  /** The e-mail of the BigCommerce user who installed the app. */
  userEmail: string | null;
  /** The storefront script added (undefined when it could not be: logged, see storefront-sync.ts). */
  storefrontScript: ScriptSyncResult | undefined;
}

type BcPerson = { id?: number | null; email?: string | null };

/** The store's merchant for a lead: the installer (or owner) e-mail, the store's name, address and phone, the session. */
function storeMerchant(
  storeHash: string,
  store: BcStoreInfo | undefined,
  domain: string | null,
  session: {
    user?: BcPerson | null;
    owner?: BcPerson | null;
    scope?: string;
  },
): InstallMerchant {
  return {
    source: 'bigcommerce',
    storeKey: storeHash,
    email: session.user?.email || session.owner?.email || store?.admin_email || null,
    companyName: store?.name?.trim() || `BigCommerce store ${storeHash}`,
    storeUrl: store?.secure_url || domain || `store-${storeHash}.mybigcommerce.com`,
    phone: store?.phone ?? null,
    extra: {
      bigcommerce_session: {
        store_hash: storeHash,
        user: session.user ? { id: session.user.id ?? null, email: session.user.email ?? null } : null,
        owner: session.owner ? { id: session.owner.id ?? null, email: session.owner.email ?? null } : null,
        scope: session.scope ?? null,
      },
    },
  };
}

const hostOf = (store: BcStoreInfo | undefined): string | null => {
  const raw = store?.domain ?? store?.secure_url ?? null;
  return raw
    ? raw
        .replace(/^https?:\/\//, '')
        .replace(/\/.*$/, '')
        .toLowerCase()
    : null;
};

/**
 * GET /api/integration/bigcommerce/auth: exchanges the code for the store's token, then creates
 * or re-connects the store's integration (token and hook secret sealed; lookup_id = store hash)
 * and creates the hooks. A store already known keeps its brand; otherwise the brand whose domain
 * is the store's is used, else a tenant and brand are created from the store's info (both
 * through `effects`, inside the install's transaction).
 */
export async function installStore(
  ctx: AppContext,
  { code, scope, context }: AuthCallback,
  effects: Pick<StoreEffects, 'findBrandByDomain' | 'createInstalledBrand'> &
    Partial<Pick<StoreEffects, 'storeReauthorized'>>,
  { sleep = realSleep }: { sleep?: Sleep } = {},
): Promise<InstallResult> {
  const { clientId, clientSecret } = appCredentials(ctx);
  const hash = storeHashFromContext(context);
  if (!hash) throw new AppError('invalid_input', 'No store hash found', { code: 'no_store_hash' });
  if (!code?.trim()) throw new AppError('invalid_input', 'No data provided', { code: 'no_code' });
  hookDestination(ctx.config.PUBLIC_URL); // 'Webhook address is not set' before anything is exchanged or stored
  const redirectUri = `${ctx.config.PUBLIC_URL!.replace(/\/+$/, '')}${AUTH_CALLBACK_PATH}`;
  const token = await exchangeToken(ctx.config.BIGCOMMERCE_LOGIN_BASE_URL, {
    client_id: clientId,
    client_secret: clientSecret,
    code,
    scope: scope ?? '',
    context: context!,
    redirect_uri: redirectUri,
  });
  if (!token.access_token) throw new AppError('upstream', 'No access token found', { code: 'no_access_token' });
  const storeHash = storeHashFromContext(token.context) ?? hash;

  const client = bigcommerceClient({
    apiBaseUrl: ctx.config.BIGCOMMERCE_API_BASE_URL,
    storeHash,
    accessToken: token.access_token,
    logger: ctx.logger,
    sleep,
  });
  const store = await client.getStore().catch((error: unknown) => {
    ctx.logger.warn(
      { err: coerceError(error), store_hash: storeHash },
      'bigcommerce store info unavailable during install',
    );
    return undefined;
  });
  const domain = hostOf(store);
  const merchant = storeMerchant(storeHash, store, domain, {
    user: token.user,
    owner: token.owner,
    scope: token.scope ?? scope,
  });

  const { integrationId, newBrand } = await withTransaction(ctx.db, async (tx) => {
    let known = await findBrandIntegration(tx, 'bigcommerce', storeHash);
    let created = false;
    if (!known) {
      let brandId = domain ? await effects.findBrandByDomain(tx, domain) : undefined;
      if (brandId === undefined) {
        // A new merchant becomes a lead: without an e-mail there is none to sign in as.
        if (!merchant.email) throw new AppError('invalid_input', 'No lead data provided', { code: 'no_lead_data' });
        brandId = await createBrandForStore(tx, effects, {
          name: store?.name?.trim() || `BigCommerce store ${storeHash}`,
          domain,
          email: store?.admin_email || token.owner?.email || token.user?.email || null,
          timezone: store?.timezone?.name ?? null,
        });
        created = true;
      }
      known = await openIntegration(tx, { brandId, platform: 'bigcommerce', lookupId: storeHash });
    }
    const credentials: Record<string, string> = {
      access_token: token.access_token!,
      scopes: token.scope ?? scope ?? '',
    };
    if (!known.settings.credentials?.hook_secret) credentials.hook_secret = newHookSecret();
    await connectIntegration(tx, ctx, {
      id: known.id,
      credentials,
      settings: {
        domain,
        store_hash: storeHash,
        store_name: store?.name ?? null,
        installed_by: token.user ? { id: token.user.id ?? null, email: token.user.email ?? null } : null,
        store_owner: token.owner ? { id: token.owner.id ?? null, email: token.owner.email ?? null } : null,
      },
    });
    await effects.storeReauthorized?.(tx, {
      brandId: known.brand_id,
      brandIntegrationId: known.id,
      source: 'bigcommerce',
    });
    return { integrationId: known.id, newBrand: created };
  });
  const integration = (await getBrandIntegration(ctx.db, integrationId))!;
  ctx.logger.info(
    {
      brand_id: integration.brand_id,
      brand_integration_id: integration.id,
      store_hash: storeHash,
      new_brand: newBrand,
    },
    'bigcommerce app installed',
  );
  const hooks = await syncIntegrationHooks(ctx, integration, { sleep });
  const storefrontScript = await installStorefrontScript(ctx, integration);
  return { integration, storeHash, newBrand, hooks, storefrontScript, merchant, userEmail: token.user?.email ?? null };
}

export interface SignedPayload {
  storeHash: string;
  user: { id?: number; email?: string } | null;
  owner: { id?: number; email?: string } | null;
  url: string | null;
}

/**
 * Verifies a `signed_payload_jwt`: HS256 with the client secret, audience = client id, issuer
 * 'bc', and a `stores/{hash}` subject. Anything else is refused with the reinstall message (401).
 */
export async function verifySignedPayload(ctx: AppContext, jwt: string | undefined): Promise<SignedPayload> {
  const { clientId, clientSecret } = appCredentials(ctx);
  if (!jwt?.trim()) throw new AppError('unauthorized', REINSTALL_MESSAGE, { code: 'missing_signed_payload' });
  const { jwtVerify } = await import('jose');
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(jwt, new TextEncoder().encode(clientSecret), {
      algorithms: ['HS256'],
      audience: clientId,
      issuer: 'bc',
      clockTolerance: 60,
    }));
  } catch (error) {
    ctx.logger.warn({ reason: coerceError(error).message }, 'bigcommerce signed payload refused');
    throw new AppError('unauthorized', REINSTALL_MESSAGE, { code: 'invalid_signed_payload' });
  }
  const storeHash = storeHashFromContext(typeof claims.sub === 'string' ? claims.sub : undefined);
  if (!storeHash) throw new AppError('invalid_input', 'Store hash not found', { code: 'no_store_hash' });
  const person = (value: unknown) =>
    value && typeof value === 'object' ? (value as { id?: number; email?: string }) : null;
  return {
    storeHash,
    user: person(claims.user),
    owner: person(claims.owner),
    url: typeof claims.url === 'string' ? claims.url : null,
  };
}

/** GET /api/integration/bigcommerce/load: the store's integration (no store known -> 401 reinstall). */
export async function loadStore(
  ctx: AppContext,
  jwt: string | undefined,
): Promise<{ integration: BrandIntegration; payload: SignedPayload }> {
  const payload = await verifySignedPayload(ctx, jwt);
  const integration = await findBrandIntegration(ctx.db, 'bigcommerce', payload.storeHash);
  if (!integration || integration.status === 'disconnected')
    throw new AppError('unauthorized', REINSTALL_MESSAGE, { code: 'unknown_store' });
  if (!integration.settings.credentials?.access_token)
    throw new AppError('unauthorized', 'Access token not found', { code: 'no_access_token' });
  return { integration, payload };
}

/**
 * GET /api/integration/bigcommerce/uninstall: the integration is disconnected and disabled with
 * uninstalled_at and, in the same transaction, the store is cancelled (storeCancelled). An
 * unknown store is a no-op.
 */
export async function uninstallStore(
  ctx: AppContext,
  jwt: string | undefined,
  effects: Pick<StoreEffects, 'storeCancelled'>,
): Promise<{ integration: BrandIntegration | null; storeHash: string }> {
  const payload = await verifySignedPayload(ctx, jwt);
  const integration = await withTransaction(ctx.db, async (tx) => {
    const found = await findBrandIntegration(tx, 'bigcommerce', payload.storeHash);
    if (!found) return null;
    await disconnectIntegration(tx, found.id);
    await effects.storeCancelled(tx, {
      brandId: found.brand_id,
      brandIntegrationId: found.id,
      reason: 'app_uninstalled',
      source: 'bigcommerce',
      extra: { store_hash: payload.storeHash, brand_integration_id: found.id },
    });
    return (await getBrandIntegration(tx, found.id))!;
  });
  if (integration)
    ctx.logger.info(
      { brand_id: integration.brand_id, brand_integration_id: integration.id },
      'bigcommerce app uninstalled',
    );
  else ctx.logger.warn({ store_hash: payload.storeHash }, 'bigcommerce uninstall for a store we do not know');
  return { integration, storeHash: payload.storeHash };
}
