export {
  normalizeUsername,
  normalizeMarketingState,
  isUsSmsNumber,
  isTexasNumber,
  TEXAS_AREA_CODES,
  DEFAULT_CONTACT_SOURCE,
  isEligibleForOutreach,
  prepareChannels,
  maskUsername,
  type ChannelInput,
} from './rules.ts';
export { initiateContact, KLAVIYO_CONSENT_TASK, KLAVIYO_CONTACT_SOURCE, type InitiateContactInput } from './service.ts';
export { initiateTextingContact } from './texting.ts';
export { contactUsernameLockSql } from './store.ts';
export {
  optOutChannel,
  resubscribeChannel,
  smsChannelIdsOfContact,
  setTapToTextPending,
  confirmKeywordConsent,
  tapToTextPendingOf,
  type TapToTextPending,
} from './consent.ts';
export { eraseContacts } from './store/privacy.ts';
export { optOutsByBrand, optOutsBySource } from './store/opt-outs.ts';
export {
  getContact,
  findContactIdByAddresses,
  listContacts,
  outreachEligibility,
  type ContactView,
  type ChannelView,
  type OutreachEligibility,
} from './read.ts';
export { markChannelEngaged } from './store.ts';
export { updateContactNote, deleteContactChannel, CONTACT_NOTE_MAX_LENGTH } from './edits.ts';
export { contactsApi, contactSchema, maskedContact } from './api.ts';
export { exportConsent, consentCsv, type ConsentExport, type ConsentRecord } from './consent-export.ts';
