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
  storeLeadExists,
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

/**
 * The merchant of a brand an install created (on its first install, or whose lead an earlier
 * install made): lead, tenant user, then link; undefined when the brand is not such a one. A lead whose e-mail belonged to an account
 * already gets no link unless the platform vouched for that e-mail (`verifiedEmail`, the
 * BigCommerce user): a shop's e-mail proves nothing about who owns that account ('no_link').
 */
async function merchantLink(
  ctx: AppContext,
  {
    brandId,
    source,
    merchant,
    verifiedEmail,
  }: { brandId: number; source: string; merchant: InstallMerchant; verifiedEmail?: string | null },
): Promise<LandingLink | 'no_link' | undefined> {
  if (!(await brandCreatedByInstall(ctx.db, brandId))) return undefined;
  if ((await brandHasMember(ctx.db, brandId)) && !(await storeLeadExists(ctx.db, merchant.source, merchant.storeKey)))
    return undefined;
  const setup = await setupInstallLead(ctx.db, merchant, { brandId });
  const log = ctx.logger.child({ brand_id: brandId, lead_id: setup.lead_id, user_id: setup.user_id });
  log.info({ lead_created: setup.lead_created, reused_user: setup.reused_user }, 'store merchant set up from its lead');
  const vouched = Boolean(
    verifiedEmail && merchant.email && verifiedEmail.toLowerCase() === merchant.email.toLowerCase(),
  );
  if (setup.reused_user && !vouched) {
    log.info("the merchant's e-mail belongs to an existing account: it signs in with its own credentials");
    return 'no_link';
  }
  const link = await issueSignInLink(ctx, { userId: setup.user_id, brandId, source });
  return { url: link.url, userId: setup.user_id, newMerchant: setup.created };
}

const notConnected = (error: unknown): boolean => isAppError(error) && error.message === SIGN_IN_MESSAGES.notConnected;

/**
 * After an install: the installing user's link when the platform names them (`userEmail`,
 * BigCommerce) and they are a member; else, for a brand the install created, the merchant set up
 * from the store's lead; else — for a brand set up beforehand — its admin's link (Shopify), or
 * none when the named installer is not a member. Undefined: the panel's start page.
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
  const named = userEmail?.trim() || null;
  if (named) {
    const own = await memberSignInLink(ctx, { brandId, email: named, source }).catch((error: unknown) => {
      if (notConnected(error)) return undefined;
      throw error;
    });
    if (own) return { url: own.url, newMerchant: false };
  }
  const merchantLanding = await merchantLink(ctx, { brandId, source, merchant, verifiedEmail: named });
  if (merchantLanding === 'no_link') return undefined;
  if (merchantLanding) return merchantLanding;
  if (named) return undefined;
  const admin = await brandSignInLink(ctx, { brandId, source });
  return admin ? { url: admin.url, newMerchant: false } : undefined;
}

/**
 * An app open by a store user (BigCommerce load): 'No user data provided' without the user's
 * e-mail; the member with that e-mail signs in; a brand the install created with no member yet
 * sets its merchant up first (the user as the lead); anyone else is refused with 'Your account
 * is not connected to a brand, please contact support'.
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
    if (!notConnected(error) || (await brandHasMember(ctx.db, brandId))) throw error;
    const created = await merchantLink(ctx, {
      brandId,
      source,
      merchant: { ...merchant, email: userEmail },
      verifiedEmail: userEmail,
    });
    if (!created || created === 'no_link') throw error;
    return created;
  }
}
