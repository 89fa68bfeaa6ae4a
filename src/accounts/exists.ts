/**
 * The ids a command is given: a brand, tenant, partner or user that does not exist is
 * 'Brand not found' / 'Tenant not found' / 'Partner not found' / 'User not found' (not_found, exit 1),
 * never an empty answer a script would take for "nothing to do".
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { accountRowExists, type AccountKind } from './store/exists.ts';

export const NOT_FOUND_MESSAGES: Record<AccountKind, string> = {
  brand: 'Brand not found',
  tenant: 'Tenant not found',
  partner: 'Partner not found',
  user: 'User not found',
};

async function requireAccount(db: Handle, kind: AccountKind, id: number | undefined): Promise<void> {
  if (id === undefined) return;
  if (!(await accountRowExists(db, kind, id)))
    throw new AppError('not_found', NOT_FOUND_MESSAGES[kind], { code: `${kind}_not_found` });
}

/** 'Brand not found' unless the brand exists (nothing is checked when the id is undefined). */
export const requireBrand = (db: Handle, id: number | undefined): Promise<void> => requireAccount(db, 'brand', id);
export const requireTenant = (db: Handle, id: number | undefined): Promise<void> => requireAccount(db, 'tenant', id);
export const requirePartner = (db: Handle, id: number | undefined): Promise<void> => requireAccount(db, 'partner', id);
export const requireUser = (db: Handle, id: number | undefined): Promise<void> => requireAccount(db, 'user', id);
