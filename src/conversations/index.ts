export { matchKeyword, optOutConfirmation, optInConfirmation, helpReply } from './keywords.ts';
export { receiveMessage, type ReceiveResult } from './inbound.ts';
export { INFOBIP_INBOUND_MAX_RESULTS, INFOBIP_INBOUND_TOPIC, infobipInboundMessage } from './infobip-inbound.ts';
export { listConversations, getConversation, type ConversationSummary, type ConversationDetail } from './read.ts';
export { NUMERIC_SEARCH_MESSAGE } from './search.ts';
export { conversationsRoutes, SHORT_LINK_NOT_FOUND_TEXT } from './routes.ts';
export { notifyEngagedConversation } from './notify.ts';
export {
  startConversation,
  startConversations,
  FAILED_TO_CREATE_CONVERSATION,
  type StartConversationInput,
} from './create.ts';
export { conversationsOfContacts, redactContactConversations, type ContactConversations } from './store/privacy.ts';
export { unsubscribeChannel, blockContactChannel, blockContact, type UnsubscribeResult } from './opt-out.ts';
export { conversationsApi, conversationSummarySchema, conversationDetailSchema, maskedSummary } from './api.ts';
