/**
 * The panel's texting-number and integrations routes (issue 32, items 3 and 4) against the local
 * fakes of Infobip, Slack and Klaviyo and a local site serving the brand's terms and privacy pages:
 * company details checked field by field with the registration service's messages, the policy
 * check's missing phrases with the sentence to add, register and the state that follows, the
 * appeal of a rejected campaign; Slack's authorize link, channel and test message; Klaviyo's API
 * key and check; the store's health with what fixes it. A member is refused the writes (403 with
 * the reason); another brand's id answers 404 like a missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRegistrationStep } from '../../src/messaging/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { KLAVIYO_API_KEY, KLAVIYO_CLIENT, startFakeKlaviyo, type FakeKlaviyo } from '../fakes/klaviyo.ts';
import { SLACK_CLIENT, SLACK_TEAM, startFakeSlack, type FakeSlack } from '../fakes/slack.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedMineAndTheirs, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { registrationRow, rejectCampaign, startPageSite, type PageSite } from '../messaging/registration-setup.ts';

const t = useTestDatabase();
const env: Record<string, string> = {};
let infobip: FakeInfobip;
let slack: FakeSlack;
let klaviyo: FakeKlaviyo;
let site: PageSite;
beforeAll(async () => {
  [infobip, slack, klaviyo, site] = await Promise.all([
    startFakeInfobip(),
    startFakeSlack(),
    startFakeKlaviyo(),
    startPageSite(),
  ]);
  Object.assign(env, {
    INFOBIP_BASE_URL: infobip.url,
    INFOBIP_API_KEY: infobip.apiKey,
    INFOBIP_WEBHOOK_SECRET: 'infobip-secret',
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
    SLACK_CLIENT_ID: SLACK_CLIENT.id,
    SLACK_CLIENT_SECRET: SLACK_CLIENT.secret,
    SLACK_API_BASE_URL: slack.apiUrl,
    KLAVIYO_CLIENT_ID: KLAVIYO_CLIENT.id,
    KLAVIYO_CLIENT_SECRET: KLAVIYO_CLIENT.secret,
    KLAVIYO_BASE_URL: klaviyo.url,
  });
});
afterAll(async () => {
  await Promise.all([infobip?.close(), slack?.close(), klaviyo?.close(), site?.server.close()]);
});
const api = useBrandApi(t, env);

let mine: World;
let theirs: World;
let admin: string;
let member: string;
let b: string;
let other: string;

beforeAll(async () => {
  ({ mine, theirs, admin, member } = await seedMineAndTheirs(t.db, api, ['texting', 'elsewhere']));
  b = `/api/brands/${mine.ids.brandId}`;
  other = `/api/brands/${theirs.ids.brandId}`;
});

const COMPANY = () => ({
  company_info: {
    legal_company_name: 'Texting Goods LLC',
    industry_type: 'retail',
    company_type: 'private',
    tax_ein: '12-3456789',
    address: { line1: '1 Market St', city: 'San Francisco', state: 'ca', zip: '94105' },
    area_code_preference: '415',
    terms_url: site.url('/terms'),
    privacy_url: site.url('/privacy'),
  },
  brand_info: { website_url: 'https://texting.example.com', brand_name: 'Texting Goods' },
  contact_info: { phone: '(415) 555-0100', email: 'hello@texting.example.com' },
});

describe('10DLC: company details', () => {
  it('before anything is set: every required field is missing, no registration yet', async () => {
    const view = (await api.get(`${b}/texting/registration`, member)).json();
    expect(view.registration).toBeNull();
    expect(view.server_ready).toBe(true);
    expect(view.missing_fields).toEqual(
      expect.arrayContaining(['company_info.tax_ein', 'company_info.legal_company_name', 'contact_info.email']),
    );
    expect(view.industries).toContain('retail');
    expect(view.company_types).toEqual(['non_profit', 'private', 'public']);
  });

  it("the check names each bad field with the service's own message and saves nothing", async () => {
    const answer = await api.post(`${b}/texting/registration/settings/check`, member, {
      company_info: { tax_ein: '12-345', address: { zip: '9410' } },
      contact_info: { email: 'not-an-address' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().problems).toEqual([
      { field: 'company_info.tax_ein', message: 'EIN must be 9 digits written 12-3456789' },
      { field: 'company_info.address.zip', message: 'ZIP must be 5 digits (or ZIP+4: 94107-1234)' },
      { field: 'contact_info.email', message: 'contact e-mail must be an e-mail address' },
    ]);
    const ok = await api.post(`${b}/texting/registration/settings/check`, member, COMPANY());
    expect(ok.json().problems).toEqual([]);
    expect(await t.db('messaging_company_settings').where({ brand_id: mine.ids.brandId })).toEqual([]);
  });

  it('a save with a bad EIN answers 400 with the message and keeps nothing; a member may not save', async () => {
    const bad = await api.call('PUT', `${b}/texting/registration/settings`, admin, {
      company_info: { tax_ein: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid company settings: EIN must be 9 digits written 12-3456789.');
    const refused = await api.call('PUT', `${b}/texting/registration/settings`, member, COMPANY());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only a brand admin can register the texting number.');
    expect(await t.db('messaging_company_settings').where({ brand_id: mine.ids.brandId })).toEqual([]);
  });

  it('an admin saves; the view shows the stored values as the service normalised them and nothing missing', async () => {
    const saved = await api.call('PUT', `${b}/texting/registration/settings`, admin, COMPANY());
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json();
    expect(view.settings.company_info).toMatchObject({ tax_ein: '12-3456789', address: { state: 'CA' } });
    expect(view.settings.contact_info.phone).toBe('+14155550100');
    expect(view.missing_fields).toEqual([]);
    expect(view.policy_pages).toEqual({ terms_url: site.url('/terms'), privacy_url: site.url('/privacy') });
  });
});

describe('10DLC: the policy check', () => {
  it('lists each missing phrase of a page with the sentence to add, and the spec’s message', async () => {
    const answer = await api.post(`${b}/texting/policy-check`, member, { privacy_url: site.url('/partial') });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json();
    expect(result.passes).toBe(false);
    expect(result.message).toBe('Policy verification failed: Privacy page missing required SMS compliance text');
    const [terms, privacy] = result.pages;
    expect(terms).toMatchObject({ page: 'Terms', passes: true, missing: [] });
    expect(privacy.passes).toBe(false);
    expect(privacy.found).toEqual([
      'consent to receive messages',
      'messaging program',
      'cart reminders',
      'sms messages',
    ]);
    expect(privacy.missing).toContainEqual({
      phrase: 'not a condition of purchasing',
      suggestion: 'Your consent is not a condition of purchasing any goods or services.',
    });
    expect(privacy.message).toBe(
      'Privacy page is accessible but missing required SMS compliance text. Please ensure your page contains the SMS consent language provided during setup.',
    );
  });

  it('a page that does not answer is named as not accessible', async () => {
    const result = (await api.post(`${b}/texting/policy-check`, member, { terms_url: site.url('/gone') })).json();
    expect(result.message).toBe('Policy verification failed: Terms URL not accessible');
    expect(result.pages[0]).toMatchObject({ accessible: false, problem: 'answered 404' });
  });
});

describe('10DLC: register, state, appeal', () => {
  it('a member may not register; an admin registers and the state moves on as Infobip answers', async () => {
    const refused = await api.post(`${b}/texting/registration`, member);
    expect(refused.statusCode).toBe(403);
    const started = await api.post(`${b}/texting/registration`, admin);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().registration).toMatchObject({ state: 'create_brand_pending', last_error: null });
    const row = await registrationRow(t.db, mine.ids.brandId!);
    await runRegistrationStep(api.ctx, { brandIntegrationId: Number(row.id), step: 'create_brand', round: 0 });
    const view = (await api.get(`${b}/texting/registration`, member)).json();
    expect(view.registration.state).toBe('brand_approval_pending');
    const again = await api.post(`${b}/texting/registration`, admin);
    expect(again.statusCode).toBe(409);
  });

  it('a rejected campaign shows its reasons and can be appealed (Infobip gets the reason)', async () => {
    const campaignId = 'camp-rejected-1';
    const reason = 'Campaign rejected. Reasons: Terms page lacks opt-out. Details: 1001: No STOP wording';
    await rejectCampaign(t.db, infobip, { brandId: mine.ids.brandId!, campaignId, reason });
    const view = (await api.get(`${b}/texting/registration`, member)).json();
    expect(view.registration).toMatchObject({
      state: 'manual_intervention',
      failed_from: 'campaign_approval_pending',
      last_error: reason,
    });
    const empty = await api.post(`${b}/texting/registration/appeal`, admin, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('An appeal needs a reason: say what you fixed.');
    expect((await api.post(`${b}/texting/registration/appeal`, member, { reason: 'Fixed' })).statusCode).toBe(403);
    const appealed = await api.post(`${b}/texting/registration/appeal`, admin, {
      reason: 'We added Reply STOP to cancel to the terms page.',
    });
    expect(appealed.statusCode, appealed.body).toBe(200);
    expect(appealed.json().registration).toMatchObject({ state: 'campaign_approval_pending', failed_from: null });
    expect(appealed.json().registration.appealed_at).toEqual(expect.any(String));
    expect(infobip.registration.campaigns.get(campaignId)!.appeals).toEqual([
      'We added Reply STOP to cancel to the terms page.',
    ]);
  });
});

describe('Slack', () => {
  it('not connected at first; the authorize link carries the client id, the scopes and the redirect', async () => {
    expect((await api.get(`${b}/integrations/slack`, member)).json()).toMatchObject({
      configured: true,
      status: 'not_connected',
      channel: null,
      health: null,
    });
    expect((await api.post(`${b}/integrations/slack/connect`, member)).statusCode).toBe(403);
    const answer = await api.post(`${b}/integrations/slack/connect`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const url = new URL(answer.json().authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe(SLACK_CLIENT.id);
    expect(url.searchParams.get('scope')).toBe(
      'chat:write,chat:write.public,incoming-webhook,channels:read,channels:join',
    );
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.reclaim.test/api/integration/slack/auth');
    slack.addCode('code-panel', 'xoxb-panel-1');
    const back = await api.get(
      `/api/integration/slack/auth?code=code-panel&state=${encodeURIComponent(url.searchParams.get('state')!)}`,
      '',
    );
    expect(back.statusCode, back.body).toBe(200);
  });

  it('lists the channels, sets one (an admin’s), sends a test message there', async () => {
    slack.channels = [
      { id: 'C0SALES', name: 'sales' },
      { id: 'C0OLD', name: 'old', is_archived: true },
    ];
    const channels = (await api.get(`${b}/integrations/slack/channels`, member)).json();
    expect(channels.items).toEqual([{ id: 'C0SALES', name: 'sales' }]);
    expect((await api.call('PUT', `${b}/integrations/slack/channel`, member, { channel: '#sales' })).statusCode).toBe(
      403,
    );
    const unknown = await api.call('PUT', `${b}/integrations/slack/channel`, admin, { channel: '#nope' });
    expect(unknown.json().error.message).toBe(
      "Channel not found: #nope. Choose one of the workspace's channels; a private channel needs the Reclaim app invited first.",
    );
    const set = await api.call('PUT', `${b}/integrations/slack/channel`, admin, { channel: '#sales' });
    expect(set.json()).toMatchObject({
      status: 'connected',
      team: SLACK_TEAM.name,
      channel: { id: 'C0SALES', name: 'sales' },
    });
    const tested = (await api.post(`${b}/integrations/slack/test`, member)).json();
    expect(tested).toMatchObject({ sent: true, channel: 'C0SALES', slack: { health: { status: 'ok' } } });
    expect(slack.posted.at(-1)).toMatchObject({
      channel: 'C0SALES',
      text: 'Reclaim is connected: shoppers who reply to a text will show up here.',
    });
  });

  it('a revoked token shows as the last error in words', async () => {
    slack.failToken('xoxb-panel-1', 'token_revoked');
    const answer = await api.post(`${b}/integrations/slack/test`, member);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().error.message).toBe('Authentication required, please reconnect');
    const view = (await api.get(`${b}/integrations/slack`, member)).json();
    expect(view.health.status).toBe('Authentication required, please reconnect');
  });
});

describe('Klaviyo', () => {
  it('connects with an API key (an admin’s), checks it, and says why a key is refused', async () => {
    expect((await api.get(`${b}/integrations/klaviyo`, member)).json()).toMatchObject({
      oauth_configured: true,
      status: 'not_connected',
    });
    const empty = await api.call('PUT', `${b}/integrations/klaviyo/api-key`, admin, { api_key: ' ' });
    expect(empty.json().error.message).toBe('API key is required');
    const refused = await api.call('PUT', `${b}/integrations/klaviyo/api-key`, member, { api_key: KLAVIYO_API_KEY });
    expect(refused.statusCode).toBe(403);
    const saved = await api.call('PUT', `${b}/integrations/klaviyo/api-key`, admin, { api_key: KLAVIYO_API_KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'connected', auth_mode: 'api_key', health: { status: 'ok' } });
    expect(saved.body).not.toContain(KLAVIYO_API_KEY);
    const checked = await api.post(`${b}/integrations/klaviyo/check`, member);
    expect(checked.json()).toMatchObject({ status: 'connected', health: { status: 'ok' } });
  });

  it('the OAuth link carries PKCE S256 and the redirect', async () => {
    const answer = (await api.post(`${b}/integrations/klaviyo/connect`, admin)).json();
    const url = new URL(answer.authorize_url);
    expect(url.searchParams.get('client_id')).toBe(KLAVIYO_CLIENT.id);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.reclaim.test/api/integration/klaviyo/auth');
  });
});

describe('the store connection', () => {
  it('a missing permission shows its detail and that reconnecting fixes it', async () => {
    const row = await t.db('brand_integrations').where({ brand_id: mine.ids.brandId }).orderBy('id').first();
    const health = {
      status: 'Permissions required',
      message: 'Missing permissions: read_orders',
      level: 'warning',
      action: 'reconnect',
    };
    await t
      .db('brand_integrations')
      .where({ id: row.id })
      .update({ settings: { ...row.settings, health } });
    const { items } = (await api.get(`${b}/store-connections`, member)).json();
    expect(items[0]).toMatchObject({
      health: 'Permissions required',
      health_detail: 'Missing permissions: read_orders',
      action: 'reconnect',
    });
  });
});

describe("another brand's routes", () => {
  it.each([
    ['GET', '/texting/registration'],
    ['POST', '/texting/policy-check'],
    ['PUT', '/texting/registration/settings'],
    ['POST', '/texting/registration'],
    ['GET', '/integrations/slack'],
    ['POST', '/integrations/slack/connect'],
    ['GET', '/integrations/klaviyo'],
    ['PUT', '/integrations/klaviyo/api-key'],
  ] as const)('%s %s answers 404 like a missing brand', async (method, path) => {
    const theirsAnswer = await api.call(method, `${other}${path}`, admin, method === 'GET' ? undefined : {});
    const missing = await api.call(method, `/api/brands/999999999${path}`, admin, method === 'GET' ? undefined : {});
    expect(theirsAnswer.statusCode).toBe(404);
    expect(theirsAnswer.body).toBe(missing.body);
    expect(theirsAnswer.json().error.message).toBe('Brand not found');
  });
});
