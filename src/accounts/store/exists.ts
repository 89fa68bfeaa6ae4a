/** SQL: whether a brand, tenant, partner or user of this id exists. */
import type { Handle } from '../../db/index.ts';

export type AccountKind = 'brand' | 'tenant' | 'partner' | 'user';

const TABLE: Record<AccountKind, string> = { brand: 'brands', tenant: 'tenants', partner: 'partners', user: 'users' };

export async function accountRowExists(db: Handle, kind: AccountKind, id: number): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).first('id')) !== undefined;
}
