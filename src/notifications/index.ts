// Mail: sendMail through the context's transport (EMAIL_TRANSPORT: smtp | outbox | none) and the outbox readers.
// To take a token link out of an outbox mail, use readOutboxMessage(config, id).links or
// latestOutboxMessageTo(config, email): the raw text (readOutboxMail) is quoted-printable, so a
// long link is split across lines and its '=' written as '=3D'.
export {
  sendMail,
  createMailTransport,
  assertMailAvailable,
  listOutbox,
  readOutboxMail,
  readOutboxMessage,
  latestOutboxMessageTo,
  outboxDir,
  type MailContext,
  type SentMail,
  type OutboxEntry,
  type OutboxMessage,
} from './mail.ts';
export {
  forgotLink,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  setupLink,
  resetLink,
} from './templates.ts';
export { parseEml } from './eml.ts';

// In-app notifications: who sees what (rules.ts), the data access of spec 2 (service.ts, each
// input a zod schema beside its function) and the notifications the product raises (raise.ts).
export {
  NOTIFICATION_TYPES,
  NOTIFICATION_FILTERS,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_MESSAGES,
  DEFAULT_NOTIFICATION_LIMIT,
  MAX_NOTIFICATION_LIMIT,
  RAISED_KINDS,
  causeKeys,
  engagedConversationText,
  type NotificationType,
  type NotificationFilter,
  type NotificationAudience,
  type RaisedKind,
} from './rules.ts';
export {
  listNotifications,
  listNotificationsInput,
  getNotification,
  getNotificationInput,
  createNotification,
  createNotificationInput,
  updateNotification,
  updateNotificationInput,
  markNotificationRead,
  markNotificationReadInput,
  markAllNotificationsRead,
  markAllNotificationsReadInput,
  unreadNotificationCount,
  unreadNotificationCountInput,
  type Notification,
  type UserNotification,
  type ListNotificationsInput,
  type GetNotificationInput,
  type CreateNotificationInput,
  type UpdateNotificationInput,
  type MarkNotificationReadInput,
  type MarkAllNotificationsReadInput,
  type UnreadNotificationCountInput,
} from './service.ts';
export {
  raiseEngagedConversation,
  raiseWebhookDeadLettered,
  raiseBillingSyncFailed,
  raiseStoreDisconnected,
  raiseTenDlcManualIntervention,
  raiseNewInsights,
  raiseAgentEscalation,
  raiseAgentEscalations,
  type Raised,
} from './raise.ts';
export { notificationsApi, notificationSchema, userNotificationSchema } from './api.ts';
export { listRaised, type RaisedNotification } from './store.ts';
