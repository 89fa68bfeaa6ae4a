import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/index.ts';
import { configurationChecks, doctorExitCode, migrationCheck, workerCheck } from '../../src/flows/index.ts';

const SERVER = {
  DATABASE_URL: 'postgres://reclaim@db.example.com:5432/reclaim',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  JWT_SECRET: 'a-jwt-secret-that-is-long-enough-0123456789',
  METRICS_TOKEN: 'metrics-token-0123456789',
};
const problems = (env: Record<string, string>) =>
  configurationChecks(loadConfig(env))
    .filter((c) => c.status === 'problem')
    .map((c) => c.detail);
const warnings = (env: Record<string, string>) =>
  configurationChecks(loadConfig(env))
    .filter((c) => c.status === 'warn')
    .map((c) => c.detail);

describe('the configuration as the doctor judges it', () => {
  it('a complete server configuration is valid', () => {
    expect(configurationChecks(loadConfig(SERVER))).toEqual([
      { name: 'configuration', status: 'ok', detail: 'valid: PostgreSQL server, SMS outbox, mail outbox' },
    ]);
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      'server mode without its secrets',
      { DATABASE_URL: SERVER.DATABASE_URL },
      [
        'ENCRYPTION_KEY is not set; it must be with DATABASE_URL (server mode)',
        'JWT_SECRET is not set; it must be with DATABASE_URL (server mode)',
      ],
    ],
    [
      'half of a pair',
      { ...SERVER, SHOPIFY_API_KEY: 'key' },
      [
        'SHOPIFY_API_KEY is set without SHOPIFY_API_SECRET: Shopify cannot work',
        'PUBLIC_URL is not set, but Shopify must reach this server (webhooks, OAuth redirects)',
      ],
    ],
    [
      'Infobip chosen but not configured',
      { ...SERVER, SMS_PROVIDER: 'infobip', PUBLIC_URL: 'https://reclaim.example.com' },
      [
        'SMS_PROVIDER=infobip but INFOBIP_BASE_URL is not set: no text can be sent',
        'SMS_PROVIDER=infobip but INFOBIP_API_KEY is not set: no text can be sent',
        'SMS_PROVIDER=infobip but INFOBIP_WEBHOOK_SECRET is not set: inbound texts (STOP included) and delivery reports are refused',
      ],
    ],
    ['SMTP without its URL', { ...SERVER, EMAIL_TRANSPORT: 'smtp' }, ['EMAIL_TRANSPORT=smtp but SMTP_URL is not set']],
    ['the embedded database needs no secrets', {}, []],
  ])('%s', (_name, env, expected) => expect(problems(env)).toEqual(expected));

  it.each<[string, Record<string, string>, string]>([
    [
      'Stripe without its webhook secret',
      { ...SERVER, STRIPE_SECRET_KEY: 'sk_test_x' },
      'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET',
    ],
    ['production on the embedded database', { NODE_ENV: 'production' }, 'NODE_ENV=production on the embedded database'],
    [
      'plain http in production',
      { ...SERVER, NODE_ENV: 'production', PUBLIC_URL: 'http://reclaim.example.com' },
      'PUBLIC_URL is plain http in production',
    ],
  ])('%s is a warning', (_name, env, start) => {
    expect(problems(env)).toEqual([]);
    expect(warnings(env).some((w) => w.startsWith(start))).toBe(true);
  });

  it('metrics off is said, not counted as a problem', () => {
    const { METRICS_TOKEN: _unset, ...env } = SERVER;
    const checks = configurationChecks(loadConfig(env));
    expect(checks.find((c) => c.name === 'metrics')).toMatchObject({ status: 'skipped' });
    expect(doctorExitCode(checks)).toBe(0);
  });

  it('no finding shows a secret', () => {
    const env = { ...SERVER, SHOPIFY_API_SECRET: 'shpss_supersecret', STRIPE_SECRET_KEY: 'sk_live_topsecret' };
    const text = JSON.stringify(configurationChecks(loadConfig(env)));
    for (const secret of ['shpss_supersecret', 'sk_live_topsecret', SERVER.JWT_SECRET, SERVER.METRICS_TOKEN])
      expect(text).not.toContain(secret);
  });
});

describe('migrations, workers and the exit code', () => {
  const NOW = new Date('2026-11-20T14:20:30Z');

  it.each<[string[], number, string, string]>([
    [[], 38, 'ok', 'all 38 applied'],
    [['20261130400000_job_runs.ts'], 37, 'problem', '1 pending: 20261130400000_job_runs.ts'],
    [['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'], 0, 'problem', '5 pending: a.ts, b.ts, c.ts, … (2 more)'],
  ])('pending %j', (pending, applied, status, detail) =>
    expect(migrationCheck(pending, applied)).toMatchObject({ status, detail }),
  );

  it.each<[string, { running: number; silent: number; newestHeartbeatAt: Date | null }, string, string]>([
    [
      'one beating',
      { running: 1, silent: 0, newestHeartbeatAt: new Date(NOW.getTime() - 12_000) },
      'ok',
      '1 running, the newest heartbeat 12 s ago',
    ],
    [
      'one beating, one silent',
      { running: 2, silent: 1, newestHeartbeatAt: NOW },
      'warn',
      '2 running, the newest heartbeat 0 s ago; 1 silent',
    ],
    [
      'only silent ones',
      { running: 0, silent: 2, newestHeartbeatAt: null },
      'problem',
      'no worker running: 2 silent for more than 120 s',
    ],
    [
      'none ever',
      { running: 0, silent: 0, newestHeartbeatAt: null },
      'problem',
      'no worker has a heartbeat: nothing runs queued jobs, schedules or sends texts',
    ],
  ])('%s', (_name, facts, status, detail) => expect(workerCheck(facts, NOW, 120)).toMatchObject({ status, detail }));

  it('exit 1 only for a problem', () => {
    expect(
      doctorExitCode([
        { name: 'a', status: 'ok', detail: '' },
        { name: 'b', status: 'warn', detail: '' },
        { name: 'c', status: 'skipped', detail: '' },
      ]),
    ).toBe(0);
    expect(
      doctorExitCode([
        { name: 'a', status: 'ok', detail: '' },
        { name: 'b', status: 'problem', detail: '' },
      ]),
    ).toBe(1);
  });
});
