/**
 * A fake BigCommerce on 127.0.0.1 speaking the real wire format, as BigCommerce documents it
 * (developer.bigcommerce.com and its OpenAPI files): the login service's POST /oauth2/token (JSON
 * body, answer with user, owner, context and account_uuid), and the REST API under
 * /stores/{hash}/v3 and /v2 with X-Auth-Token. v3 bodies are wrapped in { data, meta } and v3
 * errors are { status, title, type }; v2 bodies are bare, v2 errors an array of { status, message },
 * empty v2 lists answer 204. Customers are served by v3 only (the v2 customer endpoints are
 * deprecated). Hooks it holds produce the deliveries BigCommerce would POST: the thin payload
 * { scope, store_id, data, hash, created_at, producer }, the hook's custom headers and the
 * Standard Webhooks signature headers. Tests seed state and inject failures (429s with the
 * X-Rate-Limit-* headers too).
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
import { readRequest, sendJson, startServer, type Json, type RecordedRequest } from '../server.ts';
import { api } from './api.ts';
import { newStore, scopeMatches, v2Error, v3Error, v3NotFound, type FakeStore } from './wire.ts';

export { cartResource, type FakeHook, type FakeStore } from './wire.ts';

export interface FakeBigCommerce {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The settings that point Reclaim's BigCommerce app at this fake (client id and secret, API and login URLs). */
  config: {
    BIGCOMMERCE_CLIENT_ID: string;
    BIGCOMMERCE_CLIENT_SECRET: string;
    BIGCOMMERCE_API_BASE_URL: string;
    BIGCOMMERCE_LOGIN_BASE_URL: string;
  };
  requests: RecordedRequest[];
  store(hash: string): FakeStore;
  /** A store BigCommerce knows, with an install code that the token exchange accepts. */
  addStore(hash: string, info?: Json): { store: FakeStore; code: string };
  /**
   * The next `times` requests whose path contains `pathPart` (and method, if given) answer `status`
   * with BigCommerce's error body for that API version, and `headers` (e.g. the rate-limit ones).
   */
  failNext(pathPart: string, status: number, times?: number, method?: string, headers?: Record<string, string>): void;
  /** Drops every injected failure not used yet. */
  clearFailures(): void;
  /**
   * The request BigCommerce would POST to a hook of this scope: destination, headers (the hook's
   * custom ones and the Standard Webhooks `webhook-id` / `webhook-timestamp` / `webhook-signature`)
   * and the body, whose `hash` identifies the event.
   */
  delivery(
    hash: string,
    scope: string,
    data: Json,
    createdAt?: number,
  ): { destination: string; headers: Record<string, string>; body: Json };
  /** A signed_payload_jwt as BigCommerce signs it for the load / uninstall / remove_user callbacks. */
  signedPayload(
    hash: string,
    overrides?: {
      secret?: string;
      aud?: string;
      iss?: string;
      sub?: string;
      expiresIn?: string | number;
      /** The store user the payload names (null: none). */
      user?: Json | null;
    },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeBigCommerce({
  clientId = 'fake-client-id',
  clientSecret = 'fake-client-secret',
} = {}): Promise<FakeBigCommerce> {
  const stores = new Map<string, FakeStore>();
  const codes = new Map<string, string>();
  const failures: {
    pathPart: string;
    status: number;
    times: number;
    method?: string;
    headers?: Record<string, string>;
  }[] = [];
  const requests: RecordedRequest[] = [];
  let nextId = 1000;
  const context = { clientId, nextId: () => nextId++ };

  function tokenExchange(body: Json, response: ServerResponse): void {
    const required = ['client_id', 'client_secret', 'code', 'scope', 'grant_type', 'redirect_uri', 'context'];
    const missing = required.filter((key) => typeof body[key] !== 'string');
    if (missing.length > 0)
      return sendJson(response, 400, { error: 'invalid_request', error_description: `missing ${missing.join(', ')}` });
    if (body.client_id !== clientId || body.client_secret !== clientSecret)
      return sendJson(response, 401, { error: 'invalid_client' });
    if (body.grant_type !== 'authorization_code') return sendJson(response, 400, { error: 'unsupported_grant_type' });
    const hash = codes.get(String(body.code));
    if (!hash || body.context !== `stores/${hash}`)
      return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid code' });
    codes.delete(String(body.code));
    const owner = { id: 12345, username: `owner@${hash}.example-store.com`, email: `owner@${hash}.example-store.com` };
    sendJson(response, 200, {
      access_token: stores.get(hash)!.token,
      scope: body.scope,
      user: { id: 24654, username: `staff@${hash}.example-store.com`, email: `staff@${hash}.example-store.com` },
      owner,
      context: `stores/${hash}`,
      account_uuid: '12345678-90ab-cdef-1234-567890abcdef',
    });
  }

  const server = await startServer(
    async (req, response) => {
      const request = await readRequest(req, 'json');
      requests.push(request);
      const { method, path, body } = request;
      const failure = failures.find(
        (f) => path.includes(f.pathPart) && (!f.method || f.method === method) && f.times > 0,
      );
      if (failure) {
        failure.times -= 1;
        const title = failure.status === 429 ? 'Too many requests' : 'Injected failure';
        return sendJson(
          response,
          failure.status,
          path.includes('/v2/') ? v2Error(failure.status, title) : v3Error(failure.status, title),
          failure.headers,
        );
      }
      if (method === 'POST' && path === '/oauth2/token') return tokenExchange((body ?? {}) as Json, response);
      const match = /^\/stores\/([^/]+)(\/v[23]\/.*)$/.exec(path);
      const store = match ? stores.get(match[1]!) : undefined;
      if (!match || !store) return sendJson(response, 404, v3NotFound('Store not found'));
      if (request.headers['x-auth-token'] !== store.token)
        return sendJson(
          response,
          401,
          v3Error(
            401,
            'Unauthorized - the v3 Auth client ID or token in the request are not a valid combination for this store.',
          ),
        );
      api(context, store, method, match[2]!, request.query, (body ?? {}) as Json, response);
    },
    (error, response) => sendJson(response, 500, { status: 500, title: String(error) }),
  );

  return {
    url: server.url,
    clientId,
    clientSecret,
    config: {
      BIGCOMMERCE_CLIENT_ID: clientId,
      BIGCOMMERCE_CLIENT_SECRET: clientSecret,
      BIGCOMMERCE_API_BASE_URL: server.url,
      BIGCOMMERCE_LOGIN_BASE_URL: server.url,
    },
    requests,
    store: (hash) => stores.get(hash)!,
    addStore: (hash, info) => {
      const store = stores.get(hash) ?? newStore(hash, info);
      stores.set(hash, store);
      const code = `code-${randomUUID()}`;
      codes.set(code, hash);
      return { store, code };
    },
    failNext: (pathPart, status, times = 1, method, headers) =>
      void failures.push({ pathPart, status, times, method, headers }),
    clearFailures: () => void failures.splice(0),
    delivery: (hash, scope, data, createdAt = Math.floor(Date.now() / 1000)) => {
      const hook = stores.get(hash)?.hooks.find((h) => h.is_active && scopeMatches(h.scope, scope));
      if (!hook) throw new Error(`the fake store ${hash} has no active hook for ${scope}`);
      const base = { scope, store_id: '1025646', data, created_at: createdAt, producer: `stores/${hash}` };
      const body = { ...base, hash: createHash('sha1').update(JSON.stringify(base)).digest('hex') };
      // Standard Webhooks: v1 = base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed with the app's client secret.
      const webhookId = `msg_${body.hash}`;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', clientSecret)
        .update(`${webhookId}.${timestamp}.${JSON.stringify(body)}`)
        .digest('base64');
      const signed = {
        'webhook-id': webhookId,
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      };
      return {
        destination: hook.destination,
        headers: { 'content-type': 'application/json', ...signed, ...(hook.headers ?? {}) },
        body,
      };
    },
    signedPayload: async (hash, overrides = {}) => {
      // nbf is always iat; exp is 24 hours later.
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        user:
          overrides.user === undefined
            ? { id: 24654, email: `staff@${hash}.example-store.com`, locale: 'en-US' }
            : overrides.user,
        owner: { id: 12345, email: `owner@${hash}.example-store.com` },
        url: '/',
        channel_id: null,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(overrides.aud ?? clientId)
        .setIssuer(overrides.iss ?? 'bc')
        .setSubject(overrides.sub ?? `stores/${hash}`)
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(overrides.expiresIn ?? '24h')
        .setJti(randomUUID())
        .sign(new TextEncoder().encode(overrides.secret ?? clientSecret));
    },
    close: server.close,
  };
}
