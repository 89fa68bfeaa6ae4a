/**
 * Privacy redaction (Shopify customers/redact and shop/redact): what domains other than the store
 * hold on the shopper is erased inside the store's redaction transaction, after the store's own
 * rows and before the contacts: the attribution ledger of the shopper's orders is stripped of
 * personal data, the conversations are scrubbed, the workflow events lose their extra data.
 */
import { redactOrderEvidence } from '../attribution/index.ts';
import { redactContactConversations } from '../conversations/index.ts';
import type { Tx } from '../db/index.ts';
import type { ShopperRedaction } from '../stores/index.ts';
import { clearFlowEventData } from '../workflows/index.ts';

/** Counts for the privacy request's record: conversations scrubbed and messages erased. */
export async function redactShopperData(
  tx: Tx,
  shopper: ShopperRedaction,
): Promise<{ conversations: number; messages: number }> {
  await redactOrderEvidence(tx, shopper.orderIds, shopper.strip);
  const erased = await redactContactConversations(tx, {
    brandId: shopper.brandId,
    contactIds: shopper.contactIds,
    marker: shopper.marker,
  });
  await clearFlowEventData(tx, shopper.contactIds);
  return erased;
}
