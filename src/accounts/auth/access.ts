import { AppError, type AppContext } from '../../app/index.ts';
import { AUTH_MESSAGES } from './rules.ts';
import {
  canReadTenant,
  findBrandView,
  membershipViews,
  type BrandView,
  type MembershipView,
  type Reader,
} from '../store/access.ts';
import { findAuthUserById } from '../store/auth.ts';
import type { AuthSession } from './session.ts';
import { parseMemberState } from '../members/rules.ts';
import { listMembers, type MemberListRow } from '../store/members.ts';

/**
 * Reads on behalf of a logged-in user. Another tenant's resource is answered exactly like a
 * missing one ('Tenant not found' / 'Brand not found', 404), so nothing about it leaks.
 */

export interface Profile {
  user_id: number;
  email: string;
  given_name: string | null;
  family_name: string | null;
  phone: string | null;
  avatar_url: string | null;
  is_staff: boolean;
  role: string;
  tenant_id: number | null;
  brand_id: number | null;
  partner_id: number | null;
  policies: string[];
  account_created_at: string;
  last_login: string | null;
  memberships: MembershipView[];
}

export async function readProfile(ctx: AppContext, session: AuthSession): Promise<Profile> {
  const user = await findAuthUserById(ctx.db, session.userId);
  if (!user) throw new AppError('not_found', AUTH_MESSAGES.userNotFound);
  const picture = user.extra_data.picture_url;
  return {
    user_id: user.id,
    email: user.email,
    given_name: user.given_name,
    family_name: user.family_name,
    phone: user.phone,
    avatar_url: typeof picture === 'string' ? picture : null,
    is_staff: user.is_staff,
    role: session.role,
    tenant_id: session.tenantId,
    brand_id: session.brandId,
    partner_id: session.partnerId,
    policies: session.policies,
    account_created_at: new Date(user.created_at).toISOString(),
    last_login: user.last_login ? new Date(user.last_login).toISOString() : null,
    memberships: await membershipViews(ctx.db, user.id),
  };
}

export interface TenantUsersQuery {
  offset: number;
  limit: number;
  state?: string;
  search?: string;
}

/** The members of a tenant the session may read (see canReadTenant), one page with the total. */
export async function readTenantUsers(
  ctx: AppContext,
  session: Reader,
  tenantId: number,
  { offset, limit, state, search }: TenantUsersQuery,
): Promise<{ items: MemberListRow[]; total: number; offset: number; limit: number }> {
  if (!(await canReadTenant(ctx.db, session, tenantId))) throw new AppError('not_found', AUTH_MESSAGES.tenantNotFound);
  const { rows, total } = await listMembers(ctx.db, {
    kind: 'tenant',
    ownerId: tenantId,
    state: parseMemberState(state),
    search,
    limit,
    offset,
  });
  return { items: rows, total, offset, limit };
}

/** A brand of a tenant the session may read. */
export async function readBrand(ctx: AppContext, session: Reader, brandId: number): Promise<BrandView> {
  const brand = await findBrandView(ctx.db, brandId);
  if (!brand || !(await canReadTenant(ctx.db, session, brand.tenant_id)))
    throw new AppError('not_found', AUTH_MESSAGES.brandNotFound);
  return brand;
}
