/**
 * Agents' edits to contacts: the note on a contact (contacts.extra_data.note) and removing a
 * channel. An unsubscribed or blocked channel is never removed: it is what keeps the shopper's
 * opt-out in force (a store event naming the number again would otherwise make a fresh,
 * subscribed channel).
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { findChannel } from './store.ts';
import { deleteChannelRow, setContactNote } from './store/edits.ts';

export const CONTACT_NOTE_MAX_LENGTH = 5000;

/** The contact's note; an empty or blank note removes it. 'Contact not found' for another brand's contact. */
export async function updateContactNote(
  db: Handle,
  { brandId, contactId, note }: { brandId: number; contactId: number; note: string | null },
): Promise<{ contactId: number; note: string | null; updatedAt: string }> {
  const text = note?.trim() ? note.trim() : null;
  if (text !== null && text.length > CONTACT_NOTE_MAX_LENGTH)
    throw new AppError('invalid_input', `A note has at most ${CONTACT_NOTE_MAX_LENGTH} characters.`);
  const saved = await setContactNote(db, { brandId, contactId, note: text });
  if (!saved) throw new AppError('not_found', 'Contact not found');
  return { contactId: saved.id, note: saved.note, updatedAt: saved.updated_at.toISOString() };
}

/** Removes a subscribed channel of the brand ('Contact channel not found'; an opted-out one is refused). */
export async function deleteContactChannel(
  db: Handle,
  { brandId, channelId }: { brandId: number; channelId: number },
): Promise<{ channelId: number; deleted: true }> {
  return db.transaction(async (tx) => {
    const channel = await findChannel(tx, { brandId, channelId, lock: true });
    if (!channel) throw new AppError('not_found', 'Contact channel not found');
    if (channel.status !== 'subscribed' || channel.extra_data.blocked === true)
      throw new AppError(
        'conflict',
        'An unsubscribed or blocked channel cannot be deleted: it keeps the opt-out in force.',
        { code: 'channel_opted_out' },
      );
    await deleteChannelRow(tx, { brandId, channelId });
    return { channelId, deleted: true as const };
  });
}
