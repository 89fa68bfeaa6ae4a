export type { LeadInput, LeadField } from './leads/rules.ts';
export { leadFieldProblem, LEAD_MESSAGES } from './leads/rules.ts';
export { setupTenant, leadEmailProblem, type TenantSetupResult } from './leads/tenant-setup.ts';
export { requireBrand, requireTenant, requirePartner, requireUser, NOT_FOUND_MESSAGES } from './exists.ts';
export { brandRole, type BrandRole } from './store/access.ts';
export {
  ADMIN_ACTIONS,
  abilitiesOf,
  brandAbilities,
  requireBrandAdmin,
  type AdminAction,
  type BrandAbilities,
} from './roles/rules.ts';
export {
  brandExists,
  brandNames,
  findBrandByDomain,
  createInstalledBrand,
  adoptPlaceholderBrand,
} from './store/installs.ts';
export {
  setupInstallLead,
  brandCreatedByInstall,
  storeLeadExists,
  installKey,
  INSTALL_LEAD_MESSAGES,
  type InstallMerchant,
  type InstallLeadResult,
} from './leads/install-lead.ts';
export {
  collapsePermissions,
  parsePermission,
  splitFeatures,
  planBaseName,
  customPlanName,
  type Grant,
  type Permission,
  type ListedPermission,
} from './permissions/rules.ts';
export {
  collectPermissions,
  grantBrandPermission,
  revokeBrandPermission,
  listBrandPermissions,
  visiblePlans,
  addPlanReadPermission,
  copyPlanPermissions,
  type BrandPermissionList,
} from './permissions/service.ts';
export { listUsers, getUser, updateUser, suspendUser, type UserDetails } from './members/users.ts';
export {
  inviteMembers,
  reinviteMember,
  activateMembership,
  findMembershipBySetupToken,
  type Invitation,
} from './members/invites.ts';
export { invitePartner, listPartners, type PartnerInviteResult } from './members/partners.ts';
export type { MemberListRow, UserRow } from './store/members.ts';
export type { PartnerListRow } from './store/partners.ts';
export {
  isAdmitted,
  loginRefusal,
  tokenRole,
  loginRateLimited,
  LOGIN_MESSAGES,
  type AuthApp,
  type LoginFacts,
} from './auth/rules.ts';
export { signRecoveryToken, verifyAccessToken, verifyRefreshToken, verifyRecoveryToken } from './auth/tokens.ts';
export { login, refresh, authenticate, type LoginResponse } from './auth/session.ts';
export { forgotPassword, resetPassword, FORGOT_PASSWORD_ANSWER } from './auth/recovery.ts';
export { verifyInvite, setupAccount } from './auth/setup.ts';
export {
  passkeyRegistrationOptions,
  verifyPasskeyRegistration,
  listPasskeys,
  deletePasskey,
  passkeyLoginOptions,
  verifyPasskeyLogin,
} from './auth/passkeys.ts';
export { hashPassword } from './auth/session.ts';
export { accountsApi } from './api.ts';
export { API_GUARD, bearerToken } from './auth/guard.ts';
export {
  issueSignInLink,
  brandSignInLink,
  memberSignInLink,
  brandHasMember,
  redeemSignInToken,
  SIGN_IN_MESSAGES,
  SIGN_IN_TOKEN_SECONDS,
} from './auth/sign-in-link.ts';
