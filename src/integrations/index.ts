/** Clients of the external services Reclaim integrates with, and each brand's Slack and Klaviyo links. */
export { triggerAutomationWorkflow, type AutomationClientOptions } from './automation/client.ts';
export {
  beginSlackConnect,
  completeSlackConnect,
  checkSlackHealth,
  listSlackChannels,
  setSlackChannel,
  postToSlack,
  testSlack,
  connectedSlack,
  SLACK_CALLBACK_PATH,
  type SlackConnected,
  type SlackHealth,
} from './slack/service.ts';
export { SLACK_CHANNEL_PAGE_LIMIT, type SlackChannel } from './slack/client.ts';
export {
  SLACK_SCOPES,
  NO_CONVERSATION_ID,
  NO_CHANNEL_ID,
  NO_CONVERSATION_DETAIL,
  engagedConversationText,
  followUpText,
  slackAuthorizeUrl,
  slackHealthMessage,
} from './slack/rules.ts';
export { slackRoutes } from './slack/routes.ts';
export {
  beginKlaviyoConnect,
  completeKlaviyoConnect,
  connectKlaviyoApiKey,
  checkKlaviyo,
  checkKlaviyoHealth,
  type KlaviyoHealth,
  klaviyoProfileConsent,
  hasKlaviyo,
  KLAVIYO_CALLBACK_PATH,
  type KlaviyoProfileConsent,
  type ProfileRef,
} from './klaviyo/service.ts';
export type { KlaviyoAccount, KlaviyoProfile } from './klaviyo/client.ts';
export {
  profileConsent,
  s256Challenge,
  CODE_VERIFIER,
  KLAVIYO_REVISION,
  KLAVIYO_SCOPES,
  type ChannelConsent,
  type KlaviyoSubscriptions,
} from './klaviyo/rules.ts';
export { klaviyoRoutes } from './klaviyo/routes.ts';
export {
  createAutomationService,
  DEFAULT_AUTOMATION_WEBHOOKS,
  type AutomationService,
  type AutomationServiceOptions,
  type AutomationExecution,
  type AutomationWorkflow,
} from './automation/service.ts';
export {
  checkDomainAvailability,
  registerDomain,
  connectDomain,
  domainContactSchema,
  FAILED_DOMAIN_CHECK,
  FAILED_DOMAIN_REGISTER,
  CONNECT_DOMAIN_NOT_IMPLEMENTED,
  type DomainAvailability,
  type DomainContact,
  type DomainServiceOptions,
} from './domain/client.ts';
export { hasConnectedLink } from './store.ts';
export { integrationLinksApi, type RequireAdmin } from './api.ts';
