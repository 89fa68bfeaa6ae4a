/**
 * Who uses the embedded PostgreSQL of a data folder, so that no process stops a server another
 * one is using. Every process that uses it leaves one file in `<dataDir>/pg-users/`, named for its
 * pid, holding the process's start time; the server is started, reused and stopped only under the
 * folder's lock (`pg-start.lock`), and the last user stops it. A file whose process is gone (a
 * process killed outright) is removed by the next process that looks.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors/index.ts';

const USERS_DIR = 'pg-users';
const LOCK_FILE = 'pg-start.lock';

/**
 * The start time of a process (field 22 of /proc/PID/stat, in clock ticks since boot), so a pid
 * the system gave to another process since is not taken for a user; undefined where there is no
 * /proc (the pid alone is used then).
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether a process runs (a zombie, exited and not yet reaped, does not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: kill(pid, 0) answered
  }
}

/** The user files this process holds, removed when it exits whatever the path. */
const heldFiles = new Set<string>();
let exitHookInstalled = false;

function removeHeldFilesOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of heldFiles) rmSync(file, { force: true });
  });
}

/** Records this process as a user of the server; returns its file (one per caller, so one process may hold several). */
export async function addUser(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, USERS_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}`);
  await writeFile(file, processStartTime(process.pid) ?? '');
  heldFiles.add(file);
  removeHeldFilesOnExit();
  return file;
}

export async function removeUser(file: string): Promise<void> {
  heldFiles.delete(file);
  await rm(file, { force: true });
}

/** The pids of the processes that use the server now; the files of processes that are gone are removed. */
export async function liveUsers(dataDir: string): Promise<number[]> {
  const dir = path.join(dataDir, USERS_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const live: number[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const pid = Number.parseInt(name, 10);
    const recorded = (await readFile(file, 'utf8').catch(() => '')).trim();
    const now = Number.isInteger(pid) && isAlive(pid) ? processStartTime(pid) : undefined;
    const same = Number.isInteger(pid) && isAlive(pid) && (recorded === '' || now === undefined || now === recorded);
    if (same) live.push(pid);
    else await rm(file, { force: true });
  }
  return live;
}

/**
 * One process at a time starts, reuses or stops the server of a data folder. A lock whose holder
 * is gone is broken; one held longer than `waitMs` by a live process is an error that names it.
 */
export async function withServerLock<T>(
  dataDir: string,
  fn: () => Promise<T>,
  { waitMs = 60_000 }: { waitMs?: number } = {},
): Promise<T> {
  const lock = path.join(dataDir, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  while (true) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      // An empty file is a lock being written this instant (or left by a process that died then).
      const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (holder ? !isAlive(holder) : age > 5_000) {
        await rm(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new AppError(
          'conflict',
          `Another Reclaim process (pid ${holder || 'unknown'}) is still starting or stopping the embedded PostgreSQL in ${dataDir}.`,
        );
      await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 40));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { force: true });
  }
}
