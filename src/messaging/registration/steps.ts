/**
 * The steps of 10DLC registration, each run by a job (`messaging:registration-step`). A step's job
 * does nothing unless the registration is still in the step's state and round, so a job that runs
 * again after a crash resumes where the last one stopped: what a step already finished at Infobip
 * (a created brand, an inbound configuration) is in the settings and the ledger, and is not done
 * again. A failure Infobip reports moves the registration to manual_intervention with the spec's
 * message; anything else (the database) throws, and the job is retried.
 */
import { AppError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { realSleep } from '../../http/index.ts';
import { tierOfCampaign } from '../rate-limit.ts';
import { clientFor, move, roundOf, stateOf, text, toManualIntervention, type RegistrationOptions } from './machine.ts';
import { selectCampaignNumber } from './numbers.ts';
import { brandPayload, campaignPayload, validateCampaignPayload } from './rules.ts';
import { missingSettings, readSettings } from './settings.ts';
import { STATE_OF_STEP, type RegistrationStep } from './states.ts';
import {
  disconnectOtherSmsProviders,
  findBrand,
  findRegistration,
  getCompanySettings,
  numbersHeldElsewhere,
  patchSettings,
  recordStep,
  stepDone,
  type RegistrationRow,
} from './store.ts';

export const INBOUND_PATH = '/webhooks/infobip/inbound';

type StepRun = (ctx: AppContext, row: RegistrationRow, options: RegistrationOptions) => Promise<void>;

/** Saves what a step got from Infobip at once, with its ledger entry, before the step goes on. */
async function keep(ctx: AppContext, row: RegistrationRow, step: string, patch: Record<string, unknown>) {
  await withTransaction(ctx.db, async (tx) => {
    if (await recordStep(tx, row.id, roundOf(row), step, patch)) await patchSettings(tx, row.id, patch);
  });
}

async function completeSettings(ctx: AppContext, brandId: number) {
  const settings = readSettings(await getCompanySettings(ctx.db, brandId));
  const missing = missingSettings(settings);
  if (missing.length > 0)
    throw new AppError('invalid_input', `Company settings are incomplete: set ${missing.join(', ')}.`, {
      code: 'company_settings_incomplete',
    });
  return settings;
}

const createBrand: StepRun = async (ctx, row, options) => {
  const client = clientFor(ctx, options);
  const round = roundOf(row);
  let brandId = text(row, 'infobip_brand_id');
  if (!brandId || !(await stepDone(ctx.db, row.id, round, 'create_brand'))) {
    const settings = await completeSettings(ctx, row.brand_id);
    if (!brandId) {
      brandId = await client.createBrand(brandPayload(row.brand_id, settings));
    }
    await keep(ctx, row, 'create_brand', { infobip_brand_id: brandId });
  }
  await client.registerBrand(brandId);
  await move(ctx, row.id, round, {
    from: 'create_brand_pending',
    to: 'brand_approval_pending',
    step: 'register_brand',
  });
};

const createCampaign: StepRun = async (ctx, row, options) => {
  const client = clientFor(ctx, options);
  const infobipBrandId = text(row, 'infobip_brand_id');
  if (!infobipBrandId)
    throw new AppError('invalid_input', 'Failed to create campaign: the brand has no Infobip brand id');
  const settings = await completeSettings(ctx, row.brand_id);
  const brand = await findBrand(ctx.db, row.brand_id);
  const referenceId = `reclaim-${row.id}`;
  const number = await selectCampaignNumber(client, {
    areaCode: settings.company_info.area_code_preference,
    sleep: options.sleep ?? realSleep,
    referenceId,
    heldElsewhere: await numbersHeldElsewhere(ctx.db, row.id),
  });
  const payload = campaignPayload({
    referenceId,
    brandName: settings.brand_info.brand_name ?? brand?.name ?? '',
    infobipBrandId,
    numberKey: number.numberKey,
    applicationId: ctx.config.INFOBIP_APPLICATION_ID ?? 'default',
    website: settings.brand_info.website_url!,
    termsUrl: settings.company_info.terms_url!,
    careEmail: settings.compliance_contact.email ?? settings.contact_info.email!,
    carePhone: settings.compliance_contact.phone ?? settings.contact_info.phone!,
  });
  validateCampaignPayload(payload);
  // A campaign this step created before a crash is taken over, not created twice.
  const campaignId = number.existingCampaignId ?? (await client.createCampaign(payload));
  await move(ctx, row.id, roundOf(row), {
    from: 'create_campaign_pending',
    to: 'submit_campaign_pending',
    step: 'create_campaign',
    patch: {
      infobip_campaign_id: campaignId,
      infobip_number_key: number.numberKey,
      infobip_phone_number: number.number.startsWith('+') ? number.number : `+${number.number}`,
    },
  });
};

const submitCampaign: StepRun = async (ctx, row, options) => {
  const campaignId = text(row, 'infobip_campaign_id');
  if (!campaignId)
    throw new AppError('invalid_input', 'Campaign submission failed: the registration has no campaign id');
  await clientFor(ctx, options).submitCampaign(campaignId);
  await move(ctx, row.id, roundOf(row), {
    from: 'submit_campaign_pending',
    to: 'campaign_approval_pending',
    step: 'submit_campaign',
  });
};

/** The inbound forwarding URL: our inbound endpoint, with the shared secret Infobip must present. */
function inboundUrl(ctx: AppContext): string {
  const secret = ctx.config.INFOBIP_WEBHOOK_SECRET;
  return `${publicBaseUrl(ctx.config)}${INBOUND_PATH}${secret ? `?secret=${encodeURIComponent(secret)}` : ''}`;
}

/**
 * The approved campaign's throughput as Infobip's campaign answer carries it (an AT&T message class
 * or a per-minute figure, a T-Mobile daily cap: tierOfCampaign), for the number's pace; undefined
 * when the answer names none or cannot be read (the pace then comes from the settings).
 */
async function campaignThroughput(
  ctx: AppContext,
  row: RegistrationRow,
  options: RegistrationOptions,
): Promise<{ per_second?: number; per_day?: number; read_at: string } | undefined> {
  try {
    const tier = tierOfCampaign(await clientFor(ctx, options).getCampaign(text(row, 'infobip_campaign_id')!));
    return tier && { per_second: tier.perSecond, per_day: tier.perDay, read_at: new Date().toISOString() };
  } catch (error) {
    ctx.logger.warn({ err: error, brand_id: row.brand_id }, "could not read the 10DLC campaign's throughput");
    return undefined;
  }
}

const setupInbound: StepRun = async (ctx, row, options) => {
  if (!text(row, 'infobip_campaign_id'))
    throw new AppError(
      'invalid_input',
      'Campaign ID not found - campaign must be approved before configuring inbound messaging',
    );
  const numberKey = text(row, 'infobip_number_key');
  if (!numberKey)
    throw new AppError(
      'invalid_input',
      'Number key not found - number assignment is required for inbound configuration',
    );
  const keys = { ...((row.settings.infobip_inbound_config_keys as Record<string, string> | undefined) ?? {}) };
  if (!(keys.sms_configuration_key && keys.mms_configuration_key)) {
    const client = clientFor(ctx, options);
    const body = { numberKey, applicationId: ctx.config.INFOBIP_APPLICATION_ID ?? 'default', url: inboundUrl(ctx) };
    for (const channel of ['SMS', 'MMS'] as const) {
      const field = channel === 'SMS' ? 'sms_configuration_key' : 'mms_configuration_key';
      if (keys[field]) continue;
      keys[field] = await client.createInboundConfiguration(channel, body);
      await keep(ctx, row, `inbound_${channel.toLowerCase()}`, { infobip_inbound_config_keys: { ...keys } });
    }
  }
  const throughput = await campaignThroughput(ctx, row, options);
  await move(ctx, row.id, roundOf(row), {
    from: 'campaign_approval_success',
    to: 'migration_pending',
    step: 'setup_inbound',
    patch: { infobip_inbound_config_keys: keys, ...(throughput ? { tendlc_throughput: throughput } : {}) },
  });
};

const migrateRouting: StepRun = async (ctx, row) => {
  const phone = text(row, 'infobip_phone_number');
  if (!phone)
    throw new AppError('invalid_input', 'Phone number not found in Infobip settings - cannot complete migration');
  await move(ctx, row.id, roundOf(row), {
    from: 'migration_pending',
    to: 'migration_complete',
    step: 'migrate_routing',
    columns: { status: 'connected', is_enabled: true },
    patch: { credentials: {}, sender_id: phone },
    also: async (tx, current) => ({
      disconnected: await disconnectOtherSmsProviders(tx, current.brand_id, current.id),
    }),
  });
};

const STEPS: Record<RegistrationStep, StepRun> = {
  create_brand: createBrand,
  create_campaign: createCampaign,
  submit_campaign: submitCampaign,
  setup_inbound: setupInbound,
  migrate_routing: migrateRouting,
};

/** The job of one step. A stale job (another state or round) does nothing. */
export async function runRegistrationStep(
  ctx: AppContext,
  { brandIntegrationId, step, round }: { brandIntegrationId: number; step: RegistrationStep; round: number },
  options: RegistrationOptions = {},
): Promise<void> {
  const row = await findRegistration(ctx.db, brandIntegrationId);
  const from = STATE_OF_STEP[step];
  if (!row || stateOf(row) !== from || roundOf(row) !== round) {
    ctx.logger.info(
      { brand_integration_id: brandIntegrationId, step, round, state: row ? stateOf(row) : null },
      '10DLC step skipped: the registration has moved on',
    );
    return;
  }
  try {
    await STEPS[step](ctx, row, options);
  } catch (error) {
    if (!(error instanceof AppError) || !['upstream', 'invalid_input'].includes(error.kind)) throw error;
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    const latest = (await findRegistration(ctx.db, brandIntegrationId)) ?? row;
    await toManualIntervention(ctx, latest, {
      from,
      reason: reason ? `${error.message}: ${reason}` : error.message,
      step: `${step}:failed`,
    });
  }
}
