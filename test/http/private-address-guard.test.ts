/**
 * Issue 28, item 3: the server fetches no private address for a user-supplied URL.
 *
 * The guard is split in two so that it can be tested without the internet:
 * - `refusalOf` / `resolveTarget` are the decision: an address (or a URL and the addresses its
 *   name resolves to) -> refused with a class, or allowed. They are table-tested with every form
 *   the issue lists; the URL forms go through the WHATWG URL parser exactly as the client does.
 * - The HTTP tests use the real shared client against real servers listening on loopback. A test
 *   can only serve from loopback, so:
 *   - a refusal is shown by counting the hits on a local server: zero;
 *   - a name that resolves to a private address uses the guard's `lookup` injection point (the
 *     production default is node's dns.lookup with all: true) to make a public-looking name
 *     answer 127.0.0.1;
 *   - a redirect hop is shown to be re-checked with the policy's `allowAddresses`: the first hop's
 *     server (127.0.0.1) is let through by exact address, as an operator's one known address
 *     would be, and it redirects to another loopback address (127.0.0.2, a second listening
 *     server) or to a name resolving there. Nothing else is let through, so the second hop is
 *     judged by the same rule as a first hop would be, and refused with zero hits. This stands in
 *     for "a public site that redirects inside" without pretending loopback is public;
 *   - pinning is shown with a lookup that answers differently on a second call (DNS rebinding):
 *     the connection goes to the address that was checked and the name is looked up once.
 * With ALLOW_PRIVATE_NETWORK_FETCH the same client reaches the local server (the setting's effect).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  PrivateAddressError,
  refusalOf,
  resolveTarget,
  type FetchGuard,
  type HostLookup,
} from '../../src/http/index.ts';

const noLookup: HostLookup = async (host) => {
  throw new Error(`the name ${host} should not have been looked up`);
};
const lookupOf =
  (table: Record<string, string[]>): HostLookup =>
  async (host) =>
    (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('refusalOf: every private address class, and public addresses allowed', () => {
  it.each([
    ['127.0.0.1', 'loopback', undefined],
    ['127.255.255.254', 'loopback', undefined],
    ['::1', 'loopback', undefined],
    ['0:0:0:0:0:0:0:1', 'loopback', undefined],
    ['10.0.0.1', 'private', undefined],
    ['172.16.0.1', 'private', undefined],
    ['172.31.255.255', 'private', undefined],
    ['192.168.1.1', 'private', undefined],
    ['fc00::1', 'private', undefined],
    ['fd12:3456:789a::1', 'private', undefined],
    ['169.254.169.254', 'link-local', undefined],
    ['169.254.0.1', 'link-local', undefined],
    ['fe80::1', 'link-local', undefined],
    ['fe80::1%eth0', 'link-local', undefined],
    ['febf::1', 'link-local', undefined],
    ['100.64.0.1', 'carrier-grade NAT', undefined],
    ['100.127.255.255', 'carrier-grade NAT', undefined],
    ['224.0.0.1', 'multicast', undefined],
    ['239.255.255.250', 'multicast', undefined],
    ['ff02::1', 'multicast', undefined],
    ['0.0.0.0', 'unspecified', undefined],
    ['0.1.2.3', 'unspecified', undefined],
    ['::', 'unspecified', undefined],
    ['240.0.0.1', 'reserved', undefined],
    ['255.255.255.255', 'reserved', undefined],
    ['::ffff:127.0.0.1', 'loopback', 'IPv4-mapped'],
    ['::ffff:7f00:1', 'loopback', 'IPv4-mapped'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback', 'IPv4-mapped'],
    ['::ffff:10.0.0.1', 'private', 'IPv4-mapped'],
    ['::ffff:a9fe:a9fe', 'link-local', 'IPv4-mapped'],
    ['::ffff:100.64.0.1', 'carrier-grade NAT', 'IPv4-mapped'],
    ['::127.0.0.1', 'loopback', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'loopback', 'NAT64'],
    ['64:ff9b::169.254.169.254', 'link-local', 'NAT64'],
    ['64:ff9b:1::a00:1', 'private', undefined],
    ['2002:7f00:1::', 'loopback', '6to4'],
    ['2002:c0a8:101::1', 'private', '6to4'],
  ])('%s is %s', (address, addressClass, via) => {
    expect(refusalOf(address)).toEqual(via ? { class: addressClass, via } : { class: addressClass });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(refusalOf(address)).toBeUndefined();
  });
});

describe('resolveTarget: URL forms, names and their addresses', () => {
  const guard: FetchGuard = { allowPrivate: false, lookup: noLookup };

  it.each([
    ['http://127.0.0.1:5432/', '127.0.0.1', 'loopback'],
    ['http://127.1/', '127.0.0.1', 'loopback'],
    ['http://0x7f000001/', '127.0.0.1', 'loopback'],
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/', '127.0.0.1', 'loopback'],
    ['http://localhost:8080/', 'localhost', 'loopback'],
    ['http://LOCALHOST./', 'localhost.', 'loopback'],
    ['http://admin.localhost/', 'admin.localhost', 'loopback'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1', 'loopback'],
    ['http://10.1.2.3/', '10.1.2.3', 'private'],
    ['http://10.1/', '10.0.0.1', 'private'],
    ['http://192.168.0.1/', '192.168.0.1', 'private'],
    ['http://[fd00::5]/', 'fd00::5', 'private'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'link-local'],
    ['http://[fe80::1]/', 'fe80::1', 'link-local'],
    ['http://100.64.1.1/', '100.64.1.1', 'carrier-grade NAT'],
    ['http://224.0.0.251/', '224.0.0.251', 'multicast'],
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
    ['http://0/', '0.0.0.0', 'unspecified'],
    ['http://[::]/', '::', 'unspecified'],
    ['http://[64:ff9b::7f00:1]/', '64:ff9b::7f00:1', 'loopback'],
  ])('%s is refused: %s is %s', async (url, address, addressClass) => {
    const refused = await resolveTarget(new URL(url), guard).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PrivateAddressError);
    expect(refused).toMatchObject({ kind: 'invalid_input', address, addressClass, code: 'private_address' });
  });

  it('the refusal names the URL, the address and its class, and the setting', async () => {
    await expect(resolveTarget(new URL('http://127.0.0.1:5432/'), guard)).rejects.toThrow(
      'Refused to fetch http://127.0.0.1:5432/: the address 127.0.0.1 is loopback (private network addresses are not fetched; see ALLOW_PRIVATE_NETWORK_FETCH)',
    );
    await expect(resolveTarget(new URL('http://[::ffff:a9fe:a9fe]/latest?token=x'), guard)).rejects.toThrow(
      'Refused to fetch http://[::ffff:a9fe:a9fe]/latest: the address ::ffff:a9fe:a9fe is link-local (IPv4-mapped) (private network addresses are not fetched; see ALLOW_PRIVATE_NETWORK_FETCH)',
    );
  });

  it('a name is refused when any of its addresses is private; a public one is the address connected to', async () => {
    const lookup = lookupOf({
      'metadata.shop.test': ['169.254.169.254'],
      'mixed.shop.test': ['93.184.215.14', '10.0.0.7'],
      'v6.shop.test': ['2606:4700:4700::1111', '::1'],
      'www.shop.test': ['93.184.215.14', '2606:4700:4700::1111'],
    });
    const check = (url: string) => resolveTarget(new URL(url), { allowPrivate: false, lookup });
    await expect(check('https://metadata.shop.test/')).rejects.toThrow(
      'Refused to fetch https://metadata.shop.test/: the address 169.254.169.254 is link-local',
    );
    await expect(check('https://mixed.shop.test/')).rejects.toThrow('the address 10.0.0.7 is private');
    await expect(check('https://v6.shop.test/')).rejects.toThrow('the address ::1 is loopback');
    expect(await check('https://www.shop.test/')).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('ALLOW_PRIVATE_NETWORK_FETCH lets every address through, unchecked', async () => {
    expect(await resolveTarget(new URL('http://127.0.0.1:5432/'), { allowPrivate: true, lookup: noLookup })).toBe(
      undefined,
    );
  });
});

/** A server on `host` that counts the requests it receives and answers with `respond`. */
interface CountingServer {
  port: number;
  hits: IncomingMessage[];
  respond: (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string };
  close(): Promise<void>;
}

async function countingServer(host: string): Promise<CountingServer> {
  const state: CountingServer = {
    port: 0,
    hits: [],
    respond: () => ({ status: 200, body: 'inside' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    state.hits.push(req);
    const answer = state.respond(req);
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

describe('the shared client with a guard: nothing reaches a private server', () => {
  let first: CountingServer; // 127.0.0.1
  let inside: CountingServer; // 127.0.0.2: the private server a redirect points at

  beforeAll(async () => {
    first = await countingServer('127.0.0.1');
    inside = await countingServer('127.0.0.2');
  });
  afterAll(async () => {
    await first.close();
    await inside.close();
  });
  beforeEach(() => {
    first.hits.length = 0;
    inside.hits.length = 0;
    first.respond = () => ({ status: 200, body: 'first' });
    inside.respond = () => ({ status: 200, body: 'inside' });
  });

  const get = (url: string, guard: FetchGuard, retries = 0) => {
    const target = new URL(url);
    return createHttpClient({
      service: 'website',
      baseUrl: target.origin,
      retries,
      guard,
      sleep: async () => {},
    }).request({ path: `${target.pathname}${target.search}` });
  };

  it.each([
    'http://127.0.0.1:PORT/',
    'http://127.1:PORT/',
    'http://0x7f000001:PORT/',
    'http://2130706433:PORT/',
    'http://0177.0.0.1:PORT/',
    'http://localhost:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
  ])('%s is refused and the local server sees no request', async (url) => {
    await expect(get(url.replace('PORT', String(first.port)), { allowPrivate: false }, 2)).rejects.toMatchObject({
      kind: 'invalid_input',
      addressClass: 'loopback',
    });
    expect(first.hits).toHaveLength(0);
  });

  it('a public-looking name that resolves to 127.0.0.1 is refused, asked once (not retried), zero hits', async () => {
    const asked: string[] = [];
    const lookup: HostLookup = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    await expect(get(`http://shop.example.test:${first.port}/`, { allowPrivate: false, lookup }, 2)).rejects.toThrow(
      `Refused to fetch http://shop.example.test:${first.port}/: the address 127.0.0.1 is loopback`,
    );
    expect(asked).toEqual(['shop.example.test']);
    expect(first.hits).toHaveLength(0);
  });

  it('every redirect hop is checked again: a redirect to a private address or name is refused, zero hits there', async () => {
    // 127.0.0.1 is let through by exact address (the first hop's "public" site); nothing else is.
    const lookup = lookupOf({ 'intranet.shop.test': ['127.0.0.2'] });
    const guard: FetchGuard = { allowPrivate: false, allowAddresses: ['127.0.0.1'], lookup };
    for (const location of [
      `http://127.0.0.2:${inside.port}/admin`,
      `http://intranet.shop.test:${inside.port}/admin`,
      `http://localhost:${inside.port}/admin`,
    ]) {
      first.respond = () => ({ status: 302, headers: { location } });
      await expect(get(`http://127.0.0.1:${first.port}/`, guard)).rejects.toMatchObject({
        kind: 'invalid_input',
        addressClass: 'loopback',
      });
    }
    expect(first.hits).toHaveLength(3);
    expect(inside.hits).toHaveLength(0);
  });

  it('a redirect to an allowed address is followed, by the guard itself', async () => {
    first.respond = (req) =>
      req.url === '/' ? { status: 301, headers: { location: '/home' } } : { status: 200, body: `at ${req.url}` };
    const answer = await get(`http://127.0.0.1:${first.port}/`, { allowPrivate: false, allowAddresses: ['127.0.0.1'] });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('at /home');
    expect(first.hits.map((h) => h.url)).toEqual(['/', '/home']);
  });

  it('the connection goes to the checked address: a name answering differently later (rebinding) does not move it', async () => {
    let calls = 0;
    const rebinding: HostLookup = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    const guard: FetchGuard = { allowPrivate: false, allowAddresses: ['127.0.0.1'], lookup: rebinding };
    const answer = await get(`http://www.shop.test:${first.port}/`, guard);
    expect(answer.body).toBe('first');
    expect(calls).toBe(1);
    expect(first.hits[0]!.headers.host).toBe(`www.shop.test:${first.port}`);
    expect(inside.hits).toHaveLength(0);
  });

  it('with ALLOW_PRIVATE_NETWORK_FETCH the same request reaches the local server', async () => {
    const answer = await get(`http://127.0.0.1:${first.port}/`, { allowPrivate: true });
    expect(answer.body).toBe('first');
    expect(first.hits).toHaveLength(1);
  });
});
