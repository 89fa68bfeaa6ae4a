/**
 * A fake Slack Web API on 127.0.0.1, speaking Slack's wire format: every method is
 * `POST /api/{method}` with a form-encoded body (the official client's way) and the token in
 * `Authorization: Bearer …`; answers are HTTP 200 JSON with `ok` true, or `ok: false` and an
 * `error` code. Methods: oauth.v2.access (client_id/client_secret in the body or HTTP Basic;
 * answers the bot token, team, scope and incoming_webhook), auth.test, conversations.list
 * (cursor paging, exclude_archived, limit must be under 1,000: else `invalid_limit`) and
 * chat.postMessage (answers `ts`; `thread_ts` recorded).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, sendJson, startServer, type Json, type RecordedRequest } from './server.ts';

export interface FakeSlackChannel {
  id: string;
  name: string;
  is_archived?: boolean;
}

export interface PostedMessage {
  channel: string;
  text: string;
  thread_ts?: string;
  ts: string;
  token: string;
}

export interface FakeSlack {
  /** The slackApiUrl: `http://127.0.0.1:{port}/api/`. */
  apiUrl: string;
  requests: RecordedRequest[];
  posted: PostedMessage[];
  /** A code oauth.v2.access accepts once, for this bot token. */
  addCode(code: string, token: string, channel?: { id: string; name: string }): void;
  /** auth.test (and every method) with this token answers `error`. */
  failToken(token: string, error: string): void;
  channels: FakeSlackChannel[];
  /** conversations.list page size the fake uses when the caller's limit is larger (to exercise paging). */
  pageSize: number;
  close(): Promise<void>;
}

export const SLACK_CLIENT = { id: '1111.2222', secret: 'slack-client-secret-abc' };
export const SLACK_TEAM = { id: 'T0TEAM01', name: 'Northwind' };

export async function startFakeSlack(): Promise<FakeSlack> {
  const requests: RecordedRequest[] = [];
  const posted: PostedMessage[] = [];
  const codes = new Map<string, { token: string; channel?: { id: string; name: string } }>();
  const tokens = new Set<string>();
  const failing = new Map<string, string>();
  let clock = 1_700_000_000;
  const state = { channels: [] as FakeSlackChannel[], pageSize: 2 };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = await readRequest(req, 'form');
    requests.push(request);
    const method = /^\/api\/([a-zA-Z.0-9]+)$/.exec(request.path)?.[1];
    const body = request.body as Record<string, string>;
    const ok = (answer: Json) => sendJson(res, 200, { ok: true, ...answer });
    const fail = (error: string, extra: Json = {}) => sendJson(res, 200, { ok: false, error, ...extra });
    if (request.method !== 'POST' || !method) return sendJson(res, 404, { ok: false, error: 'unknown_method' });

    if (method === 'oauth.v2.access') {
      const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      const [id, secret] = basic
        ? Buffer.from(basic, 'base64').toString().split(':')
        : [body.client_id, body.client_secret];
      if (id !== SLACK_CLIENT.id) return fail('invalid_client_id');
      if (secret !== SLACK_CLIENT.secret) return fail('bad_client_secret');
      const grant = codes.get(body.code ?? '');
      if (!grant) return fail('invalid_code');
      codes.delete(body.code!);
      tokens.add(grant.token);
      return ok({
        access_token: grant.token,
        token_type: 'bot',
        scope: 'chat:write,chat:write.public,incoming-webhook,channels:read,channels:join',
        bot_user_id: 'U0BOT001',
        app_id: 'A0APP001',
        team: SLACK_TEAM,
        enterprise: null,
        is_enterprise_install: false,
        authed_user: { id: 'U0ADMIN1' },
        ...(grant.channel
          ? {
              incoming_webhook: {
                channel: `#${grant.channel.name}`,
                channel_id: grant.channel.id,
                configuration_url: 'https://northwind.slack.com/services/B0001',
                url: 'https://hooks.slack.com/services/T0TEAM01/B0001/xyz',
              },
            }
          : {}),
      });
    }

    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? body.token;
    if (!token) return fail('not_authed');
    if (failing.has(token))
      return fail(
        failing.get(token)!,
        failing.get(token) === 'missing_scope' ? { needed: 'channels:read', provided: 'chat:write' } : {},
      );
    if (!tokens.has(token)) return fail('invalid_auth');

    if (method === 'auth.test')
      return ok({
        url: 'https://northwind.slack.com/',
        team: SLACK_TEAM.name,
        user: 'reclaim',
        team_id: SLACK_TEAM.id,
        user_id: 'U0BOT001',
        bot_id: 'B0BOT001',
      });

    if (method === 'conversations.list') {
      const limit = Number(body.limit ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit >= 1000) return fail('invalid_limit');
      const visible = body.exclude_archived === 'true' ? state.channels.filter((c) => !c.is_archived) : state.channels;
      const start = body.cursor ? Number(Buffer.from(body.cursor, 'base64').toString().replace('offset:', '')) : 0;
      if (Number.isNaN(start)) return fail('invalid_cursor');
      const size = Math.min(limit, state.pageSize);
      const page = visible.slice(start, start + size);
      const next = start + size < visible.length ? Buffer.from(`offset:${start + size}`).toString('base64') : '';
      return ok({
        channels: page.map((c) => ({
          id: c.id,
          name: c.name,
          is_channel: true,
          is_private: false,
          is_archived: Boolean(c.is_archived),
          is_member: false,
        })),
        response_metadata: { next_cursor: next },
      });
    }

    if (method === 'chat.postMessage') {
      if (!body.channel) return fail('channel_not_found');
      if (!body.text) return fail('no_text');
      clock += 1;
      const ts = `${clock}.000100`;
      posted.push({
        channel: body.channel,
        text: body.text,
        ts,
        token,
        ...(body.thread_ts ? { thread_ts: body.thread_ts } : {}),
      });
      return ok({
        channel: body.channel,
        ts,
        message: { type: 'message', text: body.text, ts, ...(body.thread_ts ? { thread_ts: body.thread_ts } : {}) },
      });
    }
    return fail('unknown_method');
  };

  const server = await startServer(handle);
  return {
    apiUrl: `${server.url}/api/`,
    requests,
    posted,
    addCode: (code, token, channel) => void codes.set(code, { token, ...(channel ? { channel } : {}) }),
    failToken: (token, error) => void failing.set(token, error),
    get channels() {
      return state.channels;
    },
    set channels(value) {
      state.channels = value;
    },
    get pageSize() {
      return state.pageSize;
    },
    set pageSize(value) {
      state.pageSize = value;
    },
    close: server.close,
  };
}
