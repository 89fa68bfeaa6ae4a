import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  coerceError,
  GENERIC_INTERNAL_MESSAGE,
  isAppError,
  type AppContext,
  type Config,
} from '../app/index.ts';
import { ping } from '../db/index.ts';
import { registerMetrics, type MetricsCollector } from './metrics.ts';
import { registerPanel } from './panel.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes received, for signature checks. */
    rawBody?: Buffer;
    /** Set when the body was not valid JSON (routes that verify signatures first report it themselves). */
    jsonError?: boolean;
  }
  interface FastifyContextConfig {
    /** The route checks a signature over the raw body before it looks at the JSON. */
    rawBody?: boolean;
  }
}

/** A route module registers its routes on the app; each domain exposes one. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

export interface HttpOptions {
  routes?: RouteModule[];
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Serve the built web panel (web-panel/dist) when present, with index.html for its deep links. */
  panel?: boolean;
  /** The database's series of `GET /metrics` (served only when METRICS_TOKEN is set). */
  metrics?: MetricsCollector[];
}

function serializeRequest(request: {
  method?: string;
  url?: string;
  id?: string;
  ip?: string;
}): Record<string, unknown> {
  return { method: request.method, path: request.url?.split('?')[0], id: request.id, remote_address: request.ip };
}

export function errorBody(error: AppError): { error: { kind: string; code: string | null; message: string } } {
  return { error: { kind: error.kind, code: error.code ?? null, message: error.message } };
}

/** Throws the 400 a route that reads JSON must give when the body was not JSON. */
export function assertJsonBody(request: FastifyRequest): void {
  if (request.jsonError) throw new AppError('invalid_input', 'Malformed JSON body.', { code: 'malformed_json' });
}

/**
 * The body parser of JSON routes: keeps the exact bytes (signature checks), reads an empty body
 * as none, and marks a malformed one (assertJsonBody answers it) instead of failing the request.
 */
export function parseJsonBody(
  request: FastifyRequest,
  body: Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  request.rawBody = body;
  if (body.length === 0) return done(null, undefined);
  try {
    done(null, JSON.parse(body.toString('utf8')));
  } catch {
    request.jsonError = true;
    done(null, undefined);
  }
}

/** The 415 a body of another type than JSON gets, naming the type it came with. */
export function unsupportedMediaType(request: FastifyRequest): AppError {
  const given = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const shown = /^[\w.+-]{1,60}\/[\w.+-]{1,60}$/.test(given) ? ` ${given}` : '';
  return new AppError(
    'invalid_input',
    `Unsupported content type${shown}: send the body as JSON (Content-Type: application/json).`,
    { code: 'unsupported_media_type' },
  );
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function: Fastify ignores a bare
 * number (it cannot check the peer), and TRUST_PROXY's hop count is documented as "the N
 * proxies in front, whoever they are".
 */
function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * The HTTP server of `serve-webhooks`: platforms' webhooks, the panel's JSON API and its static
 * files. Raw bodies are kept for signature checks; bodies are never logged.
 */
export async function buildHttpServer(ctx: AppContext, options: HttpOptions = {}): Promise<FastifyInstance> {
  // Loaded here, not at the top: a command that serves nothing does not load fastify.
  const { default: Fastify, LogController } = await import('fastify');
  const app: FastifyInstance = Fastify({
    // Request logs show the path only: query strings carry OAuth codes, signed payloads and tokens.
    loggerInstance: ctx.logger.child(
      { component: 'http' },
      { serializers: { req: serializeRequest } },
    ) as FastifyBaseLogger,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default):
    // request.ip feeds the login limits and click records.
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
  });

  // JSON only: a body of any other type (text/plain, a form) answers 415 before any route runs, so
  // no page of another site can post to the API with a "simple" request. The pixel ingest adds
  // text/plain for its own route (src/stores/pixel/routes.ts).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  app.addHook('preValidation', async (request) => {
    if (request.jsonError && !request.routeOptions.config.rawBody) assertJsonBody(request);
  });

  app.setErrorHandler((error, request, reply) => {
    if (isAppError(error) && error.kind !== 'internal') return reply.status(error.httpStatus).send(errorBody(error));
    const fastifyError = error as { statusCode?: number; validation?: unknown; message?: string; code?: string };
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send(errorBody(unsupportedMediaType(request)));
    if (
      fastifyError.validation ||
      (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
    ) {
      const status = fastifyError.statusCode ?? 400;
      return reply
        .status(status)
        .send({ error: { kind: 'invalid_input', code: fastifyError.code ?? null, message: fastifyError.message } });
    }
    request.log.error({ err: coerceError(error) }, 'request failed');
    const shown = isAppError(error) ? error.message : GENERIC_INTERNAL_MESSAGE;
    return reply.status(500).send({ error: { kind: 'internal', code: null, message: shown } });
  });
  let deepLink: Awaited<ReturnType<typeof registerPanel>>;
  app.setNotFoundHandler((request, reply) => {
    if (deepLink?.(request, reply)) return reply;
    return reply.status(404).send({
      error: {
        kind: 'not_found',
        code: null,
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      },
    });
  });

  // Before every route, so each request is measured.
  registerMetrics(app, ctx, options.metrics ?? []);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await ping(ctx.db);
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      ctx.logger.warn({ err: coerceError(error) }, 'readiness check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  for (const register of options.routes ?? []) await register(app, ctx);

  if (options.panel !== false) deepLink = await registerPanel(app);
  return app;
}
