/** SQL of a conversation's draft order: its cart's lines, its discount code, the shopper's address. */
import type { Handle } from '../../db/index.ts';

export interface DraftOrderSource {
  conversationId: number;
  brandId: number;
  cartId: number | null;
  brandIntegrationId: number | null;
  lines: Array<{ variant_id?: unknown; quantity?: unknown }>;
  /** The newest discount code of the conversation. */
  discountCode: string | null;
  email: string | null;
  phone: string | null;
}

export async function draftOrderSource(
  db: Handle,
  { conversationId, brandId }: { conversationId: number; brandId?: number },
): Promise<DraftOrderSource | undefined> {
  const query = db('conversations as c')
    .leftJoin('carts as k', 'k.id', 'c.cart_id')
    .where('c.id', conversationId)
    .first<Record<string, unknown>>(
      'c.id',
      'c.brand_id',
      'c.cart_id',
      'k.brand_integration_id',
      db.raw(`coalesce(k.data->'line_items', '[]'::jsonb) as lines`),
      db.raw(
        `(select d.code from discount_codes d where d.conversation_id = c.id order by d.created_at desc, d.id desc limit 1) as discount_code`,
      ),
      db.raw(
        `(select ch.username from contact_channels ch where ch.contact_id = c.contact_id and ch.type = 'email' order by ch.id limit 1) as email`,
      ),
      db.raw(
        `coalesce((select ch.username from contact_channels ch where ch.id = c.contact_channel_id and ch.type = 'sms'),
                  (select ch.username from contact_channels ch where ch.contact_id = c.contact_id and ch.type = 'sms' order by ch.id limit 1)) as phone`,
      ),
    );
  if (brandId !== undefined) query.where('c.brand_id', brandId);
  const row = await query;
  if (!row) return undefined;
  return {
    conversationId: Number(row.id),
    brandId: Number(row.brand_id),
    cartId: row.cart_id === null ? null : Number(row.cart_id),
    brandIntegrationId: row.brand_integration_id == null ? null : Number(row.brand_integration_id),
    lines: Array.isArray(row.lines) ? (row.lines as DraftOrderSource['lines']) : [],
    discountCode: (row.discount_code as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
  };
}

/** Records the draft order on the conversation (extra_data.draft_order). */
export async function recordDraftOrder(
  db: Handle,
  conversationId: number,
  draft: Record<string, unknown>,
): Promise<void> {
  await db('conversations')
    .where({ id: conversationId })
    .update({
      extra_data: db.raw(`extra_data || jsonb_build_object('draft_order', ?::jsonb)`, [JSON.stringify(draft)]),
      updated_at: db.fn.now(),
    });
}
