/**
 * The brand API's route registry: each route declares its method, path, summary, input schemas
 * (params, query, body) and output schema once. The plugin (plugin.ts) validates inputs and
 * outputs with them and runs the guard; openapi.ts turns the same declarations into the OpenAPI
 * document. A domain exposes its routes as an `ApiRoute[]`; the composition root lists them.
 */
import type { FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/index.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who is calling: the user, and the brands the session may read (every brand for staff). */
export interface ApiCaller {
  userId: number;
  isStaff: boolean;
  brands: 'all' | readonly number[];
}

/** The brand of a `/api/brands/:brandId/…` route, after the guard admitted it. */
export interface ApiBrand {
  id: number;
  tenant_id: number;
  name: string;
  timezone: string;
}

/**
 * Decides who may read what; accounts implements it (memberships, partners, staff). The plugin
 * calls authenticate for every route that is not public, and brand for every route whose path
 * holds `:brandId`.
 */
export interface ApiGuard {
  /** The caller behind the request's `Authorization: Bearer` access token; throws unauthorized. */
  authenticate(ctx: AppContext, request: FastifyRequest): Promise<ApiCaller>;
  /** The brand when it exists and the caller may read it; undefined otherwise (the two look alike). */
  brand(ctx: AppContext, caller: ApiCaller, brandId: number): Promise<ApiBrand | undefined>;
}

/** What a handler receives; `brand` is set for paths with `:brandId`, `caller` unless public. */
export interface ApiInput<P, Q, B> {
  ctx: AppContext;
  caller: ApiCaller;
  brand: ApiBrand;
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  /** For headers only (the sign-in routes set the refresh cookie); the plugin sends the answer. */
  reply: FastifyReply;
}

type Schema = z.ZodType;

/** A 404's message, and its code when the service gives one. */
export type NotFound = string | { message: string; code?: string };
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ApiRouteDefinition<P extends Schema, Q extends Schema, B extends Schema, R extends Schema> {
  method: ApiMethod;
  /** Fastify syntax: `/api/brands/:brandId/workflows/:workflowId`. */
  path: string;
  summary: string;
  description?: string;
  /** Groups in the document (`workflows`, `conversations`, ...). */
  tag: string;
  /** No access token needed (the document itself). Everything else is authenticated. */
  public?: boolean;
  /** Staff only: any other session answers 403 right after authentication, before any input. */
  staff?: boolean;
  /**
   * The route reads the session cookie: a browser request from another origin (Origin, else
   * Sec-Fetch-Site, against PUBLIC_URL) answers 403 before anything else.
   */
  sameOrigin?: boolean;
  /** Path params other than brandId; one that does not parse answers `notFound` (404). */
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status (default 200); 204 answers without a body. */
  status?: number;
  /** The 404 for a path id that does not parse: the same as the service gives for an unknown one. */
  notFound?: NotFound;
  /** Request log level: `warn` keeps the request line (with its query string) out of info logs. */
  logLevel?: LogLevel;
  handler(input: ApiInput<Out<P>, Out<Q>, Out<B>>): Promise<z.input<R>>;
}

/** A registered route with its types erased (what the plugin and the document read). */
export interface ApiRoute {
  method: ApiMethod;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  public?: boolean;
  staff?: boolean;
  sameOrigin?: boolean;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  response: Schema;
  status?: number;
  notFound?: NotFound;
  logLevel?: LogLevel;
  handler(input: ApiInput<unknown, unknown, unknown>): Promise<unknown>;
}

/** Declares a route; the handler's input and output are typed from the schemas. */
export function defineRoute<
  P extends Schema = z.ZodUndefined,
  Q extends Schema = z.ZodUndefined,
  B extends Schema = z.ZodUndefined,
  R extends Schema = Schema,
>(definition: ApiRouteDefinition<P, Q, B, R>): ApiRoute {
  return definition as unknown as ApiRoute;
}

/** `METHOD path`, the key of a route in tests and logs. */
export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The `:name` params of a path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** True when the path is scoped to one brand (the guard admits it before anything else runs). */
export const isBrandPath = (path: string): boolean => pathParams(path).includes('brandId');
