/**
 * A brand's Klaviyo link (spec 3 sections 5, 7, 8): OAuth with PKCE S256, or a private API key;
 * tokens and keys sealed at rest; the access token refreshed shortly before it expires; account and
 * profile lookups with the profile's consent mapped to our channels.
 */
import { AppError, isAppError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import type { Handle } from '../../db/index.ts';
import { checkOAuthState, linkIdOfState, newOAuthState, openCredential, sealAll } from '../credentials.ts';
import {
  brandExists,
  findBrandLink,
  getBrandLink,
  lockBrandLink,
  openBrandLink,
  providerIntegrationId,
  updateBrandLink,
  type BrandLink,
} from '../store.ts';
import {
  findKlaviyoProfile,
  klaviyoAccount,
  klaviyoProfile,
  klaviyoToken,
  type KlaviyoAccount,
  type KlaviyoAuth,
  type KlaviyoClientOptions,
  type KlaviyoProfile,
} from './client.ts';
import {
  API_KEY_REQUIRED,
  BRAND_DATA_REQUIRED,
  CODE_VERIFIER,
  invalidIntegrationId,
  klaviyoAuthorizeUrl,
  newPkcePair,
  profileConsent,
  REFRESH_TOKEN_EXPIRED,
  type ChannelConsent,
} from './rules.ts';

export const KLAVIYO_CALLBACK_PATH = '/api/integration/klaviyo/auth';
/** A token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

const clientOptions = (ctx: AppContext): KlaviyoClientOptions => ({
  baseUrl: ctx.config.KLAVIYO_BASE_URL,
  logger: ctx.logger,
  ...(ctx.config.KLAVIYO_REVISION ? { revision: ctx.config.KLAVIYO_REVISION } : {}),
});

function appCredentials(ctx: AppContext): { clientId: string; clientSecret: string } {
  const { KLAVIYO_CLIENT_ID: clientId, KLAVIYO_CLIENT_SECRET: clientSecret } = ctx.config;
  if (!clientId || !clientSecret)
    throw new AppError(
      'invalid_input',
      'Klaviyo OAuth is not configured: set KLAVIYO_CLIENT_ID and KLAVIYO_CLIENT_SECRET.',
      {
        code: 'klaviyo_not_configured',
      },
    );
  return { clientId, clientSecret };
}

const redirectUri = (ctx: AppContext): string => `${publicBaseUrl(ctx.config)}${KLAVIYO_CALLBACK_PATH}`;

/** No brand given is 'Brand data is required' (the spec's); one that does not exist, 'Brand not found'. */
async function requireBrand(ctx: AppContext, brandId: number | undefined): Promise<number> {
  if (brandId === undefined) throw new AppError('invalid_input', BRAND_DATA_REQUIRED, { code: 'brand_required' });
  if (!(await brandExists(ctx.db, brandId)))
    throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  return brandId;
}

/** Opens the flow: PKCE verifier and S256 challenge, state; all three stored sealed on the link. */
export async function beginKlaviyoConnect(
  ctx: AppContext,
  { brandId }: { brandId?: number },
): Promise<{ authorizeUrl: string; redirectUri: string }> {
  const { clientId } = appCredentials(ctx);
  const id = await requireBrand(ctx, brandId);
  const link = await openBrandLink(ctx.db, { brandId: id, provider: 'klaviyo' });
  const { verifier, challenge } = newPkcePair();
  const state = newOAuthState(link.id);
  await updateBrandLink(ctx.db, link.id, {
    credentials: await sealAll(ctx, { state, code_verifier: verifier, code_challenge: challenge }),
  });
  return {
    authorizeUrl: klaviyoAuthorizeUrl({ clientId, redirectUri: redirectUri(ctx), state, challenge }),
    redirectUri: redirectUri(ctx),
  };
}

async function storeTokens(
  ctx: AppContext,
  link: BrandLink,
  tokens: { accessToken: string; refreshToken: string | null; expiresIn: number; scope: string },
  db: Handle = ctx.db,
): Promise<void> {
  await updateBrandLink(db, link.id, {
    status: 'connected',
    credentials: await sealAll(ctx, {
      access_token: tokens.accessToken,
      ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
    }),
    settings: {
      auth_mode: 'oauth',
      scope: tokens.scope,
      token_expires_at: new Date(Date.now() + tokens.expiresIn * 1000).toISOString(),
      health: { status: 'ok', checked_at: new Date().toISOString() },
    },
  });
}

/** The callback: code + state; the verifier stored with the state goes to the token exchange. */
export async function completeKlaviyoConnect(
  ctx: AppContext,
  input: { code?: string; state?: string; error?: string },
): Promise<{ brandId: number; account: KlaviyoAccount }> {
  const client = appCredentials(ctx);
  if (input.error) throw new AppError('invalid_input', `Klaviyo authorization error: ${input.error}`);
  if (!input.code || !input.state)
    throw new AppError('invalid_input', 'The authorization_code grant needs code, state and codeVerifier');
  const linkId = linkIdOfState(input.state);
  const link = linkId === undefined ? undefined : await getBrandLink(ctx.db, linkId);
  if (!link)
    throw new AppError('unauthorized', 'The Klaviyo authorization state does not match: start the connection again.');
  const expected = await providerIntegrationId(ctx.db, 'klaviyo');
  if (link.integration_id !== expected)
    throw new AppError('invalid_input', invalidIntegrationId(link.integration_id, expected), {
      code: 'integration_mismatch',
    });
  await checkOAuthState(ctx, link, input.state, 'Klaviyo');
  const verifier = await openCredential(ctx, link, 'code_verifier');
  if (!verifier || !CODE_VERIFIER.test(verifier))
    throw new AppError('invalid_input', 'The authorization_code grant needs code, state and codeVerifier');
  const tokens = await klaviyoToken(clientOptions(ctx), client, {
    grant: 'authorization_code',
    code: input.code,
    codeVerifier: verifier,
    redirectUri: redirectUri(ctx),
  });
  await storeTokens(ctx, link, tokens);
  await updateBrandLink(ctx.db, link.id, { dropCredentials: ['state', 'code_verifier', 'code_challenge'] });
  const account = await klaviyoAccount(clientOptions(ctx), { kind: 'oauth', accessToken: tokens.accessToken });
  await updateBrandLink(ctx.db, link.id, {
    settings: { account_id: account.id, organization_name: account.organizationName },
  });
  return { brandId: link.brand_id, account };
}

/** API-key mode: the private key is checked with an account lookup, then stored sealed. */
export async function connectKlaviyoApiKey(
  ctx: AppContext,
  { brandId, apiKey }: { brandId?: number; apiKey?: string },
): Promise<{ brandId: number; account: KlaviyoAccount }> {
  const key = apiKey?.trim();
  if (!key) throw new AppError('invalid_input', API_KEY_REQUIRED, { code: 'api_key_required' });
  const id = await requireBrand(ctx, brandId);
  const account = await klaviyoAccount(clientOptions(ctx), { kind: 'api_key', apiKey: key });
  const link = await openBrandLink(ctx.db, { brandId: id, provider: 'klaviyo' });
  await updateBrandLink(ctx.db, link.id, {
    status: 'connected',
    credentials: await sealAll(ctx, { api_key: key }),
    dropCredentials: ['access_token', 'refresh_token', 'state', 'code_verifier', 'code_challenge'],
    settings: {
      auth_mode: 'api_key',
      account_id: account.id,
      organization_name: account.organizationName,
      health: { status: 'ok', checked_at: new Date().toISOString() },
    },
  });
  return { brandId: id, account };
}

/** The credentials for an API call: the key, or the access token (refreshed when it is about to expire). */
async function authOf(ctx: AppContext, brandId: number): Promise<KlaviyoAuth> {
  const link = await findBrandLink(ctx.db, { brandId, provider: 'klaviyo' });
  if (!link) await requireBrand(ctx, brandId);
  if (!link || link.status !== 'connected')
    throw new AppError('not_found', 'Klaviyo is not connected for this brand: connect it first.', {
      code: 'klaviyo_not_connected',
      cliMessage: 'Klaviyo is not connected for this brand: run reclaim klaviyo connect --brand ID.',
    });
  if (link.settings.auth_mode === 'api_key') {
    const apiKey = await openCredential(ctx, link, 'api_key');
    if (!apiKey) throw new AppError('invalid_input', API_KEY_REQUIRED);
    return { kind: 'api_key', apiKey };
  }
  const fresh = await usableToken(ctx, link);
  if (fresh) return { kind: 'oauth', accessToken: fresh };
  // One refresh at a time: Klaviyo rotates refresh tokens, so a second concurrent refresh with the
  // old one would be refused. The row is locked, read again, and refreshed only if still due.
  try {
    const accessToken = await ctx.db.transaction(async (tx) => {
      const locked = (await lockBrandLink(tx, link.id))!;
      const renewed = await usableToken(ctx, locked);
      if (renewed) return renewed;
      const refreshToken = await openCredential(ctx, locked, 'refresh_token');
      if (!refreshToken) throw new AppError('invalid_input', 'Refresh needs refreshToken: reconnect Klaviyo.');
      const tokens = await klaviyoToken(clientOptions(ctx), appCredentials(ctx), {
        grant: 'refresh_token',
        refreshToken,
      });
      await storeTokens(ctx, locked, tokens, tx);
      return tokens.accessToken;
    });
    return { kind: 'oauth', accessToken };
  } catch (error) {
    if (isAppError(error) && error.message === REFRESH_TOKEN_EXPIRED)
      await updateBrandLink(ctx.db, link.id, {
        settings: { health: { status: REFRESH_TOKEN_EXPIRED, checked_at: new Date().toISOString() } },
      });
    throw error;
  }
}

/** The stored access token when it is good for more than the margin. */
async function usableToken(ctx: AppContext, link: BrandLink): Promise<string | undefined> {
  const accessToken = await openCredential(ctx, link, 'access_token');
  const expiresAt = Date.parse(String(link.settings.token_expires_at ?? ''));
  return accessToken && Number.isFinite(expiresAt) && expiresAt - Date.now() > REFRESH_MARGIN_MS
    ? accessToken
    : undefined;
}

/** The account the brand's credentials belong to (a health check). */
export async function checkKlaviyo(ctx: AppContext, { brandId }: { brandId: number }): Promise<KlaviyoAccount> {
  return klaviyoAccount(clientOptions(ctx), await authOf(ctx, brandId));
}

export interface KlaviyoProfileConsent {
  profile: KlaviyoProfile;
  consent: { email?: ChannelConsent; sms?: ChannelConsent };
}

export type ProfileRef = { profileId: string } | { email: string } | { phone: string };

/** A profile (by id, e-mail or phone) with its subscriptions and what they mean for the contact's channels. */
export async function klaviyoProfileConsent(
  ctx: AppContext,
  { brandId, ...ref }: { brandId: number } & ProfileRef,
): Promise<KlaviyoProfileConsent | undefined> {
  const auth = await authOf(ctx, brandId);
  const profile =
    'profileId' in ref
      ? await klaviyoProfile(clientOptions(ctx), auth, ref.profileId)
      : await findKlaviyoProfile(clientOptions(ctx), auth, ref);
  return profile ? { profile, consent: profileConsent(profile.subscriptions) } : undefined;
}

/** Whether the brand has a connected Klaviyo link. */
export async function hasKlaviyo(ctx: AppContext, brandId: number): Promise<boolean> {
  const link = await findBrandLink(ctx.db, { brandId, provider: 'klaviyo' });
  return link?.status === 'connected';
}

export interface KlaviyoHealth {
  ok: boolean;
  /** 'ok', or why the check failed (the service's message: 'Refresh token is expired', ...). */
  status: string;
  account: KlaviyoAccount | null;
}

/** The panel's check: the account lookup, its outcome kept on the link (settings.health) in both cases. */
export async function checkKlaviyoHealth(ctx: AppContext, { brandId }: { brandId: number }): Promise<KlaviyoHealth> {
  const link = await findBrandLink(ctx.db, { brandId, provider: 'klaviyo' });
  let health: KlaviyoHealth;
  try {
    health = { ok: true, status: 'ok', account: await checkKlaviyo(ctx, { brandId }) };
  } catch (error) {
    if (!isAppError(error) || !link || link.status !== 'connected' || error.kind === 'internal') throw error;
    health = { ok: false, status: error.message, account: null };
  }
  await updateBrandLink(ctx.db, link!.id, {
    settings: { health: { status: health.status, checked_at: new Date().toISOString() } },
  });
  return health;
}
