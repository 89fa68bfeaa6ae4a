/**
 * Lead setup (spec 4 sections 4 and 5): a lead becomes a tenant, a user (new or reused), the
 * tenant membership and a brand, all linked to the lead, in one transaction.
 */
import { AppError, isAppError } from '../../app/index.ts';
import { withTransaction, type Db, type Tx } from '../../db/index.ts';
import {
  emailUse,
  findExistingUserByEmail,
  findLead,
  findSetUpLead,
  isLeadLinked,
  linkLead,
  saveLead,
  type ExistingUser,
  type Lead,
} from '../store/leads.ts';
import { insertActiveMembership, insertUser, updateUserAccount } from '../store/members.ts';
import { findPlan } from '../store/permissions.ts';
import { insertBrand, insertTenant } from '../store/tenants.ts';
import { grantPlanToBrand } from '../permissions/service.ts';
import { isUuid, LEAD_MESSAGES, normalizeEmail, validateLead, type LeadInput } from './rules.ts';

export const PASSWORD_HASH_COST = 10;
export const SETUP_FAILED_MESSAGE = 'Failed to create tenant, user, and brand';

export interface TenantSetupOptions {
  lead: LeadInput;
  /** The new user's password (stored only as a bcrypt hash); optional: without it the user resets one. */
  password?: string | null;
  /** Grants the brand read:plans:{planId}, through which the plan's permissions reach it. */
  planId?: number | null;
  /** Allow an existing user's e-mail: that user is reused instead of refused. */
  allowDuplicate?: boolean;
  /** E-mail domains whose +test addresses mark internal test brands (default reclaim.dev). */
  internalDomains?: readonly string[];
  /**
   * Set the lead up into a tenant and brand that exist already (a store install's placeholder):
   * only the user and the membership are created, and the lead is linked to them.
   */
  into?: { tenantId: number; brandId: number } | null;
}

export interface TenantSetupResult {
  lead_id: string;
  tenant_id: number;
  user_id: number;
  brand_id: number;
  /** False when the lead was already linked and was returned unchanged. */
  created: boolean;
  /** True when an existing user was reused. */
  reused_user: boolean;
}

const resultOf = (lead: Lead, created: boolean, reusedUser: boolean): TenantSetupResult => ({
  lead_id: lead.id,
  tenant_id: lead.tenant_id!,
  user_id: lead.user_id!,
  brand_id: lead.brand_id!,
  created,
  reused_user: reusedUser,
});

/** Runs the whole setup; validation errors change nothing, any failure after that rolls everything back. */
export async function setupTenant(db: Db, options: TenantSetupOptions): Promise<TenantSetupResult> {
  const leadId = options.lead.id?.trim();
  if (leadId && isUuid(leadId)) {
    const existing = await findLead(db, leadId.toLowerCase());
    if (existing && isLeadLinked(existing))
      return resultOf(existing, false, Boolean(existing.extra_data.existing_user_id));
  }

  const email = options.lead.email?.trim();
  const existingUser = email ? await findExistingUserByEmail(db, email) : undefined;
  if (existingUser && !leadId) {
    // The same setup run again (same e-mail, company and store, for that user): unchanged.
    const same = validateLead(options.lead, { allowDuplicate: true, internalDomains: options.internalDomains });
    const before = await findSetUpLead(db, { ...same, userId: existingUser.id });
    if (before) return resultOf(before, false, Boolean(before.extra_data.existing_user_id));
  }
  const lead = validateLead(options.lead, {
    emailTaken: existingUser !== undefined,
    allowDuplicate: options.allowDuplicate,
    internalDomains: options.internalDomains,
  });
  if (options.planId != null && !(await findPlan(db, options.planId)))
    throw new AppError('not_found', 'Plan not found', { code: 'plan_not_found' });
  const password = options.password ? options.password : null;
  const passwordHash = password ? await (await import('bcryptjs')).default.hash(password, PASSWORD_HASH_COST) : null;

  try {
    return await withTransaction(db, async (tx) => {
      const saved = await saveLead(tx, lead);
      if (isLeadLinked(saved)) return resultOf(saved, false, false);
      const into = options.into ?? null;
      const tenantId =
        into?.tenantId ??
        (await insertTenant(tx, {
          name: lead.company_name,
          email: lead.email,
          phone: lead.support_phone,
          type: 'brand',
          is_enabled: true,
        }));
      const userId = existingUser
        ? await reuseUser(tx, existingUser, passwordHash)
        : await insertUser(tx, {
            email: lead.email,
            given_name: lead.first_name,
            family_name: lead.last_name,
            phone: lead.support_phone,
            role: 'admin',
            state: 'active',
            is_enabled: true,
            password: passwordHash,
          });
      await insertActiveMembership(tx, 'tenant', { ownerId: tenantId, userId, role: 'admin' });
      const brandId =
        into?.brandId ??
        (await insertBrand(tx, {
          tenant_id: tenantId,
          name: lead.company_name,
          domain: lead.domain,
          company_website: lead.store_url,
          support_phone: lead.support_phone,
          industry: lead.industry,
          extra_data: { is_direct: true, finalized_onboarding: false },
        }));
      if (options.planId != null) await grantPlanToBrand(tx, { brandId, planId: options.planId });
      const linked = await linkLead(tx, lead.id, {
        tenantId,
        userId,
        brandId,
        extraData: existingUser ? { existing_user_id: existingUser.id } : {},
      });
      return resultOf(linked, true, existingUser !== undefined);
    });
  } catch (error) {
    const kind =
      isAppError(error) && (error.kind === 'conflict' || error.kind === 'invalid_input') ? error.kind : 'internal';
    throw new AppError(kind, SETUP_FAILED_MESSAGE, { cause: error, details: { lead_id: lead.id } });
  }
}

/**
 * An existing user becomes the new tenant's admin (through the membership). An invited user is
 * activated and enabled; a suspended one stays suspended (suspension is a deliberate decision).
 * A stored password is never replaced from a lead; one is set only when the user has none.
 */
async function reuseUser(tx: Tx, user: ExistingUser, passwordHash: string | null): Promise<number> {
  const changes: { state?: string; is_enabled?: boolean; password?: string } = {};
  if (user.state === 'invited') Object.assign(changes, { state: 'active', is_enabled: true });
  if (passwordHash && !user.has_password) changes.password = passwordHash;
  if (Object.keys(changes).length > 0) await updateUserAccount(tx, user.id, changes);
  return user.id;
}

/**
 * What a prompt says of an e-mail before the rest of the lead is known: the spec's message when it
 * is not an e-mail, or when a user has it and no setup was made for them before (a re-run of an
 * earlier setup is decided once the company and store are known); undefined when it can be used.
 */
export async function leadEmailProblem(
  db: Db,
  value: string,
  { allowDuplicate = false }: { allowDuplicate?: boolean } = {},
): Promise<string | undefined> {
  let email: string;
  try {
    email = normalizeEmail(value);
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
  if (allowDuplicate) return undefined;
  const use = await emailUse(db, email);
  return use.taken && !use.setUp ? LEAD_MESSAGES.duplicateEmail : undefined;
}

/** The lead by id; 'Failed to find the lead' when there is none. */
export async function getLead(db: Db, id: string): Promise<Lead> {
  const lead = isUuid(id) ? await findLead(db, id.toLowerCase()) : undefined;
  if (!lead) throw new AppError('not_found', 'Failed to find the lead');
  return lead;
}
