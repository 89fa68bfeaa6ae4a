import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type * as Cron from 'cron';
import { z } from 'zod';
import { AppError } from '../errors/index.ts';

/** The cron package, loaded on first use, not with this module (CommonJS: require gives the module an import would). */
const cron = (): typeof Cron => createRequire(import.meta.url)('cron') as typeof Cron;

const optionalString = z.string().trim().min(1).optional();
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const port = z.coerce.number().int().min(0).max(65535);

/** A 32-byte key for AES-256-GCM, given as base64 (44 chars) or hex (64 chars). */
const encryptionKey = z
  .string()
  .trim()
  .refine((value) => decodeKey(value) !== undefined, 'must be 32 bytes as base64 or 64 hex characters')
  .optional();

/** One crontab field as graphile-worker reads it: `*`, `*\/n`, `n` or `n-m`, comma-separated. */
const CRON_FIELD = String.raw`(?:\*(?:/\d+)?|\d+(?:-\d+)?)(?:,(?:\*(?:/\d+)?|\d+(?:-\d+)?))*`;
const CRON_PATTERN = new RegExp(`^${CRON_FIELD}(?:\\s+${CRON_FIELD}){4}$`);
const CRON_FORM = 'must be a crontab pattern of five fields (minute hour day month weekday, UTC) or off';

/** A worker schedule override: `off`, or a crontab pattern whose fields and values are valid. */
const schedule = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === 'off') return;
    if (!CRON_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: CRON_FORM });
      return;
    }
    const { valid, error } = cron().validateCronExpression(value);
    if (valid) return;
    const reason = error?.message ? `: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}` : '';
    ctx.addIssue({ code: 'custom', message: `${CRON_FORM}${reason}` });
  })
  .optional();

/** proxy-addr's named ranges: 127.0.0.1/8 and ::1; 169.254.0.0/16 and fe80::/10; private ranges and fc00::/7. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** Why an entry of TRUST_PROXY is not an address, a CIDR range or a named range (undefined when it is one). */
function proxyEntryProblem(entry: string): string | undefined {
  if (entry === '') return 'an empty entry in the list';
  if (PROXY_RANGES.includes(entry.toLowerCase())) return undefined;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return `${JSON.stringify(entry)} is not an IP address or CIDR range`;
  if (prefix === undefined) return undefined;
  const max = version === 4 ? 32 : 128;
  if (!/^\d+$/.test(prefix) || Number(prefix) < 1 || Number(prefix) > max)
    return `${JSON.stringify(entry)} has a prefix outside 1-${max}`;
  return undefined;
}

/**
 * Whose X-Forwarded-For the HTTP server believes (the client address rate limits and logs use):
 * `off` (the default: the peer of the socket is the client), a comma-separated list of proxy
 * addresses, CIDR ranges and proxy-addr's named ranges, or a hop count (trust that many proxies
 * in front, whoever they are: only when nothing can reach the server but through them).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (/^(off|false|none)$/i.test(value)) return false;
    if (/^(true|on|all)$/i.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every address lets any client choose its own IP address; list the proxies or give a hop count',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      if (Number(value) >= 1) return Number(value);
      ctx.addIssue({ code: 'custom', message: 'a hop count is 1 or more (off trusts no proxy)' });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const problems = entries.map(proxyEntryProblem).filter((problem) => problem !== undefined);
    if (problems.length === 0)
      return entries.map((entry) => (PROXY_RANGES.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry));
    ctx.addIssue({
      code: 'custom',
      message: `must be off, a hop count, or proxy addresses / CIDR ranges: ${problems.join('; ')}`,
    });
    return z.NEVER;
  })
  .default(false);

/** A yes/no setting: true/false, 1/0, yes/no or on/off. */
const yesNo = z
  .string()
  .trim()
  .transform((value, ctx): boolean => {
    if (/^(true|1|yes|on)$/i.test(value)) return true;
    if (/^(false|0|no|off)$/i.test(value)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

/**
 * Seconds without a heartbeat after which a worker is taken for dead and the jobs it holds are
 * released to the other workers (src/jobs/liveness.ts). Workers beat six times per period (every
 * 30 s by default), so a live one is never this late; graphile-worker alone waits four hours.
 */
export const DEFAULT_WORKER_STALE_AFTER_SECONDS = 180;
/**
 * `webhooks list --stuck`: an event pending or processing for longer than this many seconds.
 * Processing takes well under a second, and a dead worker's events are released after
 * DEFAULT_WORKER_STALE_AFTER_SECONDS, so an event listed here is one recovery did not reach.
 */
export const DEFAULT_WEBHOOK_STUCK_AFTER_SECONDS = 300;

/**
 * Every setting Reclaim reads, with its default. Names are the environment variables.
 * Defaults -> environment -> flags (flags are applied by the commands that have them).
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Unset: info in a terminal, warn off one (see defaultLogLevel in logger.ts).
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    ANALYTICS_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    RECLAIM_DATA_DIR: z.string().trim().min(1).default('.reclaim'),
    PORT: port.default(3000),
    PUBLIC_URL: optionalUrl,
    TRUST_PROXY: trustProxy,
    ENCRYPTION_KEY: encryptionKey,
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    WORKER_STALE_AFTER_SECONDS: z.coerce.number().int().min(2).max(86_400).default(DEFAULT_WORKER_STALE_AFTER_SECONDS),
    /** Sender lanes per worker process: loops that send due texts while any are due (0 = only the send_due schedule). */
    SEND_LANES: z.coerce.number().int().min(0).max(16).default(2),
    /** An idle lane looks for due texts at least this often, NOTIFY or not. */
    SEND_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
    /** A sending number's texts per second when its 10DLC registration reports no tier and its brand sets none. */
    SMS_MESSAGES_PER_SECOND: z.coerce.number().positive().max(1000).default(1),
    /** A sending number's texts per day (UTC) when neither the registration nor the brand sets one. */
    SMS_MESSAGES_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(2000),
    WEBHOOK_STUCK_AFTER_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(604_800)
      .default(DEFAULT_WEBHOOK_STUCK_AFTER_SECONDS),
    /** Overrides of the worker's schedules (src/jobs/schedules.ts), one per schedule name. */
    SCHEDULE_DB_HEALTH: schedule,
    SCHEDULE_RUN_CANDIDATES: schedule,
    SCHEDULE_START_DUE_RUNS: schedule,
    SCHEDULE_SEND_DUE: schedule,
    SCHEDULE_INSIGHTS_BATCH: schedule,
    SCHEDULE_BILLING_SYNC: schedule,
    SCHEDULE_PENDING_CARTS: schedule,
    SCHEDULE_ANALYTICS_REFRESH: schedule,
    SCHEDULE_RELEASE_STALE_WORKERS: schedule,
    SCHEDULE_TENDLC_POLL: schedule,
    SCHEDULE_AGENT_STORE_FACTS: schedule,
    /** The password `reclaim auth` commands use instead of asking for one (kept as given, not trimmed). */
    RECLAIM_PASSWORD: z.string().optional(),

    SMS_PROVIDER: z.enum(['outbox', 'infobip']).default('outbox'),
    EMAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'none']).default('outbox'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: optionalString,

    SHOPIFY_API_KEY: optionalString,
    SHOPIFY_API_SECRET: optionalString,
    SHOPIFY_API_VERSION: z
      .string()
      .regex(/^\d{4}-(01|04|07|10)$/, 'must look like 2026-07')
      .default('2026-07'),
    SHOPIFY_ADMIN_BASE_URL: optionalUrl,
    BIGCOMMERCE_CLIENT_ID: optionalString,
    BIGCOMMERCE_CLIENT_SECRET: optionalString,
    BIGCOMMERCE_API_BASE_URL: z.url().default('https://api.bigcommerce.com'),
    BIGCOMMERCE_LOGIN_BASE_URL: z.url().default('https://login.bigcommerce.com'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE_URL: optionalUrl,
    INFOBIP_BASE_URL: optionalUrl,
    INFOBIP_API_KEY: optionalString,
    INFOBIP_APPLICATION_ID: optionalString,
    INFOBIP_WEBHOOK_SECRET: optionalString,
    SLACK_CLIENT_ID: optionalString,
    SLACK_CLIENT_SECRET: optionalString,
    SLACK_API_BASE_URL: z.url().default('https://slack.com/api'),
    KLAVIYO_CLIENT_ID: optionalString,
    KLAVIYO_CLIENT_SECRET: optionalString,
    KLAVIYO_BASE_URL: z.url().default('https://a.klaviyo.com'),
    /** Klaviyo's API revision header (default in src/integrations/klaviyo/rules.ts). */
    KLAVIYO_REVISION: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(\.pre)?$/, 'must look like 2026-10-15')
      .optional(),
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    AUTOMATION_BASE_URL: optionalUrl,
    AUTOMATION_API_KEY: optionalString,
    DOMAIN_SERVICE_BASE_URL: optionalUrl,
    DOMAIN_SERVICE_API_KEY: optionalString,
    /**
     * Fetch URLs that came from a user, a brand, a page or a store (websites, their images, cart
     * hooks, policy pages) even when they point at a private network address (loopback, RFC 1918,
     * link-local and the metadata address, CGNAT...). For a developer's local test servers only;
     * production leaves it off.
     */
    ALLOW_PRIVATE_NETWORK_FETCH: yesNo.default(false),
    /**
     * The bearer token `GET /metrics` asks for (Authorization: Bearer <token>); unset, the HTTP
     * server has no /metrics route at all (404).
     */
    METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    /** Storefront events (POST /ingest/pixel/{key}) accepted per minute from one store's ingest key. */
    PIXEL_RATE_PER_KEY: z.coerce.number().int().min(1).max(1_000_000).default(1200),
    /** Storefront events accepted per minute from one client address (TRUST_PROXY decides which one). */
    PIXEL_RATE_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /**
     * What one SMS segment costs, in US dollars ("0.0079"): the provider's rate with the carrier
     * fees. The panel's composer multiplies it by the segments of a text; unset, it says the cost is
     * unknown.
     */
    SMS_SEGMENT_PRICE_USD: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,6})?$/, 'must be a price in US dollars, such as 0.0079')
      .optional(),
  })
  .superRefine((config, ctx) => {
    // One address must never be able to spend a whole store's budget on its own.
    if (config.PIXEL_RATE_PER_IP >= config.PIXEL_RATE_PER_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['PIXEL_RATE_PER_IP'],
        message: `must be lower than PIXEL_RATE_PER_KEY (${config.PIXEL_RATE_PER_KEY}): one address cannot spend a store's whole budget`,
      });
  });

export type Config = z.infer<typeof configSchema>;

/** Variables whose values must never be printed. */
export const SECRET_KEYS = [
  'DATABASE_URL',
  'ANALYTICS_DATABASE_URL',
  'ENCRYPTION_KEY',
  'JWT_SECRET',
  'SMTP_URL',
  'SHOPIFY_API_SECRET',
  'BIGCOMMERCE_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'INFOBIP_API_KEY',
  'INFOBIP_WEBHOOK_SECRET',
  'SLACK_CLIENT_SECRET',
  'KLAVIYO_CLIENT_SECRET',
  'LLM_API_KEY',
  'AUTOMATION_API_KEY',
  'DOMAIN_SERVICE_API_KEY',
  'RECLAIM_PASSWORD',
  'METRICS_TOKEN',
] as const satisfies readonly (keyof Config)[];

/**
 * Reads the configuration from an environment. Empty or blank values count as unset.
 * A bad value throws one AppError that names every bad variable and why.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const parsed = configSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'configuration');
    const shown = SECRET_KEYS.includes(key as (typeof SECRET_KEYS)[number])
      ? ''
      : ` (got ${JSON.stringify(input[key])})`;
    return `  ${key}: ${issue.message}${shown}`;
  });
  throw new AppError('invalid_input', `Invalid configuration:\n${problems.join('\n')}`, {
    code: 'invalid_config',
    details: { variables: parsed.error.issues.map((issue) => String(issue.path[0])) },
  });
}

/** The configuration with secrets masked, for `--json` and logs. */
export function redactConfig(config: Config): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  for (const key of SECRET_KEYS) if (out[key] !== undefined) out[key] = '[set]';
  return out;
}

export function decodeKey(value: string): Buffer | undefined {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    const buffer = Buffer.from(trimmed, 'base64');
    if (buffer.length === 32) return buffer;
  }
  return undefined;
}

export const isEmbedded = (config: Config): boolean => config.DATABASE_URL === undefined;

/**
 * Where people and platforms reach this server: PUBLIC_URL, else http://localhost:PORT; never
 * with a trailing slash. Links in texts and mails, OAuth callbacks and the passkey relying party
 * are built on it.
 */
export const publicBaseUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
