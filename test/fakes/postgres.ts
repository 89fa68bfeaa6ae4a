/**
 * A fake PostgreSQL server on 127.0.0.1 that refuses every login the way a real one refuses a wrong
 * password, in the frontend/backend protocol (version 3.0): it answers the startup message with
 * AuthenticationCleartextPassword, reads the PasswordMessage, and answers an ErrorResponse
 * (FATAL, SQLSTATE 28P01, `password authentication failed for user "…"`) before closing.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FakePostgres {
  port: number;
  /** The passwords clients sent, in order. */
  passwords: string[];
  close(): Promise<void>;
}

/** One backend message: a type byte, the length (itself included), the payload. */
const message = (type: string, payload: Buffer): Buffer => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(payload.length + 4, 1);
  return Buffer.concat([head, payload]);
};

const cstring = (value: string): Buffer => Buffer.from(`${value}\0`, 'utf8');

function errorResponse(user: string): Buffer {
  const fields: Array<[string, string]> = [
    ['S', 'FATAL'],
    ['V', 'FATAL'],
    ['C', '28P01'],
    ['M', `password authentication failed for user "${user}"`],
  ];
  return message('E', Buffer.concat([...fields.map(([code, value]) => cstring(`${code}${value}`)), Buffer.from([0])]));
}

export async function startFakePostgres(): Promise<FakePostgres> {
  const passwords: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let user = '';
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!started) {
        if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) return;
        const length = buffer.readInt32BE(0);
        const params = buffer.subarray(8, length).toString('utf8').split('\0');
        user = params[params.indexOf('user') + 1] ?? '';
        buffer = buffer.subarray(length);
        started = true;
        const cleartext = Buffer.alloc(4);
        cleartext.writeInt32BE(3, 0);
        socket.write(message('R', cleartext));
        return;
      }
      if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) return;
      passwords.push(buffer.subarray(5, buffer.readInt32BE(1)).toString('utf8').replace(/\0$/, ''));
      socket.end(errorResponse(user));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    passwords,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
