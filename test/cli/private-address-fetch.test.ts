/**
 * Issue 28, item 3, as a user meets it: `ads generate --website`, `stores cart-hook set --url` and
 * `messaging policy-check` pointed at a private address exit 1 with the refusal naming the address
 * class, store nothing, and no request reaches the local server listening there. These run with
 * ALLOW_PRIVATE_NETWORK_FETCH unset (its default, off). The address classes, names that resolve
 * inside and redirect hops are covered in test/http/private-address-guard.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let server: Server;
let base = '';
let hits = 0;

beforeAll(async () => {
  // An internal service that would answer anything it is asked.
  server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body><h1>Internal admin</h1><p>Terms. Privacy. Reply STOP to opt out.</p></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = (url: string, address = '127.0.0.1') =>
  `Error: Refused to fetch ${url}: the address ${address} is loopback (private network addresses are not fetched; see ALLOW_PRIVATE_NETWORK_FETCH)`;

describe('no private address is fetched for a user-supplied URL (ALLOW_PRIVATE_NETWORK_FETCH off)', () => {
  it('ads generate --website on a loopback address exits 1 naming the class; no ad, no request', async () => {
    const brand = await createBrand(t.db, { name: 'Fernhill' });
    const run = await runCli(['ads', 'generate', '--brand', String(brand.id), '--website', `${base}/`], testEnv(t.url));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(refusal(`${base}/robots.txt`));
    expect(await t.db('ads').where({ brand_id: brand.id })).toHaveLength(0);
    expect(hits).toBe(0);
  }, 120_000);

  it('stores cart-hook set --url on a private address exits 1 when it is set; no hook stored', async () => {
    const brand = await createBrand(t.db);
    const run = await runCli(
      ['stores', 'cart-hook', 'set', '--brand', String(brand.id), '--url', 'http://127.0.0.1:5432/'],
      testEnv(t.url),
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(refusal('http://127.0.0.1:5432/'));
    expect(await t.db('cart_event_hooks').where({ brand_id: brand.id })).toHaveLength(0);
  }, 120_000);

  it('messaging policy-check on a private address exits 1 naming the class; no request', async () => {
    const run = await runCli(
      ['messaging', 'policy-check', '--terms', `${base}/terms`, '--privacy', `${base}/privacy`],
      testEnv(t.url),
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(
      /Error: Refused to fetch http:\/\/127\.0\.0\.1:\d+\/(terms|privacy): the address 127\.0\.0\.1 is loopback/,
    );
    expect(hits).toBe(0);
  }, 120_000);
});
