export {
  isOptOut,
  matchKeyword,
  OPT_OUT_KEYWORDS,
  optOutConfirmation,
  optInConfirmation,
  helpReply,
} from './keywords.ts';
export {
  INBOUND_CONTACT_SOURCE,
  AGENT_DECIDE_TASK,
  receiveMessage,
  unroutedTexts,
  type ReceiveResult,
  type UnroutedText,
} from './inbound.ts';
export { INFOBIP_INBOUND_MAX_RESULTS, INFOBIP_INBOUND_TOPIC, infobipInboundMessage } from './infobip-inbound.ts';
export {
  listConversations,
  getConversation,
  brandOfConversation,
  conversationFiltersSchema,
  listConversationsSchema,
  getConversationSchema,
  CONVERSATION_CHECKOUT_STATES,
  DEFAULT_CONVERSATION_LIMIT,
  MAX_CONVERSATION_LIMIT,
  type ListConversationsInput,
  type GetConversationInput,
  type ConversationSummary,
  type ConversationDetail,
  type ConversationMessageView,
} from './read.ts';
export { parseServiceInput, type Page } from './input.ts';
export {
  hideConversation,
  unhideConversation,
  markConversationRead,
  conversationRefSchema,
  markConversationReadSchema,
  CONVERSATION_NOT_FOUND,
  USER_NOT_FOUND,
  type ConversationRef,
  type MarkConversationReadInput,
  type InboxState,
} from './inbox.ts';
export {
  replyToConversation,
  queueAgentReplies,
  queueAgentRepliesSend,
  type QueuedAgentReply,
  replyToConversationSchema,
  queueAgentReply,
  OUTSIDE_WINDOW,
  REPLY_REFUSALS,
  CONVERSATIONAL_WINDOW_HOURS,
  AGENT_REPLY_MAX_LENGTH,
  type ReplyToConversationInput,
  type AgentReplyResult,
} from './reply.ts';
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
export { skipQueuedOfWorkflow } from './store/opt-out.ts';
export { unsubscribeChannel, blockContactChannel, blockContact, type UnsubscribeResult } from './opt-out.ts';
export {
  listFeedback,
  upsertFeedback,
  listFeedbackSchema,
  upsertFeedbackSchema,
  DEFAULT_FEEDBACK_LIMIT,
  MESSAGE_ID_UNDEFINED,
  type ListFeedbackInput,
  type UpsertFeedbackInput,
  type FeedbackView,
} from './feedback.ts';
export {
  listEscalations,
  getEscalation,
  createEscalation,
  createAgentEscalations,
  updateEscalation,
  listEscalationsSchema,
  escalationRefSchema,
  createEscalationSchema,
  updateEscalationSchema,
  DEFAULT_ESCALATION_LIMIT,
  ESCALATION_NOT_FOUND,
  type ListEscalationsInput,
  type EscalationRef,
  type CreateEscalationInput,
  type UpdateEscalationInput,
  type EscalationView,
} from './escalations.ts';
export {
  addConversationQuality,
  createConversationFile,
  addConversationQualitySchema,
  createConversationFileSchema,
  type AddConversationQualityInput,
  type CreateConversationFileInput,
  type QualityView,
  type ConversationFileView,
} from './annotations.ts';
export {
  blockChannel,
  deleteChannel,
  setContactNote,
  channelRefSchema,
  updateContactNoteSchema,
  type ChannelRef,
  type UpdateContactNoteInput,
} from './contact-actions.ts';
export {
  contactOrders,
  orderHistory,
  checkoutDetails,
  contactOrdersSchema,
  orderHistorySchema,
  checkoutDetailsSchema,
  USERNAME_OR_FRONT_ID_REQUIRED,
  CART_OR_CHECKOUT_REQUIRED,
  type ContactOrdersInput,
  type OrderHistoryInput,
  type CheckoutDetailsInput,
  type OrderHistory,
  type CheckoutDetails,
  type OrderView,
  type CheckoutView,
  type CartView,
} from './shopper.ts';
export {
  listMessageInsights,
  listMessageInsightsSchema,
  INSIGHT_CATEGORIES,
  INSIGHT_FILTER_REQUIRED,
  type ListMessageInsightsInput,
  type MessageInsightView,
} from './insights.ts';
export { createConversation, createConversationSchema, type CreateConversationInput } from './start.ts';
export { conversationsApi } from './api.ts';
export { createConversationDraftOrder, DRAFT_ORDER_MESSAGES, type ConversationDraftOrder } from './draft-order.ts';
