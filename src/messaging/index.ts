export { areaCodeInfo, AREA_CODES } from './timezones.ts';
export { getSmsProvider, infobipProvider, deliveryReportUrl } from './providers.ts';
export { SmsSendError } from './infobip-client.ts';
export { sendDueMessages, DEFAULT_SEND_LIMIT, SKIP_SEND_CUTOFF, type SendDueResult } from './send-job.ts';
export { sendMessageNow } from './send-now.ts';
export { brandPace, type BrandPace } from './pace.ts';
export {
  estimateFinish,
  planSlots,
  readPace,
  slotGraceMs,
  tierOfCampaign,
  ATT_CLASS_TPM,
  type Pace,
} from './rate-limit.ts';
export { startSendLanes, sendLanesRunning, type SendLanes } from './lanes.ts';
export { infobipDeliveryRoutes } from './routes.ts';
export { processDeliveryReport, DELIVERY_TOPIC } from './delivery-reports.ts';
export { decideSend, segmentInfo, type SendDecision } from './rules.ts';
export { countSms, type SmsCount, type Encoding } from './sms-count/rules.ts';
export { stateOfAddress } from './rules.ts';
export {
  runRegistrationStep,
  pollRegistrations,
  infobipRegistrationRoutes,
  processRegistrationEvent,
  REGISTRATION_PATH,
  REGISTRATION_TOPIC,
  appealCampaign,
  checkBrandPolicy,
  checkPolicyPages,
  getCompanySettingsOf,
  registrationStatus,
  retryRegistration,
  checkInfobipCredentials,
  startRegistration,
  updateCompanySettings,
  INDUSTRY_VERTICALS,
  DEFAULT_VERTICAL,
  verticalOf,
  REGISTRATION_STATES,
  REGISTRATION_STEPS,
  COMPANY_TYPES,
  notReadyMessage,
  registrationMissing,
  REGISTRATION_VARIABLES,
  type CompanySettingsView,
  type RegistrationStatus,
  type RegistrationState,
  type RegistrationOptions,
  type CompanySettings,
  type CompanySettingsInput,
  type PolicyCheckResult,
  type PollResult,
  registrationClient,
  selectCampaignNumber,
} from './registration/index.ts';
export { messagingApi } from './api.ts';
export { registrationApi } from './api-registration.ts';
export { brandSenderNumber } from './store/senders.ts';
export {
  sendingOverview,
  brandHours,
  HELD_LIST_LIMIT,
  BRAND_HOUR_LIMIT,
  NUMBER_LIST_LIMIT,
  type SendingOverview,
  type NumberPace,
  type SenderRate,
  type BrandSendingHour,
} from './overview.ts';
export { textOutcomesLastHour, numberPaces, type NumberPaceRow } from './store/overview.ts';
export { reconnectMessagingIntegrations } from './store/reconnect.ts';
export { fetchBrandPage, pageText } from './policy/check.ts';
