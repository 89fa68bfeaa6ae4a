import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeKey, isEmbedded, type Config } from './config.ts';
import { AppError } from '../errors/index.ts';

export interface Secrets {
  encryptionKey: Buffer;
  jwtSecret: string;
}

interface StoredSecrets {
  ENCRYPTION_KEY: string;
  JWT_SECRET: string;
}

/**
 * Generated once per data dir in embedded mode; written with mode 600 and never printed. Written
 * whole under another name, then linked: processes started at once on a new data dir all read the
 * one that was linked first, never a half-written file.
 */
async function loadOrCreate(dataDir: string): Promise<StoredSecrets> {
  const file = path.join(path.resolve(dataDir), 'secrets.json');
  if (!existsSync(file)) {
    await mkdir(path.dirname(file), { recursive: true });
    const fresh: StoredSecrets = {
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      JWT_SECRET: randomBytes(48).toString('base64url'),
    };
    const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await writeFile(draft, JSON.stringify(fresh, null, 2), { mode: 0o600 });
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error; // another process won the race: its secrets count
    });
    await rm(draft, { force: true });
  }
  return JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
}

/**
 * ENCRYPTION_KEY and JWT_SECRET from the environment; in embedded mode, when absent,
 * from `<RECLAIM_DATA_DIR>/secrets.json` (generated on first use). Required in server mode.
 */
export async function resolveSecrets(config: Config): Promise<Secrets> {
  let encryption = config.ENCRYPTION_KEY;
  let jwt = config.JWT_SECRET;
  if (encryption === undefined || jwt === undefined) {
    if (!isEmbedded(config)) {
      const missing = [
        encryption === undefined ? 'ENCRYPTION_KEY' : undefined,
        jwt === undefined ? 'JWT_SECRET' : undefined,
      ].filter(Boolean);
      throw new AppError(
        'invalid_input',
        `${missing.join(' and ')} must be set when DATABASE_URL is set (server mode). Generate values with: openssl rand -base64 32`,
        { code: 'missing_secrets' },
      );
    }
    const stored = await loadOrCreate(config.RECLAIM_DATA_DIR);
    encryption ??= stored.ENCRYPTION_KEY;
    jwt ??= stored.JWT_SECRET;
  }
  const key = decodeKey(encryption);
  if (!key) throw new AppError('invalid_input', 'ENCRYPTION_KEY must be 32 bytes as base64 or 64 hex characters.');
  return { encryptionKey: key, jwtSecret: jwt };
}
