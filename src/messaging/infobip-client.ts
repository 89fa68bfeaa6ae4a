/**
 * Infobip SMS API client: `POST {INFOBIP_BASE_URL}/sms/3/messages` with `Authorization: App {key}`,
 * on the shared HTTP client with a 10 s timeout; 429, 5xx and network failures are retried with
 * backoff, honouring Retry-After (at most 10 s). The API key never appears in errors or logs.
 *
 * Request: { messages: [{ sender, destinations: [{ to }], content: { text }, webhooks? }] }
 * (numbers in international format without '+'). Answer: { bulkId, messages: [{ messageId,
 * status: { groupId, groupName, id, name, description }, destination, details? }] }.
 * Errors: { errorCode, description, action, violations } (v3) or
 * { requestError: { serviceException: { messageId, text } } } (older endpoints).
 */
import { z } from 'zod';
import { AppError, type Logger } from '../app/index.ts';
import { createHttpClient, HttpNetworkError, realSleep, type HttpResponse, type Sleep } from '../http/index.ts';

export { realSleep, type Sleep };

export const INFOBIP_SEND_PATH = '/sms/3/messages';
const TIMEOUT_MS = 10_000;
const MAX_RETRY_WAIT_MS = 10_000;

/** A failed send. `retryable` for 429, 5xx and network failures; retryAfterMs from Retry-After. */
export class SmsSendError extends AppError {
  readonly status: number | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  constructor(
    message: string,
    {
      status,
      retryable,
      retryAfterMs,
      cause,
    }: { status?: number; retryable: boolean; retryAfterMs?: number; cause?: unknown },
  ) {
    super('upstream', message, {
      code: status === undefined ? 'sms_network' : `sms_${status}`,
      details: { status, retryable },
      cause,
    });
    this.name = 'SmsSendError';
    this.status = status;
    this.retryable = retryable;
    this.retryAfterMs = retryAfterMs;
  }
}

const statusSchema = z.looseObject({
  groupId: z.number().nullish(),
  groupName: z.string().nullish(),
  id: z.number().nullish(),
  name: z.string().nullish(),
  description: z.string().nullish(),
});
const sendAnswerSchema = z.looseObject({
  bulkId: z.string().nullish(),
  messages: z
    .array(
      z.looseObject({
        messageId: z.string().min(1),
        status: statusSchema.nullish(),
        destination: z.string().nullish(),
        to: z.string().nullish(),
        details: z.looseObject({ messageCount: z.number().nullish() }).nullish(),
        smsCount: z.number().nullish(),
      }),
    )
    .min(1),
});

export interface InfobipClientConfig {
  baseUrl: string;
  apiKey: string;
  /** Where Infobip POSTs delivery reports (our /webhooks/infobip/delivery), when reachable. */
  deliveryReportUrl?: string;
  /** Retries after the first attempt on 429 / 5xx / network failures (default 2). */
  retries?: number;
  timeoutMs?: number;
  logger?: Logger;
  sleep?: Sleep;
}

export interface InfobipSendInput {
  from: string;
  /** E.164 */
  to: string;
  text: string;
  /** Echoed back in delivery reports (max 4000 chars); we send our message id. */
  callbackData?: string;
}

export interface InfobipSendResult {
  messageId: string;
  bulkId?: string;
  statusName?: string;
  statusGroup?: string;
  messageCount?: number;
}

/** Infobip wants international numbers without the '+'; alphanumeric sender ids stay as they are. */
export const infobipAddress = (value: string): string => (/^\+\d+$/.test(value) ? value.slice(1) : value);

/** The error text Infobip gave, from either error format; never the request. */
function describeError(status: number, body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  const v3 =
    typeof b.description === 'string'
      ? `${typeof b.errorCode === 'string' ? `${b.errorCode} ` : ''}${b.description}`
      : undefined;
  const exception = ((b.requestError as Record<string, unknown> | undefined)?.serviceException ?? {}) as Record<
    string,
    unknown
  >;
  const legacy =
    typeof exception.text === 'string'
      ? `${typeof exception.messageId === 'string' ? `${exception.messageId} ` : ''}${exception.text}`
      : undefined;
  const violations = Array.isArray(b.violations)
    ? b.violations
        .map(
          (v) =>
            `${String((v as Record<string, unknown>).property ?? '')}: ${String((v as Record<string, unknown>).violation ?? '')}`,
        )
        .join('; ')
    : '';
  return `Infobip answered ${status}${v3 || legacy ? `: ${v3 ?? legacy}` : ''}${violations ? ` (${violations})` : ''}`.slice(
    0,
    500,
  );
}

/** Sends one SMS. Throws SmsSendError (retryable or not) when Infobip does not accept it. */
export async function sendInfobipSms(config: InfobipClientConfig, input: InfobipSendInput): Promise<InfobipSendResult> {
  const http = createHttpClient({
    service: 'infobip',
    baseUrl: config.baseUrl,
    logger: config.logger,
    headers: { Authorization: `App ${config.apiKey}`, Accept: 'application/json' },
    timeoutMs: config.timeoutMs ?? TIMEOUT_MS,
    retries: config.retries ?? 2,
    backoff: { baseMs: 250, maxMs: 4_000 },
    retryAfterCapMs: MAX_RETRY_WAIT_MS,
    sleep: config.sleep ?? realSleep,
  });
  const message: Record<string, unknown> = {
    sender: infobipAddress(input.from),
    destinations: [{ to: infobipAddress(input.to) }],
    content: { text: input.text },
  };
  if (config.deliveryReportUrl || input.callbackData) {
    message.webhooks = {
      ...(config.deliveryReportUrl
        ? { delivery: { url: config.deliveryReportUrl, intermediateReport: false }, contentType: 'application/json' }
        : {}),
      ...(input.callbackData ? { callbackData: input.callbackData } : {}),
    };
  }

  let response: HttpResponse;
  try {
    response = await http.request({ method: 'POST', path: INFOBIP_SEND_PATH, json: { messages: [message] } });
  } catch (error) {
    if (!(error instanceof HttpNetworkError)) throw error;
    throw new SmsSendError(error.timedOut ? 'Infobip did not answer within 10 s' : 'Could not reach Infobip', {
      retryable: true,
      cause: error,
    });
  }
  if (response.ok) return readAnswer(response.json());
  throw new SmsSendError(describeError(response.status, response.json()), {
    status: response.status,
    retryable: response.status === 429 || response.status >= 500,
    retryAfterMs: response.retryAfterMs,
  });
}

function readAnswer(json: unknown): InfobipSendResult {
  const parsed = sendAnswerSchema.safeParse(json);
  if (!parsed.success)
    throw new SmsSendError('Infobip answered 200 without a message id', { status: 200, retryable: false });
  const first = parsed.data.messages[0]!;
  const group = first.status?.groupName ?? undefined;
  // A message Infobip refuses at once (bad number, unregistered sender) comes back with group REJECTED.
  if (group === 'REJECTED') {
    throw new SmsSendError(
      `Infobip rejected the message: ${first.status?.name ?? 'REJECTED'}${first.status?.description ? ` (${first.status.description})` : ''}`,
      {
        status: 200,
        retryable: false,
      },
    );
  }
  return {
    messageId: first.messageId,
    bulkId: parsed.data.bulkId ?? undefined,
    statusName: first.status?.name ?? undefined,
    statusGroup: group,
    messageCount: first.details?.messageCount ?? first.smsCount ?? undefined,
  };
}
