import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

/**
 * A server that cannot listen because of what the user chose (a port in use, an address the
 * machine does not have) exits 1 with one line naming the setting: no JSON log, no stack, not
 * "Something went wrong on our side" (exit 2).
 */
const t = useTestDatabase();
let env: Record<string, string>;
let busy: net.Server;
let port: number;

beforeAll(async () => {
  // The log level a person gets by default: nothing but the one line may reach stderr.
  env = { ...testEnv(t.url), LOG_LEVEL: 'info' };
  busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  port = (busy.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
});

const HOST_HELP =
  'not an address of this machine; use 0.0.0.0 (every address), 127.0.0.1 (this machine only) or one of its own addresses.';

describe('serve-webhooks: a port or address the user chose that cannot be used', () => {
  it.concurrent.each([
    [
      'a --port in use',
      () => ['serve-webhooks', '--port', String(port), '--host', '127.0.0.1'],
      () => ({}),
      () =>
        `Error: --port ${port}: that port is already in use on 127.0.0.1; stop what listens there or choose another port.\n`,
    ],
    [
      'a PORT in use',
      () => ['serve-webhooks', '--host', '127.0.0.1'],
      () => ({ PORT: String(port) }),
      () =>
        `Error: PORT=${port}: that port is already in use on 127.0.0.1; stop what listens there or choose another port.\n`,
    ],
    [
      '--host 999.1.1.1',
      () => ['serve-webhooks', '--host', '999.1.1.1', '--port', String(port)],
      () => ({}),
      () => `Error: --host 999.1.1.1: ${HOST_HELP}\n`,
    ],
    [
      'a --host address another machine has',
      () => ['serve-webhooks', '--host', '192.0.2.1', '--port', String(port)],
      () => ({}),
      () => `Error: --host 192.0.2.1: ${HOST_HELP}\n`,
    ],
  ])(
    '%s: exit 1, one line',
    async (_name, args, extra, message) => {
      const { code, stdout, stderr } = await runCli(args(), { ...env, ...extra() });
      expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: message() });
    },
    60_000,
  );
});
