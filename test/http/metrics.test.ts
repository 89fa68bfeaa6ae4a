/**
 * `GET /metrics`: off without METRICS_TOKEN (404), 401 without the bearer token, and with it the
 * Prometheus text a strict parser accepts, with the named series and their values from the
 * database, and no brand name, phone number or address in any label, even where a provider's
 * error text or a consent source carries one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { ROUTES } from '../../src/cli/index.ts';
import { seedDemo } from '../../src/demo/index.ts';
import { METRICS_COLLECTORS } from '../../src/flows/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { parsePrometheusText, valueOf, type Family } from '../helpers/prometheus.ts';
import { plantDeadLetter, plantFailedJob, plantRegistration } from '../tui/plant.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const PHONE = '+14155550142';
const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

const scrape = (authorization?: string) =>
  app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

beforeAll(async () => {
  ctx = await t.context({ METRICS_TOKEN: TOKEN });
  await seedDemo(ctx);
  await plantFailedJob(ctx);
  await plantDeadLetter(t.db, { eventId: 'metrics-dead-1', lastError: `customer ${PHONE} not found` });
  await plantRegistration(t.db, {
    brandId: 2,
    error: 'Campaign rejected',
    failedFrom: 'campaign_approval_pending',
    since: new Date(),
  });
  // Texts of the last hour whose reasons carry a phone number, an e-mail address and a brand name.
  const conversation = await t
    .db('conversations')
    .where({ brand_id: 1 })
    .orderBy('id')
    .first('id', 'contact_channel_id');
  const now = Date.now();
  const text = (status: string, extra: Record<string, unknown>) => ({
    brand_id: 1,
    conversation_id: conversation.id,
    body: 'Your cart is waiting',
    direction: 'outgoing',
    status,
    created_at: new Date(now - 600_000),
    updated_at: new Date(now - 300_000),
    ...extra,
  });
  await t.db('conversation_messages').insert([
    text('failed', { status_reason: `${PHONE} is not a mobile number` }),
    text('failed', { status_reason: 'EC_ABSENT_SUBSCRIBER: subscriber absent' }),
    text('undelivered', { status_reason: 'EC_ABSENT_SUBSCRIBER', sent_at: new Date(now - 500_000) }),
    text('delivered', { sent_at: new Date(now - 400_000) }),
    text('agent_skipped', { extra_data: { skip_reason: 'ivy@example.com asked to stop' } }),
    text('agent_skipped', { extra_data: { skip_reason: 'unsubscribed' } }),
    // Due for ten minutes: the backlog's oldest.
    text('queued', { scheduled_for: new Date(now - 600_000) }),
  ]);
  // A sending number that handed 120 texts to the provider in the last full minute (2 a second,
  // its limit 4) and 42 today.
  await t.db('sms_send_slots').insert({
    provider: 'infobip',
    sender: '+14155550123',
    next_send_at: new Date(now),
    per_second: 4,
    per_day: 2_000,
    day: new Date(now).toISOString().slice(0, 10),
    day_count: 42,
    minute: t.db.raw(`date_trunc('minute', now()) - interval '1 minute'`),
    minute_count: 120,
  });
  await t.db('channel_consent_events').insert([
    {
      brand_id: 1,
      contact_channel_id: conversation.contact_channel_id,
      username: PHONE,
      status: 'unsubscribed',
      source: 'sms_keyword:STOP',
      recorded_at: new Date(now - 60_000),
    },
    {
      brand_id: 1,
      contact_channel_id: conversation.contact_channel_id,
      username: PHONE,
      status: 'unsubscribed',
      source: 'Northwind Outfitters import',
      recorded_at: new Date(now - 60_000),
    },
    {
      brand_id: 1,
      contact_channel_id: conversation.contact_channel_id,
      username: PHONE,
      status: 'unsubscribed',
      source: 'northwind-csv',
      recorded_at: new Date(now - 60_000),
    },
  ]);
  app = await buildHttpServer(ctx, { routes: ROUTES, metrics: METRICS_COLLECTORS, panel: false });
});
afterAll(async () => {
  await app?.close();
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN there is no /metrics route', async () => {
    const off = await buildHttpServer(await t.context(), { routes: [], metrics: METRICS_COLLECTORS, panel: false });
    try {
      const response = await off.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('No route for GET /metrics');
    } finally {
      await off.close();
    }
  });

  it.each([undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN])('Authorization %j: 401', async (header) => {
    const response = await scrape(header);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.body).not.toContain('reclaim_');
  });
});

describe('the Prometheus text', () => {
  let families: Map<string, Family>;

  beforeAll(async () => {
    await app.inject({ url: '/api/brands/1/contacts/7' }); // no session: 401, by its route pattern
    await app.inject({ url: `/no-such-page/${PHONE}` }); // no route: 404, not by its URL
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    families = parsePrometheusText(response.body);
  });

  it('has every named series with its type', () => {
    const types = Object.fromEntries([...families.values()].map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      reclaim_http_requests_total: 'counter',
      reclaim_http_request_duration_seconds: 'histogram',
      reclaim_jobs_total: 'counter',
      reclaim_job_duration_seconds: 'histogram',
      reclaim_run_candidates_duration_seconds: 'histogram',
      reclaim_send_due_duration_seconds: 'histogram',
      reclaim_job_queue_jobs: 'gauge',
      reclaim_job_queue_oldest_due_seconds: 'gauge',
      reclaim_workers: 'gauge',
      reclaim_worker_heartbeat_age_seconds: 'gauge',
      reclaim_webhooks_last_hour: 'gauge',
      reclaim_webhooks_dead_lettered: 'gauge',
      reclaim_webhooks_failed: 'gauge',
      reclaim_webhooks_stuck: 'gauge',
      reclaim_texts_sent_last_hour: 'gauge',
      reclaim_texts_delivered_last_hour: 'gauge',
      reclaim_texts_failed_last_hour: 'gauge',
      reclaim_texts_skipped_last_hour: 'gauge',
      reclaim_texts_due: 'gauge',
      reclaim_texts_due_oldest_seconds: 'gauge',
      reclaim_send_rate_per_number: 'gauge',
      reclaim_send_limit_per_number: 'gauge',
      reclaim_send_today_per_number: 'gauge',
      reclaim_opt_outs_last_hour: 'gauge',
      reclaim_tendlc_registrations_waiting: 'gauge',
      reclaim_db_pool_connections: 'gauge',
      reclaim_db_pool_max_connections: 'gauge',
      reclaim_metrics_collector_up: 'gauge',
      reclaim_process_cpu_seconds_total: 'counter',
    });
    for (const family of families.values()) expect(family.help, family.name).toBeTruthy();
  });

  it('HTTP requests are labelled by route pattern and status, never by URL', () => {
    expect(
      valueOf(families, 'reclaim_http_requests_total', {
        method: 'GET',
        route: '/api/brands/:brandId/contacts/:contactId',
        status: '401',
      }),
    ).toBe(1);
    expect(valueOf(families, 'reclaim_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(
      1,
    );
    expect(
      valueOf(families, 'reclaim_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status: '404',
      }),
    ).toBe(1);
  });

  it('the database series have the values the rows give', async () => {
    expect(valueOf(families, 'reclaim_jobs_total', { task: 'webhook:process', outcome: 'failed' })).toBe(1);
    expect(
      valueOf(families, 'reclaim_job_duration_seconds_count', { task: 'webhook:process', outcome: 'failed' }),
    ).toBe(1);
    expect(valueOf(families, 'reclaim_job_queue_jobs', { task: 'webhook:process', state: 'failed' })).toBe(1);
    expect(valueOf(families, 'reclaim_webhooks_dead_lettered', { source: 'shopify' })).toBe(1);
    expect(valueOf(families, 'reclaim_webhooks_last_hour', { source: 'shopify', status: 'dead' })).toBe(1);
    expect(valueOf(families, 'reclaim_workers', { state: 'running' })).toBe(0);
    expect(valueOf(families, 'reclaim_texts_failed_last_hour', { reason: 'ec_absent_subscriber' })).toBe(2);
    expect(valueOf(families, 'reclaim_texts_failed_last_hour', { reason: 'other' })).toBe(1);
    expect(valueOf(families, 'reclaim_texts_skipped_last_hour', { reason: 'unsubscribed' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, 'reclaim_texts_skipped_last_hour', { reason: 'other' })).toBe(1);
    expect(valueOf(families, 'reclaim_opt_outs_last_hour', { source: 'sms_keyword:stop' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, 'reclaim_opt_outs_last_hour', { source: 'other' })).toBe(2);
    expect(valueOf(families, 'reclaim_tendlc_registrations_waiting')).toBe(1);
    const { rows } = await t.db.raw<{ rows: Array<{ n: number }> }>(
      `select count(*)::int as n from conversation_messages
        where direction = 'outgoing' and status in ('sent', 'delivered', 'undelivered') and sent_at > now() - interval '1 hour'`,
    );
    expect(valueOf(families, 'reclaim_texts_sent_last_hour')).toBe(rows[0]!.n);
    // The backlog, its oldest text's age and each number's pace (labelled by its last four digits).
    const due = await t.db.raw<{ rows: Array<{ n: number; oldest: Date }> }>(
      `select count(*)::int as n, min(scheduled_for) as oldest from conversation_messages
        where direction = 'outgoing' and status in ('auto_queued', 'queued') and scheduled_for <= now()`,
    );
    expect(valueOf(families, 'reclaim_texts_due')).toBe(due.rows[0]!.n);
    const oldest = (Date.now() - due.rows[0]!.oldest.getTime()) / 1000;
    expect(valueOf(families, 'reclaim_texts_due_oldest_seconds')).toBeGreaterThanOrEqual(600 - 5);
    expect(valueOf(families, 'reclaim_texts_due_oldest_seconds')).toBeLessThanOrEqual(oldest + 1);
    const number = { provider: 'infobip', number: 'n0123' };
    expect(valueOf(families, 'reclaim_send_rate_per_number', number)).toBe(2);
    expect(valueOf(families, 'reclaim_send_limit_per_number', number)).toBe(4);
    expect(valueOf(families, 'reclaim_send_today_per_number', number)).toBe(42);
    for (const collector of ['jobs', 'webhooks', 'texts'])
      expect(valueOf(families, 'reclaim_metrics_collector_up', { collector })).toBe(1);
  });

  it('no label carries a brand name, a phone number or an address', async () => {
    const values = [...families.values()].flatMap((f) => f.samples.flatMap((s) => Object.values(s.labels)));
    expect(values.length).toBeGreaterThan(100);
    const brands: Array<{ name: string }> = await t.db('brands').select('name');
    const phones = (await t.db('contact_channels').pluck('username')).filter((u: string) => /^\+1\d{10}$/.test(u));
    expect(phones.length).toBeGreaterThan(10);
    for (const value of values) {
      const lower = value.toLowerCase();
      for (const { name } of brands) expect(lower).not.toContain(name.toLowerCase());
      for (const word of ['northwind', 'harbor']) expect(lower).not.toContain(word);
      expect(value).not.toMatch(/\d{7,}/);
      expect(value).not.toContain('@');
      for (const phone of phones) expect(value).not.toContain(phone.slice(-7));
    }
  });
});

describe('the strict parser refuses what Prometheus would', () => {
  it.each([
    ['a sample without a value', 'x_total{a="1"}\n'],
    ['an unquoted label', 'x{a=1} 1\n'],
    ['a bad escape', 'x{a="\\q"} 1\n'],
    ['a series twice', 'x 1\nx 2\n'],
    ['TYPE after samples', 'x 1\n# TYPE x gauge\n'],
    ['a family split', 'x 1\ny 1\nx{a="b"} 1\n'],
    ['a bucket not cumulative', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n'],
    ['+Inf not the count', '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1\n'],
    ['no final line break', 'x 1'],
  ])('%s', (_name, text) => expect(() => parsePrometheusText(text)).toThrow());

  it('accepts escapes, timestamps and special values', () => {
    const families = parsePrometheusText(
      '# HELP g a "gauge"\n# TYPE g gauge\ng{a="x\\"y\\\\z\\n"} NaN 1700000000000\ng{a="b"} +Inf\n',
    );
    expect(families.get('g')!.samples.map((s) => s.labels.a)).toEqual(['x"y\\z\n', 'b']);
  });
});
