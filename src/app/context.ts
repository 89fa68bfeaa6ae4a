import { isEmbedded, loadConfig, type Config } from './config.ts';
import { coerceError } from '../errors/index.ts';
import { createLogger, type Logger } from './logger.ts';
import { resolveSecrets, type Secrets } from './secrets.ts';
import { createDb, startEmbedded, type Db } from '../db/index.ts';

/** Everything a command or a server needs, built once at startup and passed down. */
export interface AppContext {
  config: Config;
  logger: Logger;
  db: Db;
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
    const db = createDb({ url: databaseUrl, pool: { max: options.poolMax ?? 10 } });
    releases.push(() => db.destroy());
    let secrets: Promise<Secrets> | undefined;
    return {
      config,
      logger,
      db,
      databaseUrl,
      databaseLabel,
      secrets: () => (secrets ??= resolveSecrets(config)),
      onRelease: (fn) => releases.push(fn),
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}
