/**
 * Pure rules of `reclaim doctor`: what in the configuration is missing or contradicts itself, how
 * the migrations and the workers' heartbeats are judged, and the exit code. Each finding says what
 * to fix in words an operator can act on; no value of a secret is ever part of one.
 */
import { isEmbedded, type Config } from '../app/index.ts';

export type CheckStatus = 'ok' | 'warn' | 'problem' | 'skipped';

export interface DoctorCheck {
  /** What was checked: "configuration", "database", "migrations", "worker", "infobip", "public URL"... */
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do, for a warn or a problem. */
  fix?: string;
}

const GENERATE = 'generate one with: openssl rand -base64 32';

/** Settings that only work together: both set, or neither. */
const PAIRS: Array<[keyof Config, keyof Config, string]> = [
  ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'Shopify'],
  ['BIGCOMMERCE_CLIENT_ID', 'BIGCOMMERCE_CLIENT_SECRET', 'BigCommerce'],
  ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'Slack'],
  ['KLAVIYO_CLIENT_ID', 'KLAVIYO_CLIENT_SECRET', 'Klaviyo'],
  ['INFOBIP_BASE_URL', 'INFOBIP_API_KEY', 'Infobip'],
  ['AUTOMATION_BASE_URL', 'AUTOMATION_API_KEY', 'the workflow-automation service'],
  ['DOMAIN_SERVICE_BASE_URL', 'DOMAIN_SERVICE_API_KEY', 'the domain service'],
];

/** Services that call this server back (webhooks, OAuth redirects): they need PUBLIC_URL. */
const CALLERS: Array<[keyof Config, string]> = [
  ['SHOPIFY_API_KEY', 'Shopify'],
  ['BIGCOMMERCE_CLIENT_ID', 'BigCommerce'],
  ['STRIPE_WEBHOOK_SECRET', 'Stripe'],
  ['SLACK_CLIENT_ID', 'Slack'],
  ['KLAVIYO_CLIENT_ID', 'Klaviyo'],
];

const set = (config: Config, key: keyof Config): boolean => {
  const value = config[key];
  return value !== undefined && value !== null && value !== '';
};

/** The configuration's findings; one "ok" check with a summary when there are none. */
export function configurationChecks(config: Config): DoctorCheck[] {
  const out: DoctorCheck[] = [];
  const problem = (detail: string, fix: string) => out.push({ name: 'configuration', status: 'problem', detail, fix });
  const warn = (detail: string, fix: string) => out.push({ name: 'configuration', status: 'warn', detail, fix });
  const embedded = isEmbedded(config);
  const production = config.NODE_ENV === 'production';

  if (!embedded) {
    for (const key of ['ENCRYPTION_KEY', 'JWT_SECRET'] as const)
      if (!set(config, key))
        problem(`${key} is not set; it must be with DATABASE_URL (server mode)`, `set ${key}: ${GENERATE}`);
  } else if (production)
    warn(
      'NODE_ENV=production on the embedded database (a demo setup: one machine, no backups of its own)',
      'set DATABASE_URL to a PostgreSQL server',
    );

  for (const [a, b, service] of PAIRS) {
    if (set(config, a) && !set(config, b))
      problem(`${a} is set without ${b}: ${service} cannot work`, `set ${b}, or unset ${a}`);
    if (set(config, b) && !set(config, a))
      problem(`${b} is set without ${a}: ${service} cannot work`, `set ${a}, or unset ${b}`);
  }
  if (config.SMS_PROVIDER === 'infobip') {
    for (const key of ['INFOBIP_BASE_URL', 'INFOBIP_API_KEY'] as const)
      if (!set(config, key)) problem(`SMS_PROVIDER=infobip but ${key} is not set: no text can be sent`, `set ${key}`);
    if (!set(config, 'INFOBIP_WEBHOOK_SECRET'))
      problem(
        'SMS_PROVIDER=infobip but INFOBIP_WEBHOOK_SECRET is not set: inbound texts (STOP included) and delivery reports are refused',
        `set INFOBIP_WEBHOOK_SECRET: ${GENERATE}`,
      );
  }
  if (config.EMAIL_TRANSPORT === 'smtp') {
    if (!set(config, 'SMTP_URL'))
      problem('EMAIL_TRANSPORT=smtp but SMTP_URL is not set', 'set SMTP_URL (smtp://user:password@host:587)');
    if (!set(config, 'MAIL_FROM')) warn('MAIL_FROM is not set: mail goes out from a default address', 'set MAIL_FROM');
  }
  if (set(config, 'STRIPE_SECRET_KEY') && !set(config, 'STRIPE_WEBHOOK_SECRET'))
    warn(
      'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: Stripe events (payments, cancellations) are refused',
      "set STRIPE_WEBHOOK_SECRET to the endpoint's signing secret (whsec_…)",
    );

  const callers = CALLERS.filter(([key]) => set(config, key)).map(([, name]) => name);
  if (config.SMS_PROVIDER === 'infobip') callers.push('Infobip');
  if (!config.PUBLIC_URL && callers.length > 0)
    problem(
      `PUBLIC_URL is not set, but ${callers.join(', ')} must reach this server (webhooks, OAuth redirects)`,
      'set PUBLIC_URL to the address the internet reaches serve-webhooks at (https://…)',
    );
  if (config.PUBLIC_URL && production && config.PUBLIC_URL.startsWith('http://'))
    warn(
      'PUBLIC_URL is plain http in production: platforms refuse or leak webhooks without TLS',
      'serve it over https',
    );
  if (production && config.ALLOW_PRIVATE_NETWORK_FETCH)
    warn(
      'ALLOW_PRIVATE_NETWORK_FETCH is on in production: URLs from brands and pages may reach private addresses',
      'unset ALLOW_PRIVATE_NETWORK_FETCH',
    );
  if (!config.METRICS_TOKEN)
    out.push({
      name: 'metrics',
      status: 'skipped',
      detail: 'GET /metrics is off (METRICS_TOKEN is not set)',
      fix: 'set METRICS_TOKEN (16+ characters) to serve Prometheus metrics',
    });

  if (!out.some((c) => c.name === 'configuration'))
    out.unshift({
      name: 'configuration',
      status: 'ok',
      detail: `valid: ${embedded ? 'embedded database' : 'PostgreSQL server'}, SMS ${config.SMS_PROVIDER}, mail ${config.EMAIL_TRANSPORT}`,
    });
  return out;
}

/** Pending migrations are a problem: the code expects a schema the database does not have yet. */
export function migrationCheck(pending: string[], applied: number): DoctorCheck {
  if (pending.length === 0) return { name: 'migrations', status: 'ok', detail: `all ${applied} applied` };
  const shown = pending.slice(0, 3).join(', ') + (pending.length > 3 ? `, … (${pending.length - 3} more)` : '');
  return {
    name: 'migrations',
    status: 'problem',
    detail: `${pending.length} pending: ${shown}`,
    fix: 'run reclaim db migrate (serve-webhooks, worker and start also apply them when they start)',
  };
}

export interface WorkerFacts {
  running: number;
  silent: number;
  newestHeartbeatAt: Date | null;
}

/** At least one worker beating is healthy; silent workers or none at all are a problem. */
export function workerCheck(facts: WorkerFacts, now: Date, silentAfterSeconds: number): DoctorCheck {
  const ago = facts.newestHeartbeatAt ? Math.round((now.getTime() - facts.newestHeartbeatAt.getTime()) / 1000) : null;
  if (facts.running > 0)
    return {
      name: 'worker',
      status: facts.silent > 0 ? 'warn' : 'ok',
      detail: `${facts.running} running, the newest heartbeat ${ago} s ago${facts.silent > 0 ? `; ${facts.silent} silent` : ''}`,
      ...(facts.silent > 0
        ? { fix: 'the running workers release a silent one’s jobs; find out why it stopped beating' }
        : {}),
    };
  return {
    name: 'worker',
    status: 'problem',
    detail:
      facts.silent > 0
        ? `no worker running: ${facts.silent} silent for more than ${silentAfterSeconds} s`
        : 'no worker has a heartbeat: nothing runs queued jobs, schedules or sends texts',
    fix: 'start reclaim worker (or reclaim start) and keep it running under a process manager',
  };
}

/** 0 when nothing is a problem (warnings and skipped checks are fine), else 1. */
export const doctorExitCode = (checks: DoctorCheck[]): number => (checks.some((c) => c.status === 'problem') ? 1 : 0);
