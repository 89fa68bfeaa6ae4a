export {
  matchKeyword,
  compactKeyword,
  isOptOut,
  optOutConfirmation,
  optInConfirmation,
  helpReply,
  OPT_OUT_KEYWORDS,
  HELP_KEYWORDS,
  OPT_IN_KEYWORDS,
  type KeywordKind,
  type KeywordMatch,
  type HelpContact,
} from './keywords.ts';
export {
  receiveMessage,
  NOTIFY_ENGAGED_TASK,
  INBOUND_CONTACT_SOURCE,
  type InboundMessage,
  type InboundAction,
  type ReceiveResult,
} from './inbound.ts';
export { followShortLink, hashIp, ipHashSalt, MAX_USER_AGENT_LENGTH, type FollowedLink } from './links.ts';
export {
  listConversations,
  getConversation,
  parseConversationSearch,
  DEFAULT_CONVERSATION_LIMIT,
  NUMERIC_SEARCH_MESSAGE,
  type ConversationFilter,
  type ConversationSummary,
  type ConversationDetail,
  type ConversationMessageView,
  type ConversationSearch,
} from './read.ts';
export {
  conversationsRoutes,
  infobipInboundMessage,
  infobipInboundSchema,
  INFOBIP_INBOUND_PATH,
  INFOBIP_INBOUND_TOPIC,
  SHORT_LINK_NOT_FOUND_TEXT,
  type InfobipInboundResult,
} from './http.ts';
export { notifyEngagedConversation, type NotifyEngagedResult } from './notify.ts';
export {
  startConversation,
  startConversations,
  newShortCode,
  shortLinkUrl,
  FAILED_TO_CREATE_CONVERSATION,
  SHORT_LINK_CODE_LENGTH,
  type StartConversationInput,
  type StartedConversation,
  type ConversationDiscount,
  type MessageParts,
} from './create.ts';
export { conversationsOfContacts, redactContactConversations, type ContactConversations } from './store-privacy.ts';
export { unsubscribeChannel, blockContactChannel, blockContact, type UnsubscribeResult } from './opt-out.ts';
