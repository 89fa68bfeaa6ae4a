export {
  decideSend,
  nextAllowedSendTime,
  nextInWindow,
  recipientOf,
  limitFreesAt,
  segmentInfo,
  localTime,
  zonedInstant,
  isValidTimeZone,
  SEND_WINDOW_START_MINUTE,
  SEND_WINDOW_END_MINUTE,
  STRICT_STATES,
  STRICT_STATE_WINDOW_END_MINUTE,
  STRICT_STATE_MARKETING_LIMIT,
  CART_REMINDER_MAX_AGE_MS,
  type SendDecision,
  type SendInput,
  type SendAction,
  type SendReason,
  type SegmentInfo,
  type Encoding,
  type Recipient,
} from './rules.ts';
export { areaCodeInfo, areaCodeOf, AREA_CODES, type AreaCodeInfo } from './timezones.ts';
export {
  getSmsProvider,
  outboxProvider,
  infobipProvider,
  deliveryReportUrl,
  outboxMessageId,
  type SmsProvider,
  type SmsProviderName,
  type OutgoingSms,
  type SentSms,
} from './providers.ts';
export {
  sendInfobipSms,
  SmsSendError,
  INFOBIP_SEND_PATH,
  type InfobipSendInput,
  type InfobipSendResult,
  type Sleep,
} from './infobip-client.ts';
export {
  sendDueMessages,
  DEFAULT_SEND_LIMIT,
  SEND_BATCH_SIZE,
  type SendDueOptions,
  type SendDueResult,
} from './send-job.ts';
export { sendMessageNow, type SendNowInput, type SendNowResult } from './send-now.ts';
export { MAX_SEND_ATTEMPTS } from './deliver.ts';
export { DEFAULT_MESSAGES_PER_SECOND, planSlots } from './rate-limit.ts';
export { infobipDeliveryRoutes, processDeliveryReport, deliveryStatusOf, DELIVERY_TOPIC } from './delivery-http.ts';
