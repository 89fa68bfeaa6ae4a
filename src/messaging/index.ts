export { areaCodeInfo, AREA_CODES } from './timezones.ts';
export { getSmsProvider, infobipProvider, deliveryReportUrl } from './providers.ts';
export { SmsSendError } from './infobip-client.ts';
export { sendDueMessages, DEFAULT_SEND_LIMIT, type SendDueResult } from './send-job.ts';
export { sendMessageNow } from './send-now.ts';
export { planSlots } from './rate-limit.ts';
export { infobipDeliveryRoutes } from './routes.ts';
export { processDeliveryReport, DELIVERY_TOPIC } from './delivery-reports.ts';
export { decideSend, segmentInfo, type SendDecision } from './rules.ts';
