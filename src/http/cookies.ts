/**
 * Cookies of the brand API: the refresh token of a browser session lives in an httpOnly,
 * SameSite=Strict cookie (Secure when the request came over https) scoped to `/api/auth`, so
 * page scripts never see it and only the sign-in routes receive it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

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
