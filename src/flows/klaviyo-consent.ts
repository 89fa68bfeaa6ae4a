/**
 * Klaviyo consent for a contact: the brand's Klaviyo profile (by id, e-mail or phone) with its
 * subscriptions, applied to the contact's channels through contact initiation, so the change is
 * recorded with its time and source in the consent history like every other one (source
 * 'klaviyo', or 'klaviyo:{method}: {method_detail}' when Klaviyo says how the SMS consent was given).
 */
import { AppError, type AppContext } from '../app/index.ts';
import { initiateContact } from '../contacts/index.ts';
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
      source: 'klaviyo',
      smsMarketingState: consent.sms?.marketing_state,
      emailMarketingState: consent.email?.marketing_state,
      smsConsentedAt: at(consent.sms?.consented_at),
      emailConsentedAt: at(consent.email?.consented_at),
      consentSource: consent.sms?.method ? `klaviyo:${consent.sms.method}` : 'klaviyo',
    },
  );
  return { ...found, contactId: contact.contactId, created: contact.created };
}
