/**
 * Who may do what on the brand API's write routes (spec 4 section 6: tenant and partner roles are
 * admin and member). A member builds: drafts, segments, tests. Only an admin (a tenant or partner
 * admin, or staff) does what changes what shoppers receive or loses history: activate, schedule,
 * cancel, delete. The panel reads the same answer to disable a control with the reason.
 */
import { z } from 'zod';
import { brandRole, type BrandRole } from '../accounts/index.ts';
import { AppError, type AppContext } from '../app/index.ts';
import type { ApiBrand, ApiCaller } from '../http/index.ts';

export const callerRole = (ctx: AppContext, caller: ApiCaller, brand: ApiBrand): Promise<BrandRole> =>
  brandRole(ctx.db, { userId: caller.userId, isStaff: caller.isStaff }, brand.tenant_id);

/** Refused with `message` (403) unless the caller is an admin of the brand. */
export async function requireBrandAdmin(
  ctx: AppContext,
  caller: ApiCaller,
  brand: ApiBrand,
  message: string,
): Promise<void> {
  if ((await callerRole(ctx, caller, brand)) !== 'admin')
    throw new AppError('forbidden', message, { code: 'admin_only' });
}

export const rolePermissionsSchema = z.object({
  role: z.enum(['admin', 'member']),
  admin_only: z.array(z.string()).describe('the actions only an admin may take'),
  reason: z.string().nullable().describe('why those controls are not available to this user (null: an admin)'),
});

export async function rolePermissions(
  ctx: AppContext,
  caller: ApiCaller,
  brand: ApiBrand,
  { actions, reason }: { actions: string[]; reason: string },
): Promise<z.infer<typeof rolePermissionsSchema>> {
  const role = await callerRole(ctx, caller, brand);
  return { role, admin_only: actions, reason: role === 'admin' ? null : reason };
}
