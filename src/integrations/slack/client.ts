/**
 * Slack's Web API through the official `@slack/web-api` client. `baseUrl` is its `slackApiUrl`
 * (default https://slack.com/api/), so tests point it at a local fake. Each call answers our own
 * shape, or throws SlackCallError carrying Slack's error code (`invalid_auth`, `missing_scope`, ...)
 * or `http_{status}` / `unreachable`. The library's own log lines go to pino at warn and error only,
 * as plain text: tokens travel in the Authorization header and are never logged.
 */
import { createRequire } from 'node:module';
import type * as SlackWebApi from '@slack/web-api';
import type { Logger as SlackLogger, WebClient } from '@slack/web-api';
import type { Logger } from '../../app/index.ts';

/** conversations.list accepts a limit under 1,000 (Slack's documentation); the spec's 1,000 is refused. */
export const SLACK_CHANNEL_PAGE_LIMIT = 999;
const TIMEOUT_MS = 10_000;

export interface SlackClientOptions {
  /** slackApiUrl: 'https://slack.com/api/' (a trailing slash is added). */
  baseUrl: string;
  /** The bot token (xoxb-…); none for oauth.v2.access. */
  token?: string;
  logger?: Logger;
  /** Retries after rate limits and server errors (default 2; 0 in tests that count calls). */
  retries?: number;
}

/** A Slack call that failed: Slack's `error` code, or http_{status}, or unreachable. */
export class SlackCallError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly needed?: string,
  ) {
    super(`Slack ${method} failed: ${code}`);
    this.name = 'SlackCallError';
  }
}

let library: typeof SlackWebApi | undefined;

/**
 * The Slack library, loaded on its first use rather than when src/integrations is imported, so a
 * command that never calls Slack does not load it. It is a CommonJS package: require gives the very
 * module an import would, and keeps the callers synchronous.
 */
function slackWebApi(): typeof SlackWebApi {
  return (library ??= createRequire(import.meta.url)('@slack/web-api') as typeof SlackWebApi);
}

function slackLogger(logger: Logger | undefined): SlackLogger {
  const log = logger?.child({ service: 'slack' });
  const text = (msg: unknown[]): string => msg.map((m) => (typeof m === 'string' ? m : String(m))).join(' ');
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (...msg: unknown[]) => log?.warn(text(msg)),
    error: (...msg: unknown[]) => log?.error(text(msg)),
    setLevel: () => undefined,
    getLevel: () => slackWebApi().LogLevel.WARN,
    setName: () => undefined,
  };
}

function webClient(options: SlackClientOptions): WebClient {
  const { WebClient: Client, LogLevel } = slackWebApi();
  return new Client(options.token, {
    slackApiUrl: options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
    logger: slackLogger(options.logger),
    logLevel: LogLevel.WARN,
    timeout: TIMEOUT_MS,
    retryConfig: { retries: options.retries ?? 2, factor: 2, minTimeout: 500, maxTimeout: 5_000 },
  });
}

async function call<T>(method: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { code?: string; data?: { error?: string; needed?: string }; statusCode?: number };
    if (e.code === 'slack_webapi_platform_error')
      throw new SlackCallError(method, e.data?.error ?? 'unknown_error', e.data?.needed);
    if (e.code === 'slack_webapi_http_error') throw new SlackCallError(method, `http_${e.statusCode ?? 0}`);
    if (e.code === 'slack_webapi_rate_limited_error') throw new SlackCallError(method, 'ratelimited');
    if (e.code === 'slack_webapi_request_error') throw new SlackCallError(method, 'unreachable');
    throw error;
  }
}

export interface SlackOAuthGrant {
  accessToken: string;
  scope: string;
  botUserId: string | null;
  appId: string | null;
  team: { id: string; name: string | null };
  /** The channel picked on Slack's consent screen (incoming-webhook scope), if any. */
  webhookChannel: { id: string; name: string | null } | null;
}

/** oauth.v2.access: the bot token of an install, for the code Slack sent to the redirect URI. */
export async function slackOAuthAccess(
  options: SlackClientOptions,
  input: { clientId: string; clientSecret: string; code: string; redirectUri: string },
): Promise<SlackOAuthGrant> {
  const answer = await call('oauth.v2.access', () =>
    webClient({ ...options, token: undefined }).oauth.v2.access({
      client_id: input.clientId,
      client_secret: input.clientSecret,
      code: input.code,
      redirect_uri: input.redirectUri,
    }),
  );
  if (!answer.access_token || !answer.team?.id) throw new SlackCallError('oauth.v2.access', 'no_bot_token');
  const hook = answer.incoming_webhook;
  return {
    accessToken: answer.access_token,
    scope: answer.scope ?? '',
    botUserId: answer.bot_user_id ?? null,
    appId: answer.app_id ?? null,
    team: { id: answer.team.id, name: answer.team.name ?? null },
    webhookChannel: hook?.channel_id ? { id: hook.channel_id, name: hook.channel?.replace(/^#/, '') ?? null } : null,
  };
}

/** auth.test: who the token is; throws SlackCallError('invalid_auth' | 'missing_scope' | …). */
export async function slackAuthTest(
  options: SlackClientOptions,
): Promise<{ teamId: string; team: string; userId: string }> {
  const answer = await call('auth.test', () => webClient(options).auth.test());
  return { teamId: answer.team_id ?? '', team: answer.team ?? '', userId: answer.user_id ?? '' };
}

export interface SlackChannel {
  id: string;
  name: string;
  isPrivate: boolean;
  isMember: boolean;
}

/** conversations.list, every page (next_cursor until empty), archived channels excluded. */
export async function slackListChannels(options: SlackClientOptions): Promise<SlackChannel[]> {
  const client = webClient(options);
  const channels: SlackChannel[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('conversations.list', () =>
      client.conversations.list({
        exclude_archived: true,
        limit: SLACK_CHANNEL_PAGE_LIMIT,
        types: 'public_channel',
        ...(cursor ? { cursor } : {}),
      }),
    );
    for (const c of page.channels ?? [])
      if (c.id && !c.is_archived)
        channels.push({
          id: c.id,
          name: c.name ?? c.id,
          isPrivate: Boolean(c.is_private),
          isMember: Boolean(c.is_member),
        });
    cursor = page.response_metadata?.next_cursor || undefined;
  } while (cursor);
  return channels;
}

/** chat.postMessage: the message's ts (threaded under `threadTs` when given). */
export async function slackPostMessage(
  options: SlackClientOptions,
  input: { channel: string; text: string; threadTs?: string },
): Promise<{ ts: string; channel: string }> {
  const answer = await call('chat.postMessage', () =>
    webClient(options).chat.postMessage({
      channel: input.channel,
      text: input.text,
      unfurl_links: false,
      ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    }),
  );
  if (!answer.ts) throw new SlackCallError('chat.postMessage', 'no_ts');
  return { ts: answer.ts, channel: answer.channel ?? input.channel };
}
