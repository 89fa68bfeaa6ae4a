import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/http/index.ts';
import { startServer, type FakeServer } from '../fakes/server.ts';

let server: FakeServer;
let hits = 0;
const BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x10]);

beforeAll(async () => {
  server = await startServer((req, res) => {
    hits += 1;
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('x'.repeat(50_000));
    } else {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(BYTES);
    }
  });
});
afterAll(async () => server.close());

describe('the shared HTTP client: bytes and a size limit', () => {
  const client = () => createHttpClient({ service: 'site', baseUrl: server.url, sleep: async () => undefined });
  it('keeps binary answers byte for byte', async () => {
    const answer = await client().request({ path: '/image' });
    expect(answer.bytes().equals(BYTES)).toBe(true);
  });
  it('stops at maxBytes with an error that is not retried', async () => {
    const before = hits;
    await expect(client().request({ path: '/big', maxBytes: 10_000 })).rejects.toThrow(
      'site answered more than 10000 bytes (GET /big)',
    );
    expect(hits - before).toBe(1);
    expect((await client().request({ path: '/big', maxBytes: 60_000 })).body).toHaveLength(50_000);
  });
});
