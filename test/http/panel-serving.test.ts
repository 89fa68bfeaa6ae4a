/**
 * The panel served like a product: hashed assets cached for a year and never revalidated,
 * index.html revalidated on every load, every script, style and page sent brotli- or
 * gzip-compressed (precompressed at build time) by the browser's Accept-Encoding, and a favicon.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePanelBuilt } from '../../src/cli/index.ts';
import { buildHttpServer, PANEL_DIR } from '../../src/http/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let app: Awaited<ReturnType<typeof buildHttpServer>>;

beforeAll(async () => {
  await ensurePanelBuilt();
  app = await buildHttpServer(await t.context(), { routes: [] });
}, 180_000);
afterAll(async () => app?.close());

const BROWSER = 'gzip, deflate, br, zstd';
const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const decode = (body: Buffer, encoding: string | undefined): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

const assets = readdirSync(join(PANEL_DIR, 'assets')).filter((name) => !/\.(br|gz)$/.test(name));
const entry = (/src="\/assets\/(index-[\w-]+\.js)"/.exec(readFileSync(join(PANEL_DIR, 'index.html'), 'utf8')) ?? [])[1];

describe('the panel over HTTP', () => {
  it('sends the entry script brotli-compressed to a browser, immutable for a year, and its decompressed body is the file', async () => {
    expect(entry).toBeDefined();
    const response = await get(`/assets/${entry}`, BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const file = readFileSync(join(PANEL_DIR, 'assets', entry!));
    expect(decode(response.rawPayload, 'br').equals(file)).toBe(true);
    // What travels is a fraction of the file.
    expect(response.rawPayload.length).toBeLessThan(file.length / 2.5);
  });

  it('sends gzip to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const file = readFileSync(join(PANEL_DIR, 'assets', entry!));
    const gzip = await get(`/assets/${entry}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['vary']).toBe('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).equals(file)).toBe(true);
    const plain = await get(`/assets/${entry}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it('every script and style of the build decompresses to its file, with the year-long cache', async () => {
    const compressible = assets.filter((name) => /\.(js|css)$/.test(name));
    expect(compressible.length).toBeGreaterThan(10);
    for (const name of compressible) {
      const response = await get(`/assets/${name}`, BROWSER);
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      const encoding = response.headers['content-encoding'] as string | undefined;
      expect(decode(response.rawPayload, encoding).equals(readFileSync(join(PANEL_DIR, 'assets', name))), name).toBe(
        true,
      );
    }
  });

  it('index.html, at / and at a deep link, is revalidated on every load (no-cache) and compressed', async () => {
    const file = readFileSync(join(PANEL_DIR, 'index.html'));
    for (const url of ['/', '/b/1/conversations/5', '/login']) {
      const response = await get(url, BROWSER);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['vary'], url).toBe('accept-encoding');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(decode(response.rawPayload, 'br').equals(file), url).toBe(true);
    }
  });

  it('has a favicon that index.html points to', async () => {
    expect(readFileSync(join(PANEL_DIR, 'index.html'), 'utf8')).toContain(
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg"',
    );
    const response = await get('/favicon.svg', BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(decode(response.rawPayload, response.headers['content-encoding'] as string).toString()).toContain('<svg');
  });

  it('a missing asset is still a 404, and the API is not given the panel headers', async () => {
    expect((await get('/assets/missing.js', BROWSER)).statusCode).toBe(404);
    const api = await get('/api/nothing-here', BROWSER);
    expect(api.statusCode).toBe(404);
    expect(api.headers['cache-control']).toBeUndefined();
  });
});
