/**
 * What an agent does to the shopper from the inbox (spec 3 section 7: contact channel block and
 * delete, note update on contact). The contacts domain owns the rows; blocking also skips the
 * channel's queued texts (opt-out.ts).
 */
import { z } from 'zod';
import { CONTACT_NOTE_MAX_LENGTH, deleteContactChannel, updateContactNote } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { idSchema, parseServiceInput } from './input.ts';
import { blockContactChannel, type UnsubscribeResult } from './opt-out.ts';

export const channelRefSchema = z.object({ brandId: idSchema, channelId: idSchema });
export type ChannelRef = z.input<typeof channelRefSchema>;

/**
 * Blocks the channel: unsubscribed, extra_data.blocked, recorded in the consent ledger, and its
 * queued texts skipped ('unsubscribed'). Idempotent. 'Contact channel not found' otherwise.
 */
export async function blockChannel(db: Handle, input: ChannelRef): Promise<UnsubscribeResult> {
  const { brandId, channelId } = parseServiceInput(channelRefSchema, input);
  return blockContactChannel(db, { brandId, channelId });
}

/** Deletes a subscribed channel (an unsubscribed or blocked one is kept: its opt-out must hold). */
export async function deleteChannel(db: Handle, input: ChannelRef): Promise<{ channelId: number; deleted: true }> {
  return deleteContactChannel(db, parseServiceInput(channelRefSchema, input));
}

export const updateContactNoteSchema = z.object({
  brandId: idSchema,
  contactId: idSchema,
  /** The note; empty or null removes it. */
  note: z.string().max(CONTACT_NOTE_MAX_LENGTH).nullable(),
});
export type UpdateContactNoteInput = z.input<typeof updateContactNoteSchema>;

/** Sets the note on the brand's contact ('Contact not found' otherwise). */
export async function setContactNote(
  db: Handle,
  input: UpdateContactNoteInput,
): Promise<{ contactId: number; note: string | null; updatedAt: string }> {
  return updateContactNote(db, parseServiceInput(updateContactNoteSchema, input));
}
