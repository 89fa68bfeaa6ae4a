/** SQL of agents' edits to contacts: the note on a contact, a channel removed. */
import type { Handle } from '../../db/index.ts';

/** Sets (or, with null, removes) extra_data.note of the brand's contact; returns the note, undefined when no contact. */
export async function setContactNote(
  db: Handle,
  { brandId, contactId, note }: { brandId: number; contactId: number; note: string | null },
): Promise<{ id: number; note: string | null; updated_at: Date } | undefined> {
  const extra =
    note === null ? db.raw(`extra_data - 'note'`) : db.raw(`extra_data || jsonb_build_object('note', ?::text)`, [note]);
  const [row] = await db('contacts')
    .where({ id: contactId, brand_id: brandId })
    .update({ extra_data: extra, updated_at: db.fn.now() })
    .returning<{ id: string; extra_data: Record<string, unknown>; updated_at: Date }[]>([
      'id',
      'extra_data',
      'updated_at',
    ]);
  if (!row) return undefined;
  const value = row.extra_data.note;
  return { id: Number(row.id), note: typeof value === 'string' ? value : null, updated_at: row.updated_at };
}

/** Deletes the brand's channel; its conversations keep their messages and lose the link. Returns whether it existed. */
export async function deleteChannelRow(
  db: Handle,
  { brandId, channelId }: { brandId: number; channelId: number },
): Promise<boolean> {
  return (await db('contact_channels').where({ id: channelId, brand_id: brandId }).delete()) > 0;
}
