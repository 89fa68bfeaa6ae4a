/**
 * The brand API's guard: who is calling (the bearer access token, checked like every session:
 * signature, expiry, a live session family, a usable user) and which brands the session may read.
 * A brand user reads the brands of the tenants it is an active, activated member of; a partner
 * user the brands of its active partner's tenants; staff every brand. Everything else answers
 * exactly like a brand that does not exist.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, type AppContext } from '../../app/index.ts';
import type { ApiCaller, ApiGuard } from '../../http/index.ts';
import { findBrandInScope, readableBrandIds } from '../store/access.ts';
import { AUTH_MESSAGES } from './rules.ts';
import { authenticate, type AuthSession } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, set by requireAuth and by the brand API's guard. */
    auth?: AuthSession;
  }
}

/** The access token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^Bearer\s+\S+$/i.test(header.trim())) return undefined;
  return header.trim().split(/\s+/)[1];
}

/** The session behind the request's bearer token (401 'Invalid token' without one). */
export async function sessionFromRequest(ctx: AppContext, request: FastifyRequest): Promise<AuthSession> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthorized', AUTH_MESSAGES.invalidToken, { code: 'missing_token' });
  const session = await authenticate(ctx, token);
  request.auth = session;
  return session;
}

/** The brands a session may read ('all' for staff). */
export async function callerOf(ctx: AppContext, session: AuthSession): Promise<ApiCaller> {
  return {
    userId: session.userId,
    isStaff: session.isStaff,
    brands: await readableBrandIds(ctx.db, { userId: session.userId, isStaff: session.isStaff }),
  };
}

export const API_GUARD: ApiGuard = {
  authenticate: async (ctx, request) => callerOf(ctx, await sessionFromRequest(ctx, request)),
  brand: (ctx, caller, brandId) => findBrandInScope(ctx.db, caller.brands, brandId),
};
