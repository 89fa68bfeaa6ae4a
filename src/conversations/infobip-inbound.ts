/**
 * Infobip's inbound SMS forward (format MO_JSON_2): `{ results: [{ messageId, from, to, text,
 * cleanText, keyword, receivedAt, smsCount, price, callbackData }], messageCount,
 * pendingMessageCount }`. Each result is stored as one webhook event under INFOBIP_INBOUND_TOPIC
 * and read back here as the input of receiveMessage.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import type { InboundMessage } from './inbound.ts';

/** The topic inbound texts are stored under (the infobip processor in src/flows dispatches on it). */
export const INFOBIP_INBOUND_TOPIC = 'inbound';

/**
 * Most results one inbound delivery may hold (400 beyond it, nothing stored). Infobip's forward
 * (MO_JSON_2) has the shape of its inbox pull API, whose largest page is 1,000 messages, and says
 * how many more are waiting (`pendingMessageCount`) rather than sending them in one request. At
 * the limit the route answers in a fraction of a second (bench/README.md, bench:infobip-inbound).
 */
export const INFOBIP_INBOUND_MAX_RESULTS = 1000;

const optionalText = z.string().nullish();

/** One inbound message of Infobip's MO_JSON_2 forward; fields Reclaim does not read pass through. */
const infobipInboundResultSchema = z.looseObject({
  messageId: z.string().trim().min(1),
  from: z.string().trim().min(1),
  to: z.string().trim().min(1),
  text: optionalText,
  cleanText: optionalText,
  keyword: optionalText,
  receivedAt: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date-time')
    .nullish(),
  smsCount: z.number().int().nullish(),
  price: z.looseObject({ pricePerMessage: z.number().nullish(), currency: optionalText }).nullish(),
  callbackData: optionalText,
});
export const infobipInboundSchema = z.looseObject({
  results: z.array(infobipInboundResultSchema),
  messageCount: z.number().int().nullish(),
  pendingMessageCount: z.number().int().nullish(),
});

/** Infobip writes numbers in international form without '+': 14155550100. */
const withPlus = (value: string): string => (/^\d+$/.test(value.trim()) ? `+${value.trim()}` : value.trim());

/** One stored Infobip inbound result as the input of receiveMessage. */
export function infobipInboundMessage(payload: unknown): InboundMessage {
  const parsed = infobipInboundResultSchema.safeParse(payload);
  if (!parsed.success)
    throw new AppError('invalid_input', `Invalid Infobip inbound message: ${summarizeIssues(parsed.error)}`, {
      code: 'invalid_payload',
    });
  const result = parsed.data;
  return {
    from: withPlus(result.from),
    to: withPlus(result.to),
    body: result.text ?? result.cleanText ?? '',
    provider: 'infobip',
    providerMessageId: result.messageId,
    receivedAt: result.receivedAt ? new Date(result.receivedAt) : undefined,
  };
}

/** The first ten problems of a payload, as `path: message`. */
export function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}
