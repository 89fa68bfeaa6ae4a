/**
 * Ad images on disk: `<RECLAIM_DATA_DIR>/files/<token>/<name>`, where the token is 24 random
 * base64url characters (144 bits), so the URL `/files/<token>/<name>` that `serve-webhooks` serves
 * cannot be guessed. The files row keeps that URL; people get it on PUBLIC_URL, else on the address
 * of the server running for this data folder (`http-server.json`), else on nothing: then only the
 * path on disk is true.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runningServer, type Config } from '../app/index.ts';

export const FILES_PREFIX = '/files';
const TOKEN = /^[A-Za-z0-9_-]{24}$/;
const NAME = /^[a-z0-9][a-z0-9._-]{0,100}$/;

type FilesConfig = Pick<Config, 'RECLAIM_DATA_DIR' | 'PUBLIC_URL'>;

/** What file links are built on: PUBLIC_URL, the running server's address, or nothing. */
export type LinkBase = { url: string; from: 'PUBLIC_URL' | 'server' } | { url: null; from: 'none' };

export async function linkBase(config: FilesConfig): Promise<LinkBase> {
  if (config.PUBLIC_URL) return { url: config.PUBLIC_URL.replace(/\/+$/, ''), from: 'PUBLIC_URL' };
  const server = await runningServer(config);
  return server ? { url: server.url, from: 'server' } : { url: null, from: 'none' };
}

export const filesRoot = (config: Pick<Config, 'RECLAIM_DATA_DIR'>): string =>
  path.join(path.resolve(config.RECLAIM_DATA_DIR), 'files');

/** A safe file name: lower case letters, digits, dots, dashes. */
export const safeName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 100) || 'file';

export interface StoredFile {
  url: string;
  name: string;
  path: string;
  size: number;
}

export async function storeFile(config: FilesConfig, name: string, data: Buffer): Promise<StoredFile> {
  const token = randomBytes(18).toString('base64url');
  const clean = safeName(name);
  const dir = path.join(filesRoot(config), token);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, clean);
  await writeFile(file, data, { flag: 'wx' });
  return { url: `${FILES_PREFIX}/${token}/${clean}`, name: clean, path: file, size: data.length };
}

/** The file on disk behind a `/files/<token>/<name>` URL; undefined for anything else. */
export function fileOnDisk(config: Pick<Config, 'RECLAIM_DATA_DIR'>, url: string): string | undefined {
  const [, prefix, token, name, ...rest] = url.split('/');
  if (`/${prefix}` !== FILES_PREFIX || rest.length > 0 || !TOKEN.test(token ?? '') || !NAME.test(name ?? ''))
    return undefined;
  return path.join(filesRoot(config), token!, name!);
}

export const readStoredFile = (config: Pick<Config, 'RECLAIM_DATA_DIR'>, url: string): Promise<Buffer> | undefined => {
  const file = fileOnDisk(config, url);
  return file ? readFile(file) : undefined;
};

/** Removes stored files (their token folders); missing ones are fine. */
export async function removeStoredFiles(config: Pick<Config, 'RECLAIM_DATA_DIR'>, urls: string[]): Promise<void> {
  for (const url of urls) {
    const file = fileOnDisk(config, url);
    if (file) await rm(path.dirname(file), { recursive: true, force: true });
  }
}

/** The link of a stored file on `base`; null when there is no base (no PUBLIC_URL and no server). */
export const publicFileUrl = (base: LinkBase, url: string): string | null =>
  /^https?:\/\//.test(url) ? url : base.url === null ? null : `${base.url}${url}`;
