/** SQL for a privacy redaction of contacts (a store's customers/redact and shop/redact). */
import type { Tx } from '../../db/index.ts';

/**
 * Erases what identifies the contacts: their channels deleted, the consent ledger rows of those
 * channels (or of these usernames) keeping only `marker` as the username, names and ids cleared,
 * customer events deleted. Brand-scoped ledger; returns the counts.
 */
export async function eraseContacts(
  tx: Tx,
  {
    brandId,
    contactIds,
    usernames,
    marker,
  }: { brandId: number; contactIds: number[]; usernames: string[]; marker: string },
): Promise<{ contacts: number; channels: number; consent_events: number }> {
  const channelIds =
    contactIds.length === 0
      ? []
      : (await tx('contact_channels').whereIn('contact_id', contactIds).select<{ id: string }[]>('id')).map((row) =>
          Number(row.id),
        );
  const ledger = await tx('channel_consent_events')
    .where({ brand_id: brandId })
    .where((q) => {
      void q.whereRaw('false');
      if (channelIds.length > 0) void q.orWhereIn('contact_channel_id', channelIds);
      if (usernames.length > 0) void q.orWhereIn('username', usernames);
    })
    .update({ username: marker, extra_data: {} });
  const channels = channelIds.length === 0 ? 0 : await tx('contact_channels').whereIn('id', channelIds).del();
  if (contactIds.length > 0) {
    await tx('customer_events').whereIn('contact_id', contactIds).del();
    await tx('contacts')
      .whereIn('id', contactIds)
      .update({
        given_name: null,
        family_name: null,
        external_id: null,
        buyer_accepts_sms_marketing: null,
        extra_data: tx.raw(
          `jsonb_strip_nulls(jsonb_build_object('group_name', extra_data->'group_name', 'redacted_at', now()))`,
        ),
        updated_at: tx.fn.now(),
      });
  }
  return { contacts: contactIds.length, channels, consent_events: ledger };
}
