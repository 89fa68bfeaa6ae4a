/**
 * Registers the brand API's routes on the server. For every route, in this order:
 * 0. routes that read the session cookie (`sameOrigin`): a request from another site's page
 *    answers 403 before anything else (cookies.ts, assertSameOrigin);
 * 1. authentication (unless public): no valid access token answers 401 before anything else;
 * 2. staff-only routes: a session that is not staff answers 403 before anything else;
 * 3. the brand scope (paths with `:brandId`): a brand the session may not read answers 404 exactly
 *    like a missing one, before any input is looked at;
 * 4. params (an id that does not parse is answered like an unknown one), query and body through
 *    their zod schemas (400 naming each bad field);
 * 5. the handler, whose answer is parsed by the output schema: only declared fields leave, and an
 *    answer that does not match is a 500 (logged), never a silent leak.
 * An AppError with code `rate_limited` answers 429 with Retry-After (its retry_after_seconds).
 * `GET /api/openapi.json` serves the document generated from the same routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, isAppError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import { errorBody, type RouteModule } from '../app.ts';
import { assertSameOrigin } from '../cookies.ts';
import { openApiDocument, type OpenApiInfo } from './openapi.ts';
import { idSchema, parseInput, refuseUnsafeText } from './schemas.ts';
import {
  defineRoute,
  isBrandPath,
  pathParams,
  routeKey,
  type ApiBrand,
  type ApiCaller,
  type ApiGuard,
  type ApiInput,
  type ApiRoute,
  type NotFound,
} from './route.ts';

export const BRAND_NOT_FOUND = 'Brand not found';
export const OPENAPI_PATH = '/api/openapi.json';
export const STAFF_ONLY = 'Only staff can do this';

export interface ApiOptions {
  routes: readonly ApiRoute[];
  guard: ApiGuard;
  info?: OpenApiInfo;
}

export const API_INFO: OpenApiInfo = {
  title: 'Reclaim brand API',
  version: '1',
  description:
    'Everything the brand panel and the operator dashboard read. Authenticate with `Authorization: Bearer <access token>`; ' +
    'a brand outside the session answers 404 like a missing one. Lists take offset/limit and answer { items, total, offset, limit }.',
};

function notFoundError(notFound: NotFound = 'Not found'): AppError {
  return typeof notFound === 'string'
    ? new AppError('not_found', notFound)
    : new AppError('not_found', notFound.message, { code: notFound.code });
}

/** Refuses a route whose declaration cannot work (at start, not at the first request). */
function assertWellFormed(route: ApiRoute, seen: Set<string>): void {
  const key = routeKey(route);
  if (!route.path.startsWith('/api/')) throw new Error(`${key}: brand API paths start with /api/`);
  if (seen.has(key)) throw new Error(`${key}: registered twice`);
  seen.add(key);
  const declared = route.params instanceof z.ZodObject ? Object.keys(route.params.shape).sort() : [];
  const inPath = pathParams(route.path)
    .filter((p) => p !== 'brandId')
    .sort();
  if (declared.join() !== inPath.join())
    throw new Error(`${key}: params schema declares [${declared.join()}], the path has [${inPath.join()}]`);
  if (route.public && isBrandPath(route.path)) throw new Error(`${key}: a brand's route cannot be public`);
  if (route.public && route.staff) throw new Error(`${key}: a staff route cannot be public`);
}

/** The document route: public, listed in the document like any other, built once on first request. */
function documentRoute(routes: () => readonly ApiRoute[], info: OpenApiInfo): ApiRoute {
  let document: Record<string, unknown> | undefined;
  return defineRoute({
    method: 'GET',
    path: OPENAPI_PATH,
    summary: 'This OpenAPI 3.1 document',
    tag: 'meta',
    public: true,
    response: z.record(z.string(), z.unknown()),
    handler: async () => (document ??= openApiDocument(routes(), info)),
  });
}

/** Every route of the brand API plus the document, ready to register (the document lists them all). */
export function apiRouteList(options: Pick<ApiOptions, 'routes' | 'info'>): ApiRoute[] {
  const all: ApiRoute[] = [];
  all.push(
    ...options.routes,
    documentRoute(() => all, options.info ?? API_INFO),
  );
  return all;
}

/** One route: authentication, the brand scope, inputs, the handler, the answer through its schema. */
function registerRoute(app: FastifyInstance, ctx: AppContext, route: ApiRoute, guard: ApiGuard): void {
  const callers = new WeakMap<FastifyRequest, ApiCaller>();
  const anonymous: ApiCaller = { userId: 0, isStaff: false, brands: [] };
  const panelOrigin = new URL(publicBaseUrl(ctx.config)).origin;
  app.route({
    method: route.method,
    url: route.path,
    ...(route.logLevel ? { logLevel: route.logLevel } : {}),
    onRequest:
      route.public && !route.sameOrigin
        ? undefined
        : async (request) => {
            if (route.sameOrigin) assertSameOrigin(request, panelOrigin);
            if (!route.public) callers.set(request, await guard.authenticate(ctx, request));
          },
    handler: async (request, reply) => {
      const caller = callers.get(request) ?? anonymous;
      if (route.staff && !caller.isStaff) throw new AppError('forbidden', STAFF_ONLY, { code: 'staff_only' });
      const raw = (request.params ?? {}) as Record<string, unknown>;
      let brand: ApiBrand | undefined;
      if (isBrandPath(route.path)) {
        const brandId = idSchema().safeParse(raw.brandId);
        brand = brandId.success ? await guard.brand(ctx, caller, brandId.data) : undefined;
        if (!brand) throw new AppError('not_found', BRAND_NOT_FOUND);
      }
      let params: unknown = {};
      if (route.params) {
        refuseUnsafeText(raw, 'path');
        const parsed = route.params.safeParse(raw);
        if (!parsed.success) throw notFoundError(route.notFound);
        params = parsed.data;
      }
      const query = route.query ? parseInput(route.query, request.query, 'query') : undefined;
      const body = route.body ? parseInput(route.body, request.body) : undefined;
      const input = { ctx, caller, params, query, body, request, reply } as ApiInput<unknown, unknown, unknown>;
      Object.defineProperty(input, 'brand', {
        get: () => {
          if (!brand) throw new Error(`${routeKey(route)} has no :brandId, so no brand`);
          return brand;
        },
      });
      const result = await route.handler(input);
      const out = route.response.safeParse(result);
      if (!out.success) {
        request.log.error(
          { route: routeKey(route), issues: out.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code })) },
          'answer does not match its schema',
        );
        throw new Error(`The answer of ${routeKey(route)} does not match its schema`);
      }
      const status = route.status ?? 200;
      return status === 204 ? reply.status(204).send() : reply.status(status).send(out.data);
    },
  });
}

export function apiRoutes(options: ApiOptions): RouteModule {
  const routes = apiRouteList(options);
  const seen = new Set<string>();
  for (const route of routes) assertWellFormed(route, seen);

  return async (app, ctx) => {
    await app.register(async (scope) => {
      scope.setErrorHandler((error, _request, reply) => {
        if (isAppError(error) && error.code === 'rate_limited') {
          const seconds = Number(error.details?.retry_after_seconds);
          if (Number.isFinite(seconds) && seconds > 0) void reply.header('retry-after', String(Math.ceil(seconds)));
          return reply.status(429).send(errorBody(error));
        }
        throw error;
      });
      for (const route of routes) registerRoute(scope, ctx, route, options.guard);
    });
  };
}
