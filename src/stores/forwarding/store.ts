/** SQL of the brands' cart event hook endpoints (`cart_event_hooks`). */
import type { Handle } from '../../db/index.ts';

export interface CartHookRow {
  brand_id: number;
  url: string;
  secret_sealed: string;
  is_enabled: boolean;
  last_attempt_at: Date | null;
  last_status: string | null;
  last_error: string | null;
  delivered_count: number;
  failed_count: number;
  created_at: Date;
  updated_at: Date;
}

const toRow = (row: Record<string, unknown> | undefined): CartHookRow | undefined =>
  row ? { ...(row as unknown as CartHookRow), brand_id: Number(row.brand_id) } : undefined;

export async function findCartHook(db: Handle, brandId: number): Promise<CartHookRow | undefined> {
  return toRow(await db('cart_event_hooks').where({ brand_id: brandId }).first());
}

/** Creates or changes the brand's hook; `secretSealed` replaces the secret when given. */
export async function saveCartHook(
  db: Handle,
  { brandId, url, secretSealed, enabled }: { brandId: number; url: string; secretSealed?: string; enabled: boolean },
): Promise<CartHookRow> {
  const [row] = await db('cart_event_hooks')
    .insert({ brand_id: brandId, url, secret_sealed: secretSealed ?? '', is_enabled: enabled })
    .onConflict('brand_id')
    .merge({
      url,
      is_enabled: enabled,
      ...(secretSealed ? { secret_sealed: secretSealed } : {}),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return toRow(row)!;
}

export async function deleteCartHook(db: Handle, brandId: number): Promise<boolean> {
  return (await db('cart_event_hooks').where({ brand_id: brandId }).delete()) > 0;
}

/** The brand of a store integration when that brand has an enabled hook (checked before a forward is queued). */
export async function brandWithEnabledHook(db: Handle, brandIntegrationId: number): Promise<number | undefined> {
  const row = await db('brand_integrations as bi')
    .join('cart_event_hooks as h', 'h.brand_id', 'bi.brand_id')
    .where({ 'bi.id': brandIntegrationId, 'h.is_enabled': true })
    .first<{ brand_id: string } | undefined>('h.brand_id');
  return row ? Number(row.brand_id) : undefined;
}

export async function recordCartHookOutcome(
  db: Handle,
  brandId: number,
  { delivered, status, error }: { delivered: boolean; status: string; error: string | null },
): Promise<void> {
  await db('cart_event_hooks')
    .where({ brand_id: brandId })
    .update({
      last_attempt_at: db.fn.now(),
      last_status: status,
      last_error: error,
      delivered_count: db.raw(`delivered_count + ?`, [delivered ? 1 : 0]),
      failed_count: db.raw(`failed_count + ?`, [delivered ? 0 : 1]),
      updated_at: db.fn.now(),
    });
}
