/**
 * Klaviyo consent for a contact: the brand's Klaviyo profile (by id, e-mail or phone) with its
 * subscriptions, applied to the contact's channels through contact initiation, so the change is
 * recorded with its time and source in the consent history like every other one (source
 * 'klaviyo', or 'klaviyo:{method}: {method_detail}' when Klaviyo says how the SMS consent was given).
 */
import { AppError, isAppError, type AppContext } from '../app/index.ts';
import { getContact, initiateContact, KLAVIYO_CONTACT_SOURCE } from '../contacts/index.ts';
import { klaviyoProfileConsent, type KlaviyoProfileConsent, type ProfileRef } from '../integrations/index.ts';

const at = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);

export async function refreshKlaviyoConsent(
  ctx: AppContext,
  { brandId, ...ref }: { brandId: number } & ProfileRef,
): Promise<KlaviyoProfileConsent & { contactId: number; created: boolean }> {
  const found = await klaviyoProfileConsent(ctx, { brandId, ...ref });
  if (!found) throw new AppError('not_found', 'Klaviyo profile not found');
  const { profile, consent } = found;
  if (!profile.phoneNumber && !profile.email)
    throw new AppError('invalid_input', 'The Klaviyo profile has neither a phone number nor an e-mail');
  const contact = await initiateContact(
    { db: ctx.db, logger: ctx.logger },
    {
      brandId,
      phone: profile.phoneNumber,
      email: profile.email,
      givenName: profile.firstName,
      familyName: profile.lastName,
      source: KLAVIYO_CONTACT_SOURCE,
      smsMarketingState: consent.sms?.marketing_state,
      emailMarketingState: consent.email?.marketing_state,
      smsConsentedAt: at(consent.sms?.consented_at),
      emailConsentedAt: at(consent.email?.consented_at),
      consentSource: consent.sms?.method ? `klaviyo:${consent.sms.method}` : 'klaviyo',
    },
  );
  return { ...found, contactId: contact.contactId, created: contact.created };
}

/**
 * The 'contacts:klaviyo-consent' job, queued when a contact is created for a brand with Klaviyo:
 * the profile found by the contact's e-mail (else its phone) updates the channels' consent. No
 * profile, or credentials that need reconnecting, end the job with a log line (a retry would not
 * help); other failures throw so the job is retried.
 */
export async function klaviyoConsentForNewContact(
  ctx: AppContext,
  { brandId, contactId }: { brandId: number; contactId: number },
): Promise<{ applied: boolean; reason?: string }> {
  const log = ctx.logger.child({ brand_id: brandId, contact_id: contactId, task: 'contacts:klaviyo-consent' });
  const contact = await getContact(ctx.db, { brandId, contactId }).catch(() => undefined);
  const email = contact?.channels.find((c) => c.type === 'email')?.username;
  const phone = contact?.channels.find((c) => c.type === 'sms')?.username;
  if (!email && !phone) return { applied: false, reason: 'no_channel' };
  try {
    await refreshKlaviyoConsent(ctx, { brandId, ...(email ? { email } : { phone: phone! }) });
    log.info('Klaviyo consent applied to the new contact');
    return { applied: true };
  } catch (error) {
    if (!isAppError(error) || !['not_found', 'unauthorized', 'invalid_input'].includes(error.kind)) throw error;
    log.info({ reason: error.message }, 'Klaviyo consent not applied');
    return { applied: false, reason: error.message };
  }
}
