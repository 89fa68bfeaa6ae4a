/** SQL of the consent export: every consent change of a brand's channels, oldest first per channel. */
import type { Handle } from '../../db/index.ts';

export interface ConsentEventRow {
  id: number;
  contact_channel_id: number | null;
  contact_id: number | null;
  channel_type: string | null;
  username: string;
  status: string;
  source: string | null;
  recorded_at: Date;
  extra_data: Record<string, unknown>;
  current_status: string | null;
}

export async function brandExists(db: Handle, brandId: number): Promise<boolean> {
  return (await db('brands').where({ id: brandId }).first('id')) !== undefined;
}

/**
 * The brand's consent ledger joined to its channels (a channel deleted since keeps its events,
 * under its number), ordered by number, then time, then id. Void events are left out: the
 * 'subscribed' events storefront capture recorded before it stopped granting consent (the
 * storefront consent re-check marked them, extra_data.voided), since no shopper gave them.
 */
export async function consentEvents(db: Handle, brandId: number): Promise<ConsentEventRow[]> {
  const rows = await db('channel_consent_events as e')
    .leftJoin('contact_channels as c', function join() {
      this.on('c.id', '=', 'e.contact_channel_id').andOn('c.brand_id', '=', 'e.brand_id');
    })
    .where('e.brand_id', brandId)
    .whereRaw(`e.extra_data->'voided' is null`)
    .orderBy([{ column: 'e.username' }, { column: 'e.recorded_at' }, { column: 'e.id' }])
    .select(
      'e.id',
      'e.contact_channel_id',
      'c.contact_id',
      'c.type as channel_type',
      'e.username',
      'e.status',
      'e.source',
      'e.recorded_at',
      'e.extra_data',
      'c.status as current_status',
    );
  return rows.map((row: Record<string, unknown>) => ({
    ...(row as unknown as ConsentEventRow),
    id: Number(row.id),
    contact_channel_id: row.contact_channel_id === null ? null : Number(row.contact_channel_id),
    contact_id: row.contact_id === null ? null : Number(row.contact_id),
  }));
}
