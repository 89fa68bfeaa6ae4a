export {
  validateLead,
  normalizeEmail,
  normalizeStoreUrl,
  normalizeSupportPhone,
  isInternalTestEmail,
  isUuid,
  LEAD_MESSAGES,
  DEFAULT_INTERNAL_DOMAINS,
  INTERNAL_TEST_TAG,
  INTERNAL_TESTING_INDUSTRY,
  type LeadInput,
  type ValidLead,
  type ValidateLeadOptions,
} from './rules-lead.ts';
export { findLead, isLeadLinked, type Lead } from './leads-store.ts';
export { brandExists, findBrandByDomain, createInstalledBrand, adoptPlaceholderBrand } from './store/installs.ts';
export {
  setupTenant,
  getLead,
  PASSWORD_HASH_COST,
  SETUP_FAILED_MESSAGE,
  type TenantSetupOptions,
  type TenantSetupResult,
} from './tenant-setup.ts';
export {
  collapsePermissions,
  parsePermission,
  formatPermission,
  splitFeatures,
  planBaseName,
  customPlanName,
  planReadPermission,
  isFeature,
  DEFAULT_ROLE_PERMISSIONS,
  GRANTING_SUBSCRIPTION_STATUSES,
  type Grant,
  type GrantState,
  type Permission,
  type ListedPermission,
} from './permissions-rules.ts';
export {
  collectPermissions,
  grantBrandPermission,
  revokeBrandPermission,
  listBrandPermissions,
  visiblePlans,
  addPlanReadPermission,
  grantPlanToBrand,
  copyPlanPermissions,
  type CollectOptions,
  type BrandPermissionChange,
  type BrandPermissionList,
  type PlanRow,
} from './permissions.ts';
export {
  parseInviteEmails,
  parseInviteRole,
  inviteExpiry,
  isInviteExpired,
  memberState,
  normalizeUserPhone,
  INVITE_ROLES,
  INVITE_TOKEN_MINUTES,
  MEMBER_STATES,
  DEFAULT_PAGE_SIZE,
  type InviteRole,
  type MemberState,
  type ParsedEmails,
} from './rules-invites.ts';
export {
  listUsers,
  getUser,
  updateUser,
  suspendUser,
  type MemberListing,
  type UserDetails,
  type UserUpdate,
} from './users.ts';
export {
  inviteMembers,
  reinviteMember,
  activateMembership,
  findMembershipBySetupToken,
  type Invitation,
  type InviteResult,
  type InviteContext,
  type SetupTokenMembership,
} from './invites.ts';
export { invitePartner, listPartners, type PartnerInviteResult } from './partners.ts';
export type { MembershipKind, MemberListRow, PartnerListRow, UserRow } from './users-store.ts';
export {
  isAdmitted,
  loginRefusal,
  accountRefusal,
  tokenRole,
  loginRateLimited,
  LOGIN_MESSAGES,
  AUTH_MESSAGES,
  AUTH_APPS,
  TOKEN_MINUTES,
  LOGIN_LIMITS,
  RECOVERY_LIMITS,
  BCRYPT_COST,
  type AuthApp,
  type AdmissionFacts,
  type LoginFacts,
  type AccountFacts,
} from './auth-rules.ts';
export {
  signAccessToken,
  signRefreshToken,
  signRecoveryToken,
  verifyAccessToken,
  verifyRefreshToken,
  verifyRecoveryToken,
  type SessionClaims,
  type TokenType,
} from './auth-tokens.ts';
export {
  login,
  refresh,
  authenticate,
  openSession,
  hashPassword,
  type LoginOptions,
  type LoginResponse,
  type AuthSession,
} from './auth.ts';
export {
  forgotPassword,
  resetPassword,
  checkNewPassword,
  FORGOT_PASSWORD_ANSWER,
  type ResetPasswordOptions,
} from './auth-recovery.ts';
export { verifyInvite, setupAccount, type InviteDetails, type SetupAccountOptions } from './auth-setup.ts';
export {
  passkeyRegistrationOptions,
  verifyPasskeyRegistration,
  listPasskeys,
  deletePasskey,
  passkeyLoginOptions,
  verifyPasskeyLogin,
  relyingParty,
  type ListedPasskey,
} from './auth-passkeys.ts';
export { readProfile, readTenantUsers, readBrand, type Profile, type TenantUsersQuery } from './auth-access.ts';
export { accountsRoutes, requireAuth, sessionOf, parseInput } from './auth-http.ts';
