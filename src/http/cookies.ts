/**
 * Cookies of the brand API: the refresh token of a browser session lives in an httpOnly,
 * SameSite=Strict cookie (Secure when the request came over https) scoped to `/api/auth`, so
 * page scripts never see it and only the sign-in routes receive it. The routes that read it also
 * check that the request comes from the panel's own origin (assertSameOrigin), so SameSite is not
 * the only defence against another site spending it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app/index.ts';

export const REFRESH_COOKIE = 'reclaim_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** The named cookie of the request's Cookie header, or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function serialize(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return [
    `${REFRESH_COOKIE}=${encodeURIComponent(value)}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}

/** Sets the refresh cookie (lifetime in minutes). */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  lifetimeMinutes: number,
): void {
  void reply.header('set-cookie', serialize(request, token, lifetimeMinutes * 60));
}

/** Clears the refresh cookie. */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('set-cookie', serialize(request, '', 0));
}

/** What a cookie route answers a request another site's page made. */
export const crossSiteMessage = (panelOrigin: string): string =>
  `Refused: this request comes from another site. Only the panel at ${panelOrigin} may use the session cookie.`;

/**
 * Refuses (403 `cross_site_request`) a browser request made by another site's page: its `Origin`
 * must be the panel's origin (PUBLIC_URL's scheme, host and port); without Origin,
 * `Sec-Fetch-Site` must be `same-origin` or `none`. A request with neither header is not a
 * browser's (browsers send Origin on every cross-origin POST), so it is admitted: a script or
 * curl holding the cookie could send it anyway.
 */
export function assertSameOrigin(request: FastifyRequest, panelOrigin: string): void {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  let admitted: boolean;
  if (origin !== undefined) {
    try {
      admitted = new URL(origin).origin === panelOrigin;
    } catch {
      admitted = false;
    }
  } else admitted = site === undefined || site === 'same-origin' || site === 'none';
  if (!admitted) throw new AppError('forbidden', crossSiteMessage(panelOrigin), { code: 'cross_site_request' });
}
