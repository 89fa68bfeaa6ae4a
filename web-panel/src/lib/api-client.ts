/**
 * The one client of the brand API. The access token lives in this module's memory only (never in
 * storage); the refresh token is the server's httpOnly cookie. A 401 refreshes once (one refresh
 * at a time: the server retires each refresh token on use) and retries; when that fails the
 * session ends and the app sends the user to sign-in, returning afterwards.
 */

export interface ApiErrorBody {
  error?: { kind?: string; code?: string | null; message?: string };
}

/** An answer that was not 2xx: its status and the API's message (the spec's text). */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: string;
  readonly code: string | null;
  readonly retryAfterSeconds: number | null;
  constructor(status: number, body: ApiErrorBody | undefined, retryAfter: string | null = null) {
    super(body?.error?.message ?? (status === 0 ? 'The server cannot be reached.' : `Request failed (${status})`));
    this.name = 'ApiError';
    this.status = status;
    this.kind = body?.error?.kind ?? (status === 0 ? 'network' : 'internal');
    this.code = body?.error?.code ?? null;
    this.retryAfterSeconds = retryAfter ? Number(retryAfter) : null;
  }
}

/** What login, refresh and passkey sign-in answer (the refresh token is not kept). */
export interface Session {
  user_id: number;
  email: string;
  given_name: string | null;
  family_name: string | null;
  brand_id: number | null;
  tenant_id: number | null;
  partner_id: number | null;
  is_staff: boolean;
  role: string;
  policies: string[];
}

type Listener = () => void;

let accessToken: string | null = null;
let session: Session | null = null;
let refreshing: Promise<Session | null> | null = null;
const listeners = new Set<Listener>();

const notify = () => listeners.forEach((listener) => listener());

export const auth = {
  session: (): Session | null => session,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Keeps the session of a login, refresh or passkey answer; drops its tokens but the access one. */
  accept(answer: Session & { access_token: string; refresh_token?: string }): Session {
    accessToken = answer.access_token;
    session = {
      user_id: answer.user_id,
      email: answer.email,
      given_name: answer.given_name,
      family_name: answer.family_name,
      brand_id: answer.brand_id,
      tenant_id: answer.tenant_id,
      partner_id: answer.partner_id,
      is_staff: answer.is_staff,
      role: answer.role,
      policies: answer.policies,
    };
    notify();
    return session;
  },
  /** Forgets the session in memory (sign-out also asks the server to revoke it and clear the cookie). */
  clear(): void {
    accessToken = null;
    session = null;
    notify();
  },
  /** A new access token from the refresh cookie; null when there is no live session. One at a time. */
  refresh(): Promise<Session | null> {
    refreshing ??= (async () => {
      try {
        const response = await fetch('/api/auth/refresh', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (!response.ok) {
          auth.clear();
          return null;
        }
        return auth.accept(await response.json());
      } catch {
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  },
};

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** `/api/x?a=1`: undefined, null and '' parameters are left out. */
export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }
}

/** Calls the API; throws ApiError for any answer but 2xx. A 401 refreshes once, then ends the session. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options);
  if (response.status === 401 && !path.startsWith('/api/auth/')) {
    const renewed = await auth.refresh();
    if (renewed) response = await send(path, options);
    if (response.status === 401) auth.clear();
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, body as ApiErrorBody, response.headers.get('retry-after'));
  return body as T;
}

/** Signs out: the server revokes the session and clears the cookie; memory is wiped either way. */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  } finally {
    auth.clear();
  }
}
