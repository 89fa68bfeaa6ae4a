/**
 * Privacy export (Shopify customers/data_request): the shopper's conversations, each with its
 * messages, join what the store exports of its own rows.
 */
import { conversationsOfContacts } from '../conversations/index.ts';
import type { Handle } from '../db/index.ts';
import type { ShopperScope } from '../stores/index.ts';

export async function shopperConversations(db: Handle, shopper: ShopperScope): Promise<Record<string, unknown>[]> {
  return conversationsOfContacts(db, { brandId: shopper.brandId, contactIds: shopper.contactIds });
}
