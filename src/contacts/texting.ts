/**
 * A contact created by its own text (the inbound path, in its transaction, under the sender's
 * lock): what initiateContact does for a phone number no contact of the brand has — the contact,
 * its SMS channel, the channel's consent event and the Klaviyo consent job — in fewer round trips:
 * the contact's lock, the look-up, then one statement. When a contact of the brand already has the
 * number (or the input is anything but one phone number), initiateContact itself runs.
 */
import type { Tx } from '../db/index.ts';
import type { Logger } from '../app/index.ts';
import {
  channelCompliance,
  channelStatusFromMarketingState,
  DEFAULT_CONTACT_SOURCE,
  prepareChannels,
  randomGroup,
} from './rules.ts';
import {
  initiateContact,
  KLAVIYO_CONSENT_TASK,
  KLAVIYO_CONTACT_SOURCE,
  type InitiateContactInput,
  type InitiatedContact,
} from './service.ts';
import { findContactByUsernames, lockContactKey } from './store.ts';
import { insertTextingContact } from './store/texting.ts';

/**
 * With `lookedUp`, the caller took the contact's lock (contactUsernameLockSql, the key
 * initiateContact locks) in an earlier statement of the transaction and then read whether a
 * contact of the brand has the number (findContactByUsernames' question): neither is done again.
 */
export async function initiateTextingContact(
  deps: { db: Tx; logger?: Pick<Logger, 'warn' | 'info' | 'debug'> },
  input: InitiateContactInput,
  lookedUp?: { contactHasNumber: boolean },
): Promise<InitiatedContact> {
  const { channels, dropped } = prepareChannels(input);
  const [channel] = channels;
  if (channels.length !== 1 || dropped.length > 0 || !channel || input.externalId || input.requireIntegration)
    return initiateContact(deps, input);
  const tx = deps.db;
  // The same lock and look-up as initiateContact's (the lock is the transaction's: taken again there, it is held).
  if (lookedUp) {
    if (lookedUp.contactHasNumber) return initiateContact(deps, input);
  } else {
    await lockContactKey(tx, input.brandId, `username:${channel.username}`);
    if (await findContactByUsernames(tx, input.brandId, [channel.username])) return initiateContact(deps, input);
  }
  const consentedAt = channel.consentedAt ?? new Date();
  const extra: Record<string, unknown> = {};
  if (channel.source) extra.source = channel.source;
  if (channel.timezone) extra.timezone = channel.timezone;
  const source = input.source ?? DEFAULT_CONTACT_SOURCE;
  const made = await insertTextingContact(tx, {
    brandId: input.brandId,
    source,
    groupName: randomGroup(),
    channel: {
      brandIntegrationId: input.brandIntegrationId ?? null,
      type: channel.type,
      username: channel.username,
      externalId: channel.externalId ?? null,
      status: channelStatusFromMarketingState(channel.marketingState),
      complianceType: channelCompliance(channel),
      consentSource: input.consentSource,
      consentedAt,
      extra,
      eventExtra: { marketing_state: channel.marketingState ?? null, previous_status: null },
    },
    klaviyoTask: input.source !== KLAVIYO_CONTACT_SOURCE ? KLAVIYO_CONSENT_TASK : null,
  });
  return {
    contactId: made.contactId,
    created: true,
    channels: [
      {
        id: made.channelId,
        username: channel.username,
        type: channel.type,
        status: made.status as InitiatedContact['channels'][number]['status'],
        complianceType: made.complianceType as InitiatedContact['channels'][number]['complianceType'],
      },
    ],
    dropped: [],
  };
}
