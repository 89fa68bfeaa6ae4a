/**
 * Sign-in through a store (spec 2 sections 2 and 5): after an install or an app open the merchant
 * lands on the panel through a one-time `/auth/redirect?token=…` link. A merchant the install is
 * the first sight of (the brand was created by the install and has no member yet) becomes a lead,
 * then a tenant through the usual setup (into the brand the install created), and signs in as its
 * admin. Accounts owns leads, users and tokens; this module only composes its services.
 */
import {
  brandCreatedByInstall,
  brandHasMember,
  brandSignInLink,
  issueSignInLink,
  memberSignInLink,
  setupInstallLead,
  SIGN_IN_MESSAGES,
  type InstallMerchant,
} from '../accounts/index.ts';
import { isAppError, type AppContext } from '../app/index.ts';

export interface LandingLink {
  url: string;
  userId?: number;
  /** True when the merchant became a lead and a tenant user on this call. */
  newMerchant: boolean;
}

/** The merchant of a brand an install created and nobody has joined yet: lead, tenant user, then link. */
async function newMerchantLink(
  ctx: AppContext,
  { brandId, source, merchant }: { brandId: number; source: string; merchant: InstallMerchant },
): Promise<LandingLink | undefined> {
  if (!(await brandCreatedByInstall(ctx.db, brandId))) return undefined;
  const setup = await setupInstallLead(ctx.db, merchant, { brandId });
  ctx.logger.info(
    { brand_id: brandId, lead_id: setup.lead_id, user_id: setup.user_id, lead_created: setup.lead_created },
    'store merchant set up from its lead',
  );
  const link = await issueSignInLink(ctx, { userId: setup.user_id, brandId, source });
  return { url: link.url, userId: setup.user_id, newMerchant: setup.created };
}

/**
 * After an install: the link of the installing user when they are a member (`userEmail`), else
 * of the brand's admin, else — for a brand the install created — of the merchant set up from
 * the store's lead. Undefined when the brand has members but none is the installer's.
 */
export async function installLanding(
  ctx: AppContext,
  {
    brandId,
    source,
    merchant,
    userEmail,
  }: { brandId: number; source: string; merchant: InstallMerchant; userEmail?: string | null },
): Promise<LandingLink | undefined> {
  if (userEmail?.trim()) {
    const own = await memberSignInLink(ctx, { brandId, email: userEmail, source }).catch((error: unknown) => {
      if (isAppError(error) && error.message === SIGN_IN_MESSAGES.notConnected) return undefined;
      throw error;
    });
    if (own) return { url: own.url, newMerchant: false };
  }
  const admin = await brandSignInLink(ctx, { brandId, source });
  if (admin) return { url: admin.url, newMerchant: false };
  return newMerchantLink(ctx, { brandId, source, merchant });
}

/**
 * An app open by a store user (BigCommerce load): 'No user data provided' without the user's
 * e-mail; the member with that e-mail signs in; a brand the install created with no member yet
 * sets its merchant up first; anyone else is refused with 'Your account is not connected to a
 * brand, please contact support'.
 */
export async function openLanding(
  ctx: AppContext,
  {
    brandId,
    source,
    merchant,
    userEmail,
  }: { brandId: number; source: string; merchant: InstallMerchant; userEmail: string | null | undefined },
): Promise<LandingLink> {
  try {
    const link = await memberSignInLink(ctx, { brandId, email: userEmail, source });
    return { url: link.url, newMerchant: false };
  } catch (error) {
    if (!isAppError(error) || error.message !== SIGN_IN_MESSAGES.notConnected) throw error;
    if (await brandHasMember(ctx.db, brandId)) throw error;
    const created = await newMerchantLink(ctx, { brandId, source, merchant: { ...merchant, email: userEmail } });
    if (!created) throw error;
    return created;
  }
}
