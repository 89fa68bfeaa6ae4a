/**
 * `GET /metrics` in the Prometheus text format (prom-client), behind a bearer token: with
 * METRICS_TOKEN unset the route does not exist (404) and nothing is measured.
 *
 * Two kinds of series, documented in docs/operators/monitoring.md:
 * - this process's own (HTTP requests by route pattern, method and status with their latency, its
 *   database pool, Node's process metrics): each serve-webhooks process counts its own, and
 *   Prometheus adds them up across the processes it scrapes;
 * - the database's (jobs, queue, workers, webhooks, texts, opt-outs, 10DLC): read with queries at
 *   scrape time by the collectors the composition root hands in, so they are right whichever
 *   process did the work, and the same on every process that serves them.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type * as PromClient from 'prom-client';
import { coerceError, type AppContext } from '../app/index.ts';
import { routeLabel } from './metrics-rules.ts';
import { safeEqual } from './signatures.ts';

/** prom-client, loaded when a server serves metrics (CommonJS: require gives what import would). */
const prom = (): typeof PromClient => createRequire(import.meta.url)('prom-client') as typeof PromClient;

export const METRICS_PATH = '/metrics';

export interface MetricSample {
  labels?: Record<string, string>;
  value: number;
  /** For a histogram's lines: `_bucket` (with an `le` label), `_sum`, `_count`. */
  suffix?: '_bucket' | '_sum' | '_count';
}

/** One metric with its samples, as a collector reads it from the database. */
export interface MetricFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: MetricSample[];
}

/** Reads a group of series at scrape time (one query or a few). */
export interface MetricsCollector {
  name: string;
  collect(ctx: AppContext, now: Date): Promise<MetricFamily[]>;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A family read at scrape time, in the shape prom-client's registry renders. */
function familyMetric(family: MetricFamily): PromClient.Metric {
  const values = family.samples.map((s) => ({
    labels: s.labels ?? {},
    value: s.value,
    ...(s.suffix ? { metricName: `${family.name}${s.suffix}` } : {}),
  }));
  const metric = {
    name: family.name,
    help: family.help,
    type: family.type,
    aggregator: 'sum',
    get: async () => ({ name: family.name, help: family.help, type: family.type, aggregator: 'sum', values }),
    reset: () => undefined,
  };
  return metric as unknown as PromClient.Metric;
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/** This process's registry: HTTP series, the database pool, Node's process metrics. */
function processRegistry(ctx: AppContext) {
  const client = prom();
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'reclaim_' });
  const requests = new client.Counter({
    name: 'reclaim_http_requests_total',
    help: 'HTTP requests answered by this process, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'reclaim_http_request_duration_seconds',
    help: 'Time to answer an HTTP request in this process, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const poolOf = (): TarnPool | undefined => (ctx.db.client as { pool?: TarnPool }).pool;
  new client.Gauge({
    name: 'reclaim_db_pool_connections',
    help: "This process's database pool: connections in use, idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolOf();
      this.set({ state: 'used' }, pool?.numUsed() ?? 0);
      this.set({ state: 'free' }, pool?.numFree() ?? 0);
      this.set({ state: 'pending_acquire' }, pool?.numPendingAcquires() ?? 0);
      this.set({ state: 'pending_create' }, pool?.numPendingCreates() ?? 0);
    },
  });
  const max = (ctx.db.client as { config?: { pool?: { max?: number } } }).config?.pool?.max;
  new client.Gauge({
    name: 'reclaim_db_pool_max_connections',
    help: "The most connections this process's database pool opens.",
    registers: [registry],
    collect() {
      this.set(max ?? 0);
    },
  });
  return { registry, requests, duration };
}

/** A bearer token in the Authorization header equal to the setting (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && safeEqual(match[1]!, token);
}

/**
 * Measures every request of the app and serves `GET /metrics` (when METRICS_TOKEN is set; else
 * does nothing). Call before the routes are registered.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, collectors: MetricsCollector[]): void {
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return;
  const { registry, requests, duration } = processRegistry(ctx);
  const client = prom();

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeLabel(request.routeOptions.url),
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { kind: 'unauthorized', code: null, message: 'Send the metrics token as a bearer token.' } });
    const now = new Date();
    const scrape = new client.Registry();
    const up = new client.Gauge({
      name: 'reclaim_metrics_collector_up',
      help: 'Whether the collector read its series from the database at this scrape (1) or failed (0).',
      labelNames: ['collector'] as const,
      registers: [scrape],
    });
    const took = new client.Gauge({
      name: 'reclaim_metrics_collector_duration_seconds',
      help: 'Time the collector took to read its series at this scrape.',
      labelNames: ['collector'] as const,
      registers: [scrape],
    });
    const families = await Promise.all(
      collectors.map(async (collector) => {
        const started = performance.now();
        try {
          const read = await collector.collect(ctx, now);
          up.set({ collector: collector.name }, 1);
          return read;
        } catch (error) {
          ctx.logger.warn({ err: coerceError(error), collector: collector.name }, 'metrics collector failed');
          up.set({ collector: collector.name }, 0);
          return [];
        } finally {
          took.set({ collector: collector.name }, (performance.now() - started) / 1000);
        }
      }),
    );
    for (const family of families.flat()) scrape.registerMetric(familyMetric(family));
    const text = await client.Registry.merge([registry, scrape]).metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
