/**
 * The brand API's Slack and Klaviyo routes, the panel's integrations page: each link's state and
 * last error; Slack's authorize link, channels, the channel notifications go to and a test
 * message; Klaviyo's authorize link or API key and a check. The services `reclaim slack …` and
 * `reclaim klaviyo …` run; connecting and choosing the channel are an admin's
 * ('integrations.manage'), the checks any member's. Credentials never leave.
 */
import { z } from 'zod';
import type { AppContext } from '../app/index.ts';
import { defineRoute, timestamp, type ApiBrand, type ApiCaller, type ApiRoute } from '../http/index.ts';
import { beginKlaviyoConnect, checkKlaviyoHealth, connectKlaviyoApiKey } from './klaviyo/service.ts';
import { beginSlackConnect, listSlackChannels, setSlackChannel, testSlack } from './slack/service.ts';
import { SLACK_SCOPES } from './slack/rules.ts';
import { findBrandLink, type BrandLink } from './store.ts';

/**
 * The role check of the writes, given by the composition root (accounts sits above integrations):
 * throws 403 with the reason unless the caller is an admin of the brand.
 */
export type RequireAdmin = (ctx: AppContext, caller: ApiCaller, brand: ApiBrand) => Promise<void>;

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const healthSchema = z
  .object({
    status: z.string().describe("'ok', or the last error's message"),
    checked_at: timestamp().nullable(),
  })
  .nullable();

function healthOf(link: BrandLink | undefined): z.input<typeof healthSchema> {
  const health = link?.settings.health as { status?: unknown; checked_at?: unknown } | undefined;
  const status = str(health?.status);
  return status ? { status, checked_at: str(health?.checked_at) } : null;
}

const linkStatus = z.enum(['not_connected', 'pending_setup', 'connected', 'disconnected']);

const slackSchema = z.object({
  configured: z.boolean().describe('whether this server has a Slack app (SLACK_CLIENT_ID and SECRET)'),
  status: linkStatus,
  team: z.string().nullable(),
  channel: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  scopes: z.array(z.string()).describe('the scopes the Slack app asks for'),
  health: healthSchema,
  installed_at: timestamp().nullable(),
});

const klaviyoSchema = z.object({
  oauth_configured: z.boolean().describe('whether this server has a Klaviyo app (KLAVIYO_CLIENT_ID and SECRET)'),
  status: linkStatus,
  auth_mode: z.enum(['oauth', 'api_key']).nullable(),
  account: z.string().nullable().describe("the Klaviyo account's organization name"),
  health: healthSchema,
});

async function slackView(ctx: AppContext, brandId: number): Promise<z.input<typeof slackSchema>> {
  const link = await findBrandLink(ctx.db, { brandId, provider: 'slack' });
  const s = link?.settings ?? {};
  const channelId = str(s.channel_id);
  return {
    configured: Boolean(ctx.config.SLACK_CLIENT_ID && ctx.config.SLACK_CLIENT_SECRET),
    status: link?.status ?? 'not_connected',
    team: str(s.team_name) ?? str(s.team_id),
    channel: channelId ? { id: channelId, name: str(s.channel_name) } : null,
    scopes: SLACK_SCOPES,
    health: healthOf(link),
    installed_at: str(s.installed_at),
  };
}

async function klaviyoView(ctx: AppContext, brandId: number): Promise<z.input<typeof klaviyoSchema>> {
  const link = await findBrandLink(ctx.db, { brandId, provider: 'klaviyo' });
  const s = link?.settings ?? {};
  const mode = s.auth_mode === 'oauth' || s.auth_mode === 'api_key' ? s.auth_mode : null;
  return {
    oauth_configured: Boolean(ctx.config.KLAVIYO_CLIENT_ID && ctx.config.KLAVIYO_CLIENT_SECRET),
    status: link?.status ?? 'not_connected',
    auth_mode: mode,
    account: str(s.organization_name) ?? str(s.account_id),
    health: healthOf(link),
  };
}

const authorizeSchema = z.object({
  authorize_url: z.string().describe("the provider's consent page, to open in the browser"),
  redirect_uri: z.string(),
});

export const integrationLinksApi = ({ requireAdmin }: { requireAdmin: RequireAdmin }): ApiRoute[] => [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/integrations/slack',
    tag: 'integrations',
    summary: "The brand's Slack link: workspace, channel, and the last check's outcome",
    response: slackSchema,
    handler: async ({ ctx, brand }) => slackView(ctx, brand.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/integrations/slack/connect',
    tag: 'integrations',
    summary: "Slack's authorize link (OAuth v2) for this brand; Slack sends the admin back to the callback",
    response: authorizeSchema,
    handler: async ({ ctx, caller, brand }) => {
      await requireAdmin(ctx, caller, brand);
      const begun = await beginSlackConnect(ctx, { brandId: brand.id });
      return { authorize_url: begun.authorizeUrl, redirect_uri: begun.redirectUri };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/integrations/slack/channels',
    tag: 'integrations',
    summary: "The workspace's public channels (archived ones left out)",
    response: z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }),
    handler: async ({ ctx, brand }) => ({
      items: (await listSlackChannels(ctx, { brandId: brand.id })).map((c) => ({ id: c.id, name: c.name })),
    }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/brands/:brandId/integrations/slack/channel',
    tag: 'integrations',
    summary: 'Chooses the channel notifications go to (an id or a #name among the listed channels)',
    body: z.object({ channel: z.string().max(200) }),
    response: slackSchema,
    handler: async ({ ctx, caller, brand, body }) => {
      await requireAdmin(ctx, caller, brand);
      await setSlackChannel(ctx, { brandId: brand.id, channel: body.channel });
      return slackView(ctx, brand.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/integrations/slack/test',
    tag: 'integrations',
    summary: 'Checks the token (auth.test) and sends one test message to the channel',
    response: z.object({ sent: z.boolean(), channel: z.string().nullable(), slack: slackSchema }),
    handler: async ({ ctx, brand }) => {
      const result = await testSlack(ctx, { brandId: brand.id });
      return { sent: result.ts !== null, channel: result.channel, slack: await slackView(ctx, brand.id) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/integrations/klaviyo',
    tag: 'integrations',
    summary: "The brand's Klaviyo link: how it is connected, the account, and the last check's outcome",
    response: klaviyoSchema,
    handler: async ({ ctx, brand }) => klaviyoView(ctx, brand.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/integrations/klaviyo/connect',
    tag: 'integrations',
    summary: "Klaviyo's authorize link (OAuth with PKCE) for this brand",
    response: authorizeSchema,
    handler: async ({ ctx, caller, brand }) => {
      await requireAdmin(ctx, caller, brand);
      const begun = await beginKlaviyoConnect(ctx, { brandId: brand.id });
      return { authorize_url: begun.authorizeUrl, redirect_uri: begun.redirectUri };
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/brands/:brandId/integrations/klaviyo/api-key',
    tag: 'integrations',
    summary: 'Connects Klaviyo with a private API key, checked with an account lookup before it is kept',
    body: z.object({ api_key: z.string().max(500) }),
    response: klaviyoSchema,
    handler: async ({ ctx, caller, brand, body }) => {
      await requireAdmin(ctx, caller, brand);
      await connectKlaviyoApiKey(ctx, { brandId: brand.id, apiKey: body.api_key });
      return klaviyoView(ctx, brand.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/integrations/klaviyo/check',
    tag: 'integrations',
    summary: 'Checks the Klaviyo link with an account lookup; the outcome is kept as its health',
    response: klaviyoSchema,
    handler: async ({ ctx, brand }) => {
      await checkKlaviyoHealth(ctx, { brandId: brand.id });
      return klaviyoView(ctx, brand.id);
    },
  }),
];
