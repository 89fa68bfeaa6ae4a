import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError, isAppError, type AppContext } from '../app/index.ts';
import { errorBody, parseInput, type RouteModule } from '../http/index.ts';
import { sessionFromRequest } from './auth/guard.ts';
import {
  deletePasskey,
  listPasskeys,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  verifyPasskeyLogin,
  verifyPasskeyRegistration,
} from './auth/passkeys.ts';
import { forgotPassword, resetPassword } from './auth/recovery.ts';
import { AUTH_APPS, AUTH_MESSAGES, LOGIN_LIMITS } from './auth/rules.ts';
import { setupAccount, verifyInvite } from './auth/setup.ts';
import { login, refresh, type AuthSession } from './auth/session.ts';

/** preHandler for routes that need a logged-in user: `Authorization: Bearer <access token>`. */
export function requireAuth(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    await sessionFromRequest(ctx, request);
  };
}

/** The session requireAuth attached (throws when the route forgot requireAuth). */
export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.auth) throw new AppError('unauthorized', AUTH_MESSAGES.invalidToken, { code: 'missing_token' });
  return request.auth;
}

const text = (name: string, max = 500) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max);
const secret = (name: string) => z.string({ error: `${name} is required` }).max(1000);
const app = z.enum(AUTH_APPS as [string, ...string[]]).default('brand') as z.ZodType<'admin' | 'brand'>;
const credential = z
  .object({
    id: text('id', 1500),
    rawId: text('rawId', 1500),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .passthrough();

const schemas = {
  login: z.object({ email: text('email', 320), password: z.string().max(1000).optional(), app }),
  refresh: z.object({ refresh_token: text('refresh_token', 4000) }),
  forgot: z.object({ email: text('email', 320) }),
  reset: z.object({
    token: text('token', 4000),
    password: secret('password'),
    confirm_password: secret('confirm_password'),
  }),
  invite: z.object({ token: text('token', 200) }),
  setup: z.object({
    token: text('token', 200),
    password: secret('password'),
    confirm_password: secret('confirm_password'),
    given_name: z.string().trim().max(100).optional(),
    family_name: z.string().trim().max(100).optional(),
  }),
  passkeyRegistration: z.object({ response: credential, name: z.string().trim().max(100).optional() }),
  passkeyLoginOptions: z.object({ email: text('email', 320) }),
  passkeyLogin: z.object({ email: text('email', 320), response: credential, app }),
};

function registerAuthRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const authed = { preHandler: requireAuth(ctx) };

  scope.post('/api/auth/login', async (request) => {
    const body = parseInput(schemas.login, request.body);
    return login(ctx, { email: body.email, password: body.password, app: body.app, ip: request.ip });
  });
  scope.post('/api/auth/refresh', async (request) =>
    refresh(ctx, parseInput(schemas.refresh, request.body).refresh_token, { ip: request.ip }),
  );
  scope.post('/api/auth/forgot-password', async (request) =>
    forgotPassword(ctx, { email: parseInput(schemas.forgot, request.body).email, ip: request.ip }),
  );
  scope.post('/api/auth/reset-password', async (request) => {
    const body = parseInput(schemas.reset, request.body);
    const done = await resetPassword(ctx, {
      token: body.token,
      password: body.password,
      confirmPassword: body.confirm_password,
      ip: request.ip,
    });
    return { ...done, message: 'Your password has been reset; log in with the new one.' };
  });
  // logLevel warn: the request log lines would carry the setup token of the query string.
  scope.get('/api/auth/invite', { logLevel: 'warn' }, async (request) =>
    verifyInvite(ctx, parseInput(schemas.invite, request.query, 'query')),
  );
  scope.post('/api/auth/setup-account', async (request) => {
    const body = parseInput(schemas.setup, request.body);
    return setupAccount(ctx, {
      token: body.token,
      password: body.password,
      confirmPassword: body.confirm_password,
      givenName: body.given_name,
      familyName: body.family_name,
    });
  });

  scope.get('/api/auth/passkeys', authed, async (request) => ({
    passkeys: await listPasskeys(ctx, { userId: sessionOf(request).userId }),
  }));
  scope.post('/api/auth/passkeys/registration/options', authed, async (request) =>
    passkeyRegistrationOptions(ctx, { userId: sessionOf(request).userId }),
  );
  scope.post('/api/auth/passkeys/registration/verify', authed, async (request, reply) => {
    const body = parseInput(schemas.passkeyRegistration, request.body);
    const passkey = await verifyPasskeyRegistration(ctx, {
      userId: sessionOf(request).userId,
      response: body.response as unknown as RegistrationResponseJSON,
      name: body.name,
    });
    return reply.status(201).send({ passkey });
  });
  scope.delete('/api/auth/passkeys/:id', authed, async (request, reply) => {
    await deletePasskey(ctx, { userId: sessionOf(request).userId, id: String((request.params as { id: string }).id) });
    return reply.status(204).send();
  });
  scope.post('/api/auth/passkeys/login/options', async (request) =>
    passkeyLoginOptions(ctx, parseInput(schemas.passkeyLoginOptions, request.body)),
  );
  scope.post('/api/auth/passkeys/login/verify', async (request) => {
    const body = parseInput(schemas.passkeyLogin, request.body);
    return verifyPasskeyLogin(ctx, {
      email: body.email,
      response: body.response as unknown as AuthenticationResponseJSON,
      app: body.app,
    });
  });
}

/**
 * Login, sessions, password recovery, invitations, passkeys and the caller's own reads.
 * Too many login attempts answer 429 with Retry-After; other errors go to the app's handler.
 */
export const accountsRoutes: RouteModule = async (server, ctx) => {
  await server.register(async (scope) => {
    scope.setErrorHandler((error, _request, reply) => {
      if (isAppError(error) && error.code === 'rate_limited') {
        return reply
          .status(429)
          .header('retry-after', String(LOGIN_LIMITS.windowMinutes * 60))
          .send(errorBody(error));
      }
      throw error;
    });
    registerAuthRoutes(scope, ctx);
  });
};
