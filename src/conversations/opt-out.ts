/**
 * Opt-outs and agent blocks (spec 3 section 4, "Blocking"; DESIGN "Compliance"): the channel
 * becomes unsubscribed at once and the change is recorded in the consent ledger (contacts), and
 * every queued outbound message of the channel is set to agent_skipped with skip_reason
 * 'unsubscribed', in one transaction.
 */
import { optOutChannel, smsChannelIdsOfContact } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { skipQueuedForChannels } from './store/opt-out.ts';

export const SKIP_REASON_UNSUBSCRIBED = 'unsubscribed';

export interface UnsubscribeResult {
  channelId: number;
  username: string;
  /** False when the channel was already unsubscribed (and blocked, when blocking). */
  changed: boolean;
  skippedMessages: number;
}

/**
 * Unsubscribes one channel of the brand (STOP and its synonyms, or an agent's block when `blocked`).
 * Idempotent: a repeat records nothing new but still skips messages queued since.
 */
export async function unsubscribeChannel(
  db: Handle,
  options: { brandId: number; channelId: number; source: string; blocked?: boolean; at?: Date },
): Promise<UnsubscribeResult> {
  return db.transaction(async (tx) => {
    const { channelId, username, changed } = await optOutChannel(tx, options);
    const skippedMessages = await skipQueuedForChannels(tx, {
      brandId: options.brandId,
      channelIds: [channelId],
      reason: SKIP_REASON_UNSUBSCRIBED,
    });
    return { channelId, username, changed, skippedMessages };
  });
}

/** An agent's block of one channel: unsubscribed, extra_data.blocked true, queued messages skipped. */
export const blockContactChannel = (
  db: Handle,
  { brandId, channelId, source = 'agent_block' }: { brandId: number; channelId: number; source?: string },
): Promise<UnsubscribeResult> => unsubscribeChannel(db, { brandId, channelId, source, blocked: true });

/** Blocks every SMS channel of a contact ('Contact not found' when the brand has no such contact). */
export async function blockContact(
  db: Handle,
  { brandId, contactId, source = 'agent_block' }: { brandId: number; contactId: number; source?: string },
): Promise<{ contactId: number; channels: UnsubscribeResult[]; skippedMessages: number }> {
  return db.transaction(async (tx) => {
    const channels: UnsubscribeResult[] = [];
    for (const channelId of await smsChannelIdsOfContact(tx, { brandId, contactId }))
      channels.push(await blockContactChannel(tx, { brandId, channelId, source }));
    return { contactId, channels, skippedMessages: channels.reduce((sum, c) => sum + c.skippedMessages, 0) };
  });
}
