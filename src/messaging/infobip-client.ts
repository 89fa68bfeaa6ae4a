/**
 * Infobip SMS API client: `POST {INFOBIP_BASE_URL}/sms/3/messages` with `Authorization: App {key}`.
 * Plain fetch with a 10 s timeout; 429, 5xx and network failures are retried with backoff,
 * honouring Retry-After. The API key never appears in errors or logs.
 *
 * Request: { messages: [{ sender, destinations: [{ to }], content: { text }, webhooks? }] }
 * (numbers in international format without '+'). Answer: { bulkId, messages: [{ messageId,
 * status: { groupId, groupName, id, name, description }, destination, details? }] }.
 * Errors: { errorCode, description, action, violations } (v3) or
 * { requestError: { serviceException: { messageId, text } } } (older endpoints).
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';

export const INFOBIP_SEND_PATH = '/sms/3/messages';
const TIMEOUT_MS = 10_000;
const MAX_RETRY_WAIT_MS = 10_000;

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Retry-After as seconds or an HTTP date, in ms (capped); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.max(0, Math.min(ms, MAX_RETRY_WAIT_MS)) : undefined;
}

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

const backoffMs = (attempt: number): number => Math.min(250 * 2 ** attempt, 4_000);

/** Sends one SMS. Throws SmsSendError (retryable or not) when Infobip does not accept it. */
export async function sendInfobipSms(config: InfobipClientConfig, input: InfobipSendInput): Promise<InfobipSendResult> {
  const sleep = config.sleep ?? realSleep;
  const retries = config.retries ?? 2;
  const url = `${config.baseUrl.replace(/\/+$/, '')}${INFOBIP_SEND_PATH}`;
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
  const body = JSON.stringify({ messages: [message] });

  for (let attempt = 0; ; attempt += 1) {
    let error: SmsSendError;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `App ${config.apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (response.ok) return readAnswer(json);
      const retryable = response.status === 429 || response.status >= 500;
      error = new SmsSendError(describeError(response.status, json), {
        status: response.status,
        retryable,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      });
    } catch (caught) {
      if (caught instanceof SmsSendError) throw caught;
      const timedOut = caught instanceof Error && (caught.name === 'TimeoutError' || caught.name === 'AbortError');
      error = new SmsSendError(timedOut ? 'Infobip did not answer within 10 s' : 'Could not reach Infobip', {
        retryable: true,
        cause: caught,
      });
    }
    if (!error.retryable || attempt >= retries) throw error;
    await sleep(error.retryAfterMs ?? backoffMs(attempt));
  }
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
