/** From a brand integration to a working API client, and its per-integration hook secret. */
import { randomBytes } from 'node:crypto';
import { AppError, decryptSecret, encryptSecret, type AppContext } from '../../app/index.ts';
import {
  findBrandIntegration,
  getBrandIntegration,
  setSealedCredential,
  type BrandIntegration,
} from '../integrations/store.ts';
import { bigcommerceClient, type BigCommerceClient, type Sleep } from './client.ts';
import { storeHashFromContext } from './rules.ts';

/** A BigCommerce integration by id ('Brand integration not found' otherwise). */
export async function getBigCommerceIntegration(ctx: AppContext, integrationId: number): Promise<BrandIntegration> {
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration || integration.slug !== 'bigcommerce')
    throw new AppError('not_found', 'Brand integration not found', { code: 'integration_not_found' });
  return integration;
}

/** 'Store hash not found' / 'Access token not found' when the integration lacks either (spec 2 section 8). */
export async function clientFor(
  ctx: AppContext,
  integration: BrandIntegration,
  { sleep }: { sleep?: Sleep } = {},
): Promise<BigCommerceClient> {
  if (!integration.lookup_id) throw new AppError('invalid_input', 'Store hash not found', { code: 'no_store_hash' });
  const sealed = integration.settings.credentials?.access_token;
  if (!sealed) throw new AppError('invalid_input', 'Access token not found', { code: 'no_access_token' });
  const accessToken = decryptSecret(sealed, (await ctx.secrets()).encryptionKey);
  return bigcommerceClient({
    apiBaseUrl: ctx.config.BIGCOMMERCE_API_BASE_URL,
    storeHash: integration.lookup_id,
    accessToken,
    logger: ctx.logger.child({ brand_id: integration.brand_id }),
    sleep,
  });
}

export const newHookSecret = (): string => randomBytes(32).toString('base64url');

/** The secret our hooks carry in their headers; created (and stored sealed) on first use. */
export async function hookSecret(ctx: AppContext, integration: BrandIntegration): Promise<string> {
  const key = (await ctx.secrets()).encryptionKey;
  const sealed = integration.settings.credentials?.hook_secret;
  if (sealed) return decryptSecret(sealed, key);
  const secret = newHookSecret();
  const sealedSecret = encryptSecret(secret, key);
  await setSealedCredential(ctx.db, integration.id, 'hook_secret', sealedSecret);
  integration.settings.credentials = { ...(integration.settings.credentials ?? {}), hook_secret: sealedSecret };
  return secret;
}

/**
 * The secret a hook delivery must carry, found from the store its `producer` names; undefined when
 * the store or its secret is unknown.
 */
export async function deliverySecret(
  ctx: AppContext,
  body: unknown,
): Promise<{ secret: string; integrationId: number; storeHash: string } | undefined> {
  const producer = body && typeof body === 'object' ? (body as { producer?: unknown }).producer : undefined;
  const storeHash = storeHashFromContext(typeof producer === 'string' ? producer : undefined);
  if (!storeHash) return undefined;
  const integration = await findBrandIntegration(ctx.db, 'bigcommerce', storeHash);
  const sealed = integration?.settings.credentials?.hook_secret;
  if (!integration || !sealed) return undefined;
  return {
    secret: decryptSecret(sealed, (await ctx.secrets()).encryptionKey),
    integrationId: integration.id,
    storeHash,
  };
}
