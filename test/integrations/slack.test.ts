import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, type AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import {
  beginSlackConnect,
  checkSlackHealth,
  completeSlackConnect,
  listSlackChannels,
  setSlackChannel,
  slackRoutes,
} from '../../src/integrations/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import {
  connectInfobip,
  createBrand,
  createCart,
  createContact,
  createIntegration,
  createWorkflow,
  usPhone,
} from '../factories/index.ts';
import { SLACK_CLIENT, SLACK_TEAM, startFakeSlack, type FakeSlack } from '../fakes/slack.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../helpers/db.ts';
import { listenHttp, type ListeningServer } from '../helpers/listening-server.ts';

const t = useTestDatabase();
let fake: FakeSlack;
let ctx: AppContext;
let server: ListeningServer;
let brand: { id: number };
const PUBLIC_URL = 'https://reclaim.example.com';
const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');

const slackRow = async (brandId: number) => {
  const slack = await t.db('integrations').where({ slug: 'slack' }).first();
  return t.db('brand_integrations').where({ brand_id: brandId, integration_id: slack.id }).first();
};

/** Connects the brand through the HTTP callback, as Slack's redirect does. */
async function connect(brandId: number, token: string, channel?: { id: string; name: string }) {
  const { authorizeUrl } = await beginSlackConnect(ctx, { brandId });
  const state = new URL(authorizeUrl).searchParams.get('state')!;
  const code = `code-${token}`;
  fake.addCode(code, token, channel);
  return fetch(`${server.base}/api/integration/slack/auth?code=${code}&state=${encodeURIComponent(state)}`);
}

beforeAll(async () => {
  fake = await startFakeSlack();
  ctx = await t.context({
    SLACK_CLIENT_ID: SLACK_CLIENT.id,
    SLACK_CLIENT_SECRET: SLACK_CLIENT.secret,
    SLACK_API_BASE_URL: fake.apiUrl,
    PUBLIC_URL,
  });
  server = await listenHttp(ctx, [slackRoutes]);
  brand = await createBrand(t.db, { name: 'Northwind Outfitters' });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('Slack OAuth', () => {
  it('the authorize URL asks for the spec scopes and comes back to our callback', async () => {
    const { authorizeUrl } = await beginSlackConnect(ctx, { brandId: brand.id });
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('scope')).toBe(
      'chat:write,chat:write.public,incoming-webhook,channels:read,channels:join',
    );
    expect(url.searchParams.get('client_id')).toBe(SLACK_CLIENT.id);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/integration/slack/auth`);
  });

  it('the callback exchanges the code at oauth.v2.access and stores the bot token sealed', async () => {
    const answer = await connect(brand.id, 'xoxb-northwind-1', { id: 'C0SALES', name: 'sales' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(
      `Slack workspace ${SLACK_TEAM.name} is connected. Notifications go to #sales.`,
    );
    const call = fake.requests.find((r) => r.path === '/api/oauth.v2.access')!;
    expect(call.body).toMatchObject({
      code: 'code-xoxb-northwind-1',
      redirect_uri: `${PUBLIC_URL}/api/integration/slack/auth`,
    });
    const row = await slackRow(brand.id);
    expect(row).toMatchObject({ status: 'connected', is_enabled: true });
    expect(row.settings).toMatchObject({ team_id: SLACK_TEAM.id, channel_id: 'C0SALES', bot_user_id: 'U0BOT001' });
    expect(JSON.stringify(row.settings)).not.toContain('xoxb-northwind-1');
    expect(decryptSecret(row.settings.credentials.access_token, key)).toBe('xoxb-northwind-1');
    expect(row.settings.credentials.state).toBeUndefined();
  });

  it("'No bid provided' without state or bid; 'Slack OAuth error: {error}' for a refused code", async () => {
    const none = await fetch(`${server.base}/api/integration/slack/auth?code=abc`);
    expect(none.status).toBe(400);
    expect((await none.json()).error.message).toBe('No bid provided');
    await expect(completeSlackConnect(ctx, { code: 'never-issued', bid: brand.id })).rejects.toThrow(
      'Slack OAuth error: invalid_code',
    );
    await expect(completeSlackConnect(ctx, { error: 'access_denied', bid: brand.id })).rejects.toThrow(
      'Slack OAuth error: access_denied',
    );
    const forged = await fetch(`${server.base}/api/integration/slack/auth?code=x&state=999999.${'a'.repeat(43)}`);
    expect(forged.status).toBe(401);
    // The failed attempts left the connected link as it was.
    expect((await slackRow(brand.id)).status).toBe('connected');
  });
});

describe('Slack and the automation service', () => {
  it('the bot token is given to the automation service as a slackApi credential when it is configured', async () => {
    const { N8N_API_KEY, startFakeN8n } = await import('../fakes/automation-api.ts');
    const n8n = await startFakeN8n();
    try {
      const withAutomation = await t.context({
        SLACK_CLIENT_ID: SLACK_CLIENT.id,
        SLACK_CLIENT_SECRET: SLACK_CLIENT.secret,
        SLACK_API_BASE_URL: fake.apiUrl,
        AUTOMATION_BASE_URL: n8n.url,
        AUTOMATION_API_KEY: N8N_API_KEY,
      });
      const shared = await createBrand(t.db);
      fake.addCode('code-shared', 'xoxb-shared-1');
      await completeSlackConnect(withAutomation, { code: 'code-shared', bid: shared.id });
      expect(n8n.credentials).toEqual([
        expect.objectContaining({
          name: `Reclaim Slack brand ${shared.id}`,
          type: 'slackApi',
          data: { accessToken: 'xoxb-shared-1' },
        }),
      ]);
      expect((await slackRow(shared.id)).settings.automation_credential_id).toBe(n8n.credentials[0]!.id);
    } finally {
      await n8n.close();
    }
  });
});

describe('Slack channels', () => {
  it('pages conversations.list by cursor with a limit Slack accepts, archived channels excluded', async () => {
    fake.channels = [
      { id: 'C0SALES', name: 'sales' },
      { id: 'C0OLD', name: 'old-launch', is_archived: true },
      { id: 'C0SUPPORT', name: 'support' },
      { id: 'C0GENERAL', name: 'general' },
      { id: 'C0CARTS', name: 'cart-alerts' },
    ];
    const before = fake.requests.length;
    const channels = await listSlackChannels(ctx, { brandId: brand.id });
    expect(channels.map((c) => c.name)).toEqual(['sales', 'support', 'general', 'cart-alerts']);
    const calls = fake.requests.slice(before).filter((r) => r.path === '/api/conversations.list');
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => (c.body as Record<string, string>).limit)).toEqual(['999', '999']);
    expect(calls.every((c) => (c.body as Record<string, string>).exclude_archived === 'true')).toBe(true);
    expect((calls[1]!.body as Record<string, string>).cursor).toBeTruthy();
  });

  it('set-channel takes a #name among the listed channels; an unknown one changes nothing', async () => {
    expect(await setSlackChannel(ctx, { brandId: brand.id, channel: '#cart-alerts' })).toMatchObject({ id: 'C0CARTS' });
    await expect(setSlackChannel(ctx, { brandId: brand.id, channel: '#nope' })).rejects.toThrow(
      'Channel not found: #nope',
    );
    expect((await slackRow(brand.id)).settings).toMatchObject({ channel_id: 'C0CARTS', channel_name: 'cart-alerts' });
  });
});

describe('the engaged-conversation notification', () => {
  it('posts the first reply with cart value, workflow and panel link, and threads the next one under it', async () => {
    const number = usPhone('628');
    await connectInfobip(t.db, brand.id, number);
    const store = await createIntegration(t.db, brand.id);
    const { contact, channel } = await createContact(t.db, brand.id, { given_name: 'Sam', family_name: 'Rivera' });
    const workflow = await createWorkflow(t.db, { brandId: brand.id, name: 'Abandoned Cart' });
    const cart = await createCart(t.db, { brandId: brand.id, integrationId: store.id, total: '59.00' });
    const [row] = await t
      .db('conversations')
      .insert({
        brand_id: brand.id,
        workflow_id: workflow.id,
        contact_id: contact.id,
        contact_channel_id: channel.id,
        cart_id: cart.id,
      })
      .returning('id');
    const conversationId = Number(row.id);
    const from = String(channel.username);

    await receiveMessage(ctx, { from, to: number, body: 'Do you ship to Canada?', provider: 'outbox' });
    await runDueJobs(ctx, TASKS);
    expect(fake.posted).toHaveLength(1);
    const first = fake.posted[0]!;
    expect(first.channel).toBe('C0CARTS');
    expect(first.thread_ts).toBeUndefined();
    expect(first.text).toBe(
      [
        '*Sam Rivera replied* to _Abandoned Cart_',
        '> Do you ship to Canada?',
        'Cart value: $59.00',
        `<${PUBLIC_URL}/b/${brand.id}/conversations/${conversationId}|Open the conversation>`,
      ].join('\n'),
    );
    const stored = await t.db('conversations').where({ id: conversationId }).first();
    expect(stored.extra_data.slack_ts).toBe(first.ts);

    await receiveMessage(ctx, { from, to: number, body: 'And is it <b>free</b>?', provider: 'outbox' });
    await runDueJobs(ctx, TASKS);
    expect(fake.posted).toHaveLength(2);
    expect(fake.posted[1]).toMatchObject({
      channel: 'C0CARTS',
      thread_ts: first.ts,
      text: '*Sam Rivera*:\n> And is it &lt;b&gt;free&lt;/b&gt;?',
    });
    expect((await t.db('conversations').where({ id: conversationId }).first()).extra_data.slack_ts).toBe(first.ts);

    // A job run with nothing new posts nothing.
    await runDueJobs(ctx, TASKS);
    expect(fake.posted).toHaveLength(2);
  });
});

describe('Slack health', () => {
  it("auth.test failures read 'Authentication required, please reconnect' or 'Missing scopes, please reconnect'", async () => {
    const other = await createBrand(t.db, { name: 'Contoso' });
    await connect(other.id, 'xoxb-contoso-1');
    expect(await checkSlackHealth(ctx, { brandId: other.id })).toEqual({
      ok: true,
      status: 'ok',
      team: SLACK_TEAM.name,
    });

    fake.failToken('xoxb-contoso-1', 'invalid_auth');
    expect(await checkSlackHealth(ctx, { brandId: other.id })).toEqual({
      ok: false,
      status: 'Authentication required, please reconnect',
      team: null,
    });
    expect((await slackRow(other.id)).settings.health).toMatchObject({
      status: 'Authentication required, please reconnect',
      error: 'invalid_auth',
    });
    await expect(listSlackChannels(ctx, { brandId: other.id })).rejects.toThrow('Failed to get channels');

    fake.failToken('xoxb-contoso-1', 'missing_scope');
    expect((await checkSlackHealth(ctx, { brandId: other.id })).status).toBe('Missing scopes, please reconnect');
  });
});

describe('reclaim slack', () => {
  it('channels --json lists the channels; test with a token lacking scopes exits 1 with the spec text', async () => {
    const { runCli } = await import('../helpers/cli.ts');
    const { testEnv } = await import('../helpers/db.ts');
    const env = {
      ...testEnv(t.url),
      SLACK_CLIENT_ID: SLACK_CLIENT.id,
      SLACK_CLIENT_SECRET: SLACK_CLIENT.secret,
      SLACK_API_BASE_URL: fake.apiUrl,
    };
    const listed = await runCli(['slack', 'channels', '--brand', String(brand.id), '--json'], env);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ brand_id: brand.id, count: 4 });
    expect(listed.stdout).not.toContain('xoxb-');

    const scoped = await createBrand(t.db, { name: 'Fabrikam' });
    await connect(scoped.id, 'xoxb-fabrikam-1');
    fake.failToken('xoxb-fabrikam-1', 'missing_scope');
    const tested = await runCli(['slack', 'test', '--brand', String(scoped.id)], env);
    expect(tested.code).toBe(1);
    expect(tested.stderr).toContain('Missing scopes, please reconnect');
  });
});
