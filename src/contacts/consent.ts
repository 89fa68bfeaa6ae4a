/**
 * Opt-outs, opt-ins and blocks of a channel (spec 3 section 4, "Blocking"; DESIGN "Compliance"):
 * the channel's status changes at once and the change is recorded in the consent ledger. Skipping
 * the channel's queued messages is the conversations domain's part of an opt-out.
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { recordConsent } from './service.ts';
import { channelsOfContact, findChannel, findContactById, updateChannel } from './store.ts';

export interface OptOutResult {
  channelId: number;
  username: string;
  /** False when the channel was already unsubscribed (and blocked, when blocking). */
  changed: boolean;
}

/**
 * Unsubscribes one channel of the brand (STOP and its synonyms, or an agent's block when `blocked`).
 * Idempotent: a repeat records nothing new.
 */
export async function optOutChannel(
  db: Handle,
  {
    brandId,
    channelId,
    source,
    blocked = false,
    at = new Date(),
  }: { brandId: number; channelId: number; source: string; blocked?: boolean; at?: Date },
): Promise<OptOutResult> {
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
    return { channelId: channel.id, username: channel.username, changed };
  });
}

/**
 * START / UNSTOP: the shopper opts back in. An opted-out channel becomes subscribed again and the
 * consent is recorded; a compliance type of na (or none) becomes p2p, since the shopper texted the
 * brand's number. A channel an agent blocked stays blocked unless `unblock` is set.
 */
export async function resubscribeChannel(
  db: Handle,
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

/** The ids of a contact's SMS channels, oldest first ('Contact not found' when the brand has no such contact). */
export async function smsChannelIdsOfContact(
  db: Handle,
  { brandId, contactId }: { brandId: number; contactId: number },
): Promise<number[]> {
  const contact = await findContactById(db, brandId, contactId);
  if (!contact) throw new AppError('not_found', 'Contact not found');
  return (await channelsOfContact(db, brandId, contactId)).filter((c) => c.type === 'sms').map((c) => c.id);
}

/** The tap-to-text state of a channel: a keyword waits for the shopper's Y (double opt-in). */
export interface TapToTextPending {
  workflow_id: number;
  keyword: string;
  at: string;
}

export const tapToTextPendingOf = (extra: Record<string, unknown>): TapToTextPending | undefined => {
  const value = extra.tap_to_text_pending as TapToTextPending | undefined;
  return value && typeof value === 'object' && typeof value.keyword === 'string' ? value : undefined;
};

/** Marks (or clears, with null) the keyword a channel must confirm with Y before any marketing. */
export async function setTapToTextPending(
  db: Handle,
  { brandId, channelId, pending }: { brandId: number; channelId: number; pending: TapToTextPending | null },
): Promise<void> {
  const channel = await findChannel(db, { brandId, channelId });
  if (!channel) throw new AppError('not_found', 'Contact channel not found');
  const extra = { ...channel.extra_data };
  if (pending) extra.tap_to_text_pending = pending;
  else delete extra.tap_to_text_pending;
  await updateChannel(db, channel.id, { extra_data: extra });
}

/**
 * The shopper confirmed a tap-to-text keyword with Y: the channel is subscribed with the keyword as
 * its consent source (source 'keyword', the keyword and flow in the ledger), the pending mark gone.
 * A channel that is unsubscribed or blocked is not changed (only START re-subscribes it).
 */
export async function confirmKeywordConsent(
  db: Handle,
  { brandId, channelId, at = new Date() }: { brandId: number; channelId: number; at?: Date },
): Promise<{ confirmed: boolean; pending?: TapToTextPending }> {
  return db.transaction(async (tx) => {
    const channel = await findChannel(tx, { brandId, channelId, lock: true });
    if (!channel) throw new AppError('not_found', 'Contact channel not found');
    const pending = tapToTextPendingOf(channel.extra_data);
    if (!pending || channel.status !== 'subscribed' || channel.extra_data.blocked === true) return { confirmed: false };
    const extra = { ...channel.extra_data };
    delete extra.tap_to_text_pending;
    const updated = await updateChannel(tx, channel.id, {
      consent_source: 'keyword',
      consented_at: at,
      compliance_type:
        channel.compliance_type === null || channel.compliance_type === 'na' ? 'p2p' : channel.compliance_type,
      extra_data: extra,
    });
    await recordConsent(tx, updated, 'keyword', at, {
      previous_status: channel.status,
      keyword: pending.keyword,
      workflow_id: pending.workflow_id,
    });
    return { confirmed: true, pending };
  });
}
