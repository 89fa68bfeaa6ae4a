/**
 * Klaviyo on the shared HTTP client. Token calls: POST {base}/oauth/token (a.klaviyo.com: Klaviyo
 * refuses token traffic through www.klaviyo.com since 2025-03-31) with HTTP Basic client auth and
 * a form body. API calls: {base}/api/… with `Authorization: Bearer {token}` (OAuth) or
 * `Klaviyo-API-Key {key}` (a private key), the `revision` header and JSON:API answers whose
 * errors are `{ errors: [{ status, code, title, detail }] }`.
 */
import { AppError, type Logger } from '../../app/index.ts';
import { createHttpClient, type HttpClient, type HttpResponse, type Sleep } from '../../http/index.ts';
import {
  FAILED_TO_EXCHANGE,
  FAILED_TO_REFRESH,
  KLAVIYO_REVISION,
  REFRESH_TOKEN_EXPIRED,
  type KlaviyoSubscriptions,
} from './rules.ts';

export interface KlaviyoClientOptions {
  /** https://a.klaviyo.com */
  baseUrl: string;
  revision?: string;
  logger?: Logger;
  sleep?: Sleep;
}

export type KlaviyoAuth = { kind: 'oauth'; accessToken: string } | { kind: 'api_key'; apiKey: string };

export interface KlaviyoTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds. */
  expiresIn: number;
  scope: string;
}

const http = (options: KlaviyoClientOptions, headers: Record<string, string> = {}): HttpClient =>
  createHttpClient({
    service: 'klaviyo',
    baseUrl: options.baseUrl,
    logger: options.logger,
    headers,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });

type TokenGrant =
  | { grant: 'authorization_code'; code: string; codeVerifier: string; redirectUri: string }
  | { grant: 'refresh_token'; refreshToken: string };

/** The OAuth error code of a failed token answer ('invalid_grant', …), if it has one. */
const oauthError = (response: HttpResponse): string | undefined => {
  const body = response.json() as { error?: unknown } | undefined;
  return typeof body?.error === 'string' ? body.error : undefined;
};

/**
 * POST /oauth/token. A refresh refused with invalid_grant is 'Refresh token is expired'; any other
 * failure is 'Failed to refresh access token' or 'Failed to exchange authorization code', with
 * Klaviyo's error code in the details.
 */
export async function klaviyoToken(
  options: KlaviyoClientOptions,
  client: { clientId: string; clientSecret: string },
  grant: TokenGrant,
): Promise<KlaviyoTokens> {
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
  const form: Record<string, string> =
    grant.grant === 'authorization_code'
      ? {
          grant_type: 'authorization_code',
          code: grant.code,
          code_verifier: grant.codeVerifier,
          redirect_uri: grant.redirectUri,
        }
      : { grant_type: 'refresh_token', refresh_token: grant.refreshToken };
  const failed = grant.grant === 'authorization_code' ? FAILED_TO_EXCHANGE : FAILED_TO_REFRESH;
  let response: HttpResponse;
  try {
    response = await http(options, { authorization: `Basic ${basic}`, accept: 'application/json' }).request({
      method: 'POST',
      path: '/oauth/token',
      form,
    });
  } catch (error) {
    throw new AppError('upstream', failed, { code: 'klaviyo_token', cause: error as Error });
  }
  if (!response.ok) {
    const error = oauthError(response);
    if (grant.grant === 'refresh_token' && error === 'invalid_grant')
      throw new AppError('unauthorized', REFRESH_TOKEN_EXPIRED, { code: 'klaviyo_refresh_expired' });
    throw new AppError('upstream', failed, { code: 'klaviyo_token', details: { status: response.status, error } });
  }
  const body = response.json() as Record<string, unknown> | undefined;
  if (typeof body?.access_token !== 'string') throw new AppError('upstream', failed, { code: 'klaviyo_token' });
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresIn: Number(body.expires_in ?? 3600),
    scope: typeof body.scope === 'string' ? body.scope : '',
  };
}

const authorization = (auth: KlaviyoAuth): string =>
  auth.kind === 'oauth' ? `Bearer ${auth.accessToken}` : `Klaviyo-API-Key ${auth.apiKey}`;

async function apiGet(
  options: KlaviyoClientOptions,
  auth: KlaviyoAuth,
  path: string,
  query: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await http(options, {
    authorization: authorization(auth),
    revision: options.revision ?? KLAVIYO_REVISION,
    accept: 'application/vnd.api+json',
  }).request({ path, query });
  if (response.ok) return (response.json() as Record<string, unknown> | undefined) ?? {};
  const errors = (response.json() as { errors?: { detail?: string; code?: string }[] } | undefined)?.errors;
  const detail = errors?.[0]?.detail ?? `HTTP ${response.status}`;
  throw new AppError(
    response.status === 401 || response.status === 403
      ? 'unauthorized'
      : response.status === 404
        ? 'not_found'
        : 'upstream',
    `Klaviyo: ${detail}`,
    { code: 'klaviyo_api', details: { status: response.status, error: errors?.[0]?.code } },
  );
}

export interface KlaviyoAccount {
  id: string;
  organizationName: string | null;
  defaultSenderName: string | null;
  defaultSenderEmail: string | null;
  websiteUrl: string | null;
}

/** GET /api/accounts: the account the credentials belong to. */
export async function klaviyoAccount(options: KlaviyoClientOptions, auth: KlaviyoAuth): Promise<KlaviyoAccount> {
  const body = await apiGet(options, auth, '/api/accounts');
  const first = (
    body.data as { id: string; attributes?: { contact_information?: Record<string, string | null> } }[] | undefined
  )?.[0];
  if (!first) throw new AppError('upstream', 'Klaviyo: no account in the answer', { code: 'klaviyo_api' });
  const info = first.attributes?.contact_information ?? {};
  return {
    id: first.id,
    organizationName: info.organization_name ?? null,
    defaultSenderName: info.default_sender_name ?? null,
    defaultSenderEmail: info.default_sender_email ?? null,
    websiteUrl: info.website_url ?? null,
  };
}

export interface KlaviyoProfile {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  timezone: string | null;
  subscriptions: KlaviyoSubscriptions | undefined;
}

type ProfileData = { id: string; attributes?: Record<string, unknown> };
const SUBSCRIPTIONS = { 'additional-fields[profile]': 'subscriptions' };

/** GET /api/profiles/{id}?additional-fields[profile]=subscriptions */
export async function klaviyoProfile(
  options: KlaviyoClientOptions,
  auth: KlaviyoAuth,
  profileId: string,
): Promise<KlaviyoProfile> {
  const body = await apiGet(options, auth, `/api/profiles/${encodeURIComponent(profileId)}`, SUBSCRIPTIONS);
  const data = body.data as ProfileData | undefined;
  if (!data) throw new AppError('not_found', 'Klaviyo profile not found');
  return toProfile(data);
}

/** GET /api/profiles?filter=equals(email,"…") (or phone_number): the first match, with subscriptions. */
export async function findKlaviyoProfile(
  options: KlaviyoClientOptions,
  auth: KlaviyoAuth,
  by: { email: string } | { phone: string },
): Promise<KlaviyoProfile | undefined> {
  const [field, value] = 'email' in by ? ['email', by.email] : ['phone_number', by.phone];
  const body = await apiGet(options, auth, '/api/profiles', {
    filter: `equals(${field},${JSON.stringify(value)})`,
    ...SUBSCRIPTIONS,
  });
  const first = (body.data as ProfileData[] | undefined)?.[0];
  return first ? toProfile(first) : undefined;
}

function toProfile(data: ProfileData): KlaviyoProfile {
  const a = data.attributes ?? {};
  const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
  return {
    id: data.id,
    email: text(a.email),
    phoneNumber: text(a.phone_number),
    firstName: text(a.first_name),
    lastName: text(a.last_name),
    timezone: text((a.location as Record<string, unknown> | undefined)?.timezone),
    subscriptions: a.subscriptions as KlaviyoSubscriptions | undefined,
  };
}
