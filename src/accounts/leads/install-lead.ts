/**
 * A merchant arriving from a store install (spec 2 sections 5 and 8, spec 4 section 5): the
 * store's details become a lead, keyed by the store (`extra_data.install_key`), and the lead is
 * set up through the usual tenant setup — into the tenant and brand the install already created
 * for the store. A second install of the same store finds the lead and returns it as it is.
 * Errors use spec 2's texts: no e-mail, name or address for a new merchant is 'No lead data
 * provided'; a failed read, update or insert of the lead is 'Failed to fetch lead', 'Failed to
 * update lead' or 'Failed to create lead'.
 */
import { AppError } from '../../app/index.ts';
import type { Db } from '../../db/index.ts';
import { findInstallLead, isLeadLinked, saveLead, type Lead } from '../store/leads.ts';
import { installedBrandOrigin } from '../store/installs.ts';
import { normalizeSupportPhone, validateLead, type LeadInput } from './rules.ts';
import { setupTenant, type TenantSetupResult } from './tenant-setup.ts';

export const INSTALL_LEAD_MESSAGES = {
  noLeadData: 'No lead data provided',
  fetchFailed: 'Failed to fetch lead',
  updateFailed: 'Failed to update lead',
  createFailed: 'Failed to create lead',
} as const;

export type InstallSource = 'shopify' | 'bigcommerce';

/** What a store tells of its merchant at install. */
export interface InstallMerchant {
  source: InstallSource;
  /** The store's key on its platform: the shop's myshopify domain, the BigCommerce store hash. */
  storeKey: string;
  email?: string | null;
  companyName?: string | null;
  storeUrl?: string | null;
  phone?: string | null;
  /** The owner's full name ('Casey Owner'); split into first and last name. */
  ownerName?: string | null;
  /** Kept on the lead (e.g. the BigCommerce session: store hash, user, owner, scopes; never a token). */
  extra?: Record<string, unknown>;
}

export interface InstallLeadResult extends TenantSetupResult {
  /** True when this call created the lead (false: an earlier install's lead was reused). */
  lead_created: boolean;
}

export const installKey = (source: InstallSource, storeKey: string): string =>
  `${source}:${storeKey.trim().toLowerCase()}`;

/** A US phone in E.164, or null when the store's phone is none or not one (kept raw in extra_data). */
function usPhoneOrNull(phone: string | null | undefined): string | null {
  try {
    return normalizeSupportPhone(phone);
  } catch {
    return null;
  }
}

function splitName(name: string | null | undefined): { first_name: string | null; last_name: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first_name: null, last_name: null };
  return { first_name: parts[0]!, last_name: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

const failed = (message: string, error: unknown, details: Record<string, unknown>): AppError =>
  new AppError('internal', message, { cause: error, details });

/**
 * The lead of the store's merchant, created or updated from the install, then set up into the
 * brand the install created (`brandId`): its tenant gets the merchant as admin user.
 */
export async function setupInstallLead(
  db: Db,
  merchant: InstallMerchant,
  { brandId }: { brandId: number },
): Promise<InstallLeadResult> {
  const key = installKey(merchant.source, merchant.storeKey);
  let existing: Lead | undefined;
  try {
    existing = await findInstallLead(db, key);
  } catch (error) {
    throw failed(INSTALL_LEAD_MESSAGES.fetchFailed, error, { install_key: key });
  }
  if (existing && isLeadLinked(existing)) {
    const result = await setupTenant(db, { lead: { id: existing.id } });
    return { ...result, lead_created: false };
  }
  if (!merchant.email?.trim() || !merchant.companyName?.trim() || !merchant.storeUrl?.trim())
    throw new AppError('invalid_input', INSTALL_LEAD_MESSAGES.noLeadData, {
      code: 'no_lead_data',
      details: { install_key: key },
    });

  const input: LeadInput = {
    id: existing?.id ?? null,
    email: merchant.email,
    ...splitName(merchant.ownerName),
    company_name: merchant.companyName,
    store_url: merchant.storeUrl,
    support_phone: usPhoneOrNull(merchant.phone),
    source_name: merchant.source,
    extra_data: {
      ...(merchant.extra ?? {}),
      installation_source: merchant.source,
      install_key: key,
      ...(merchant.phone ? { store_phone: merchant.phone } : {}),
    },
  };
  const lead = validateLead(input, { allowDuplicate: true });
  try {
    await saveLead(db, lead);
  } catch (error) {
    throw failed(existing ? INSTALL_LEAD_MESSAGES.updateFailed : INSTALL_LEAD_MESSAGES.createFailed, error, {
      lead_id: lead.id,
    });
  }
  const origin = await installedBrandOrigin(db, brandId);
  if (!origin) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const result = await setupTenant(db, {
    lead: { ...input, id: lead.id },
    allowDuplicate: true,
    into: { tenantId: origin.tenantId, brandId },
  });
  return { ...result, lead_created: existing === undefined };
}

/** True when an install created the brand (its placeholder or install mark), so its merchant may become a lead. */
export async function brandCreatedByInstall(db: Db, brandId: number): Promise<boolean> {
  return Boolean((await installedBrandOrigin(db, brandId))?.installedBy);
}

/** True when an install already made a lead of this store's merchant. */
export async function storeLeadExists(db: Db, source: InstallSource, storeKey: string): Promise<boolean> {
  return (await findInstallLead(db, installKey(source, storeKey))) !== undefined;
}
