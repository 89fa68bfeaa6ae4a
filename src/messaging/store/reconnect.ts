/** SQL of integration reauth on the messaging side (spec 2 section 4). */
import type { Handle } from '../../db/index.ts';

/**
 * The brand's disconnected messaging (sms) integrations become connected and enabled again, with
 * `reconnected_at` recorded in their settings; returns their ids.
 */
export async function reconnectMessagingIntegrations(db: Handle, brandId: number): Promise<number[]> {
  const rows = await db('brand_integrations as bi')
    .update({
      status: 'connected',
      is_enabled: true,
      settings: db.raw(`coalesce(bi.settings, '{}'::jsonb) || jsonb_build_object('reconnected_at', now())`),
      updated_at: db.fn.now(),
    })
    .updateFrom('integrations as i')
    .whereRaw('i.id = bi.integration_id')
    .where({ 'bi.brand_id': brandId, 'i.category': 'sms', 'bi.status': 'disconnected' })
    .returning<{ id: string }[]>('bi.id');
  return rows.map((row) => Number(row.id));
}
