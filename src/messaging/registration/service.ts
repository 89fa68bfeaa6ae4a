/**
 * What operators do with 10DLC registration (`reclaim messaging …`): set the company settings,
 * check the opt-in pages, start the registration, see where each brand stands, retry after a
 * manual intervention and appeal a rejected campaign.
 */
import { AppError, type AppContext } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { checkPolicyPages, type PolicyCheckResult } from '../policy/check.ts';
import {
  clientFor,
  enqueueStep,
  metadataOf,
  move,
  roundOf,
  stateOf,
  text,
  type RegistrationOptions,
} from './machine.ts';
import {
  mergeSettings,
  notReadyMessage,
  readSettings,
  registrationMissing,
  type CompanySettings,
  type CompanySettingsInput,
} from './settings.ts';
import { nextAction, retryState, STEP_OF_STATE, type RegistrationState } from './states.ts';
import {
  ensureRegistration,
  findBrand,
  findRegistrationOfBrand,
  getCompanySettings,
  listRegistrations,
  patchSettings,
  saveCompanySettings,
} from './store.ts';

const brandNotFound = () => new AppError('not_found', 'Brand not found');

async function requireBrand(ctx: AppContext, brandId: number) {
  const brand = await findBrand(ctx.db, brandId);
  if (!brand) throw brandNotFound();
  return brand;
}

export interface CompanySettingsView {
  settings: CompanySettings;
  /** What registration still needs (registrationMissing): settings flags, then variables; empty when ready. */
  missing: string[];
}

const readiness = (
  ctx: AppContext,
  brand: { privacy_policy_url?: string | null },
  settings: CompanySettings,
  options: RegistrationOptions = {},
): string[] =>
  registrationMissing({
    settings,
    brandPrivacyUrl: brand.privacy_policy_url,
    config: ctx.config,
    clientGiven: options.client !== undefined,
  });

/** The brand's company settings and what registration still needs, judged as `register` judges it. */
export async function getCompanySettingsOf(ctx: AppContext, brandId: number): Promise<CompanySettingsView> {
  const brand = await requireBrand(ctx, brandId);
  const settings = readSettings(await getCompanySettings(ctx.db, brandId));
  return { settings, missing: readiness(ctx, brand, settings) };
}

/** Merges and validates an update; nothing is saved when any field is invalid. */
export async function updateCompanySettings(
  ctx: AppContext,
  { brandId, patch }: { brandId: number; patch: CompanySettingsInput },
): Promise<CompanySettingsView> {
  const brand = await requireBrand(ctx, brandId);
  const settings = mergeSettings(await getCompanySettings(ctx.db, brandId), patch);
  await saveCompanySettings(ctx.db, brandId, settings);
  return { settings, missing: readiness(ctx, brand, settings) };
}

export interface PolicyPages {
  termsUrl?: string;
  privacyUrl?: string;
}

/** The terms and privacy pages of a brand: the ones given, else its settings', else its brand record's. */
export async function policyUrlsOf(
  ctx: AppContext,
  brandId: number,
  given: PolicyPages = {},
): Promise<{ termsUrl: string; privacyUrl: string }> {
  const brand = await requireBrand(ctx, brandId);
  const settings = readSettings(await getCompanySettings(ctx.db, brandId));
  const termsUrl = given.termsUrl ?? settings.company_info.terms_url ?? brand.tos_url ?? undefined;
  const privacyUrl = given.privacyUrl ?? settings.company_info.privacy_url ?? brand.privacy_policy_url ?? undefined;
  if (!termsUrl || !privacyUrl)
    throw new AppError(
      'invalid_input',
      `The brand has no ${!termsUrl ? 'terms' : 'privacy'} page: add its address to the company details.`,
      {
        cliMessage: `The brand has no ${!termsUrl ? 'terms' : 'privacy'} page: set it with reclaim messaging settings --brand ${brandId} ${!termsUrl ? '--terms-url' : '--privacy-url'} URL.`,
      },
    );
  return { termsUrl, privacyUrl };
}

/** The policy check of a brand's pages; a page given (a draft, before it is saved in the settings) replaces the brand's. */
export async function checkBrandPolicy(
  ctx: AppContext,
  brandId: number,
  given: PolicyPages = {},
): Promise<PolicyCheckResult> {
  return checkPolicyPages({
    ...(await policyUrlsOf(ctx, brandId, given)),
    logger: ctx.logger,
    allowPrivateNetwork: ctx.config.ALLOW_PRIVATE_NETWORK_FETCH,
  });
}

export interface RegisterOptions extends RegistrationOptions {
  /** Default true: the opt-in policy check runs first and a failure refuses the registration. */
  policyCheck?: boolean;
}

/**
 * Starts the registration: checks the settings and the opt-in pages, then queues the first step.
 * Refused while a registration is under way or complete; after a manual intervention use retry.
 */
export async function startRegistration(
  ctx: AppContext,
  { brandId, ...options }: { brandId: number } & RegisterOptions,
): Promise<{ brandIntegrationId: number; state: RegistrationState; policy?: PolicyCheckResult }> {
  const brand = await requireBrand(ctx, brandId);
  // Everything judged before any call, in one message: what `messaging settings` lists as missing.
  const missing = readiness(ctx, brand, readSettings(await getCompanySettings(ctx.db, brandId)), options);
  if (missing.length > 0)
    throw new AppError('invalid_input', notReadyMessage(brandId, missing, { forPanel: true }), {
      cliMessage: notReadyMessage(brandId, missing),
      code: 'registration_not_ready',
      details: { missing },
    });
  clientFor(ctx, options);
  const existing = await findRegistrationOfBrand(ctx.db, brandId);
  const current = existing ? stateOf(existing) : undefined;
  if (current) throw alreadyStarted(brandId, current);
  let policy: PolicyCheckResult | undefined;
  if (options.policyCheck !== false) {
    policy = await checkBrandPolicy(ctx, brandId);
    if (!policy.passes)
      throw new AppError('invalid_input', policy.message!, { code: 'policy_check_failed', details: { policy } });
  }
  const id = await withTransaction(ctx.db, async (tx) => {
    const row = await ensureRegistration(tx, brandId);
    const state = stateOf(row);
    if (state) throw alreadyStarted(brandId, state);
    const round = roundOf(row);
    const now = new Date().toISOString();
    await patchSettings(tx, row.id, {
      automation_state: 'create_brand_pending',
      automation_metadata: { ...metadataOf(row), round, since: now, last_updated: now, error_message: null },
    });
    await enqueueStep(tx, { brandIntegrationId: row.id, step: 'create_brand', round });
    return row.id;
  });
  return { brandIntegrationId: id, state: 'create_brand_pending', policy };
}

function alreadyStarted(brandId: number, state: RegistrationState): AppError {
  return new AppError(
    'conflict',
    state === 'manual_intervention'
      ? 'The registration stopped and needs attention: see why on this page, then start it again from the step that stopped.'
      : 'The texting number is already being registered: this page shows how far it has come.',
    {
      code: 'registration_started',
      cliMessage:
        state === 'manual_intervention'
          ? `The registration of brand ${brandId} needs an operator: see reclaim messaging status --brand ${brandId}, then run reclaim messaging retry --brand ${brandId}.`
          : `Brand ${brandId} is already registering (state ${state}); see reclaim messaging status --brand ${brandId}.`,
    },
  );
}

/** After a manual intervention: a new round from the step that failed. */
export async function retryRegistration(
  ctx: AppContext,
  { brandId }: { brandId: number },
): Promise<{ state: RegistrationState }> {
  await requireBrand(ctx, brandId);
  return withTransaction(ctx.db, async (tx) => {
    const row = await findRegistrationOfBrand(tx, brandId, { lock: true });
    const state = row ? stateOf(row) : undefined;
    if (!row || state !== 'manual_intervention')
      throw new AppError('conflict', 'Only a registration that stopped and needs attention can be started again.', {
        code: 'not_in_manual_intervention',
        cliMessage: `Only a registration in manual_intervention can be retried; brand ${brandId} is ${state ?? 'not registering'}.`,
      });
    const metadata = metadataOf(row);
    const to = retryState(metadata.failed_from ?? undefined);
    const round = roundOf(row) + 1;
    const now = new Date().toISOString();
    await patchSettings(tx, row.id, {
      automation_state: to,
      automation_metadata: { ...metadata, round, since: now, last_updated: now, retried_at: now },
    });
    const step = STEP_OF_STATE[to];
    if (step) await enqueueStep(tx, { brandIntegrationId: row.id, step, round });
    return { state: to };
  });
}

/** Appeals a rejected campaign (204 is success); the registration then waits on the carriers again. */
export async function appealCampaign(
  ctx: AppContext,
  { brandId, reason, ...options }: { brandId: number; reason: string } & RegistrationOptions,
): Promise<{ state: RegistrationState }> {
  await requireBrand(ctx, brandId);
  if (reason.trim().length === 0)
    throw new AppError('invalid_input', 'An appeal needs a reason: say what you fixed.', {
      cliMessage: 'An appeal needs a reason (--reason).',
    });
  const row = await findRegistrationOfBrand(ctx.db, brandId);
  const campaignId = row ? text(row, 'infobip_campaign_id') : undefined;
  if (!row || !campaignId)
    throw new AppError('invalid_input', 'There is no campaign to appeal yet.', {
      cliMessage: `Brand ${brandId} has no campaign to appeal.`,
    });
  if (stateOf(row) !== 'manual_intervention')
    throw new AppError('conflict', 'Only a rejected campaign can be appealed.', {
      cliMessage: `Only a rejected campaign can be appealed; brand ${brandId} is ${stateOf(row)}.`,
    });
  await clientFor(ctx, options).appealCampaign(campaignId, reason.trim());
  const round = roundOf(row) + 1;
  await withTransaction(ctx.db, async (tx) =>
    patchSettings(tx, row.id, {
      automation_state: 'manual_intervention',
      automation_metadata: { ...metadataOf(row), round },
    }),
  );
  await move(ctx, row.id, round, {
    from: 'manual_intervention',
    to: 'campaign_approval_pending',
    step: 'appeal',
    metadata: { appealed_at: new Date().toISOString(), appeal_reason: reason.trim(), failed_from: null },
  });
  return { state: 'campaign_approval_pending' };
}

export interface RegistrationStatus {
  brandId: number;
  brandName: string | null;
  state: RegistrationState;
  since: string | null;
  lastError: string | null;
  /** The state a manual intervention interrupted (campaign_approval_pending: the carriers rejected the campaign). */
  failedFrom: RegistrationState | null;
  /** When the rejected campaign was last appealed. */
  appealedAt: string | null;
  next: string;
  integrationStatus: string;
  infobipBrandId: string | null;
  campaignId: string | null;
  phoneNumber: string | null;
}

export async function registrationStatus(
  ctx: AppContext,
  { brandId }: { brandId?: number },
): Promise<RegistrationStatus[]> {
  if (brandId !== undefined) await requireBrand(ctx, brandId);
  const rows = await listRegistrations(ctx.db, brandId);
  const out: RegistrationStatus[] = [];
  for (const row of rows) {
    const metadata = metadataOf(row);
    const state = stateOf(row)!;
    out.push({
      brandId: row.brand_id,
      brandName: (await findBrand(ctx.db, row.brand_id))?.name ?? null,
      state,
      since: metadata.since ?? null,
      lastError: metadata.error_message ?? null,
      failedFrom: metadata.failed_from ?? null,
      appealedAt: typeof metadata.appealed_at === 'string' ? metadata.appealed_at : null,
      next: nextAction(state, row.brand_id, metadata.failed_from),
      integrationStatus: row.status,
      infobipBrandId: text(row, 'infobip_brand_id') ?? null,
      campaignId: text(row, 'infobip_campaign_id') ?? null,
      phoneNumber: text(row, 'infobip_phone_number') ?? null,
    });
  }
  return out;
}

/**
 * One harmless call with the configured Infobip key (the first page of owned numbers), for
 * `reclaim doctor`; says how many numbers the account owns.
 */
export async function checkInfobipCredentials(ctx: AppContext, options: RegistrationOptions = {}): Promise<string> {
  const numbers = await clientFor(ctx, options).ownedNumbers(0);
  return `the API key was accepted (${numbers.length === 0 ? 'no' : numbers.length} owned number${numbers.length === 1 ? '' : 's'} on the first page)`;
}
