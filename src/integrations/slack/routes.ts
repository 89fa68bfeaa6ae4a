/**
 * Slack's OAuth redirect: GET /api/integration/slack/auth?code&state (or &bid). Slack sends
 * `error=access_denied` instead of a code when the admin cancels. Success answers a short page
 * saying which workspace and channel were linked.
 */
import type { RouteModule } from '../../http/index.ts';
import { completeSlackConnect, SLACK_CALLBACK_PATH } from './service.ts';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const slackRoutes: RouteModule = (app, ctx) => {
  app.get<{ Querystring: Record<string, string | undefined> }>(SLACK_CALLBACK_PATH, async (request, reply) => {
    const { code, state, bid, error } = request.query;
    const connected = await completeSlackConnect(ctx, {
      ...(code ? { code } : {}),
      ...(state ? { state } : {}),
      ...(bid && /^\d+$/.test(bid) ? { bid: Number(bid) } : {}),
      ...(error ? { error } : {}),
    });
    const channel = connected.channel ? ` Notifications go to #${connected.channel.name ?? connected.channel.id}.` : '';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><title>Slack connected</title><p>Slack workspace ${escapeHtml(connected.team.name ?? connected.team.id)} is connected.${escapeHtml(channel)}</p>`,
      );
  });
};
