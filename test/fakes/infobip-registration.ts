/**
 * Infobip's number registration, numbers and inbound-configuration APIs, as the Infobip fake
 * serves them (`Authorization: App {key}`): brands (`POST /number-registration/1/brands`, `GET
 * …/brands/{id}`, `POST …/brands/{id}/register` 202, `GET …/brands/{id}/registrar-statuses`),
 * campaigns (`POST /number-registration/1/campaigns`, `GET …/campaigns?page&size` with `paging`,
 * `GET …/campaigns/{id}` with its `stage`, `POST …/register` 202, `POST …/appeal` 204), owned numbers
 * (`GET /numbers/1/numbers?page&limit` with `numbers[{numberKey, number, …}]`) and inbound
 * configurations (`POST /resource-management/1/inbound-message-configurations` answering
 * `configurationKey`). Errors in Infobip's shape. It builds the status webhooks Infobip POSTs.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { campaignViolations, INTERNATIONAL_NUMBER } from '../fixtures/infobip/create-campaign-10dlc.ts';
import { sendJson, type Json, type RecordedRequest } from './server.ts';

export interface FakeBrand {
  id: string;
  payload: Json;
  registered: boolean;
  /** What registrar-statuses answers (ACTIVE, PENDING, REJECTED…). */
  state: string;
}
export interface FakeCampaign {
  id: string;
  payload: Json;
  stage: string;
  numberKeys: string[];
  appeals: string[];
  /** Throughput fields the campaign's answer carries once registered (messageClass, tpm, dailyCap), if any. */
  throughput?: Record<string, unknown>;
}

export type RegistrationRoute =
  | 'createBrand'
  | 'registerBrand'
  | 'getBrand'
  | 'registrarStatuses'
  | 'numbers'
  | 'campaigns'
  | 'createCampaign'
  | 'getCampaign'
  | 'submitCampaign'
  | 'appealCampaign'
  | 'inbound';

export interface FakeRegistration {
  brands: Map<string, FakeBrand>;
  campaigns: Map<string, FakeCampaign>;
  /** Owned numbers, in the order Infobip lists them. */
  numbers: Array<{ numberKey: string; number: string }>;
  inbound: Json[];
  /** Requests to the registration APIs, in order. */
  requests: RecordedRequest[];
  /** Requests of one route. */
  calls(route: RegistrationRoute): RecordedRequest[];
  /** The next call of `route` answers `status` with `body` (Infobip's error shape by default). */
  failNext(route: RegistrationRoute, status: number, body?: Json): void;
  /** The next call of `route` waits until the returned release is called. */
  hold(route: RegistrationRoute): { released: Promise<void>; arrived: Promise<void>; release(): void };
  /** A campaign of another brand already using these number keys. */
  addExistingCampaign(numberKeys: string[]): FakeCampaign;
  brandStatusWebhook(brandId: string, status: 'SUCCESS' | 'FAILURE'): Json;
  campaignStatusWebhook(
    campaignId: string,
    status: string,
    rejection?: { reasons?: string[]; details?: Array<{ errorCode: string; description: string }>; date?: string },
  ): Json;
  handle(request: RecordedRequest, res: ServerResponse): Promise<boolean>;
}

export const v3Error = (errorCode: string, description: string, violations: Json[] = []): Json => ({
  errorCode,
  description,
  action: 'Check the syntax, violations and adjust the request.',
  violations,
  resources: [],
});

const ROUTES: Array<[RegistrationRoute, string, RegExp]> = [
  ['createBrand', 'POST', /^\/number-registration\/1\/brands$/],
  ['registerBrand', 'POST', /^\/number-registration\/1\/brands\/([^/]+)\/register$/],
  ['registrarStatuses', 'GET', /^\/number-registration\/1\/brands\/([^/]+)\/registrar-statuses$/],
  ['getBrand', 'GET', /^\/number-registration\/1\/brands\/([^/]+)$/],
  ['numbers', 'GET', /^\/numbers\/1\/numbers$/],
  ['campaigns', 'GET', /^\/number-registration\/1\/campaigns$/],
  ['createCampaign', 'POST', /^\/number-registration\/1\/campaigns$/],
  ['submitCampaign', 'POST', /^\/number-registration\/1\/campaigns\/([^/]+)\/register$/],
  ['appealCampaign', 'POST', /^\/number-registration\/1\/campaigns\/([^/]+)\/appeal$/],
  ['getCampaign', 'GET', /^\/number-registration\/1\/campaigns\/([^/]+)$/],
  ['inbound', 'POST', /^\/resource-management\/1\/inbound-message-configurations$/],
];

const end = (res: ServerResponse, status: number): void => {
  res.writeHead(status);
  res.end();
};

export function createFakeRegistration(apiKey: string): FakeRegistration {
  const brands = new Map<string, FakeBrand>();
  const campaigns = new Map<string, FakeCampaign>();
  const numbers: FakeRegistration['numbers'] = [];
  const inbound: Json[] = [];
  const requests: Array<RecordedRequest & { route: RegistrationRoute }> = [];
  const failures = new Map<RegistrationRoute, Array<{ status: number; body?: Json }>>();
  const holds = new Map<RegistrationRoute, { released: Promise<void>; arrive: () => void }>();

  const notFound = (res: ServerResponse, what: string) => sendJson(res, 404, v3Error('E404', `${what} not found.`));

  async function answer(
    route: RegistrationRoute,
    id: string | undefined,
    request: RecordedRequest,
    res: ServerResponse,
  ) {
    const body = (request.body ?? {}) as Json;
    switch (route) {
      case 'createBrand': {
        const brand: FakeBrand = { id: randomUUID(), payload: body, registered: false, state: 'PENDING' };
        brands.set(brand.id, brand);
        return sendJson(res, 200, { id: brand.id, ...body, createdDate: new Date().toISOString() });
      }
      case 'registerBrand': {
        const brand = brands.get(id!);
        if (!brand) return notFound(res, 'Brand');
        brand.registered = true;
        return end(res, 202);
      }
      case 'getBrand': {
        const brand = brands.get(id!);
        return brand ? sendJson(res, 200, { id: brand.id, ...brand.payload }) : notFound(res, 'Brand');
      }
      case 'registrarStatuses': {
        const brand = brands.get(id!);
        if (!brand) return notFound(res, 'Brand');
        return sendJson(res, 200, [{ registrar: 'TCR', state: brand.state, brandIdentityStatus: 'VERIFIED' }]);
      }
      case 'numbers': {
        const page = Number(request.query.get('page') ?? 0);
        const limit = Number(request.query.get('limit') ?? 50);
        const slice = numbers.slice(page * limit, page * limit + limit).map((n) => ({
          ...n,
          country: 'US',
          type: 'VIRTUAL_LONG_NUMBER',
          capabilities: ['SMS', 'MMS', 'VOICE'],
          shared: false,
        }));
        return sendJson(res, 200, { numberCount: numbers.length, numbers: slice });
      }
      case 'campaigns': {
        const page = Number(request.query.get('page') ?? 0);
        const size = Number(request.query.get('size') ?? 20);
        const all = [...campaigns.values()];
        const results = all.slice(page * size, page * size + size).map((c) => ({
          id: c.id,
          name: c.payload.name,
          stage: c.stage,
          type: 'TEN_DIGIT_LONG_CODE',
          ...(typeof c.payload.referenceId === 'string' ? { referenceId: c.payload.referenceId } : {}),
          numberKeys: c.numberKeys,
        }));
        return sendJson(res, 200, {
          results,
          paging: { page, size, totalPages: Math.max(1, Math.ceil(all.length / size)), totalResults: all.length },
        });
      }
      case 'createCampaign': {
        // Infobip's published request schema (test/fixtures/infobip): a number key in `numbers` is refused.
        const violations = campaignViolations(body);
        if (violations.length > 0) return sendJson(res, 400, v3Error('E400', 'Bad request', violations));
        if (!brands.has(String(body.brandId)))
          return sendJson(
            res,
            400,
            v3Error('E400', 'Bad request', [{ property: 'brandId', violation: 'unknown brand' }]),
          );
        // `numbers` names owned numbers by phone number; each must be one of the account's.
        const digitsOf = (n: string) => n.replace(/^\+/, '');
        const byNumber = ((body.numbers as string[] | undefined) ?? []).map((n) =>
          INTERNATIONAL_NUMBER.test(n) ? numbers.find((owned) => digitsOf(owned.number) === digitsOf(n)) : undefined,
        );
        const unknown = byNumber.findIndex((n) => n === undefined);
        if (unknown >= 0)
          return sendJson(
            res,
            400,
            v3Error('E400', 'Bad request', [
              { property: `numbers.${unknown}`, violation: 'not a number of this account' },
            ]),
          );
        const campaign: FakeCampaign = {
          id: randomUUID(),
          payload: body,
          stage: 'DRAFT',
          numberKeys: [...((body.numberKeys as string[] | undefined) ?? []), ...byNumber.map((n) => n!.numberKey)],
          appeals: [],
        };
        campaigns.set(campaign.id, campaign);
        return sendJson(res, 200, { id: campaign.id, ...body, stage: 'DRAFT' });
      }
      case 'getCampaign': {
        const c = campaigns.get(id!);
        return c
          ? sendJson(res, 200, { id: c.id, name: c.payload.name, stage: c.stage, ...(c.throughput ?? {}) })
          : notFound(res, 'Campaign');
      }
      case 'submitCampaign': {
        const c = campaigns.get(id!);
        if (!c) return notFound(res, 'Campaign');
        c.stage = 'SUBMITTED';
        return end(res, 202);
      }
      case 'appealCampaign': {
        const c = campaigns.get(id!);
        if (!c) return notFound(res, 'Campaign');
        c.appeals.push(String(body.reason ?? ''));
        c.stage = 'APPEALED';
        return end(res, 204);
      }
      case 'inbound': {
        const configurationKey = randomUUID();
        inbound.push({ ...body, configurationKey });
        return sendJson(res, 200, { configurationKey, ...body });
      }
    }
  }

  return {
    brands,
    campaigns,
    numbers,
    inbound,
    requests,
    calls: (route) => requests.filter((r) => r.route === route),
    failNext: (route, status, body) => {
      failures.set(route, [...(failures.get(route) ?? []), { status, body }]);
    },
    hold: (route) => {
      let release!: () => void;
      let arrive!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      holds.set(route, { released, arrive });
      return { released, arrived, release };
    },
    addExistingCampaign: (numberKeys) => {
      const c: FakeCampaign = {
        id: randomUUID(),
        payload: { name: 'Other brand' },
        stage: 'REGISTERED',
        numberKeys,
        appeals: [],
      };
      campaigns.set(c.id, c);
      return c;
    },
    brandStatusWebhook: (brandId, status) => ({
      results: [
        {
          event: 'BRAND_STATUS_UPDATE',
          receivedAt: new Date().toISOString(),
          content: { brandId, brandStatus: status },
        },
      ],
    }),
    campaignStatusWebhook: (campaignId, status, rejection) => ({
      results: [
        {
          event: 'CAMPAIGN_STATUS_UPDATE',
          receivedAt: new Date().toISOString(),
          content: {
            campaignId,
            campaignStatus: status,
            ...(rejection
              ? {
                  rejectionReasons: rejection.reasons ?? [],
                  rejectionDetails: rejection.details ?? [],
                  rejectionDate: rejection.date,
                }
              : {}),
          },
        },
      ],
    }),
    handle: async (request, res) => {
      const match = ROUTES.map(
        ([route, method, re]) => [route, method === request.method ? re.exec(request.path) : null] as const,
      ).find(([, m]) => m);
      if (!match) return false;
      const [route, m] = match;
      requests.push({ ...request, route });
      if (request.headers.authorization !== `App ${apiKey}`) {
        sendJson(res, 401, v3Error('E401', 'Invalid login details'));
        return true;
      }
      const held = holds.get(route);
      if (held) {
        holds.delete(route);
        held.arrive();
        await held.released;
      }
      const failure = failures.get(route)?.shift();
      if (failure) {
        sendJson(res, failure.status, failure.body ?? v3Error(`E${failure.status}`, 'Request cannot be processed.'));
        return true;
      }
      await answer(route, m![1] ? decodeURIComponent(m![1]) : undefined, request, res);
      return true;
    },
  };
}
