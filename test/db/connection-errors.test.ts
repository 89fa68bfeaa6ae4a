import { describe, expect, it } from 'vitest';
import { databaseConnectionError } from '../../src/db/index.ts';

const URL = 'postgres://postgres:s3cret@127.0.0.1:42865/reclaim';
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:42865'), {
  code: 'ECONNREFUSED',
  port: 42865,
});
const shuttingDown = Object.assign(new Error('the database system is shutting down'), { code: '57P03' });

describe('a database that cannot be reached: the message names the setting really in play', () => {
  it.each([
    [
      'DATABASE_URL set, refused',
      refused,
      {},
      'Cannot connect to the database at 127.0.0.1:42865 (DATABASE_URL): connection refused (ECONNREFUSED). Is PostgreSQL running and listening there?',
    ],
    [
      'embedded, refused',
      refused,
      { embeddedDataDir: '/var/lib/reclaim' },
      'Cannot connect to the embedded database at 127.0.0.1:42865 (data folder /var/lib/reclaim, RECLAIM_DATA_DIR; DATABASE_URL is unset): connection refused (ECONNREFUSED). The embedded server is no longer running (stopped by another program?); run the command again, it starts one.',
    ],
    [
      'embedded, shutting down',
      shuttingDown,
      { embeddedDataDir: '/var/lib/reclaim' },
      'Cannot connect to the embedded database at 127.0.0.1:42865 (data folder /var/lib/reclaim, RECLAIM_DATA_DIR; DATABASE_URL is unset): the server is starting up or shutting down (57P03: the database system is shutting down). Try again in a moment.',
    ],
  ] as const)('%s', (_case, error, source, message) => {
    const translated = databaseConnectionError(error, URL, source);
    expect(translated?.message).toBe(message);
    expect(translated?.exitCode).toBe(1);
    expect(translated?.message).not.toContain('s3cret');
  });
});
