import { describe, expect, it } from 'vitest';
import { AppError, isEmbedded, loadConfig, publicBaseUrl, redactConfig } from '../../src/app/index.ts';

const KEY_BASE64 = Buffer.alloc(32, 7).toString('base64');
const KEY_HEX = Buffer.alloc(32, 9).toString('hex');

/** Runs loadConfig on an environment that must be refused and returns what it threw. */
function refused(env: Record<string, string>): AppError {
  try {
    loadConfig(env);
  } catch (error) {
    return error as AppError;
  }
  throw new Error(`the configuration ${JSON.stringify(env)} was accepted`);
}

describe('loadConfig defaults', () => {
  const config = loadConfig({});

  it.each([
    ['PORT', 3000],
    ['RECLAIM_DATA_DIR', '.reclaim'],
    ['SMS_PROVIDER', 'outbox'],
    ['EMAIL_TRANSPORT', 'outbox'],
    ['WORKER_CONCURRENCY', 4],
    ['LOG_LEVEL', undefined],
    ['NODE_ENV', 'development'],
    ['DATABASE_URL', undefined],
  ] as const)('%s defaults to %j', (key, expected) => {
    expect(config[key]).toBe(expected);
  });

  it('is embedded without DATABASE_URL and in server mode with it', () => {
    expect(isEmbedded(config)).toBe(true);
    expect(isEmbedded(loadConfig({ DATABASE_URL: 'postgres://reclaim@db.internal:5432/reclaim' }))).toBe(false);
  });

  it('takes values from the environment, coercing numbers', () => {
    const set = loadConfig({
      PORT: '8080',
      WORKER_CONCURRENCY: '12',
      SMS_PROVIDER: 'infobip',
      RECLAIM_DATA_DIR: '/var/lib/reclaim',
    });
    expect([set.PORT, set.WORKER_CONCURRENCY, set.SMS_PROVIDER, set.RECLAIM_DATA_DIR]).toEqual([
      8080,
      12,
      'infobip',
      '/var/lib/reclaim',
    ]);
  });

  it('counts empty strings as unset', () => {
    const blank = loadConfig({
      PORT: '',
      RECLAIM_DATA_DIR: '',
      SMS_PROVIDER: '',
      EMAIL_TRANSPORT: '',
      DATABASE_URL: '',
      ENCRYPTION_KEY: '',
      JWT_SECRET: '',
    });
    expect(blank).toEqual(loadConfig({}));
    expect(isEmbedded(blank)).toBe(true);
  });
});

describe('loadConfig refuses bad values', () => {
  it('names every bad variable in one error, in schema order', () => {
    const error = refused({ SMS_PROVIDER: 'pigeon', PORT: 'abc' });
    expect(error).toBeInstanceOf(AppError);
    expect(error.kind).toBe('invalid_input');
    expect(error.code).toBe('invalid_config');
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(
      /^Invalid configuration:\n {2}PORT: .*\(got "abc"\)\n {2}SMS_PROVIDER: .*\(got "pigeon"\)$/,
    );
    expect(error.details).toEqual({ variables: ['PORT', 'SMS_PROVIDER'] });
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['WORKER_CONCURRENCY', '0'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['EMAIL_TRANSPORT', 'carrier-pigeon'],
    ['PUBLIC_URL', 'ftp://reclaim.example.com'],
    ['SHOPIFY_API_VERSION', '2026-05'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example.com'],
  ])('%s=%s is refused by name', (key, value) => {
    const error = refused({ [key]: value });
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain(`  ${key}: `);
    expect(error.details).toEqual({ variables: [key] });
  });

  it.each([
    ['ENCRYPTION_KEY', 'short', 'must be 32 bytes as base64 or 64 hex characters'],
    ['ENCRYPTION_KEY', Buffer.alloc(16, 1).toString('base64'), 'must be 32 bytes as base64 or 64 hex characters'],
    ['JWT_SECRET', 'too-short-jwt-secret', 'must be at least 32 characters'],
    ['DATABASE_URL', 'mysql://reclaim:hunter2@db.internal/reclaim', 'Invalid URL'],
  ])('a bad secret %s is named but its value is not echoed', (key, value, reason) => {
    const error = refused({ [key]: value });
    expect(error.message).toBe(`Invalid configuration:\n  ${key}: ${reason}`);
    expect(error.message).not.toContain(value);
    expect(JSON.stringify(error.details)).not.toContain(value);
  });

  it('the value of a valid secret beside a bad setting is not echoed either', () => {
    const error = refused({ STRIPE_SECRET_KEY: 'sk_live_do_not_print', PORT: 'abc' });
    expect(error.details).toEqual({ variables: ['PORT'] });
    expect(error.message).not.toContain('sk_live_do_not_print');
  });

  it.each([
    ['base64', KEY_BASE64],
    ['hex', KEY_HEX],
  ])('accepts a 32-byte ENCRYPTION_KEY as %s', (_form, value) => {
    expect(loadConfig({ ENCRYPTION_KEY: value }).ENCRYPTION_KEY).toBe(value);
  });
});

describe('redactConfig', () => {
  /** Every secret a deployment can set, with a valid value. */
  const secrets: Record<string, string> = {
    DATABASE_URL: 'postgres://reclaim:db-password@db.internal:5432/reclaim',
    ANALYTICS_DATABASE_URL: 'postgres://analytics:an-password@db.internal:5432/analytics',
    ENCRYPTION_KEY: KEY_BASE64,
    JWT_SECRET: 'jwt-secret-that-is-at-least-32-characters',
    SMTP_URL: 'smtp://mailer:smtp-password@mail.internal:587',
    SHOPIFY_API_SECRET: 'shopify-secret-value',
    BIGCOMMERCE_CLIENT_SECRET: 'bigcommerce-secret-value',
    STRIPE_SECRET_KEY: 'sk_live_stripe-secret-value',
    STRIPE_WEBHOOK_SECRET: 'whsec_stripe-webhook-value',
    INFOBIP_API_KEY: 'infobip-api-key-value',
    INFOBIP_WEBHOOK_SECRET: 'infobip-webhook-value',
    SLACK_CLIENT_SECRET: 'slack-secret-value',
    KLAVIYO_CLIENT_SECRET: 'klaviyo-secret-value',
    LLM_API_KEY: 'llm-api-key-value',
    AUTOMATION_API_KEY: 'automation-api-key-value',
    RECLAIM_PASSWORD: 'reclaim-password-value',
  };
  const redacted = redactConfig(loadConfig({ ...secrets, SHOPIFY_API_KEY: 'shopify-public-key', PORT: '4000' }));

  it.each(Object.keys(secrets))('masks %s as [set]', (key) => {
    expect(redacted[key]).toBe('[set]');
  });

  it('leaves no secret value anywhere and keeps the plain settings', () => {
    const shown = JSON.stringify(redacted);
    for (const value of Object.values(secrets)) expect(shown).not.toContain(value);
    expect(redacted).toMatchObject({ PORT: 4000, SHOPIFY_API_KEY: 'shopify-public-key', SMS_PROVIDER: 'outbox' });
  });

  it('leaves unset secrets unset rather than claiming they are set', () => {
    const plain = redactConfig(loadConfig({}));
    expect(plain.DATABASE_URL).toBeUndefined();
    expect(plain.ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('worker schedule overrides (SCHEDULE_<NAME>)', () => {
  it('takes a crontab pattern (trimmed) and off', () => {
    const config = loadConfig({ SCHEDULE_DB_HEALTH: ' */5 * * * * ', SCHEDULE_BILLING_SYNC: 'off' });
    expect(config.SCHEDULE_DB_HEALTH).toBe('*/5 * * * *');
    expect(config.SCHEDULE_BILLING_SYNC).toBe('off');
    expect(config.SCHEDULE_PENDING_CARTS).toBeUndefined();
    expect(loadConfig({ SCHEDULE_PENDING_CARTS: '0,30 8-18 1 1-12 0' }).SCHEDULE_PENDING_CARTS).toBe(
      '0,30 8-18 1 1-12 0',
    );
  });

  it.each([
    ['61 * * * *', 'field value (61) is out of range'],
    ['*/0 * * * *', 'field (minute) has a step of zero'],
    ['0 0 0 * *', 'field value (0) is out of range'],
    ['every minute', undefined],
    ['* * * *', undefined],
    ['* * * * * *', undefined],
    ['@daily', undefined],
    ['0 9 * * MON', undefined],
    ['1-5/2 * * * *', undefined],
  ])('refuses %j by name, with the value', (pattern, reason) => {
    const error = refused({ SCHEDULE_SEND_DUE: pattern });
    const form = 'must be a crontab pattern of five fields (minute hour day month weekday, UTC) or off';
    expect(error.message).toBe(
      `Invalid configuration:\n  SCHEDULE_SEND_DUE: ${form}${reason ? `: ${reason}` : ''} (got ${JSON.stringify(pattern)})`,
    );
    expect(error.details).toEqual({ variables: ['SCHEDULE_SEND_DUE'] });
  });

  it('names a bad pattern beside every other bad variable in the one error', () => {
    const error = refused({ PORT: 'abc', SCHEDULE_RUN_CANDIDATES: 'sometimes', SCHEDULE_DB_HEALTH: 'off' });
    expect(error.details).toEqual({ variables: ['PORT', 'SCHEDULE_RUN_CANDIDATES'] });
    expect(error.message).toMatch(
      /^Invalid configuration:\n {2}PORT: .*\n {2}SCHEDULE_RUN_CANDIDATES: .*"sometimes"\)$/,
    );
  });
});

describe('RECLAIM_PASSWORD', () => {
  it('is kept as given (not trimmed) and never echoed', () => {
    expect(loadConfig({ RECLAIM_PASSWORD: ' pass word ' }).RECLAIM_PASSWORD).toBe(' pass word ');
    expect(redactConfig(loadConfig({ RECLAIM_PASSWORD: 'hunter2' })).RECLAIM_PASSWORD).toBe('[set]');
  });
});

describe('publicBaseUrl', () => {
  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '8080' }, 'http://localhost:8080'],
    [{ PUBLIC_URL: 'https://reclaim.example.com' }, 'https://reclaim.example.com'],
    [{ PUBLIC_URL: 'https://reclaim.example.com/app//', PORT: '8080' }, 'https://reclaim.example.com/app'],
  ])('%j -> %s', (env, expected) => {
    expect(publicBaseUrl(loadConfig(env))).toBe(expected);
  });
});

describe('TRUST_PROXY: forwarded headers are believed only from configured proxies', () => {
  it.each([
    [undefined, false],
    ['off', false],
    [' OFF ', false],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,fd00::/8', ['10.0.0.0/8', '192.168.1.1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['2', 2],
  ])('%j -> %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    ['true', 'trusting every address'],
    ['*', 'not an IP address'],
    ['10.0.0.300', 'not an IP address'],
    ['10.0.0.0/33', 'prefix'],
    ['::1/129', 'prefix'],
    ['0', 'hop count'],
    ['-1', 'not an IP address'],
    ['10.0.0.1,,10.0.0.2', 'empty'],
  ])('refuses %j by name', (value, reason) => {
    const error = refused({ TRUST_PROXY: value });
    expect(error.details).toEqual({ variables: ['TRUST_PROXY'] });
    expect(error.message).toContain('  TRUST_PROXY: ');
    expect(error.message).toContain(reason);
  });
});

describe('ALLOW_PRIVATE_NETWORK_FETCH: off unless a developer turns it on', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['off', false],
    ['0', false],
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
  ])('%j reads as %j', (value, expected) => {
    const env = value === undefined ? {} : { ALLOW_PRIVATE_NETWORK_FETCH: value };
    expect(loadConfig(env).ALLOW_PRIVATE_NETWORK_FETCH).toBe(expected);
  });

  it('refuses anything else by name', () => {
    const error = refused({ ALLOW_PRIVATE_NETWORK_FETCH: 'maybe' });
    expect(error.details).toEqual({ variables: ['ALLOW_PRIVATE_NETWORK_FETCH'] });
    expect(error.message).toContain('  ALLOW_PRIVATE_NETWORK_FETCH: must be true or false (got "maybe")');
  });
});

describe('PIXEL_RATE_PER_IP: one address never holds a whole store budget', () => {
  it('refuses a per-address limit that is not lower than the per-key one', () => {
    const error = refused({ PIXEL_RATE_PER_IP: '1200' });
    expect(error.details).toEqual({ variables: ['PIXEL_RATE_PER_IP'] });
    expect(error.message).toContain('  PIXEL_RATE_PER_IP: must be lower than PIXEL_RATE_PER_KEY (1200)');
    expect(refused({ PIXEL_RATE_PER_KEY: '50', PIXEL_RATE_PER_IP: '60' }).details).toEqual({
      variables: ['PIXEL_RATE_PER_IP'],
    });
  });

  it('takes a per-address limit below the per-key one', () => {
    const config = loadConfig({ PIXEL_RATE_PER_KEY: '50', PIXEL_RATE_PER_IP: '10' });
    expect([config.PIXEL_RATE_PER_IP, config.PIXEL_RATE_PER_KEY]).toEqual([10, 50]);
  });
});
