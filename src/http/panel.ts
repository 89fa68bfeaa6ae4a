/**
 * The web panel's files (web-panel/dist) on the HTTP server: the built assets, and index.html for
 * every deep link (a GET outside /api and /webhooks whose last segment is not a file name), so a
 * link such as /b/1/conversations/5 opens the app there. Every answer carries the panel's
 * security headers: scripts only from this origin, no inline scripts, never framed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const PANEL_DIR = fileURLToPath(new URL('../../web-panel/dist/', import.meta.url));

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** True for a path the app answers itself: not the API, not a webhook, not a file name. */
export function isPanelDeepLink(path: string): boolean {
  if (path === '/api' || path.startsWith('/api/')) return false;
  if (path === '/webhooks' || path.startsWith('/webhooks/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * Hashed assets (a new build writes new names) are cached for a year and never revalidated;
 * index.html is revalidated on every load so a new build is picked up; the few unhashed files of
 * web-panel/public (the favicon) for a day.
 */
export function panelCacheControl(file: string): string {
  const path = file.replaceAll('\\', '/');
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (/\.html(\.(br|gz))?$/.test(path)) return 'no-cache';
  return 'public, max-age=86400';
}

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0]!;

/**
 * Serves the panel when it was built. Returns the handler unknown GETs go through first: it
 * answers index.html for a deep link and returns false for anything else (the caller's 404).
 */
export async function registerPanel(
  app: FastifyInstance,
  dir = PANEL_DIR,
): Promise<((request: FastifyRequest, reply: import('fastify').FastifyReply) => boolean) | undefined> {
  if (!existsSync(dir)) return undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!pathOf(request).startsWith('/api/')) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
    }
    return payload;
  });
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // The build writes a .br and a .gz beside each script, style and page (web-panel/precompress.ts):
    // sent as they are to a browser that accepts them, with their content-encoding.
    preCompressed: true,
    // send's own `public, max-age=0` would replace the header set below.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', panelCacheControl(file));
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isPanelDeepLink(pathOf(request))) return false;
    void reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    return true;
  };
}
