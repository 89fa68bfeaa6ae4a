import type { Handle } from '../../db/index.ts';
import type { ValidLead } from '../leads/rules.ts';

export interface Lead {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  support_phone: string | null;
  company_name: string | null;
  source_name: string | null;
  annual_revenue: string | null;
  store_url: string | null;
  extra_data: Record<string, unknown>;
  tenant_id: number | null;
  user_id: number | null;
  brand_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const toLead = (row: Record<string, unknown>): Lead => ({
  ...(row as unknown as Lead),
  tenant_id: idOrNull(row.tenant_id),
  user_id: idOrNull(row.user_id),
  brand_id: idOrNull(row.brand_id),
});

/** A lead is set up once tenant, user and brand are all linked to it. */
export const isLeadLinked = (lead: Lead): boolean =>
  lead.tenant_id !== null && lead.user_id !== null && lead.brand_id !== null;

export async function findLead(db: Handle, id: string): Promise<Lead | undefined> {
  const row = await db('leads').where({ id }).first();
  return row ? toLead(row) : undefined;
}

const leadColumns = (lead: ValidLead) => ({
  first_name: lead.first_name,
  last_name: lead.last_name,
  email: lead.email,
  support_phone: lead.support_phone,
  company_name: lead.company_name,
  source_name: lead.source_name,
  annual_revenue: lead.annual_revenue,
  store_url: lead.store_url,
});

/** Inserts the lead, or updates the fields of an unlinked lead with the same id (extra_data is merged). */
export async function saveLead(db: Handle, lead: ValidLead): Promise<Lead> {
  const [row] = await db('leads')
    .insert({ id: lead.id, ...leadColumns(lead), extra_data: lead.extra_data })
    .onConflict('id')
    .merge({
      ...leadColumns(lead),
      extra_data: db.raw('leads.extra_data || excluded.extra_data'),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return toLead(row);
}

export async function linkLead(
  db: Handle,
  id: string,
  link: { tenantId: number; userId: number; brandId: number; extraData?: Record<string, unknown> },
): Promise<Lead> {
  const [row] = await db('leads')
    .where({ id })
    .update({
      tenant_id: link.tenantId,
      user_id: link.userId,
      brand_id: link.brandId,
      extra_data: db.raw('extra_data || ?::jsonb', [JSON.stringify(link.extraData ?? {})]),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return toLead(row);
}

/** A user a lead's e-mail already belongs to: what tenant setup needs to reuse them. */
export interface ExistingUser {
  id: number;
  email: string;
  state: string;
  is_enabled: boolean;
  has_password: boolean;
}

export async function findExistingUserByEmail(db: Handle, email: string): Promise<ExistingUser | undefined> {
  const row = await db('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .first<Record<string, unknown> | undefined>(
      'id',
      'email',
      'state',
      'is_enabled',
      db.raw('password is not null as has_password'),
    );
  return row ? { ...(row as unknown as ExistingUser), id: Number(row.id) } : undefined;
}

/** The lead a store install created for its store (`extra_data.install_key`, e.g. 'shopify:acme.myshopify.com'). */
export async function findInstallLead(db: Handle, installKey: string): Promise<Lead | undefined> {
  const row = await db('leads').whereRaw(`extra_data->>'install_key' = ?`, [installKey]).orderBy('created_at').first();
  return row ? toLead(row) : undefined;
}

/**
 * A lead already set up for this user with the same e-mail, company and store (a re-run of the
 * same setup); undefined when there is none.
 */
export async function findSetUpLead(
  db: Handle,
  lead: { email: string; company_name: string; store_url: string; userId: number },
): Promise<Lead | undefined> {
  const row = await db('leads')
    .whereRaw('lower(email) = lower(?)', [lead.email])
    .where({ company_name: lead.company_name, store_url: lead.store_url, user_id: lead.userId })
    .whereNotNull('tenant_id')
    .whereNotNull('brand_id')
    .orderBy('created_at')
    .first();
  return row ? toLead(row) : undefined;
}

/** Whether a user has this e-mail, and whether a lead with it was set up for that user. */
export async function emailUse(db: Handle, email: string): Promise<{ taken: boolean; setUp: boolean }> {
  const user = await findExistingUserByEmail(db, email);
  if (!user) return { taken: false, setUp: false };
  const lead = await db('leads')
    .whereRaw('lower(email) = lower(?)', [email])
    .where({ user_id: user.id })
    .whereNotNull('tenant_id')
    .first('id');
  return { taken: true, setUp: lead !== undefined };
}
