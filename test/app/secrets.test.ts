import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, loadConfig, resolveSecrets } from '../../src/app/index.ts';

const ENV_KEY = Buffer.alloc(32, 7);
const ENV_JWT = 'env-jwt-secret-that-is-long-enough-0123456789';
const SERVER_URL = 'postgres://reclaim@db.internal:5432/reclaim';

let dataDir: string;
let secretsFile: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-secrets-'));
  secretsFile = path.join(dataDir, 'secrets.json');
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

/** Runs resolveSecrets on an environment that must be refused and returns what it threw. */
async function refused(env: Record<string, string>): Promise<AppError> {
  try {
    await resolveSecrets(loadConfig(env));
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the secrets were resolved');
}

describe('resolveSecrets in embedded mode (no DATABASE_URL)', () => {
  it('generates secrets.json once, readable only by its owner, and reuses it', async () => {
    const config = loadConfig({ RECLAIM_DATA_DIR: dataDir });
    const first = await resolveSecrets(config);
    expect(first.encryptionKey).toHaveLength(32);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);

    const file = await stat(secretsFile);
    expect(file.mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['ENCRYPTION_KEY', 'JWT_SECRET']);
    expect(Buffer.from(stored.ENCRYPTION_KEY!, 'base64').equals(first.encryptionKey)).toBe(true);
    expect(stored.JWT_SECRET).toBe(first.jwtSecret);

    const second = await resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: dataDir }));
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect((await stat(secretsFile)).mtimeMs).toBe(file.mtimeMs);
  });

  it('callers at once on a new data dir all get the one set that was written, and no draft is left', async () => {
    const all = await Promise.all(
      Array.from({ length: 8 }, () => resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: dataDir }))),
    );
    const stored = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
    expect(new Set(all.map((s) => s.jwtSecret))).toEqual(new Set([stored.JWT_SECRET]));
    expect(await readdir(dataDir)).toEqual(['secrets.json']);
  });

  it('creates the data dir when it does not exist yet', async () => {
    const nested = path.join(dataDir, 'nested', 'data');
    const secrets = await resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: nested }));
    const stored = JSON.parse(await readFile(path.join(nested, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(stored.JWT_SECRET).toBe(secrets.jwtSecret);
  });

  it('gives each data dir its own secrets', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'reclaim-secrets-'));
    try {
      const a = await resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: dataDir }));
      const b = await resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: other }));
      expect(a.encryptionKey.equals(b.encryptionKey)).toBe(false);
      expect(a.jwtSecret).not.toBe(b.jwtSecret);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('lets environment values win over the file, one by one', async () => {
    const generated = await resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: dataDir }));

    const keyFromEnv = await resolveSecrets(
      loadConfig({ RECLAIM_DATA_DIR: dataDir, ENCRYPTION_KEY: ENV_KEY.toString('base64') }),
    );
    expect(keyFromEnv.encryptionKey.equals(ENV_KEY)).toBe(true);
    expect(keyFromEnv.jwtSecret).toBe(generated.jwtSecret);

    const jwtFromEnv = await resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: dataDir, JWT_SECRET: ENV_JWT }));
    expect(jwtFromEnv.jwtSecret).toBe(ENV_JWT);
    expect(jwtFromEnv.encryptionKey.equals(generated.encryptionKey)).toBe(true);
  });

  it('writes no file when the environment gives both', async () => {
    const secrets = await resolveSecrets(
      loadConfig({ RECLAIM_DATA_DIR: dataDir, ENCRYPTION_KEY: ENV_KEY.toString('hex'), JWT_SECRET: ENV_JWT }),
    );
    expect(secrets.encryptionKey.equals(ENV_KEY)).toBe(true);
    expect(secrets.jwtSecret).toBe(ENV_JWT);
    await expect(stat(secretsFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('uses a secrets.json that is already there', async () => {
    await writeFile(secretsFile, JSON.stringify({ ENCRYPTION_KEY: ENV_KEY.toString('base64'), JWT_SECRET: ENV_JWT }), {
      mode: 0o600,
    });
    const secrets = await resolveSecrets(loadConfig({ RECLAIM_DATA_DIR: dataDir }));
    expect(secrets.encryptionKey.equals(ENV_KEY)).toBe(true);
    expect(secrets.jwtSecret).toBe(ENV_JWT);
  });
});

describe('resolveSecrets in server mode (DATABASE_URL set)', () => {
  it.each([
    ['both missing', {}, 'ENCRYPTION_KEY and JWT_SECRET must be set'],
    ['ENCRYPTION_KEY missing', { JWT_SECRET: ENV_JWT }, 'ENCRYPTION_KEY must be set'],
    ['JWT_SECRET missing', { ENCRYPTION_KEY: ENV_KEY.toString('base64') }, 'JWT_SECRET must be set'],
  ])('refuses to start with %s, naming what to set', async (_label, env: Record<string, string>, start) => {
    const error = await refused({ DATABASE_URL: SERVER_URL, RECLAIM_DATA_DIR: dataDir, ...env });
    expect(error).toBeInstanceOf(AppError);
    expect(error.kind).toBe('invalid_input');
    expect(error.code).toBe('missing_secrets');
    expect(error.message).toBe(
      `${start} when DATABASE_URL is set (server mode). Generate values with: openssl rand -base64 32`,
    );
    // Server mode never falls back to a generated file.
    await expect(stat(secretsFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.each([
    ['base64', ENV_KEY.toString('base64')],
    ['hex', ENV_KEY.toString('hex')],
  ])('returns the decoded key given as %s and the JWT secret', async (_form, key) => {
    const secrets = await resolveSecrets(
      loadConfig({ DATABASE_URL: SERVER_URL, ENCRYPTION_KEY: key, JWT_SECRET: ENV_JWT }),
    );
    expect(secrets.encryptionKey).toHaveLength(32);
    expect(secrets.encryptionKey.equals(ENV_KEY)).toBe(true);
    expect(secrets.jwtSecret).toBe(ENV_JWT);
  });
});
