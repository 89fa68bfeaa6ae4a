/** SQL of the one-time sign-in tokens (`/auth/redirect?token=…`): stored as their SHA-256 only. */
import type { Handle } from '../../db/index.ts';

export async function insertSignInToken(
  db: Handle,
  row: { tokenHash: string; userId: number | null; brandId: number | null; source: string; expiresAt: Date },
): Promise<void> {
  await db('sign_in_tokens').insert({
    token_hash: row.tokenHash,
    user_id: row.userId,
    brand_id: row.brandId,
    source: row.source,
    expires_at: row.expiresAt,
  });
  // Tokens live minutes: those expired a day ago are of no use to anyone.
  await db('sign_in_tokens').where('expires_at', '<', db.raw(`now() - interval '1 day'`)).delete();
}

export type ConsumedToken =
  { state: 'consumed'; userId: number | null; brandId: number | null } | { state: 'unknown' | 'expired' | 'used' };

/** Marks the token used if it is live, in one statement (two redemptions cannot both win). */
export async function consumeSignInToken(db: Handle, tokenHash: string): Promise<ConsumedToken> {
  const [row] = await db('sign_in_tokens')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .update({ used_at: db.fn.now() })
    .returning<{ user_id: string | null; brand_id: string | null }[]>(['user_id', 'brand_id']);
  if (row)
    return {
      state: 'consumed',
      userId: row.user_id === null ? null : Number(row.user_id),
      brandId: row.brand_id === null ? null : Number(row.brand_id),
    };
  const known = await db('sign_in_tokens').where({ token_hash: tokenHash }).first<{ used_at: Date | null }>('used_at');
  return { state: !known ? 'unknown' : known.used_at ? 'used' : 'expired' };
}

/** The tenant of a brand, when the user is an active, activated member of it. */
export async function memberOfBrand(db: Handle, userId: number, brandId: number): Promise<boolean> {
  const row = await db('tenant_users as tu')
    .join('brands as b', 'b.tenant_id', 'tu.tenant_id')
    .where({ 'tu.user_id': userId, 'tu.state': 'active', 'b.id': brandId })
    .whereNotNull('tu.activated_at')
    .first('tu.id');
  return row !== undefined;
}

/** The brand's first active, activated admin member (earliest activated), if any. */
export async function brandAdminUser(db: Handle, brandId: number): Promise<number | undefined> {
  const row = await db('tenant_users as tu')
    .join('brands as b', 'b.tenant_id', 'tu.tenant_id')
    .where({ 'b.id': brandId, 'tu.state': 'active' })
    .whereNotNull('tu.activated_at')
    .orderByRaw(`(tu.role = 'admin') desc, tu.activated_at, tu.id`)
    .first<{ user_id: string }>('tu.user_id');
  return row ? Number(row.user_id) : undefined;
}

/**
 * True when the user reaches a tenant other than the brand's: an active membership of another
 * tenant, or an active partner membership (a partner reaches its tenants).
 */
export async function reachesOtherTenants(db: Handle, userId: number, brandId: number): Promise<boolean> {
  const row = await db.raw<{ rows: Array<{ other: boolean }> }>(
    `select exists (
              select 1 from tenant_users tu
               where tu.user_id = ? and tu.state = 'active'
                 and tu.tenant_id <> (select tenant_id from brands where id = ?)
            ) or exists (
              select 1 from partner_users pu where pu.user_id = ? and pu.state = 'active'
            ) as other`,
    [userId, brandId, userId],
  );
  return row.rows[0]?.other === true;
}

/** The active, activated member of the brand with this e-mail (case-insensitive), if any. */
export async function brandMemberByEmail(db: Handle, brandId: number, email: string): Promise<number | undefined> {
  const row = await db('tenant_users as tu')
    .join('brands as b', 'b.tenant_id', 'tu.tenant_id')
    .join('users as u', 'u.id', 'tu.user_id')
    .where({ 'b.id': brandId, 'tu.state': 'active' })
    .whereNotNull('tu.activated_at')
    .whereRaw('lower(u.email) = lower(?)', [email.trim()])
    .first<{ user_id: string }>('tu.user_id');
  return row ? Number(row.user_id) : undefined;
}
