/**
 * SMS providers. `outbox` (the default) marks messages sent and keeps the body on the message row:
 * nothing leaves the machine. `infobip` sends through Infobip's SMS API from the brand's number.
 * SMS_PROVIDER chooses.
 */
import { AppError, type AppContext } from '../app/index.ts';
import { realSleep, sendInfobipSms, type Sleep } from './infobip-client.ts';

declare module '../app/index.ts' {
  interface Clients {
    /** The SMS provider SMS_PROVIDER names (getSmsProvider). */
    sms: SmsProvider;
  }
}

export type SmsProviderName = 'outbox' | 'infobip';

export interface OutgoingSms {
  messageId: number;
  brandId: number;
  /** The brand's sending number or sender id; null for the outbox. */
  from: string | null;
  /** E.164 */
  to: string;
  body: string;
}

export interface SentSms {
  providerMessageId: string;
  /** The provider's own status name on acceptance (e.g. PENDING_ACCEPTED). */
  providerStatus?: string;
}

export interface SmsProvider {
  readonly name: SmsProviderName;
  /** Real carriers limit throughput per sending number; the outbox has no limit. */
  readonly rateLimited: boolean;
  /** Needs the brand's number as sender. */
  readonly needsSender: boolean;
  /** The outbox "sends" inside the claiming transaction (no I/O), in bulk. */
  readonly local: boolean;
  send(sms: OutgoingSms): Promise<SentSms>;
}

export const outboxMessageId = (messageId: number): string => `outbox-${messageId}`;

export const outboxProvider: SmsProvider = {
  name: 'outbox',
  rateLimited: false,
  needsSender: false,
  local: true,
  send: async (sms) => ({ providerMessageId: outboxMessageId(sms.messageId), providerStatus: 'OUTBOX' }),
};

export interface InfobipProviderOptions {
  baseUrl: string;
  apiKey: string;
  deliveryReportUrl?: string;
  retries?: number;
  sleep?: Sleep;
}

export function infobipProvider(options: InfobipProviderOptions): SmsProvider {
  return {
    name: 'infobip',
    rateLimited: true,
    needsSender: true,
    local: false,
    send: async (sms) => {
      if (!sms.from)
        throw new AppError(
          'invalid_input',
          'The brand has no sending number: set infobip_phone_number on its SMS integration or a support phone.',
        );
      const sent = await sendInfobipSms(
        {
          baseUrl: options.baseUrl,
          apiKey: options.apiKey,
          deliveryReportUrl: options.deliveryReportUrl,
          retries: options.retries,
          sleep: options.sleep ?? realSleep,
        },
        { from: sms.from, to: sms.to, text: sms.body, callbackData: `reclaim:${sms.messageId}` },
      );
      return { providerMessageId: sent.messageId, providerStatus: sent.statusName };
    },
  };
}

/** Our delivery-report address for Infobip, with the shared secret as query parameter; undefined without PUBLIC_URL. */
export function deliveryReportUrl(ctx: Pick<AppContext, 'config'>): string | undefined {
  const { PUBLIC_URL, INFOBIP_WEBHOOK_SECRET } = ctx.config;
  if (!PUBLIC_URL || !INFOBIP_WEBHOOK_SECRET) return undefined;
  return `${PUBLIC_URL.replace(/\/+$/, '')}/webhooks/infobip/delivery?secret=${encodeURIComponent(INFOBIP_WEBHOOK_SECRET)}`;
}

/**
 * The provider SMS_PROVIDER names; infobip needs INFOBIP_BASE_URL and INFOBIP_API_KEY. A context
 * holds the one it uses as ctx.clients.sms.
 */
export function getSmsProvider(ctx: Pick<AppContext, 'config'>, { sleep }: { sleep?: Sleep } = {}): SmsProvider {
  const { config } = ctx;
  if (config.SMS_PROVIDER === 'outbox') return outboxProvider;
  if (!config.INFOBIP_BASE_URL || !config.INFOBIP_API_KEY) {
    throw new AppError('invalid_input', 'SMS_PROVIDER is infobip but INFOBIP_BASE_URL or INFOBIP_API_KEY is not set.', {
      code: 'infobip_not_configured',
    });
  }
  return infobipProvider({
    baseUrl: config.INFOBIP_BASE_URL,
    apiKey: config.INFOBIP_API_KEY,
    deliveryReportUrl: deliveryReportUrl(ctx),
    sleep,
  });
}

/** Whether a provider sends each number at its pace (real carriers do; the outbox has none). */
export const providerIsPaced = (name: SmsProviderName): boolean => name !== 'outbox';
