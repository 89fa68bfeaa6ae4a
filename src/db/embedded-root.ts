/**
 * Running the embedded PostgreSQL as root: the server runs as the OS user `postgres`, which must
 * exist and reach the binaries and the data folder; each failure names the folder and the fix.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AppError } from '../errors/index.ts';

export const SUPERUSER = 'postgres';

export const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, PostgreSQL runs as the `postgres` user: every folder on the way must be reachable by it. */
export function assertReachableByPostgresUser(target: string, what: string, mode: '-x' | '-w'): void {
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

export function ensurePostgresUser(): void {
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

export function userIds(): { uid: number; gid: number } {
  const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0)
    throw new AppError(
      'internal',
      'The OS user "postgres" does not exist; it is needed to run the embedded PostgreSQL as root.',
    );
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
