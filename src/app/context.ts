import { isEmbedded, loadConfig, type Config } from './config.ts';
import { coerceError } from '../errors/index.ts';
import { createLogger, type Logger } from './logger.ts';
import { resolveSecrets, type Secrets } from './secrets.ts';
import { createDb, startEmbedded, type Db } from '../db/index.ts';

/**
 * The clients of external services and the shared workers a context holds, by name. Empty here:
 * each domain adds the entry for the client it owns, in its own module,
 * `declare module '../app/index.ts' { interface Clients { stripe: StripeClient } }`, so this floor
 * names no domain. The composition root supplies one factory per entry (ClientFactories).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Clients {}

/**
 * How each client is built, from the context that holds it. A factory runs on the first use of its
 * client, at most once per context when it succeeds (a factory that throws, say for a missing
 * setting, throws again on the next use); a client with resources to free registers their release
 * with ctx.onRelease, so clients are released before the resources built earlier (the database).
 */
export type ClientFactories = { [K in keyof Clients]: (ctx: AppContext) => Clients[K] };

/** Everything a command or a server needs, built once at startup and passed down. */
export interface AppContext {
  config: Config;
  logger: Logger;
  db: Db;
  /** Built on first use from the factories the context was created with (ContextOptions.clients). */
  clients: Clients;
  /** Where the database lives, for people: "embedded (.reclaim, port 54321)" or the server host. Never the password. */
  databaseLabel: string;
  /** The connection URL (secret: never print it). */
  databaseUrl: string;
  secrets(): Promise<Secrets>;
  /** Registers a release function; they run in reverse order on release(). */
  onRelease(fn: () => Promise<void> | void): void;
  release(): Promise<void>;
}

export interface ContextOptions {
  config?: Config;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Pool size; small for one-shot commands. */
  poolMax?: number;
  /** The pool's application_name in pg_stat_activity (default reclaim). */
  applicationName?: string;
  /** The factories of ctx.clients; a context created without one has no such client. */
  clients?: Partial<ClientFactories>;
}

/** ctx.clients: one non-enumerable getter per factory, so inspecting a context builds nothing. */
function lazyClients(ctx: AppContext, factories: Partial<ClientFactories>): Clients {
  const clients = {} as Clients;
  for (const [name, factory] of Object.entries(factories) as Array<[string, (ctx: AppContext) => unknown]>) {
    let built: { client: unknown } | undefined;
    Object.defineProperty(clients, name, { get: () => (built ??= { client: factory(ctx) }).client });
  }
  return clients;
}

export function describeServerUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

export async function createContext(options: ContextOptions = {}): Promise<AppContext> {
  const config = options.config ?? loadConfig(options.env);
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  const releases: Array<() => Promise<void> | void> = [];
  const release = async (): Promise<void> => {
    while (releases.length > 0) {
      const fn = releases.pop()!;
      try {
        await fn();
      } catch (error) {
        logger.warn({ err: coerceError(error) }, 'a resource failed to release');
      }
    }
  };

  try {
    let databaseUrl: string;
    let databaseLabel: string;
    if (isEmbedded(config)) {
      const server = await startEmbedded({ dataDir: config.RECLAIM_DATA_DIR, logger });
      releases.push(() => server.stop());
      databaseUrl = server.url;
      databaseLabel = `embedded PostgreSQL (${config.RECLAIM_DATA_DIR}, 127.0.0.1:${server.port})`;
    } else {
      databaseUrl = config.DATABASE_URL!;
      databaseLabel = `PostgreSQL server ${describeServerUrl(databaseUrl)}`;
    }
    const db = createDb({
      url: databaseUrl,
      pool: { max: options.poolMax ?? 10 },
      logger,
      applicationName: options.applicationName,
    });
    releases.push(() => db.destroy());
    let secrets: Promise<Secrets> | undefined;
    const ctx: AppContext = {
      config,
      logger,
      db,
      clients: {} as Clients,
      databaseUrl,
      databaseLabel,
      secrets: () => (secrets ??= resolveSecrets(config)),
      onRelease: (fn) => releases.push(fn),
      release,
    };
    ctx.clients = lazyClients(ctx, options.clients ?? {});
    return ctx;
  } catch (error) {
    await release();
    throw error;
  }
}
