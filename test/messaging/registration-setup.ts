/**
 * 10DLC registration on a test database: the fake Infobip (registration APIs), a local site serving
 * a brand's terms and privacy pages, the registration webhook on a listening server, and a brand
 * with complete company settings.
 */
import type { AppContext } from '../../src/app/index.ts';
import type { Db } from '../../src/db/index.ts';
import { infobipRegistrationRoutes, updateCompanySettings } from '../../src/messaging/index.ts';
import { createBrand } from '../factories/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { startServer, type FakeServer } from '../fakes/server.ts';
import type { TestDatabaseHandle } from '../helpers/db.ts';
import { listenHttp, type ListeningServer } from '../helpers/listening-server.ts';

export const SECRET = 'infobip-subscription-password';
export const PUBLIC_URL = 'https://reclaim.example.com';
export const APPLICATION_ID = 'reclaim-app';

/** A page with all nine consent phrases. */
export const GOOD_PAGE = `<!doctype html><html><head><title>Terms</title><style>body{color:red}</style>
<script>var consent = 'nothing here counts';</script></head><body><h1>SMS Terms</h1>
<p>By joining our messaging program you consent to receive messages, including marketing text messages
and cart reminders, sent by short message service. The frequency of messages varies; SMS messages are at
most one per abandoned cart. Consent is no condition for purchase: it is not a condition of purchasing anything.</p>
<p>Message and data rates may apply. Reply STOP to cancel, HELP for help.</p></body></html>`;

/** Four of nine phrases: under 70%. */
export const PARTIAL_PAGE = `<html><body><h1>Privacy</h1><p>We run a messaging program that sends cart reminders.
You consent to receive messages from us. We never sell your data. Our SMS messages can be stopped at any time
by replying STOP. We keep your number only as long as needed.</p></body></html>`;

export const SHORT_PAGE = '<html><body><p>Terms: see store.</p></body></html>';

export interface PageSite {
  server: FakeServer;
  url: (path: string) => string;
}

/** Serves /terms, /privacy (good), /partial, /short, /moved (same site) and /elsewhere (off site). */
export async function startPageSite(): Promise<PageSite> {
  let port = 0;
  const server = await startServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/terms' || path === '/privacy') return html(200, GOOD_PAGE);
    if (path === '/partial') return html(200, PARTIAL_PAGE);
    if (path === '/short') return html(200, SHORT_PAGE);
    if (path === '/moved') {
      res.writeHead(301, { location: '/terms' });
      return void res.end();
    }
    if (path === '/elsewhere') {
      res.writeHead(302, { location: `http://localhost:${port}/terms` });
      return void res.end();
    }
    return html(404, 'not found');
  });
  port = server.port;
  return { server, url: (path) => `${server.url}${path}` };
}

export interface RegistrationWorld {
  ctx: AppContext;
  infobip: FakeInfobip;
  site: PageSite;
  http: ListeningServer;
  close(): Promise<void>;
}

export async function startRegistrationWorld(t: TestDatabaseHandle): Promise<RegistrationWorld> {
  const infobip = await startFakeInfobip();
  const site = await startPageSite();
  const ctx = await t.context({
    INFOBIP_BASE_URL: infobip.url,
    INFOBIP_API_KEY: infobip.apiKey,
    INFOBIP_WEBHOOK_SECRET: SECRET,
    INFOBIP_APPLICATION_ID: APPLICATION_ID,
    PUBLIC_URL,
    // The terms and privacy pages are served on 127.0.0.1.
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
  });
  const http = await listenHttp(ctx, [infobipRegistrationRoutes]);
  return {
    ctx,
    infobip,
    site,
    http,
    close: async () => {
      await http.close();
      await site.server.close();
      await infobip.close();
    },
  };
}

export const basicAuth = (user: string, password: string): Record<string, string> => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

/** A brand with complete company settings pointing at the local pages. */
export async function registrableBrand(
  world: Pick<RegistrationWorld, 'ctx' | 'site'>,
  { areaCode = '415', name = 'Acme Goods' }: { areaCode?: string; name?: string } = {},
): Promise<number> {
  const brandId = (await createBrand(world.ctx.db, { name })).id;
  await updateCompanySettings(world.ctx, {
    brandId,
    patch: {
      company_info: {
        legal_company_name: `${name} LLC`,
        industry_type: 'Retail',
        tax_ein: '123456789',
        address: { line1: '1 Market St', city: 'San Francisco', state: 'ca', zip: '94105' },
        area_code_preference: areaCode,
        terms_url: world.site.url('/terms'),
        privacy_url: world.site.url('/privacy'),
      },
      brand_info: { website_url: 'https://acme.example.com', brand_name: name },
      contact_info: { phone: '(415) 555-0100', email: 'hello@acme.example.com' },
      compliance_contact: { phone: '+14155550101', email: 'compliance@acme.example.com' },
    },
  });
  return brandId;
}

/** The brand's Infobip integration that its registration runs on (the one with an automation state). */
export const registrationRow = (db: Db, brandId: number) =>
  db('brand_integrations').where({ brand_id: brandId }).whereRaw(`settings->>'automation_state' is not null`).first();

/**
 * What the carriers' rejection webhook leaves (messaging/registration/webhook.ts): the fake's
 * campaign REJECTED, and the brand's registration stopped on it with the carriers' `reason`.
 */
export async function rejectCampaign(
  db: Db,
  infobip: FakeInfobip,
  { brandId, campaignId, reason }: { brandId: number; campaignId: string; reason: string },
): Promise<void> {
  const row = await registrationRow(db, brandId);
  infobip.registration.campaigns.set(campaignId, {
    id: campaignId,
    payload: {},
    stage: 'REJECTED',
    numberKeys: [],
    appeals: [],
  });
  await db('brand_integrations')
    .where({ id: row.id })
    .update({
      settings: {
        ...row.settings,
        infobip_campaign_id: campaignId,
        automation_state: 'manual_intervention',
        automation_metadata: {
          ...row.settings.automation_metadata,
          failed_from: 'campaign_approval_pending',
          error_message: reason,
        },
      },
    });
}
