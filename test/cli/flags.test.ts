import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

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
