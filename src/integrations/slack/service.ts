/**
 * A brand's Slack link: connect (OAuth v2 with the bot token sealed at rest), health (auth.test),
 * channels, the channel notifications go to, and posting. Spec 3 sections 5, 7 and 8.
 */
import { AppError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import { createAutomationService } from '../automation/service.ts';
import { checkOAuthState, linkIdOfState, newOAuthState, openCredential, sealAll } from '../credentials.ts';
import { brandExists, findBrandLink, getBrandLink, openBrandLink, updateBrandLink, type BrandLink } from '../store.ts';
import {
  SlackCallError,
  slackAuthTest,
  slackListChannels,
  slackOAuthAccess,
  slackPostMessage,
  type SlackChannel,
  type SlackClientOptions,
} from './client.ts';
import {
  FAILED_TO_GET_CHANNELS,
  NO_BID_PROVIDED,
  NO_CHANNEL_ID,
  slackAuthorizeUrl,
  slackHealthMessage,
  slackOAuthError,
} from './rules.ts';

export const SLACK_CALLBACK_PATH = '/api/integration/slack/auth';

function appCredentials(ctx: AppContext): { clientId: string; clientSecret: string } {
  const { SLACK_CLIENT_ID: clientId, SLACK_CLIENT_SECRET: clientSecret } = ctx.config;
  if (!clientId || !clientSecret)
    throw new AppError('invalid_input', 'Slack is not configured: set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET.', {
      code: 'slack_not_configured',
    });
  return { clientId, clientSecret };
}

const redirectUri = (ctx: AppContext): string => `${publicBaseUrl(ctx.config)}${SLACK_CALLBACK_PATH}`;

async function requireBrand(ctx: AppContext, brandId: number): Promise<void> {
  if (!(await brandExists(ctx.db, brandId)))
    throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
}

/** Step one: the URL the brand's Slack admin opens; the state is stored sealed on the link. */
export async function beginSlackConnect(
  ctx: AppContext,
  { brandId }: { brandId: number },
): Promise<{ authorizeUrl: string; redirectUri: string }> {
  await requireBrand(ctx, brandId);
  const { clientId } = appCredentials(ctx);
  const link = await openBrandLink(ctx.db, { brandId, provider: 'slack' });
  const state = newOAuthState(link.id);
  await updateBrandLink(ctx.db, link.id, { credentials: await sealAll(ctx, { state }) });
  return {
    authorizeUrl: slackAuthorizeUrl({ clientId, redirectUri: redirectUri(ctx), state }),
    redirectUri: redirectUri(ctx),
  };
}

export interface SlackConnected {
  brandId: number;
  team: { id: string; name: string | null };
  channel: { id: string; name: string | null } | null;
}

/**
 * Step two (the callback, or `slack connect --code`): the code for a bot token. The link is found
 * by the state (checked against the stored one) or, without a state, by the brand id `bid`.
 */
export async function completeSlackConnect(
  ctx: AppContext,
  input: { code?: string; state?: string; bid?: number; error?: string },
): Promise<SlackConnected> {
  if (!input.state && input.bid === undefined) throw new AppError('invalid_input', NO_BID_PROVIDED, { code: 'no_bid' });
  // A brand that does not exist is 'Brand not found' whatever the configuration.
  if (!input.state) await requireBrand(ctx, input.bid!);
  const { clientId, clientSecret } = appCredentials(ctx);
  if (input.error) throw new AppError('invalid_input', slackOAuthError(input.error), { code: 'slack_oauth' });
  if (!input.code) throw new AppError('invalid_input', slackOAuthError('missing_code'), { code: 'slack_oauth' });
  let link: BrandLink | undefined;
  if (input.state) {
    const id = linkIdOfState(input.state);
    link = id === undefined ? undefined : await getBrandLink(ctx.db, id);
    const slack = await findBrandLink(ctx.db, { brandId: link?.brand_id ?? 0, provider: 'slack' });
    if (!link || slack?.id !== link.id) throw new AppError('unauthorized', slackOAuthError('invalid_state'));
    await checkOAuthState(ctx, link, input.state, 'Slack');
  } else {
    link = await openBrandLink(ctx.db, { brandId: input.bid!, provider: 'slack' });
  }
  let grant;
  try {
    grant = await slackOAuthAccess(clientOptions(ctx), {
      clientId,
      clientSecret,
      code: input.code,
      redirectUri: redirectUri(ctx),
    });
  } catch (error) {
    if (error instanceof SlackCallError)
      throw new AppError('upstream', slackOAuthError(error.code), { code: 'slack_oauth' });
    throw error;
  }
  const keep = typeof link.settings.channel_id === 'string' ? null : grant.webhookChannel;
  await updateBrandLink(ctx.db, link.id, {
    status: 'connected',
    credentials: await sealAll(ctx, { access_token: grant.accessToken }),
    dropCredentials: ['state'],
    settings: {
      team_id: grant.team.id,
      team_name: grant.team.name,
      bot_user_id: grant.botUserId,
      app_id: grant.appId,
      scope: grant.scope,
      installed_at: new Date().toISOString(),
      health: { status: 'ok', checked_at: new Date().toISOString() },
      ...(keep ? { channel_id: keep.id, channel_name: keep.name } : {}),
    },
  });
  await shareWithAutomation(ctx, link, grant.accessToken);
  const channelId = (keep?.id ?? link.settings.channel_id) as string | undefined;
  const channelName = (keep?.name ?? link.settings.channel_name ?? null) as string | null;
  return { brandId: link.brand_id, team: grant.team, channel: channelId ? { id: channelId, name: channelName } : null };
}

/**
 * Spec 3 section 7: the bot token is also given to the workflow-automation service as an n8n
 * `slackApi` credential, when that service is configured with an API key. A failure is logged and
 * does not undo the connection (the credential id is kept in settings.automation_credential_id).
 */
async function shareWithAutomation(ctx: AppContext, link: BrandLink, accessToken: string): Promise<void> {
  const { AUTOMATION_BASE_URL: baseUrl, AUTOMATION_API_KEY: apiKey } = ctx.config;
  if (!baseUrl || !apiKey) return;
  try {
    const credential = await createAutomationService({ baseUrl, apiKey, logger: ctx.logger }).createCredential({
      name: `Reclaim Slack brand ${link.brand_id}`,
      type: 'slackApi',
      data: { accessToken },
    });
    await updateBrandLink(ctx.db, link.id, { settings: { automation_credential_id: credential.id } });
  } catch (error) {
    ctx.logger.warn(
      { brand_id: link.brand_id, reason: (error as Error).message },
      'the Slack credential could not be given to the automation service',
    );
  }
}

const clientOptions = (ctx: AppContext, token?: string): SlackClientOptions => ({
  baseUrl: ctx.config.SLACK_API_BASE_URL,
  logger: ctx.logger,
  ...(token ? { token } : {}),
});

/** The brand's connected link with its bot token; not_found when Slack is not connected. */
export async function connectedSlack(
  ctx: AppContext,
  brandId: number,
): Promise<{ link: BrandLink; options: SlackClientOptions } | undefined> {
  const link = await findBrandLink(ctx.db, { brandId, provider: 'slack' });
  if (!link || link.status !== 'connected' || !link.is_enabled) return undefined;
  const token = await openCredential(ctx, link, 'access_token');
  return token ? { link, options: clientOptions(ctx, token) } : undefined;
}

async function requireSlack(ctx: AppContext, brandId: number) {
  await requireBrand(ctx, brandId);
  const slack = await connectedSlack(ctx, brandId);
  if (!slack)
    throw new AppError('not_found', 'Slack is not connected for this brand: connect it first.', {
      code: 'slack_not_connected',
      cliMessage: 'Slack is not connected for this brand: run reclaim slack connect --brand ID.',
    });
  return slack;
}

/** Records the health a failed call shows (auth or scopes) and returns its message, if it is one of those. */
export async function recordSlackFailure(
  ctx: AppContext,
  link: BrandLink,
  error: SlackCallError,
): Promise<string | undefined> {
  const message = slackHealthMessage(error.code);
  if (message)
    await updateBrandLink(ctx.db, link.id, {
      settings: { health: { status: message, error: error.code, checked_at: new Date().toISOString() } },
    });
  return message;
}

export interface SlackHealth {
  ok: boolean;
  /** 'ok', or the spec's message: 'Authentication required, please reconnect' / 'Missing scopes, please reconnect'. */
  status: string;
  team: string | null;
}

/** auth.test with the brand's token; the result is kept on the link (settings.health). */
export async function checkSlackHealth(ctx: AppContext, { brandId }: { brandId: number }): Promise<SlackHealth> {
  const { link, options } = await requireSlack(ctx, brandId);
  try {
    const who = await slackAuthTest(options);
    await updateBrandLink(ctx.db, link.id, {
      settings: { health: { status: 'ok', checked_at: new Date().toISOString() } },
    });
    return { ok: true, status: 'ok', team: who.team || null };
  } catch (error) {
    if (!(error instanceof SlackCallError)) throw error;
    const message = await recordSlackFailure(ctx, link, error);
    if (!message) throw new AppError('upstream', `Slack auth.test failed: ${error.code}`, { code: 'slack_call' });
    return { ok: false, status: message, team: null };
  }
}

/** The workspace's public channels, archived ones excluded ('Failed to get channels'). */
export async function listSlackChannels(ctx: AppContext, { brandId }: { brandId: number }): Promise<SlackChannel[]> {
  const { link, options } = await requireSlack(ctx, brandId);
  try {
    return await slackListChannels(options);
  } catch (error) {
    if (!(error instanceof SlackCallError)) throw error;
    await recordSlackFailure(ctx, link, error);
    throw new AppError('upstream', FAILED_TO_GET_CHANNELS, { code: 'slack_channels', details: { error: error.code } });
  }
}

/** Sets the channel notifications go to: an id (C…) or a name (with or without '#') among the listed channels. */
export async function setSlackChannel(
  ctx: AppContext,
  { brandId, channel }: { brandId: number; channel: string },
): Promise<SlackChannel> {
  const wanted = channel.trim().replace(/^#/, '');
  if (!wanted)
    throw new AppError('invalid_input', 'Choose a channel for the notifications.', {
      cliMessage: '--channel is required (a channel id or #name).',
    });
  const channels = await listSlackChannels(ctx, { brandId });
  const found = channels.find((c) => c.id === wanted) ?? channels.find((c) => c.name === wanted);
  if (!found)
    throw new AppError(
      'invalid_input',
      `Channel not found: ${channel}. Choose one of the workspace's channels; a private channel needs the Reclaim app invited first.`,
      { cliMessage: `Channel not found: ${channel} (see reclaim slack channels --brand ${brandId}).` },
    );
  const { link } = (await connectedSlack(ctx, brandId))!;
  await updateBrandLink(ctx.db, link.id, { settings: { channel_id: found.id, channel_name: found.name } });
  return found;
}

/** Posts to the brand's channel (threaded under `threadTs`); 'No channel id found' without one. */
export async function postToSlack(
  ctx: AppContext,
  { brandId, text, threadTs }: { brandId: number; text: string; threadTs?: string },
): Promise<{ ts: string; channel: string }> {
  const { link, options } = await requireSlack(ctx, brandId);
  const channel = link.settings.channel_id;
  if (typeof channel !== 'string' || !channel)
    throw new AppError('invalid_input', NO_CHANNEL_ID, { code: 'no_channel' });
  try {
    return await slackPostMessage(options, { channel, text, ...(threadTs ? { threadTs } : {}) });
  } catch (error) {
    if (!(error instanceof SlackCallError)) throw error;
    const message = await recordSlackFailure(ctx, link, error);
    throw new AppError('upstream', message ?? `Slack chat.postMessage failed: ${error.code}`, {
      code: message ? 'slack_reconnect' : 'slack_call',
      details: { error: error.code },
    });
  }
}

/** `slack test`: auth.test, then (when healthy and a channel is set) one test message in the channel. */
export async function testSlack(
  ctx: AppContext,
  { brandId }: { brandId: number },
): Promise<SlackHealth & { channel: string | null; ts: string | null }> {
  const health = await checkSlackHealth(ctx, { brandId });
  if (!health.ok) throw new AppError('upstream', health.status, { code: 'slack_reconnect' });
  const { link } = (await connectedSlack(ctx, brandId))!;
  const channel = typeof link.settings.channel_id === 'string' ? link.settings.channel_id : null;
  if (!channel) return { ...health, channel: null, ts: null };
  const { ts } = await postToSlack(ctx, {
    brandId,
    text: 'Reclaim is connected: shoppers who reply to a text will show up here.',
  });
  return { ...health, channel, ts };
}
