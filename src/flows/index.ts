/** Processes that cross domains, one file per process; the webhook dispatch and the store effects wire them in. */
export { WEBHOOK_PROCESSORS } from './webhook-processors.ts';
export { STORE_EFFECTS } from './store-effects.ts';
export { engagedConversation, engagedConversationsJob } from './engaged-conversation.ts';
export { webhookDeadLettered } from './webhook-dead-lettered.ts';
export { refreshKlaviyoConsent, klaviyoConsentForNewContact } from './klaviyo-consent.ts';
export { inboundText } from './inbound-text.ts';
export { METRICS_COLLECTORS, collectMetricFamilies } from './metrics-collectors.ts';
export { runDoctor, reportOf, type DoctorReport } from './doctor.ts';
export {
  configurationChecks,
  migrationCheck,
  workerCheck,
  doctorExitCode,
  type DoctorCheck,
  type CheckStatus,
  type WorkerFacts,
} from './doctor-rules.ts';
