/**
 * `reclaim doctor`: checks what an operator needs working, in order, and says what to fix. The
 * configuration's consistency, the database (reachable, its server version), the migrations, the
 * job queue's schema and the workers' heartbeats, each configured provider's credentials with one
 * harmless call through its own client (Infobip: the first page of owned numbers; Stripe: a
 * one-customer list; SMTP: the server's greeting and login), and PUBLIC_URL's /healthz reached
 * the way a platform would reach it. A check that cannot run (the database is down) is skipped
 * with the reason. Nothing is written anywhere.
 */
import { coerceError, isAppError, type AppContext } from '../app/index.ts';
import { checkStripeCredentials } from '../billing/index.ts';
import { migrationStatus, ping } from '../db/index.ts';
import { createHttpClient } from '../http/index.ts';
import { heartbeatIntervalMs, workerCounts } from '../jobs/index.ts';
import { checkInfobipCredentials } from '../messaging/index.ts';
import { configurationChecks, doctorExitCode, migrationCheck, workerCheck, type DoctorCheck } from './doctor-rules.ts';

export interface DoctorReport {
  ok: boolean;
  problems: number;
  warnings: number;
  checks: DoctorCheck[];
}

export const reportOf = (checks: DoctorCheck[]): DoctorReport => ({
  ok: doctorExitCode(checks) === 0,
  problems: checks.filter((c) => c.status === 'problem').length,
  warnings: checks.filter((c) => c.status === 'warn').length,
  checks,
});

/** The innermost cause's code or message (ECONNREFUSED, a TLS error), when there is one. */
function rootCause(error: unknown): string | undefined {
  let cause: unknown = (error as { cause?: unknown })?.cause;
  let last: unknown;
  for (let depth = 0; cause && depth < 5; depth += 1) {
    last = cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  if (!last) return undefined;
  const { code, message } = last as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : typeof message === 'string' ? message.split('\n')[0] : undefined;
}

/**
 * An error as one line for a person: the message, the service's reason when it gave one, else
 * what the connection failed with.
 */
function reasonOf(error: unknown): string {
  const e = coerceError(error);
  const message = e.message.split('\n')[0]!;
  const given =
    isAppError(error) && typeof error.details?.reason === 'string' ? error.details.reason : rootCause(error);
  const reason = given && !message.includes(given) ? `: ${given}` : '';
  return `${message}${reason}`.slice(0, 300);
}

/** Runs `fn`; its failure becomes a problem with the reason and the fix. */
async function attempt(name: string, fn: () => Promise<string>, fix: string): Promise<DoctorCheck> {
  try {
    return { name, status: 'ok', detail: await fn() };
  } catch (error) {
    return { name, status: 'problem', detail: reasonOf(error), fix };
  }
}

async function databaseChecks(ctx: AppContext, now: Date): Promise<DoctorCheck[]> {
  try {
    await ping(ctx.db);
  } catch (error) {
    return [
      {
        name: 'database',
        status: 'problem',
        detail: `${ctx.databaseLabel} unreachable: ${reasonOf(error)}`,
        fix: 'check DATABASE_URL (host, port, user, password, database) and that PostgreSQL runs',
      },
      { name: 'migrations', status: 'skipped', detail: 'the database is unreachable' },
      { name: 'worker', status: 'skipped', detail: 'the database is unreachable' },
    ];
  }
  const version = await ctx.db.raw<{ rows: Array<{ server_version: string }> }>('show server_version');
  const checks: DoctorCheck[] = [
    {
      name: 'database',
      status: 'ok',
      detail: `${ctx.databaseLabel}, PostgreSQL ${version.rows[0]?.server_version ?? '?'}`,
    },
  ];
  const migrations = await migrationStatus(ctx.db);
  checks.push(
    migrationCheck(
      migrations.filter((m) => !m.applied).map((m) => m.name),
      migrations.filter((m) => m.applied).length,
    ),
  );
  const queue = await ctx.db.raw<{ rows: Array<{ found: string | null }> }>(
    `select to_regclass('graphile_worker.jobs') as found`,
  );
  if (!queue.rows[0]?.found)
    checks.push({
      name: 'job queue',
      status: 'problem',
      detail: "the job queue's schema (graphile_worker) does not exist: no worker has ever started on this database",
      fix: 'start reclaim worker (it creates the schema), or reclaim start',
    });
  const silentAfter = Math.round((heartbeatIntervalMs(ctx.config.WORKER_STALE_AFTER_SECONDS) * 4) / 1000);
  const workers = await workerCounts(ctx.db, silentAfter);
  checks.push(
    workerCheck(
      { running: workers.running, silent: workers.silent, newestHeartbeatAt: workers.newest_heartbeat_at },
      now,
      silentAfter,
    ),
  );
  return checks;
}

async function providerChecks(ctx: AppContext): Promise<DoctorCheck[]> {
  const { config } = ctx;
  const checks: DoctorCheck[] = [];
  if (config.INFOBIP_BASE_URL && config.INFOBIP_API_KEY)
    checks.push(
      await attempt(
        'infobip',
        () => checkInfobipCredentials(ctx),
        'check INFOBIP_BASE_URL (your account’s API base URL) and INFOBIP_API_KEY',
      ),
    );
  else
    checks.push({
      name: 'infobip',
      status: 'skipped',
      detail:
        config.SMS_PROVIDER === 'infobip'
          ? 'not configured: see the configuration above'
          : `not configured (texts go to the ${config.SMS_PROVIDER} provider)`,
    });
  if (config.STRIPE_SECRET_KEY)
    checks.push(
      await attempt(
        'stripe',
        () => checkStripeCredentials(ctx.clients.stripe),
        'check STRIPE_SECRET_KEY (a secret key, sk_live_… or sk_test_…) and STRIPE_API_BASE_URL if set',
      ),
    );
  else checks.push({ name: 'stripe', status: 'skipped', detail: 'not configured (no card billing)' });
  if (config.EMAIL_TRANSPORT === 'smtp' && config.SMTP_URL)
    checks.push(
      await attempt(
        'smtp',
        async () => {
          await ctx.clients.mail.verify();
          return 'the server greeted and accepted the login';
        },
        'check SMTP_URL (smtp://user:password@host:port; smtps:// for TLS on connect)',
      ),
    );
  else checks.push({ name: 'smtp', status: 'skipped', detail: `mail goes to the ${config.EMAIL_TRANSPORT} transport` });
  return checks;
}

async function publicUrlCheck(ctx: AppContext): Promise<DoctorCheck> {
  const url = ctx.config.PUBLIC_URL;
  if (!url)
    return {
      name: 'public URL',
      status: 'skipped',
      detail: 'PUBLIC_URL is not set (only needed when platforms call back)',
    };
  const target = `${url.replace(/\/+$/, '')}/healthz`;
  const fix = `make ${target} reach serve-webhooks (DNS, proxy, firewall), or correct PUBLIC_URL`;
  try {
    const http = createHttpClient({
      service: 'public-url',
      baseUrl: url,
      logger: ctx.logger,
      timeoutMs: 5_000,
      retries: 0,
      followRedirects: false,
    });
    const response = await http.request({ path: '/healthz' });
    const body = response.json() as { status?: unknown } | undefined;
    if (response.status === 200 && body?.status === 'ok')
      return { name: 'public URL', status: 'ok', detail: `${target} answered 200 ok` };
    return {
      name: 'public URL',
      status: 'problem',
      detail: `${target} answered ${response.status}${response.status === 200 ? ', but not as Reclaim does' : ''}`,
      fix,
    };
  } catch (error) {
    return { name: 'public URL', status: 'problem', detail: `${target} unreachable: ${reasonOf(error)}`, fix };
  }
}

/** Every check against the context's configuration, database and services. */
export async function runDoctor(ctx: AppContext, { now = new Date() }: { now?: Date } = {}): Promise<DoctorReport> {
  const checks = [
    ...configurationChecks(ctx.config),
    ...(await databaseChecks(ctx, now)),
    ...(await providerChecks(ctx)),
    await publicUrlCheck(ctx),
  ];
  return reportOf(checks);
}
