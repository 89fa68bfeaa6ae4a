/** 10DLC registration with Infobip (spec 3 section 4) and the opt-in policy check. */
export { runRegistrationStep } from './steps.ts';
export { pollRegistrations, type PollResult } from './poll.ts';
export {
  infobipRegistrationRoutes,
  processRegistrationEvent,
  REGISTRATION_PATH,
  REGISTRATION_TOPIC,
} from './webhook.ts';
export {
  appealCampaign,
  checkBrandPolicy,
  getCompanySettingsOf,
  registrationStatus,
  retryRegistration,
  checkInfobipCredentials,
  startRegistration,
  updateCompanySettings,
  type RegistrationStatus,
  type CompanySettingsView,
} from './service.ts';
export { STEP_TASK, type RegistrationOptions } from './machine.ts';
export { INDUSTRY_VERTICALS, DEFAULT_VERTICAL, verticalOf } from './rules.ts';
export { REGISTRATION_STATES, REGISTRATION_STEPS, type RegistrationState } from './states.ts';
export {
  COMPANY_TYPES,
  notReadyMessage,
  registrationMissing,
  REGISTRATION_VARIABLES,
  type CompanySettings,
  type CompanySettingsInput,
} from './settings.ts';
export { checkPolicyPages, type PolicyCheckResult } from '../policy/check.ts';
export { registrationClient } from './client.ts';
export { selectCampaignNumber } from './numbers.ts';
