/**
 * The brand API's team and account-security routes: a brand's team (Settings → Team: members,
 * invite, re-invite, change role, suspend; a partner user also sees its partner's members) and
 * the signed-in user's own account (Account → Security: password, sessions). Passkeys are in
 * api-auth.ts. Writes take the bearer token only (never the cookie), like every brand API write.
 */
import { z } from 'zod';
import { defineRoute, idSchema, setRefreshCookie, timestamp, type ApiRoute } from '../http/index.ts';
import { loginResponse } from './api-auth.ts';
import { changePassword, listSessions, signOutOtherSessions } from './auth/account.ts';
import { AUTH_MESSAGES, TOKEN_MINUTES } from './auth/rules.ts';
import { changeTeamMember, inviteToTeam, readTeam, reinviteToTeam } from './members/team.ts';

export const member = z.object({
  user_id: z.number().int(),
  membership_id: z.number().int(),
  email: z.string(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
  phone: z.string().nullable(),
  user_role: z.string(),
  member_role: z.string(),
  state: z.string(),
  is_enabled: z.boolean(),
  activated_at: timestamp().nullable(),
  last_login: timestamp().nullable(),
  created_at: timestamp(),
});

const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max);
const secret = (name: string) => z.string({ error: `${name} is required` }).max(1000);
const memberParams = z.object({ memberId: idSchema() });
const reader = (caller: { userId: number; isStaff: boolean }) => ({ userId: caller.userId, isStaff: caller.isStaff });

const team: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/team',
    tag: 'team',
    summary: "The brand's team: members with role and state; a partner user also sees its partner's members",
    response: z.object({
      members: z.array(member),
      partners: z.array(z.object({ id: z.number().int(), name: z.string(), members: z.array(member) })),
    }),
    handler: async ({ ctx, caller, brand }) => readTeam(ctx, reader(caller), brand),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/team/invitations',
    tag: 'team',
    summary: 'Invite people by e-mail: each gets the mailed setup link (3 days)',
    description:
      'Addresses are split on commas, semicolons and new lines. An address that already has an account refuses ' +
      'the whole batch (409). A brand admin’s.',
    status: 201,
    body: z.object({ emails: required('emails', 5000), role: z.string().max(20).optional() }),
    response: z.object({
      invited: z.array(
        z.object({
          user_id: z.number().int(),
          email: z.string(),
          role: z.string(),
          expires_at: timestamp(),
          mail_sent: z.boolean(),
        }),
      ),
      invalid: z.array(z.string()),
    }),
    handler: async ({ ctx, caller, brand, body }) => inviteToTeam(ctx, reader(caller), brand, body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/team/members/:memberId/reinvite',
    tag: 'team',
    summary: 'Mail a fresh setup link to a member who has not accepted yet (the old link stops working)',
    params: memberParams,
    notFound: AUTH_MESSAGES.userNotFound,
    response: z.object({
      user_id: z.number().int(),
      email: z.string(),
      expires_at: timestamp(),
      mail_sent: z.boolean(),
    }),
    handler: async ({ ctx, caller, brand, params }) => reinviteToTeam(ctx, reader(caller), brand, params.memberId),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/brands/:brandId/team/members/:memberId',
    tag: 'team',
    summary: 'Change a member’s role, suspend a member, or lift a suspension',
    description:
      'A suspended member no longer reads the brand. Nobody changes their own membership, and the team keeps at ' +
      'least one active admin. A brand admin’s.',
    params: memberParams,
    notFound: AUTH_MESSAGES.userNotFound,
    body: z.object({
      role: z.string().max(20).optional().describe('admin or member'),
      state: z.enum(['active', 'suspended'], { error: 'state must be active or suspended' }).optional(),
    }),
    response: z.object({ member }),
    handler: async ({ ctx, caller, brand, params, body }) => ({
      member: await changeTeamMember(ctx, reader(caller), brand, params.memberId, body),
    }),
  }),
];

const sessionView = z.object({
  id: z.string(),
  app: z.enum(['admin', 'brand']),
  started_at: timestamp(),
  last_active_at: timestamp(),
  expires_at: timestamp(),
  user_agent: z.string().nullable().describe('the browser of the sign-in, as it named itself'),
  current: z.boolean(),
});

const account: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/auth/password',
    tag: 'auth',
    summary: 'Change the password (the current one is asked); every other session ends',
    description:
      'The new password follows the reset’s rules and messages. The answer is a new session for this browser ' +
      '(the refresh cookie is set again): tokens issued before the change stop working.',
    body: z.object({
      current_password: secret('current_password'),
      password: secret('password'),
      confirm_password: secret('confirm_password'),
    }),
    response: loginResponse.extend({ signed_out: z.number().int().describe('other sessions ended') }),
    handler: async ({ ctx, request, reply, body }) => {
      const result = await changePassword(ctx, request.auth!, {
        currentPassword: body.current_password,
        password: body.password,
        confirmPassword: body.confirm_password,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setRefreshCookie(request, reply, result.session.refresh_token, TOKEN_MINUTES.refresh);
      return { ...result.session, signed_out: result.signed_out };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auth/sessions',
    tag: 'auth',
    summary: 'The signed-in user’s live sessions (one per sign-in), most recently used first',
    response: z.object({ sessions: z.array(sessionView) }),
    handler: async ({ ctx, request }) => ({ sessions: await listSessions(ctx, request.auth!) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/sessions/sign-out-others',
    tag: 'auth',
    summary: 'Sign out every other session of the signed-in user (this one stays)',
    response: z.object({ signed_out: z.number().int() }),
    handler: async ({ ctx, request }) => signOutOtherSessions(ctx, request.auth!),
  }),
];

export const teamApi: ApiRoute[] = [...team, ...account];
