/**
 * Infobip's number registration, numbers and inbound configuration APIs (`Authorization: App
 * {key}`), on the shared HTTP client. Every failure is an AppError with the spec's text (spec 3
 * section 8); the service's own explanation, when it gives one, follows it. The key never appears
 * in errors or logs.
 */
import { z } from 'zod';
import { AppError, type Logger } from '../../app/index.ts';
import { createHttpClient, realSleep, type HttpClient, type HttpResponse, type Sleep } from '../../http/index.ts';
import type { OwnedNumber } from './rules.ts';

const REG = '/number-registration/1';
export const NUMBERS_PAGE_SIZE = 50;
export const CAMPAIGNS_PAGE_SIZE = 2000;

export interface RegistrationClientConfig {
  baseUrl: string;
  apiKey: string;
  logger?: Logger;
  sleep?: Sleep;
}

export type RegistrationClient = ReturnType<typeof registrationClient>;

/** What Infobip said was wrong: a v3 description or a serviceException's text, with violations. */
export function serviceExplanation(response: HttpResponse): { messageId?: string; text?: string } {
  const body = (response.json() ?? {}) as Record<string, unknown>;
  const exception = ((body.requestError as Record<string, unknown> | undefined)?.serviceException ?? undefined) as
    Record<string, unknown> | undefined;
  if (exception && typeof exception.text === 'string') {
    const violations = Array.isArray(exception.validationErrors)
      ? ` (${(exception.validationErrors as unknown[]).map((v) => JSON.stringify(v)).join('; ')})`
      : '';
    return {
      messageId: typeof exception.messageId === 'string' ? exception.messageId : undefined,
      text: `${exception.text}${violations}`,
    };
  }
  if (typeof body.description === 'string') {
    const violations = Array.isArray(body.violations)
      ? (body.violations as Array<Record<string, unknown>>)
          .map((v) => `${String(v.property ?? '')}: ${String(v.violation ?? '')}`)
          .join('; ')
      : '';
    return {
      messageId: typeof body.errorCode === 'string' ? body.errorCode : undefined,
      text: `${body.description}${violations ? ` (${violations})` : ''}`,
    };
  }
  return {};
}

const fail = (message: string, response?: HttpResponse, code = 'infobip_registration'): AppError => {
  const explained = response ? serviceExplanation(response) : {};
  return new AppError('upstream', message, {
    code,
    details: { status: response?.status, reason: explained.text?.slice(0, 500) },
  });
};

const idAnswer = z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) });
const numbersPage = z.looseObject({
  numbers: z
    .array(z.looseObject({ numberKey: z.string(), number: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
});
const campaignsPage = z.looseObject({
  results: z
    .array(
      z.looseObject({
        id: z.union([z.string(), z.number()]).transform(String),
        referenceId: z.string().nullish(),
        stage: z.string().nullish(),
        numberKeys: z.array(z.string()).nullish(),
        numbers: z.array(z.unknown()).nullish(),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  paging: z.looseObject({ totalPages: z.number().int().nonnegative() }).nullish(),
});
const registrarStatuses = z.array(
  z.looseObject({ registrar: z.string().nullish(), state: z.string(), rejectionReason: z.string().nullish() }),
);
const campaignAnswer = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  stage: z.string().nullish(),
  status: z.string().nullish(),
  campaignFeedback: z.unknown().optional(),
});

export function registrationClient(config: RegistrationClientConfig) {
  const http: HttpClient = createHttpClient({
    service: 'infobip',
    baseUrl: config.baseUrl,
    logger: config.logger,
    headers: { Authorization: `App ${config.apiKey}`, Accept: 'application/json' },
    timeoutMs: 15_000,
    retries: 2,
    backoff: { baseMs: 500, maxMs: 4_000 },
    retryAfterCapMs: 10_000,
    sleep: config.sleep ?? realSleep,
  });
  const call = async (request: Parameters<HttpClient['request']>[0], failure: string): Promise<HttpResponse> => {
    try {
      return await http.request(request);
    } catch (error) {
      throw new AppError('upstream', failure, { code: 'infobip_unreachable', cause: error });
    }
  };

  return {
    /** POST /brands: the new brand's id ('Failed to create brand: {status} - {body}'). */
    async createBrand(payload: Record<string, unknown>): Promise<string> {
      const response = await call({ method: 'POST', path: `${REG}/brands`, json: payload }, 'Failed to create brand');
      const parsed = idAnswer.safeParse(response.json());
      if (!response.ok || !parsed.success)
        throw new AppError('upstream', `Failed to create brand: ${response.status} - ${response.body.slice(0, 500)}`, {
          code: 'infobip_create_brand',
        });
      return parsed.data.id;
    },
    async getBrand(brandId: string): Promise<Record<string, unknown>> {
      const response = await call({ path: `${REG}/brands/${encodeURIComponent(brandId)}` }, 'Failed to get brand');
      if (!response.ok) throw fail('Failed to get brand', response);
      return (response.json() ?? {}) as Record<string, unknown>;
    },
    /** POST /brands/{id}/register: 202 Accepted. */
    async registerBrand(brandId: string): Promise<void> {
      const response = await call(
        { method: 'POST', path: `${REG}/brands/${encodeURIComponent(brandId)}/register`, retries: 0 },
        'Failed to register brand',
      );
      if (!response.ok) throw fail('Failed to register brand', response);
    },
    async registrarStatuses(brandId: string): Promise<z.output<typeof registrarStatuses>> {
      const response = await call(
        { path: `${REG}/brands/${encodeURIComponent(brandId)}/registrar-statuses` },
        'Failed to get brand',
      );
      const parsed = registrarStatuses.safeParse(response.json());
      if (!response.ok || !parsed.success) throw fail('Failed to get brand', response);
      return parsed.data;
    },
    /** GET /numbers/1/numbers?page&limit=50: one page of owned numbers. */
    async ownedNumbers(page: number): Promise<OwnedNumber[]> {
      const response = await call(
        { path: '/numbers/1/numbers', query: { page, limit: NUMBERS_PAGE_SIZE } },
        'Failed to list owned numbers',
      );
      const parsed = numbersPage.safeParse(response.json());
      if (!response.ok || !parsed.success) throw fail('Failed to list owned numbers', response);
      return parsed.data.numbers.map((n) => ({ numberKey: n.numberKey, number: n.number }));
    },
    /** GET /campaigns?page&size=2000: the page's campaigns (id, referenceId, stage, number keys) and the page count. */
    async campaignsPage(page: number): Promise<{
      campaigns: Array<{ id: string; referenceId?: string; stage?: string; numberKeys: string[] }>;
      totalPages: number;
    }> {
      const response = await call(
        { path: `${REG}/campaigns`, query: { page, size: CAMPAIGNS_PAGE_SIZE } },
        'Failed to list campaigns',
      );
      const parsed = campaignsPage.safeParse(response.json());
      if (!response.ok || !parsed.success) throw fail('Failed to list campaigns', response);
      return {
        campaigns: parsed.data.results.map((c) => ({
          id: c.id,
          referenceId: c.referenceId ?? undefined,
          stage: c.stage ?? undefined,
          numberKeys: c.numberKeys ?? [],
        })),
        totalPages: parsed.data.paging?.totalPages ?? 1,
      };
    },
    async createCampaign(payload: Record<string, unknown>): Promise<string> {
      const response = await call(
        { method: 'POST', path: `${REG}/campaigns`, json: payload, retries: 0 },
        'Failed to create campaign',
      );
      const parsed = idAnswer.safeParse(response.json());
      if (!response.ok || !parsed.success) throw fail('Failed to create campaign', response);
      return parsed.data.id;
    },
    async getCampaign(campaignId: string): Promise<z.output<typeof campaignAnswer>> {
      const response = await call(
        { path: `${REG}/campaigns/${encodeURIComponent(campaignId)}` },
        'Failed to get campaign',
      );
      const parsed = campaignAnswer.safeParse(response.json());
      if (!response.ok || !parsed.success) throw fail('Failed to get campaign', response);
      return parsed.data;
    },
    /** POST /campaigns/{id}/register: 202 ('Campaign submission failed: …'). */
    async submitCampaign(campaignId: string): Promise<void> {
      const response = await call(
        { method: 'POST', path: `${REG}/campaigns/${encodeURIComponent(campaignId)}/register`, retries: 0 },
        'Campaign submission failed: Infobip could not be reached',
      );
      if (response.status === 202 || response.ok) return;
      const explained = serviceExplanation(response);
      throw new AppError(
        'upstream',
        `Campaign submission failed: ${explained.text ? `${explained.messageId ? `${explained.messageId} - ` : ''}${explained.text}` : `${response.status}`}`,
        { code: 'infobip_submit_campaign' },
      );
    },
    /** POST /campaigns/{id}/appeal {reason}: 204 ('Campaign appeal failed: {messageId} - {text}'). */
    async appealCampaign(campaignId: string, reason: string): Promise<void> {
      const response = await call(
        { method: 'POST', path: `${REG}/campaigns/${encodeURIComponent(campaignId)}/appeal`, json: { reason } },
        'Campaign appeal failed: network - Infobip could not be reached',
      );
      if (response.status === 204 || response.ok) return;
      const explained = serviceExplanation(response);
      throw new AppError(
        'upstream',
        `Campaign appeal failed: ${explained.messageId ?? response.status} - ${explained.text ?? 'no explanation given'}`,
        { code: 'infobip_appeal_campaign' },
      );
    },
    /** POST /resource-management/1/inbound-message-configurations: the configurationKey. */
    async createInboundConfiguration(
      channel: 'SMS' | 'MMS',
      body: { numberKey: string; applicationId: string; url: string },
    ): Promise<string> {
      const failure = `Failed to configure ${channel} inbound messaging`;
      const response = await call(
        {
          method: 'POST',
          path: '/resource-management/1/inbound-message-configurations',
          retries: 0,
          json: {
            channel,
            numberKey: body.numberKey,
            platform: { applicationId: body.applicationId },
            forwarding: { url: body.url, format: 'MO_JSON_2', type: 'HTTP_FORWARD' },
            conversations: { enabled: false },
          },
        },
        failure,
      );
      const key = (response.json() as Record<string, unknown> | undefined)?.configurationKey;
      if (!response.ok || typeof key !== 'string') throw fail(failure, response);
      return key;
    },
  };
}
