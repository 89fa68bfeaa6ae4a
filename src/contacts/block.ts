/**
 * Opt-outs and blocking (spec 3 section 4, "Blocking"; DESIGN "Compliance"): the channel becomes
 * unsubscribed at once, the change is recorded in the consent ledger, and every queued outbound
 * message of the channel is set to agent_skipped with skip_reason 'unsubscribed'.
 */
import { AppError } from '../app/index.ts';
import type { Db, Tx } from '../db/index.ts';
import { recordConsent } from './service.ts';
import { channelsOfContact, findChannel, findContactById, skipQueuedMessages, updateChannel } from './store.ts';

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
  db: Db | Tx,
  {
    brandId,
    channelId,
    source,
    blocked = false,
    at = new Date(),
  }: { brandId: number; channelId: number; source: string; blocked?: boolean; at?: Date },
): Promise<UnsubscribeResult> {
  return db.transaction(async (tx) => {
    const channel = await findChannel(tx, { brandId, channelId, lock: true });
    if (!channel) throw new AppError('not_found', 'Contact channel not found');
    const wasBlocked = channel.extra_data.blocked === true;
    const changed = channel.status === 'subscribed' || (blocked && !wasBlocked);
    if (changed) {
      const updated = await updateChannel(tx, channel.id, {
        status: channel.status === 'blocked' ? 'blocked' : 'unsubscribed',
        consent_source: source,
        consented_at: at,
        extra_data: blocked ? { ...channel.extra_data, blocked: true } : channel.extra_data,
      });
      await recordConsent(tx, updated, source, at, { previous_status: channel.status });
    }
    const skippedMessages = await skipQueuedMessages(tx, {
      brandId,
      channelIds: [channel.id],
      reason: SKIP_REASON_UNSUBSCRIBED,
    });
    return { channelId: channel.id, username: channel.username, changed, skippedMessages };
  });
}

/**
 * START / UNSTOP: the shopper opts back in. An opted-out channel becomes subscribed again and the
 * consent is recorded; a compliance type of na (or none) becomes p2p, since the shopper texted the
 * brand's number. A channel an agent blocked stays blocked unless `unblock` is set.
 */
export async function resubscribeChannel(
  db: Db | Tx,
  {
    brandId,
    channelId,
    source,
    unblock = false,
    at = new Date(),
  }: { brandId: number; channelId: number; source: string; unblock?: boolean; at?: Date },
): Promise<{ channelId: number; username: string; changed: boolean; blocked: boolean }> {
  return db.transaction(async (tx) => {
    const channel = await findChannel(tx, { brandId, channelId, lock: true });
    if (!channel) throw new AppError('not_found', 'Contact channel not found');
    const blocked = channel.extra_data.blocked === true;
    if ((blocked && !unblock) || (channel.status === 'subscribed' && !blocked))
      return { channelId: channel.id, username: channel.username, changed: false, blocked };
    const extra = { ...channel.extra_data };
    delete extra.blocked;
    const updated = await updateChannel(tx, channel.id, {
      status: 'subscribed',
      compliance_type:
        channel.compliance_type === null || channel.compliance_type === 'na' ? 'p2p' : channel.compliance_type,
      consent_source: source,
      consented_at: at,
      extra_data: extra,
    });
    await recordConsent(tx, updated, source, at, { previous_status: channel.status });
    return { channelId: channel.id, username: channel.username, changed: true, blocked: false };
  });
}

/** An agent's block of one channel: unsubscribed, extra_data.blocked true, queued messages skipped. */
export const blockContactChannel = (
  db: Db | Tx,
  { brandId, channelId, source = 'agent_block' }: { brandId: number; channelId: number; source?: string },
): Promise<UnsubscribeResult> => unsubscribeChannel(db, { brandId, channelId, source, blocked: true });

/** Blocks every SMS channel of a contact ('Contact not found' when the brand has no such contact). */
export async function blockContact(
  db: Db | Tx,
  { brandId, contactId, source = 'agent_block' }: { brandId: number; contactId: number; source?: string },
): Promise<{ contactId: number; channels: UnsubscribeResult[]; skippedMessages: number }> {
  return db.transaction(async (tx) => {
    const contact = await findContactById(tx, brandId, contactId);
    if (!contact) throw new AppError('not_found', 'Contact not found');
    const sms = (await channelsOfContact(tx, brandId, contactId)).filter((c) => c.type === 'sms');
    const channels: UnsubscribeResult[] = [];
    for (const channel of sms) channels.push(await blockContactChannel(tx, { brandId, channelId: channel.id, source }));
    return { contactId, channels, skippedMessages: channels.reduce((sum, c) => sum + c.skippedMessages, 0) };
  });
}
