import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/index.ts';
import { assertJsonBody, buildHttpServer } from '../../src/http/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let app: FastifyInstance;
beforeAll(async () => {
  const ctx = await t.context();
  app = await buildHttpServer(ctx, {
    panel: false,
    bodyLimit: 1024,
    routes: [
      (server) => {
        server.post('/echo', async (request) => ({ got: request.body }));
        server.post('/signed', { config: { rawBody: true } }, async (request, reply) => {
          if (request.headers['x-signature'] !== 'good')
            return reply.status(401).send({ error: { kind: 'unauthorized', message: 'Bad signature' } });
          assertJsonBody(request);
          return { bytes: request.rawBody?.length };
        });
        server.get('/conflict', async () => {
          throw new AppError('conflict', 'Already there');
        });
        server.get('/boom', async () => {
          throw new Error('secret internals');
        });
      },
    ],
  });
});
afterAll(async () => {
  await app.close();
});

describe('HTTP server', () => {
  it('GET /healthz and /readyz', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('malformed JSON is a 400 with a clear error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { kind: 'invalid_input', code: 'malformed_json', message: 'Malformed JSON body.' },
    });
  });

  it('a signed route checks the signature on the raw bytes before the JSON', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/signed',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(401);
    const malformed = await app.inject({
      method: 'POST',
      url: '/signed',
      headers: { 'content-type': 'application/json', 'x-signature': 'good' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    const good = await app.inject({
      method: 'POST',
      url: '/signed',
      headers: { 'content-type': 'application/json', 'x-signature': 'good' },
      payload: '{"a": 1}',
    });
    expect(good.json()).toEqual({ bytes: Buffer.byteLength('{"a": 1}') });
  });

  it('a body over the limit is refused with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'y'.repeat(2000) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('AppErrors map to their status; unknown errors hide their details', async () => {
    const conflict = await app.inject({ url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: { kind: 'conflict', code: null, message: 'Already there' } });
    const boom = await app.inject({ url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret internals');
    const missing = await app.inject({ url: '/nope?x=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No route for GET /nope');
  });
});
