/**
 * Short links: `GET /r/{code}` redirects to the cart or checkout and records a click (time, user
 * agent, a salted hash of the IP: never the IP itself), so a click is evidence for attribution and
 * a figure for reports.
 */
import { createHash, createHmac } from 'node:crypto';
import type { AppContext } from '../app/index.ts';
import { getBrandIntegration } from '../stores/index.ts';
import { findShortLinkByCode, insertLinkClick } from './store/links.ts';

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

/**
 * Resolves a code and records the click. Undefined for an unknown code. A click that cannot be
 * recorded is logged and the shopper still gets the redirect.
 */
export async function followShortLink(
  ctx: AppContext,
  { code, userAgent, ip, at = new Date() }: { code: string; userAgent?: string | null; ip?: string | null; at?: Date },
): Promise<FollowedLink | undefined> {
  if (!CODE_SHAPE.test(code)) return undefined;
  const link = await findShortLinkByCode(ctx.db, code);
  if (!link) return undefined;
  const integration = link.openCart ? await getBrandIntegration(ctx.db, link.openCart.brandIntegrationId) : undefined;
  const cart =
    link.openCart && integration
      ? {
          brandIntegrationId: link.openCart.brandIntegrationId,
          externalId: link.openCart.externalId,
          platform: integration.slug,
        }
      : null;
  const followed: FollowedLink = {
    shortLinkId: link.id,
    brandId: link.brandId,
    targetUrl: link.targetUrl,
    clickId: null,
    cart,
  };
  try {
    const ipHash = ip ? hashIp(ipHashSalt((await ctx.secrets()).encryptionKey), ip) : null;
    followed.clickId = await insertLinkClick(ctx.db, {
      shortLinkId: followed.shortLinkId,
      brandId: followed.brandId,
      at,
      userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
      ipHash,
    });
  } catch (error) {
    ctx.logger.warn(
      { err: error, short_link_id: followed.shortLinkId },
      'short link click could not be recorded; redirecting anyway',
    );
  }
  return followed;
}
