/**
 * SQL of 10DLC registration: the brand's company settings, its Infobip SMS integration (the
 * registration's state lives in its settings, spec 3 section 3) and the ledger of finished steps.
 */
import type { Handle, Tx } from '../../db/index.ts';

export const INFOBIP_SLUG = 'infobip';

export interface RegistrationRow {
  id: number;
  brand_id: number;
  status: string;
  is_enabled: boolean;
  settings: Record<string, unknown>;
  updated_at: Date;
}

export interface BrandRow {
  id: number;
  name: string;
  company_website: string | null;
  support_email: string | null;
  support_phone: string | null;
  tos_url: string | null;
  privacy_policy_url: string | null;
  industry: string | null;
}

const toRow = (row: Record<string, unknown> | undefined): RegistrationRow | undefined =>
  row ? ({ ...row, id: Number(row.id), brand_id: Number(row.brand_id) } as RegistrationRow) : undefined;

export async function findBrand(db: Handle, brandId: number): Promise<BrandRow | undefined> {
  const row = await db('brands')
    .where({ id: brandId })
    .first<BrandRow | undefined>(
      'id',
      'name',
      'company_website',
      'support_email',
      'support_phone',
      'tos_url',
      'privacy_policy_url',
      'industry',
    );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function getCompanySettings(db: Handle, brandId: number): Promise<unknown> {
  const row = await db('messaging_company_settings').where({ brand_id: brandId }).first<{ settings: unknown }>();
  return row?.settings ?? {};
}

export async function saveCompanySettings(db: Handle, brandId: number, settings: unknown): Promise<void> {
  await db('messaging_company_settings')
    .insert({ brand_id: brandId, settings: JSON.stringify(settings) })
    .onConflict('brand_id')
    .merge({ settings: JSON.stringify(settings), updated_at: db.fn.now() });
}

const registrationQuery = (db: Handle) =>
  db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where('i.slug', INFOBIP_SLUG)
    .select('bi.id', 'bi.brand_id', 'bi.status', 'bi.is_enabled', 'bi.settings', 'bi.updated_at');

/** The brand's Infobip integration, created pending_setup (not enabled) on first use; locked. */
export async function ensureRegistration(tx: Tx, brandId: number): Promise<RegistrationRow> {
  await tx('integrations')
    .insert({ name: 'Infobip', slug: INFOBIP_SLUG, category: 'sms', is_published: true })
    .onConflict('slug')
    .ignore();
  const integration = await tx('integrations').where({ slug: INFOBIP_SLUG }).first<{ id: string }>('id');
  const existing = await findRegistrationOfBrand(tx, brandId, { lock: true });
  if (existing) return existing;
  const [row] = await tx('brand_integrations')
    .insert({
      brand_id: brandId,
      integration_id: integration!.id,
      lookup_id: `infobip-brand-${brandId}`,
      status: 'pending_setup',
      is_enabled: false,
      settings: {},
    })
    .returning(['id', 'brand_id', 'status', 'is_enabled', 'settings', 'updated_at']);
  return toRow(row as Record<string, unknown>)!;
}

export async function findRegistrationOfBrand(
  db: Handle,
  brandId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<RegistrationRow | undefined> {
  const query = registrationQuery(db).where('bi.brand_id', brandId).orderBy('bi.id').first();
  return toRow(await (lock ? query.forUpdate('bi') : query));
}

export async function findRegistration(
  db: Handle,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<RegistrationRow | undefined> {
  const query = registrationQuery(db).where('bi.id', id).first();
  return toRow(await (lock ? query.forUpdate('bi') : query));
}

/** The sending numbers (digits) held by every integration but `integrationId`. */
export async function numbersHeldElsewhere(db: Handle, integrationId: number): Promise<Set<string>> {
  const rows = await db('brand_integrations')
    .whereNot({ id: integrationId })
    .whereNotNull('sending_number')
    .pluck<string[]>('sending_number');
  return new Set(rows);
}

/** The integration whose settings hold this Infobip brand or campaign id. */
export async function findRegistrationByInfobipId(
  db: Handle,
  key: 'infobip_brand_id' | 'infobip_campaign_id',
  value: string,
): Promise<RegistrationRow | undefined> {
  return toRow(await registrationQuery(db).whereRaw('bi.settings ->> ? = ?', [key, value]).first());
}

/** Every registration (of one brand when given), oldest first, for the status command. */
export async function listRegistrations(db: Handle, brandId?: number): Promise<RegistrationRow[]> {
  const query = registrationQuery(db).whereRaw("bi.settings ->> 'automation_state' is not null").orderBy('bi.brand_id');
  if (brandId !== undefined) query.where('bi.brand_id', brandId);
  return (await query).map((row: Record<string, unknown>) => toRow(row)!);
}

/** Registrations waiting on Infobip (a brand or a campaign approval), for the poll. */
export async function listWaitingRegistrations(db: Handle): Promise<RegistrationRow[]> {
  const rows = await registrationQuery(db)
    .whereRaw("bi.settings ->> 'automation_state' in ('brand_approval_pending', 'campaign_approval_pending')")
    .orderBy('bi.id');
  return rows.map((row: Record<string, unknown>) => toRow(row)!);
}

/** Merges top-level keys into the integration's settings. */
export async function patchSettings(
  tx: Handle,
  id: number,
  patch: Record<string, unknown>,
  columns: { status?: string; is_enabled?: boolean } = {},
): Promise<void> {
  await tx('brand_integrations')
    .where({ id })
    .update({
      ...columns,
      settings: tx.raw('settings || ?::jsonb', [JSON.stringify(patch)]),
      updated_at: tx.fn.now(),
    });
}

export async function stepDone(db: Handle, id: number, round: number, step: string): Promise<boolean> {
  const row = await db('messaging_registration_steps').where({ brand_integration_id: id, round, step }).first('step');
  return row !== undefined;
}

/** Records a finished step; false when it was recorded already (the caller then changes nothing). */
export async function recordStep(
  tx: Handle,
  id: number,
  round: number,
  step: string,
  result: Record<string, unknown> = {},
): Promise<boolean> {
  const rows = await tx('messaging_registration_steps')
    .insert({ brand_integration_id: id, round, step, result: JSON.stringify(result) })
    .onConflict(['brand_integration_id', 'round', 'step'])
    .ignore()
    .returning('step');
  return rows.length > 0;
}

/** The steps of a registration in the order they finished (for the status command and tests). */
export async function listSteps(
  db: Handle,
  id: number,
): Promise<Array<{ round: number; step: string; done_at: Date }>> {
  return db('messaging_registration_steps')
    .where({ brand_integration_id: id })
    .orderBy([{ column: 'done_at' }, { column: 'round' }])
    .select('round', 'step', 'done_at');
}

/** Sets connected integrations of the brand's other SMS providers to disconnected; their ids. */
export async function disconnectOtherSmsProviders(tx: Tx, brandId: number, keepId: number): Promise<number[]> {
  const rows = await tx('brand_integrations as bi')
    .update({ status: 'disconnected', updated_at: tx.fn.now() })
    .whereIn(
      'bi.integration_id',
      tx('integrations').select('id').where('category', 'sms').whereNot('slug', INFOBIP_SLUG),
    )
    .andWhere({ 'bi.brand_id': brandId, 'bi.status': 'connected' })
    .whereNot('bi.id', keepId)
    .returning('bi.id');
  return rows.map((row: { id: string | number }) => Number(row.id));
}
