/**
 * Reclaim's web pixel: subscribes to the four standard events Reclaim reads and posts each one,
 * as Shopify delivered it plus the storefront cart token read at init, to
 * `{ingestUrl}/{ingestKey}`. The body goes as text/plain so the request needs no CORS preflight
 * from the sandbox; `keepalive` lets it finish while the page unloads (checkout steps navigate).
 * Nothing is posted when the settings are missing or marketing processing is not allowed.
 */
import type { ExtensionApi } from '@shopify/web-pixels-extension';

export const PIXEL_EVENTS = [
  'checkout_started',
  'checkout_contact_info_submitted',
  'product_added_to_cart',
  'checkout_completed',
] as const;

export interface PixelRequest {
  url: string;
  body: string;
}

/** The request for one event, or undefined when the settings do not say where to post. */
export function pixelRequest(
  settings: Record<string, unknown>,
  event: Record<string, unknown>,
  cartToken: string | null | undefined,
): PixelRequest | undefined {
  const key = typeof settings.ingestKey === 'string' ? settings.ingestKey.trim() : '';
  const base = typeof settings.ingestUrl === 'string' ? settings.ingestUrl.trim().replace(/\/+$/, '') : '';
  if (!key || !/^https?:\/\//.test(base)) return undefined;
  const body = cartToken ? { ...event, cartToken } : { ...event };
  return { url: `${base}/${encodeURIComponent(key)}`, body: JSON.stringify(body) };
}

export type Post = (url: string, init: RequestInit) => Promise<unknown>;

/** The function handed to `register`; `post` is the global fetch in the sandbox. */
export function reclaimPixel(
  api: Pick<ExtensionApi, 'analytics' | 'settings' | 'init'>,
  post: Post = (url, init) => fetch(url, init),
): void {
  if (api.init.customerPrivacy && api.init.customerPrivacy.marketingAllowed === false) return;
  const cartToken = api.init.data?.cart?.id ?? null;
  for (const name of PIXEL_EVENTS) {
    api.analytics.subscribe(name, (event: unknown) => {
      const request = pixelRequest(api.settings, event as Record<string, unknown>, cartToken);
      if (!request) return;
      void post(request.url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: request.body,
        keepalive: true,
      }).catch(() => undefined);
    });
  }
}
