/**
 * Short links (issue 6 item 6): `GET /r/{code}` redirects to the cart or checkout and records a
 * click (time, user agent, a salted hash of the IP: never the IP itself), so a click is evidence
 * for attribution and a figure for reports.
 */
import { createHash, createHmac } from 'node:crypto';
import type { AppContext } from '../app/index.ts';

/** Codes are base62; anything else is not a code and is answered 404 without a query. */
const CODE_SHAPE = /^[A-Za-z0-9]{1,64}$/;
export const MAX_USER_AGENT_LENGTH = 512;

/** The per-install salt for IP hashes, derived from ENCRYPTION_KEY (never stored, never printed). */
export function ipHashSalt(encryptionKey: Buffer): string {
  return createHmac('sha256', encryptionKey).update('reclaim:link-click-ip-salt').digest('hex');
}

/** sha256 of the salt and the IP, hex: the same visitor hashes alike within one install only. */
export function hashIp(salt: string, ip: string): string {
  return createHash('sha256').update(`${salt}:${ip}`).digest('hex');
}

export interface FollowedLink {
  shortLinkId: number;
  brandId: number;
  targetUrl: string;
  clickId: number | null;
  /** The open cart the link's conversation is about (not for order conversations or completed carts). */
  cart: { brandIntegrationId: number; externalId: string; platform: string } | null;
}

interface LinkRow {
  id: string;
  brand_id: string;
  target_url: string;
  cart_integration_id: string | null;
  cart_external_id: string | null;
  cart_platform: string | null;
}

/**
 * Resolves a code and records the click. Undefined for an unknown code. A click that cannot be
 * recorded is logged and the shopper still gets the redirect.
 */
export async function followShortLink(
  ctx: AppContext,
  { code, userAgent, ip, at = new Date() }: { code: string; userAgent?: string | null; ip?: string | null; at?: Date },
): Promise<FollowedLink | undefined> {
  if (!CODE_SHAPE.test(code)) return undefined;
  const link = await ctx
    .db('short_links as sl')
    .leftJoin('conversations as cv', (on) => on.on('cv.id', 'sl.conversation_id').andOnNull('cv.order_id'))
    .leftJoin('carts as c', (on) => on.on('c.id', 'cv.cart_id').andOnVal('c.state', '<>', 'complete'))
    .leftJoin('brand_integrations as bi', 'bi.id', 'c.brand_integration_id')
    .leftJoin('integrations as it', 'it.id', 'bi.integration_id')
    .where('sl.code', code)
    .first<LinkRow | undefined>(
      'sl.id',
      'sl.brand_id',
      'sl.target_url',
      'c.brand_integration_id as cart_integration_id',
      'c.external_id as cart_external_id',
      'it.slug as cart_platform',
    );
  if (!link) return undefined;
  const cart =
    link.cart_integration_id && link.cart_external_id && link.cart_platform
      ? {
          brandIntegrationId: Number(link.cart_integration_id),
          externalId: link.cart_external_id,
          platform: link.cart_platform,
        }
      : null;
  const followed: FollowedLink = {
    shortLinkId: Number(link.id),
    brandId: Number(link.brand_id),
    targetUrl: link.target_url,
    clickId: null,
    cart,
  };
  try {
    const ipHash = ip ? hashIp(ipHashSalt((await ctx.secrets()).encryptionKey), ip) : null;
    const [row] = await ctx
      .db('link_clicks')
      .insert({
        short_link_id: followed.shortLinkId,
        brand_id: followed.brandId,
        clicked_at: at,
        user_agent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
        ip_hash: ipHash,
      })
      .returning<{ id: string }[]>('id');
    followed.clickId = Number(row!.id);
  } catch (error) {
    ctx.logger.warn(
      { err: error, short_link_id: followed.shortLinkId },
      'short link click could not be recorded; redirecting anyway',
    );
  }
  return followed;
}
