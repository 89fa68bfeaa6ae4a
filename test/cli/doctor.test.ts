/**
 * `reclaim doctor` as an operator runs it, against a healthy configuration and a broken one. The
 * external services are local fakes (Infobip, Stripe, SMTP), PUBLIC_URL is a real serve-webhooks
 * server on a loopback port, and the worker is a real one beating on the test database.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { prepareQueue, startWorker } from '../../src/jobs/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe/index.ts';
import { runCli } from '../helpers/cli.ts';
import { createEmptyDatabase, testEnv, useTestDatabase } from '../helpers/db.ts';
import { until } from '../helpers/worker-process.ts';

const t = useTestDatabase();
let ctx: AppContext;
let infobip: FakeInfobip;
let stripe: FakeStripe;
let smtp: FakeSmtp;
let site: FastifyInstance;
let worker: Awaited<ReturnType<typeof startWorker>>;
let publicUrl: string;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const services = () => ({
  SMS_PROVIDER: 'infobip',
  INFOBIP_BASE_URL: infobip.url,
  INFOBIP_API_KEY: infobip.apiKey,
  INFOBIP_WEBHOOK_SECRET: 'infobip-webhook-secret',
  STRIPE_SECRET_KEY: stripe.apiKey,
  STRIPE_API_BASE_URL: stripe.baseUrl,
  STRIPE_WEBHOOK_SECRET: 'whsec_doctor_test',
  EMAIL_TRANSPORT: 'smtp',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Reclaim <ops@reclaim.example.com>',
  PUBLIC_URL: publicUrl,
  METRICS_TOKEN: 'metrics-token-0123456789',
});

beforeAll(async () => {
  [infobip, stripe, smtp] = await Promise.all([startFakeInfobip(), startFakeStripe(), startFakeSmtp()]);
  ctx = await t.context();
  await prepareQueue(ctx);
  site = await buildHttpServer(ctx, { panel: false });
  await site.listen({ host: '127.0.0.1', port: 0 });
  publicUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  worker = await startWorker(ctx, TASKS, { concurrency: 1, schedules: [], pollInterval: 500 });
  await until('the worker beats', async () =>
    t.db('job_workers').whereNull('stopped_at').whereNull('released_at').first('worker_id'),
  );
});
afterAll(async () => {
  await worker?.stop();
  await site?.close();
  await Promise.all([infobip?.close(), stripe?.close(), smtp?.close()]);
});

describe('reclaim doctor', () => {
  it('healthy: every check passes with one harmless call per provider, exit 0', async () => {
    const { code, stdout, stderr } = await runCli(['doctor'], { ...testEnv(t.url), ...services() });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.filter((l) => /^[✗!]/.test(l))).toEqual([]);
    expect(stdout).toMatch(/^✓ configuration +valid: PostgreSQL server, SMS infobip, mail smtp$/m);
    expect(stdout).toMatch(/^✓ database +PostgreSQL server 127\.0\.0\.1:\d+\/\w+, PostgreSQL \d+/m);
    expect(stdout).toMatch(/^✓ migrations +all \d+ applied$/m);
    expect(stdout).toMatch(/^✓ worker +1 running, the newest heartbeat \d+ s ago$/m);
    expect(stdout).toMatch(/^✓ infobip +the API key was accepted \(no owned numbers on the first page\)$/m);
    expect(stdout).toMatch(/^✓ stripe +the secret key was accepted \(customers list\)$/m);
    expect(stdout).toMatch(/^✓ smtp +the server greeted and accepted the login$/m);
    expect(stdout).toContain(`✓ public URL     ${publicUrl}/healthz answered 200 ok`);
    expect(lines.at(-1)).toBe('Healthy: nothing to fix.');
    // One read-only call each: nothing was created, sent or changed.
    expect(infobip.registration.calls('numbers')).toHaveLength(1);
    expect(infobip.accepted).toHaveLength(0);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/customers']);
    expect(smtp.received).toHaveLength(0);
  });

  it('--json gives the same checks for a script', async () => {
    const { code, stdout } = await runCli(['doctor', '--json'], { ...testEnv(t.url), ...services() });
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ ok: true, problems: 0, warnings: 0 });
    expect(Object.fromEntries(report.checks.map((c: { name: string; status: string }) => [c.name, c.status]))).toEqual({
      configuration: 'ok',
      database: 'ok',
      migrations: 'ok',
      worker: 'ok',
      infobip: 'ok',
      stripe: 'ok',
      smtp: 'ok',
      'public URL': 'ok',
    });
  });

  it('broken: each problem with what to fix, no secret printed, exit 1', async () => {
    const empty = await createEmptyDatabase();
    try {
      const [smtpPort, sitePort] = [await closedPort(), await closedPort()];
      const env = {
        ...testEnv(empty.url),
        ...services(),
        INFOBIP_API_KEY: 'wrong-infobip-key-31337',
        STRIPE_SECRET_KEY: 'sk_test_wrongkey4242424242',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: `http://127.0.0.1:${sitePort}`,
        SHOPIFY_API_KEY: 'shopify-app-key',
      };
      const { code, stdout } = await runCli(['doctor'], env);
      expect(code).toBe(1);
      const problems = stdout.split('\n').filter((l) => l.startsWith('✗'));
      expect(problems.map((l) => l.split(/ {2,}/)[0])).toEqual([
        '✗ configuration',
        '✗ migrations',
        '✗ job queue',
        '✗ worker',
        '✗ infobip',
        '✗ stripe',
        '✗ smtp',
        '✗ public URL',
      ]);
      expect(stdout).toContain('SHOPIFY_API_KEY is set without SHOPIFY_API_SECRET: Shopify cannot work');
      expect(stdout).toContain('fix: set SHOPIFY_API_SECRET, or unset SHOPIFY_API_KEY');
      expect(stdout).toMatch(/✗ migrations +\d+ pending: 2026\d+_\w+\.ts/);
      expect(stdout).toContain('fix: run reclaim db migrate');
      expect(stdout).toContain('no worker has a heartbeat: nothing runs queued jobs, schedules or sends texts');
      expect(stdout).toMatch(/✗ infobip +Failed to list owned numbers.*Invalid login details/);
      expect(stdout).toContain('fix: check INFOBIP_BASE_URL');
      expect(stdout).toMatch(/✗ stripe +Stripe refused to list customers: Invalid API Key provided/);
      expect(stdout).toMatch(/✗ smtp .*ECONNREFUSED/);
      expect(stdout).toContain(`✗ public URL     http://127.0.0.1:${sitePort}/healthz unreachable`);
      expect(stdout).toMatch(/^8 problems: fix the ✗ lines above, then run reclaim doctor again\.$/m);
      for (const secret of [
        'wrong-infobip-key-31337',
        'sk_test_wrongkey4242424242',
        'infobip-webhook-secret',
        'whsec_doctor_test',
      ])
        expect(stdout).not.toContain(secret);
    } finally {
      await empty.drop();
    }
  });

  it('a database it cannot reach is one problem, and the checks that need it are skipped', async () => {
    const port = await closedPort();
    const { code, stdout } = await runCli(['doctor'], {
      ...testEnv(`postgres://postgres@127.0.0.1:${port}/reclaim`),
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(
      new RegExp(`✗ database +PostgreSQL server 127\\.0\\.0\\.1:${port}/reclaim unreachable: .*ECONNREFUSED`),
    );
    expect(stdout).toMatch(/^- migrations +the database is unreachable$/m);
    expect(stdout).toMatch(/^- worker +the database is unreachable$/m);
  });

  it('a configuration that does not load is reported as the problem to fix first', async () => {
    const { code, stdout } = await runCli(['doctor', '--json'], { ...testEnv(t.url), WORKER_CONCURRENCY: 'lots' });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      problems: 1,
      warnings: 0,
      checks: [
        {
          name: 'configuration',
          status: 'problem',
          detail:
            'Invalid configuration:\n  WORKER_CONCURRENCY: Invalid input: expected number, received NaN (got "lots")',
          fix: 'correct the variables named above',
        },
      ],
    });
  });
});
