/**
 * The brand API's sign-in routes (`/api/auth/*`): login, refresh, password recovery, invitations
 * and account setup (public), and passkeys (login public; registration, list and delete for the
 * signed-in user). Too many login attempts answer 429 with Retry-After (the plugin maps the
 * `rate_limited` code). These answers carry the session's tokens: they are what sign-in is for.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import {
  clearRefreshCookie,
  defineRoute,
  readCookie,
  REFRESH_COOKIE,
  setRefreshCookie,
  timestamp,
  type ApiRoute,
} from '../http/index.ts';
import { endFamily } from './auth/families.ts';
import {
  deletePasskey,
  listPasskeys,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  verifyPasskeyLogin,
  verifyPasskeyRegistration,
} from './auth/passkeys.ts';
import { forgotPassword, resetPassword } from './auth/recovery.ts';
import { AUTH_APPS, AUTH_MESSAGES, TOKEN_MINUTES } from './auth/rules.ts';
import { setupAccount, verifyInvite } from './auth/setup.ts';
import { redeemSignInToken } from './auth/sign-in-link.ts';
import { login, refresh, type LoginResponse } from './auth/session.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
  .passthrough()
  .describe('the PublicKeyCredential JSON of the browser');

/** Spec 4 section 7, "Login response fields". */
export const loginResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user_id: z.number().int(),
  brand_id: z.number().int().nullable(),
  tenant_id: z.number().int().nullable(),
  partner_id: z.number().int().nullable(),
  account_created_at: timestamp(),
  email: z.string(),
  family_name: z.string().nullable(),
  given_name: z.string().nullable(),
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_staff: z.boolean(),
  role: z.string(),
  policies: z.array(z.string()),
});

const passkey = z.object({
  id: z.string(),
  name: z.string(),
  created_at: timestamp(),
  last_used_at: timestamp().nullable(),
  transports: z.array(z.string()),
});

const webauthnOptions = z.record(z.string(), z.unknown()).describe('options for navigator.credentials');

/** A browser session keeps its refresh token in the httpOnly cookie the answer sets. */
function withCookie(request: FastifyRequest, reply: FastifyReply, session: LoginResponse): LoginResponse {
  setRefreshCookie(request, reply, session.refresh_token, TOKEN_MINUTES.refresh);
  return session;
}

const RESET_DONE = 'Your password has been reset; log in with the new one.';

export const authApi: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    public: true,
    summary: 'Log in with e-mail and password',
    description: 'Failed attempts are limited per e-mail and per address: too many answer 429 with Retry-After.',
    body: z.object({ email: text('email', 320), password: z.string().max(1000).optional(), app }),
    response: loginResponse,
    handler: async ({ ctx, body, request, reply }) =>
      withCookie(
        request,
        reply,
        await login(ctx, { ...body, ip: request.ip, userAgent: request.headers['user-agent'] }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    tag: 'auth',
    public: true,
    sameOrigin: true,
    summary: 'A new token pair for a refresh token (the presented one is retired)',
    description:
      'The refresh token comes in the body or, for the panel, in the httpOnly cookie that login and refresh set. ' +
      'A browser request from another origin than PUBLIC_URL answers 403 cross_site_request.',
    body: z.object({ refresh_token: text('refresh_token', 4000).optional() }).default({}),
    response: loginResponse,
    handler: async ({ ctx, body, request, reply }) => {
      const token = body.refresh_token ?? readCookie(request, REFRESH_COOKIE);
      // Neither in the body nor in a cookie: a bad request, as before the cookie existed.
      if (!token) throw new AppError('invalid_input', 'refresh_token is required', { code: 'missing_refresh_token' });
      try {
        return withCookie(request, reply, await refresh(ctx, token, { ip: request.ip }));
      } catch (error) {
        if (!body.refresh_token) clearRefreshCookie(request, reply);
        throw error;
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/redirect',
    tag: 'auth',
    public: true,
    summary: 'Exchange the one-time token of /auth/redirect (after a store install or app open) for a session',
    description: 'A token works once and for two minutes. No token: No data provided; a used or expired token: 401.',
    body: z.object({ token: z.string().max(200).optional(), app }).default({ app: 'brand' }),
    response: loginResponse,
    logLevel: 'warn',
    handler: async ({ ctx, body, request, reply }) =>
      withCookie(
        request,
        reply,
        await redeemSignInToken(ctx, {
          token: body.token,
          app: body.app,
          userAgent: request.headers['user-agent'],
        }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'auth',
    public: true,
    sameOrigin: true,
    summary: 'Sign out: the session of the refresh token (body or cookie) is revoked and the cookie cleared',
    description: 'A browser request from another origin than PUBLIC_URL answers 403 cross_site_request.',
    status: 204,
    body: z.object({ refresh_token: text('refresh_token', 4000).optional() }).default({}),
    response: z.undefined(),
    handler: async ({ ctx, body, request, reply }) => {
      const token = body.refresh_token ?? readCookie(request, REFRESH_COOKIE);
      if (token) await endFamily(ctx, token);
      clearRefreshCookie(request, reply);
      return undefined;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    tag: 'auth',
    public: true,
    summary: 'Mail a password reset link (the same answer for any e-mail)',
    body: z.object({ email: text('email', 320) }),
    response: z.object({ message: z.string() }),
    handler: async ({ ctx, body, request }) => forgotPassword(ctx, { email: body.email, ip: request.ip }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    tag: 'auth',
    public: true,
    summary: 'Set a new password with the token of a reset link',
    body: z.object({
      token: text('token', 4000),
      password: secret('password'),
      confirm_password: secret('confirm_password'),
    }),
    response: z.object({ user_id: z.number().int(), email: z.string(), message: z.string() }),
    handler: async ({ ctx, body, request }) => ({
      ...(await resetPassword(ctx, {
        token: body.token,
        password: body.password,
        confirmPassword: body.confirm_password,
        ip: request.ip,
      })),
      message: RESET_DONE,
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auth/invite',
    tag: 'auth',
    public: true,
    // The request line would carry the setup token of the query string.
    logLevel: 'warn',
    summary: 'Who an invitation is for (changes nothing)',
    query: z.object({ token: text('token', 200) }),
    response: z.object({
      kind: z.enum(['tenant', 'partner']),
      email: z.string(),
      given_name: z.string().nullable(),
      family_name: z.string().nullable(),
      expires_at: timestamp(),
    }),
    handler: async ({ ctx, query }) => verifyInvite(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/setup-account',
    tag: 'auth',
    public: true,
    summary: 'Accept an invitation: set the password (and names)',
    body: z.object({
      token: text('token', 200),
      password: secret('password'),
      confirm_password: secret('confirm_password'),
      given_name: z.string().trim().max(100).optional(),
      family_name: z.string().trim().max(100).optional(),
    }),
    response: z.object({ user_id: z.number().int(), email: z.string(), kind: z.enum(['tenant', 'partner']) }),
    handler: async ({ ctx, body }) =>
      setupAccount(ctx, {
        token: body.token,
        password: body.password,
        confirmPassword: body.confirm_password,
        givenName: body.given_name,
        familyName: body.family_name,
      }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auth/passkeys',
    tag: 'auth',
    summary: "The signed-in user's passkeys",
    response: z.object({ passkeys: z.array(passkey) }),
    handler: async ({ ctx, caller }) => ({ passkeys: await listPasskeys(ctx, { userId: caller.userId }) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/registration/options',
    tag: 'auth',
    summary: 'Start registering a passkey: options for navigator.credentials.create()',
    response: webauthnOptions,
    handler: async ({ ctx, caller }) =>
      passkeyRegistrationOptions(ctx, { userId: caller.userId }) as unknown as Promise<Record<string, unknown>>,
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/registration/verify',
    tag: 'auth',
    summary: 'Finish registering a passkey',
    status: 201,
    body: z.object({ response: credential, name: z.string().trim().max(100).optional() }),
    response: z.object({ passkey }),
    handler: async ({ ctx, caller, body }) => ({
      passkey: await verifyPasskeyRegistration(ctx, {
        userId: caller.userId,
        response: body.response as unknown as RegistrationResponseJSON,
        name: body.name,
      }),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/auth/passkeys/:passkeyId',
    tag: 'auth',
    summary: 'Remove one of the signed-in user’s passkeys',
    status: 204,
    params: z.object({ passkeyId: z.string().min(1).max(1500) }),
    notFound: AUTH_MESSAGES.passkeyNotFound,
    response: z.undefined(),
    handler: async ({ ctx, caller, params }) => {
      await deletePasskey(ctx, { userId: caller.userId, id: params.passkeyId });
      return undefined;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/login/options',
    tag: 'auth',
    public: true,
    summary: 'Start logging in with a passkey: options for navigator.credentials.get()',
    body: z.object({ email: text('email', 320) }),
    response: webauthnOptions,
    handler: async ({ ctx, body }) => passkeyLoginOptions(ctx, body) as unknown as Promise<Record<string, unknown>>,
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/login/verify',
    tag: 'auth',
    public: true,
    summary: 'Finish logging in with a passkey',
    body: z.object({ email: text('email', 320), response: credential, app }),
    response: loginResponse,
    handler: async ({ ctx, body, request, reply }) =>
      withCookie(
        request,
        reply,
        await verifyPasskeyLogin(ctx, {
          email: body.email,
          response: body.response as unknown as AuthenticationResponseJSON,
          app: body.app,
          userAgent: request.headers['user-agent'],
        }),
      ),
  }),
];
