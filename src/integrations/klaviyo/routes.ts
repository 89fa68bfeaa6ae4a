/** Klaviyo's OAuth redirect: GET /api/integration/klaviyo/auth?code&state (or &error). */
import type { RouteModule } from '../../http/index.ts';
import { completeKlaviyoConnect, KLAVIYO_CALLBACK_PATH } from './service.ts';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const klaviyoRoutes: RouteModule = (app, ctx) => {
  app.get<{ Querystring: Record<string, string | undefined> }>(KLAVIYO_CALLBACK_PATH, async (request, reply) => {
    const { code, state, error } = request.query;
    const done = await completeKlaviyoConnect(ctx, {
      ...(code ? { code } : {}),
      ...(state ? { state } : {}),
      ...(error ? { error } : {}),
    });
    const name = done.account.organizationName ?? done.account.id;
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><title>Klaviyo connected</title><p>Klaviyo account ${escapeHtml(name)} is connected.</p>`);
  });
};
