/** SQL behind short links: the link of a code, with the open cart its conversation is about, and its clicks. */
import type { Handle } from '../../db/index.ts';

export interface StoredShortLink {
  id: number;
  brandId: number;
  targetUrl: string;
  /** The cart of the link's conversation while it is open (not for order conversations or completed carts). */
  openCart: { brandIntegrationId: number; externalId: string } | null;
}

/** The short link with this code; undefined when there is none. */
export async function findShortLinkByCode(db: Handle, code: string): Promise<StoredShortLink | undefined> {
  const link = await db('short_links as sl')
    .leftJoin('conversations as cv', (on) => on.on('cv.id', 'sl.conversation_id').andOnNull('cv.order_id'))
    .leftJoin('carts as c', (on) => on.on('c.id', 'cv.cart_id').andOnVal('c.state', '<>', 'complete'))
    .where('sl.code', code)
    .first<
      | {
          id: string;
          brand_id: string;
          target_url: string;
          cart_integration_id: string | null;
          cart_external_id: string | null;
        }
      | undefined
    >(
      'sl.id',
      'sl.brand_id',
      'sl.target_url',
      'c.brand_integration_id as cart_integration_id',
      'c.external_id as cart_external_id',
    );
  if (!link) return undefined;
  return {
    id: Number(link.id),
    brandId: Number(link.brand_id),
    targetUrl: link.target_url,
    openCart:
      link.cart_integration_id && link.cart_external_id
        ? { brandIntegrationId: Number(link.cart_integration_id), externalId: link.cart_external_id }
        : null,
  };
}

/** Records one click of a short link; returns its id. */
export async function insertLinkClick(
  db: Handle,
  click: { shortLinkId: number; brandId: number; at: Date; userAgent: string | null; ipHash: string | null },
): Promise<number> {
  const [row] = await db('link_clicks')
    .insert({
      short_link_id: click.shortLinkId,
      brand_id: click.brandId,
      clicked_at: click.at,
      user_agent: click.userAgent,
      ip_hash: click.ipHash,
    })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}
