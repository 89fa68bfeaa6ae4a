/**
 * Contact initiation (spec 4 sections 5, 7, 9): find or create the contact of a brand's shopper
 * and upsert its channels with compliance type, status and recorded consent.
 */
import { AppError, isAppError, type Logger } from '../app/index.ts';
import type { Handle, Tx } from '../db/index.ts';
import { realSleep, retryAtFixedDelay } from '../http/index.ts';
import { hasConnectedLink } from '../integrations/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import {
  channelCompliance,
  channelStatusFromMarketingState,
  decideChannelConsent,
  DEFAULT_CONTACT_SOURCE,
  INITIATE_RETRY_DELAY_MS,
  maskUsername,
  MAX_INITIATE_ATTEMPTS,
  prepareChannels,
  randomGroup,
  type ChannelSources,
  type ChannelStatus,
  type ChannelType,
  type ComplianceType,
  type DroppedChannel,
  type PreparedChannel,
} from './rules.ts';
import {
  channelsOfContact,
  findActiveIntegration,
  findContactByExternalId,
  findContactByUsernames,
  insertChannel,
  insertConsentEvent,
  insertContact,
  lockContactKey,
  updateChannel,
  updateContact,
  type ChannelRow,
  type ContactRow,
} from './store.ts';

export interface InitiateContactInput extends ChannelSources {
  brandId: number;
  /** The integration the shopper came through (stored on new channels). */
  brandIntegrationId?: number;
  externalId?: string;
  givenName?: string | null;
  familyName?: string | null;
  /** contacts.source for a new contact; DEFAULT_CONTACT_SOURCE when absent. */
  source?: string;
  /** Where the consent came from, e.g. 'shopify:checkouts/update'; stored on the channel and in the ledger. */
  consentSource: string;
  /** Demand an active integration able to reach the shopper on this channel type first. */
  requireIntegration?: 'sms' | 'email';
}

export interface InitiateContactOptions {
  /** The 1-second waits; tests pass a fast one. */
  sleep?: (ms: number) => Promise<void>;
}

export interface InitiatedChannel {
  id: number;
  username: string;
  type: ChannelType;
  status: ChannelStatus;
  complianceType: ComplianceType | null;
}

export interface InitiatedContact {
  contactId: number;
  created: boolean;
  channels: InitiatedChannel[];
  /** Channels left out: not a +1 number, not a valid address, or the username belongs to another contact. */
  dropped: DroppedChannel[];
}

/** The job that applies a new contact's Klaviyo consent (src/flows/klaviyo-consent.ts). */
export const KLAVIYO_CONSENT_TASK = 'contacts:klaviyo-consent';
/** contacts.source of a contact created from its Klaviyo profile (no consent lookup is queued for it). */
export const KLAVIYO_CONTACT_SOURCE = 'klaviyo';

type Deps = { db: Handle; logger?: Pick<Logger, 'warn' | 'info' | 'debug'> };

/**
 * Integrations that can reach a shopper. A store integration (Shopify, BigCommerce) counts for both:
 * store-captured contacts come with the phone and e-mail the store collected, and the store
 * integration is what their channels are attached to.
 */
const REACH: Record<'sms' | 'email', { categories: string[]; message: string }> = {
  sms: { categories: ['sms', 'ecommerce'], message: 'Sms integration not found' },
  email: { categories: ['email', 'ecommerce'], message: 'Email integration not found' },
};

class ChannelTakenError extends Error {
  constructor(
    readonly username: string,
    cause: unknown,
  ) {
    super('contact channel username already exists', { cause });
  }
}

/**
 * Finds the contact (by brand + external id, else by one of its channel usernames) or creates it
 * with a random group A-D, then upserts each channel keyed by (brand, username). Consent is
 * recorded on the channel and in channel_consent_events whenever status or compliance changes.
 * A channel whose username belongs to another contact is dropped after a 1 s wait and the
 * initiation retried without it; any other failure is retried up to 3 times, 1 s apart.
 */
export async function initiateContact(
  deps: Deps,
  input: InitiateContactInput,
  options: InitiateContactOptions = {},
): Promise<InitiatedContact> {
  const sleep = options.sleep ?? realSleep;
  const { channels, dropped, provided } = prepareChannels(input);
  if (!provided || channels.length === 0) {
    throw new AppError('invalid_input', 'Either username, phone or email must be provided', {
      details: { dropped: dropped.map((d) => d.reason) },
    });
  }
  let integrationId = input.brandIntegrationId;
  if (input.requireIntegration) {
    const reach = REACH[input.requireIntegration];
    const integration = await findActiveIntegration(deps.db, {
      brandId: input.brandId,
      categories: reach.categories,
      brandIntegrationId: input.brandIntegrationId,
    });
    if (!integration) throw new AppError('not_found', reach.message);
    integrationId ??= integration.id;
  }

  try {
    return await retryAtFixedDelay(
      async (attempt) => {
        try {
          return await initiateDroppingTaken(deps, input, channels, dropped, integrationId, sleep);
        } catch (error) {
          deps.logger?.warn({ brand_id: input.brandId, attempt, err: error }, 'contact initiation failed');
          throw error;
        }
      },
      { retries: MAX_INITIATE_ATTEMPTS - 1, delayMs: INITIATE_RETRY_DELAY_MS, sleep },
    );
  } catch (lastError) {
    const kind = isAppError(lastError) ? lastError.kind : 'internal';
    throw new AppError(kind, `Max retries (${MAX_INITIATE_ATTEMPTS}) reached while initiating contact`, {
      cause: lastError,
      details: { attempts: MAX_INITIATE_ATTEMPTS },
    });
  }
}

/** One attempt; a username taken by another contact is dropped and the attempt redone after 1 s. */
async function initiateDroppingTaken(
  deps: Deps,
  input: InitiateContactInput,
  channels: PreparedChannel[],
  dropped: DroppedChannel[],
  integrationId: number | undefined,
  sleep: (ms: number) => Promise<void>,
): Promise<InitiatedContact> {
  const remaining = [...channels];
  const taken: DroppedChannel[] = [];
  for (;;) {
    try {
      const result = await deps.db.transaction((tx) => initiateInTransaction(tx, input, remaining, integrationId));
      return { ...result, dropped: [...dropped, ...taken] };
    } catch (error) {
      if (!(error instanceof ChannelTakenError)) throw error;
      deps.logger?.info(
        { brand_id: input.brandId, username: maskUsername(error.username) },
        'channel username belongs to another contact; retrying without it',
      );
      remaining.splice(
        remaining.findIndex((c) => c.username === error.username),
        1,
      );
      taken.push({ username: error.username, reason: 'username_taken' });
      await sleep(INITIATE_RETRY_DELAY_MS);
    }
  }
}

async function initiateInTransaction(
  tx: Tx,
  input: InitiateContactInput,
  channels: PreparedChannel[],
  integrationId: number | undefined,
): Promise<Omit<InitiatedContact, 'dropped'>> {
  const usernames = channels.map((c) => c.username);
  await lockContactKey(
    tx,
    input.brandId,
    input.externalId ? `external:${input.externalId}` : `username:${[...usernames].sort()[0] ?? ''}`,
  );

  let contact = input.externalId ? await findContactByExternalId(tx, input.brandId, input.externalId) : undefined;
  contact ??= await findContactByUsernames(tx, input.brandId, usernames, input.externalId);
  let created = false;
  if (contact) {
    await fillContact(tx, contact, input);
  } else {
    contact = await insertContact(tx, {
      brand_id: input.brandId,
      given_name: input.givenName ?? null,
      family_name: input.familyName ?? null,
      external_id: input.externalId ?? null,
      source: input.source ?? DEFAULT_CONTACT_SOURCE,
      buyer_accepts_sms_marketing: input.buyerAcceptsSmsMarketing ?? null,
      extra_data: { group_name: randomGroup() },
    });
    created = true;
    // A brand with Klaviyo gets the new contact's consent from its Klaviyo profile (a job, after commit).
    if (
      input.source !== KLAVIYO_CONTACT_SOURCE &&
      (await hasConnectedLink(tx, { brandId: input.brandId, provider: 'klaviyo' }))
    )
      await enqueueJob(
        tx,
        KLAVIYO_CONSENT_TASK,
        { brandId: input.brandId, contactId: contact.id },
        { jobKey: `${KLAVIYO_CONSENT_TASK}:${contact.id}` },
      );
  }

  // A contact inserted just now has no channels yet: nothing to read back.
  const existing = new Map(
    (created ? [] : await channelsOfContact(tx, input.brandId, contact.id)).map((c) => [c.username, c]),
  );
  const result: InitiatedChannel[] = [];
  for (const channel of channels) {
    const known = existing.get(channel.username);
    const row = known
      ? await refreshChannel(tx, known, channel, input, integrationId)
      : await createChannel(tx, contact.id, channel, input, integrationId);
    result.push({
      id: row.id,
      username: row.username,
      type: row.type,
      status: row.status,
      complianceType: row.compliance_type,
    });
  }
  return { contactId: contact.id, created, channels: result };
}

/** Fills what the contact lacks; never overwrites a known name or external id. */
async function fillContact(tx: Tx, contact: ContactRow, input: InitiateContactInput): Promise<void> {
  const patch: Partial<ContactRow> = {};
  if (!contact.given_name && input.givenName) patch.given_name = input.givenName;
  if (!contact.family_name && input.familyName) patch.family_name = input.familyName;
  if (!contact.external_id && input.externalId) patch.external_id = input.externalId;
  if (
    typeof input.buyerAcceptsSmsMarketing === 'boolean' &&
    contact.buyer_accepts_sms_marketing !== input.buyerAcceptsSmsMarketing
  ) {
    patch.buyer_accepts_sms_marketing = input.buyerAcceptsSmsMarketing;
  }
  if (Object.keys(patch).length > 0) await updateContact(tx, contact.id, patch);
}

async function createChannel(
  tx: Tx,
  contactId: number,
  channel: PreparedChannel,
  input: InitiateContactInput,
  integrationId: number | undefined,
): Promise<ChannelRow> {
  const consentedAt = channel.consentedAt ?? new Date();
  const extra: Record<string, unknown> = {};
  if (channel.source) extra.source = channel.source;
  if (channel.timezone) extra.timezone = channel.timezone;
  let row: ChannelRow;
  try {
    row = await insertChannel(tx, {
      brand_id: input.brandId,
      contact_id: contactId,
      brand_integration_id: integrationId ?? null,
      type: channel.type,
      username: channel.username,
      external_id: channel.externalId ?? null,
      status: channelStatusFromMarketingState(channel.marketingState),
      compliance_type: channelCompliance(channel),
      consent_source: input.consentSource,
      consented_at: consentedAt,
      extra_data: extra,
    });
  } catch (error) {
    // (brand_id, username) is the table's only unique key: the username belongs to another contact.
    if (isAppError(error) && error.kind === 'conflict' && error.details?.table === 'contact_channels')
      throw new ChannelTakenError(channel.username, error);
    throw error;
  }
  await recordConsent(tx, row, input.consentSource, consentedAt, {
    marketing_state: channel.marketingState ?? null,
    previous_status: null,
  });
  return row;
}

async function refreshChannel(
  tx: Tx,
  row: ChannelRow,
  channel: PreparedChannel,
  input: InitiateContactInput,
  integrationId: number | undefined,
): Promise<ChannelRow> {
  const patch: Partial<Omit<ChannelRow, 'id'>> = {};
  const extra = { ...row.extra_data };
  const decision = decideChannelConsent(
    {
      status: row.status,
      complianceType: row.compliance_type,
      consentedAt: row.consented_at,
      blocked: row.extra_data.blocked === true,
    },
    {
      type: row.type,
      source: channel.source ?? row.extra_data.source,
      marketingState: channel.marketingState,
      consentedAt: channel.consentedAt,
    },
  );
  const consentedAt = channel.consentedAt ?? new Date();
  if (decision.change) {
    Object.assign(patch, {
      status: decision.status,
      compliance_type: decision.complianceType,
      consent_source: input.consentSource,
      consented_at: consentedAt,
    });
    if (decision.unblock) delete extra.blocked;
  }
  if (channel.timezone && extra.timezone !== channel.timezone) extra.timezone = channel.timezone;
  if (channel.source && !extra.source) extra.source = channel.source;
  if (JSON.stringify(extra) !== JSON.stringify(row.extra_data)) patch.extra_data = extra;
  if (row.brand_integration_id === null && integrationId !== undefined) patch.brand_integration_id = integrationId;
  if (row.external_id === null && channel.externalId) patch.external_id = channel.externalId;
  if (Object.keys(patch).length === 0) return row;
  const updated = await updateChannel(tx, row.id, patch);
  if (decision.change)
    await recordConsent(tx, updated, input.consentSource, consentedAt, {
      marketing_state: channel.marketingState ?? null,
      previous_status: row.status,
      previous_compliance_type: row.compliance_type,
    });
  return updated;
}

export async function recordConsent(
  tx: Handle,
  row: ChannelRow,
  source: string,
  at: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await insertConsentEvent(tx, {
    brand_id: row.brand_id,
    contact_channel_id: row.id,
    username: row.username,
    status: row.extra_data.blocked === true ? 'blocked' : row.status,
    source,
    recorded_at: at,
    extra_data: { compliance_type: row.compliance_type, ...extra },
  });
}
