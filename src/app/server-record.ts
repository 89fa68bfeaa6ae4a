/**
 * Where the HTTP server of a data folder listens. `reclaim start` and `reclaim serve-webhooks`
 * write `<RECLAIM_DATA_DIR>/http-server.json` once they listen and remove it when they close, so
 * other commands on the same folder (`ads generate`, `ads show`) print links that reach it when
 * PUBLIC_URL is not set. A record whose process is gone (killed, crashed) is stale: it is ignored
 * and removed. With several servers on one folder the last one started is named.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

export const SERVER_RECORD_FILE = 'http-server.json';

export interface ServerRecord {
  /** What a person on this machine opens: http://localhost:PORT for a wildcard address, else the address. */
  url: string;
  host: string;
  port: number;
  pid: number;
  started_at: string;
}

type DirConfig = Pick<Config, 'RECLAIM_DATA_DIR'>;

export const serverRecordPath = (config: DirConfig): string =>
  path.join(path.resolve(config.RECLAIM_DATA_DIR), SERVER_RECORD_FILE);

/** The URL a server bound to host:port is reached at from this machine. */
export function listeningUrl(host: string, port: number): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Writes the record of this process's server (atomically: a reader never sees half a file). */
export async function recordServer(
  config: DirConfig,
  { host, port }: { host: string; port: number },
): Promise<ServerRecord> {
  const record: ServerRecord = {
    url: listeningUrl(host, port),
    host,
    port,
    pid: process.pid,
    started_at: new Date().toISOString(),
  };
  const file = serverRecordPath(config);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
  await rename(temporary, file);
  return record;
}

async function readRecord(config: DirConfig): Promise<ServerRecord | undefined> {
  try {
    const value = JSON.parse(await readFile(serverRecordPath(config), 'utf8')) as Partial<ServerRecord>;
    return typeof value.url === 'string' && typeof value.pid === 'number' && typeof value.port === 'number'
      ? (value as ServerRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the record when it is this process's (another server's record stays). */
export async function removeServerRecord(config: DirConfig, pid: number = process.pid): Promise<void> {
  const record = await readRecord(config);
  if (record?.pid === pid) await rm(serverRecordPath(config), { force: true });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The server listening for this data folder; undefined when none is (a stale record is removed). */
export async function runningServer(config: DirConfig): Promise<ServerRecord | undefined> {
  const record = await readRecord(config);
  if (!record) return undefined;
  if (alive(record.pid)) return record;
  await removeServerRecord(config, record.pid).catch(() => undefined);
  return undefined;
}
