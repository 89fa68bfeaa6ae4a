import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../helpers/db.ts';

// Flags are parsed before any database is opened, so these need no environment.
describe('flag parsing is the same in every command', () => {
  it.concurrent.each([
    [
      ['workflows', 'update', '7', '--starts-at', 'December 1, 2026'],
      'Error: --starts-at must be a date like 2026-11-01 (or an ISO time), got "December 1, 2026".\n',
    ],
    [
      ['workflows', 'update', '7', '--ends-at', '2026-13-45'],
      'Error: --ends-at must be a date like 2026-11-01 (or an ISO time), got "2026-13-45".\n',
    ],
    [
      ['billing', 'charges', '--brand', '4', '--to', 'tomorrow'],
      'Error: --to must be a date like 2026-11-01 (or an ISO time), got "tomorrow".\n',
    ],
    [
      ['billing', 'charges', '--brand', '4', '--from', '2024-02-30'],
      'Error: --from must be a date like 2026-11-01 (or an ISO time), got "2024-02-30".\n',
    ],
    [
      ['partners', 'invite', '--name', 'Growth Co', '--emails', 'ann@growth.co', '--brand', '4, x'],
      'Error: --brand must be a whole number, got "x".\n',
    ],
  ])('%j exits 1 with the message and nothing on stdout', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(stderr).toBe(message);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });
});

/**
 * A server-mode environment whose database cannot be reached: a command that got past its flags
 * would fail on the database instead (exit 2 before the flags were checked first).
 */
const NO_DATABASE = {
  DATABASE_URL: 'postgres://reclaim:not-used@127.0.0.1:1/reclaim',
  ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  JWT_SECRET: TEST_JWT_SECRET,
};

describe('a bad CLI value is a user error naming the flag, found before anything runs', () => {
  it.concurrent.each([
    [
      ['billing', 'charges', '--brand', '4', '--from', '2026-12-01', '--to', '2026-11-01'],
      'Error: --from must be before --to (got 2026-12-01 and 2026-11-01): that period is empty.\n',
    ],
    [
      ['billing', 'charges', '--brand', '4', '--from', '2026-11-01T10:00:00Z', '--to', '2026-11-01T10:00:00Z'],
      'Error: --from must be before --to (got 2026-11-01T10:00:00Z and 2026-11-01T10:00:00Z): that period is empty.\n',
    ],
    [
      ['stats', 'recovered', '--brand', '4', '--since', '2999-01-01'],
      'Error: --since must be in the past (got 2999-01-01): the period from then until now is empty.\n',
    ],
    [['worker', '--once', '--concurrency', '-1'], 'Error: --concurrency must be at least 1, got "-1".\n'],
    [['worker', '--once', '--concurrency', 'abc'], 'Error: --concurrency must be a whole number, got "abc".\n'],
    [['worker', '--once', '--concurrency', '0'], 'Error: --concurrency must be at least 1, got "0".\n'],
    [['worker', '--concurrency', '101'], 'Error: --concurrency must be at most 100, got "101".\n'],
    [['serve-webhooks', '--port', '99999'], 'Error: --port must be a port number from 1 to 65535, got "99999".\n'],
    [['serve-webhooks', '--port', '0'], 'Error: --port must be a port number from 1 to 65535, got "0".\n'],
    [['start', '--port', '80a'], 'Error: --port must be a port number from 1 to 65535, got "80a".\n'],
    [['contacts', 'list', '--brand', '4', '--limit', '0'], 'Error: --limit must be at least 1, got "0".\n'],
    [['webhooks', 'list', '--limit', '-5'], 'Error: --limit must be at least 1, got "-5".\n'],
    [
      ['conversations', 'list', '--brand', '4', '--limit', '1e3'],
      'Error: --limit must be a whole number, got "1e3".\n',
    ],
  ])('%j exits 1 with the reason', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args, NO_DATABASE);
    expect(stderr).toBe(message);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  it('with --json the reason is printed as JSON too', async () => {
    const { code, stdout } = await runCli(
      ['billing', 'charges', '--brand', '4', '--from', '2026-12-01', '--to', '2026-11-01', '--json'],
      NO_DATABASE,
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: {
        kind: 'invalid_input',
        code: null,
        message: '--from must be before --to (got 2026-12-01 and 2026-11-01): that period is empty.',
      },
    });
  });
});
