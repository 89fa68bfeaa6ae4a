/**
 * A fake Klaviyo on 127.0.0.1 in Klaviyo's wire format.
 * - POST /oauth/token: HTTP Basic client auth, form body; grant_type authorization_code (code,
 *   code_verifier checked against the S256 challenge the code was issued for, redirect_uri) or
 *   refresh_token (the refresh token is rotated: a used one is spent). Answers `{ access_token, token_type: 'Bearer', expires_in, refresh_token, scope }`;
 *   failures are 400/401 `{ error, error_description }` (invalid_grant, invalid_client, …).
 * - GET /api/accounts, /api/profiles/{id} and /api/profiles?filter=equals(email|phone_number,"…"):
 *   JSON:API answers; `Authorization: Bearer …` or `Klaviyo-API-Key …`; the `revision` header is
 *   required (400 otherwise); errors are `{ errors: [{ id, status, code, title, detail }] }`.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, sendJson, startServer, type Json, type RecordedRequest } from './server.ts';

export const KLAVIYO_CLIENT = { id: 'kl-client-123', secret: 'kl-client-secret-456' };
export const KLAVIYO_API_KEY = 'pk_test_0123456789abcdef';

export interface FakeKlaviyo {
  url: string;
  requests: RecordedRequest[];
  /** The code Klaviyo's consent screen would send back, bound to the PKCE challenge and redirect URI. */
  issueCode(code: string, challenge: string, redirectUri: string): void;
  /** Makes a refresh token fail with invalid_grant (expired or revoked). */
  expireRefreshToken(token: string): void;
  /** A profile's JSON:API attributes (subscriptions included). */
  profiles: Map<string, Json>;
  close(): Promise<void>;
}

const jsonApiError = (res: ServerResponse, status: number, code: string, detail: string) =>
  sendJson(res, status, { errors: [{ id: 'e1', status, code, title: code, detail, source: { pointer: '/data/' } }] });

export async function startFakeKlaviyo(): Promise<FakeKlaviyo> {
  const requests: RecordedRequest[] = [];
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const expired = new Set<string>();
  const profiles = new Map<string, Json>();
  let serial = 0;

  const tokens = () => {
    serial += 1;
    const access = `kl-access-${serial}`;
    const refresh = `kl-refresh-${serial}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: refresh,
      scope: 'accounts:read profiles:read',
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const isToken = req.url?.startsWith('/oauth/token') ?? false;
    const request = await readRequest(req, isToken ? 'form' : 'json');
    requests.push(request);
    if (isToken) {
      if (request.method !== 'POST') return sendJson(res, 405, { error: 'invalid_request' });
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return sendJson(res, 400, { error: 'invalid_request', error_description: 'Body must be form encoded' });
      const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
      if (id !== KLAVIYO_CLIENT.id || secret !== KLAVIYO_CLIENT.secret)
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      const body = request.body as Record<string, string>;
      if (body.grant_type === 'authorization_code') {
        const grant = codes.get(body.code ?? '');
        if (!grant) return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid code' });
        const challenge = createHash('sha256')
          .update(body.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== grant.challenge)
          return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid code_verifier' });
        if (body.redirect_uri !== grant.redirectUri)
          return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Mismatching redirect URI' });
        codes.delete(body.code!);
        return sendJson(res, 200, tokens());
      }
      if (body.grant_type === 'refresh_token') {
        const token = body.refresh_token ?? '';
        if (!refreshTokens.has(token) || expired.has(token))
          return sendJson(res, 400, {
            error: 'invalid_grant',
            error_description: 'Refresh token is invalid or expired',
          });
        refreshTokens.delete(token); // Klaviyo rotates refresh tokens: the old one is spent
        return sendJson(res, 200, tokens());
      }
      return sendJson(res, 400, { error: 'unsupported_grant_type' });
    }

    const auth = String(request.headers.authorization ?? '');
    const bearer = /^Bearer (.+)$/.exec(auth)?.[1];
    const key = /^Klaviyo-API-Key (.+)$/.exec(auth)?.[1];
    if (!(bearer && accessTokens.has(bearer)) && key !== KLAVIYO_API_KEY)
      return jsonApiError(res, 401, 'not_authenticated', 'Authentication credentials were not provided.');
    if (!request.headers.revision) return jsonApiError(res, 400, 'invalid', 'A revision header is required.');

    if (request.path === '/api/accounts' || request.path === '/api/accounts/')
      return sendJson(res, 200, {
        data: [
          {
            type: 'account',
            id: 'AbC123',
            attributes: {
              test_account: false,
              contact_information: {
                default_sender_name: 'Northwind',
                default_sender_email: 'hello@northwind.example',
                website_url: 'https://northwind.example',
                organization_name: 'Northwind Outfitters',
                street_address: { address1: '1 Main St', city: 'Boston', region: 'MA', country: 'US', zip: '02110' },
              },
              industry: 'Apparel',
              timezone: 'America/New_York',
              preferred_currency: 'USD',
              public_api_key: 'AbC123',
            },
            links: { self: 'https://a.klaviyo.com/api/accounts/AbC123/' },
          },
        ],
        links: { self: 'https://a.klaviyo.com/api/accounts/', next: null, prev: null },
      });

    const resource = (id: string, attributes: Json, withSubscriptions: boolean) => {
      const { subscriptions, ...rest } = attributes;
      return { type: 'profile', id, attributes: { ...rest, ...(withSubscriptions ? { subscriptions } : {}) } };
    };
    const wantsSubscriptions = request.query.get('additional-fields[profile]') === 'subscriptions';
    const one = /^\/api\/profiles\/([^/]+)\/?$/.exec(request.path);
    if (one) {
      const found = profiles.get(decodeURIComponent(one[1]!));
      if (!found) return jsonApiError(res, 404, 'not_found', 'Not found.');
      return sendJson(res, 200, { data: resource(decodeURIComponent(one[1]!), found, wantsSubscriptions) });
    }
    if (request.path === '/api/profiles' || request.path === '/api/profiles/') {
      const filter = /^equals\((email|phone_number),"(.*)"\)$/.exec(request.query.get('filter') ?? '');
      if (!filter) return jsonApiError(res, 400, 'invalid', 'Invalid filter provided.');
      const matches = [...profiles].filter(([, a]) => a[filter[1]!] === filter[2]);
      return sendJson(res, 200, {
        data: matches.map(([id, a]) => resource(id, a, wantsSubscriptions)),
        links: { next: null },
      });
    }
    return jsonApiError(res, 404, 'not_found', 'Not found.');
  };

  const server = await startServer(handle);
  return {
    url: server.url,
    requests,
    issueCode: (code, challenge, redirectUri) => void codes.set(code, { challenge, redirectUri }),
    expireRefreshToken: (token) => void expired.add(token),
    profiles,
    close: server.close,
  };
}
