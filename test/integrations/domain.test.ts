import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkDomainAvailability, connectDomain, registerDomain } from '../../src/integrations/index.ts';
import { readRequest, sendJson, startServer, type FakeServer, type RecordedRequest } from '../fakes/server.ts';

const KEY = 'domain-service-key-1';
let fake: FakeServer;
const requests: RecordedRequest[] = [];
const taken = new Set(['northwind.com']);

const CONTACT = {
  first_name: 'Ada',
  last_name: 'Lopez',
  email: 'ada@northwind.example',
  phone: '+14155550123',
  address1: '1 Main St',
  city: 'Boston',
  state: 'MA',
  postal_code: '02110',
  country: 'US',
};

beforeAll(async () => {
  fake = await startServer(async (req: IncomingMessage, res: ServerResponse) => {
    const request = await readRequest(req, 'json');
    requests.push(request);
    if (request.headers.authorization !== `Bearer ${KEY}`) return sendJson(res, 401, { message: 'Invalid API key' });
    if (request.path === '/domains/availability') {
      const q = request.query.get('query') ?? '';
      if (q === 'explode.com') return sendJson(res, 503, { message: 'Registry timeout' });
      return sendJson(res, 200, {
        results: [q, q.replace(/\.com$/, '.shop')].map((domain) => ({
          domain,
          available: !taken.has(domain),
          price: 12.99,
          currency: 'USD',
        })),
      });
    }
    if (request.path === '/domains' && request.method === 'POST') {
      const { domain } = request.body as { domain: string };
      if (taken.has(domain)) return sendJson(res, 422, { message: `Domain ${domain} is not available` });
      taken.add(domain);
      return sendJson(res, 201, { id: 9001, domain, status: 'registered', expires_at: '2027-11-24T00:00:00Z' });
    }
    return sendJson(res, 404, { message: 'Not found' });
  });
});
afterAll(async () => fake?.close());

const options = () => ({ baseUrl: fake.url, apiKey: KEY, sleep: async () => undefined });

describe('the domain service', () => {
  it('availability of the domains matching a query', async () => {
    expect(await checkDomainAvailability(options(), { query: ' Northwind.com ' })).toEqual([
      { domain: 'northwind.com', available: false, price: 12.99, currency: 'USD' },
      { domain: 'northwind.shop', available: true, price: 12.99, currency: 'USD' },
    ]);
    expect(requests.at(-1)!.query.get('query')).toBe('northwind.com');
  });

  it("'Failed to check domain availability' with the service's message, after the retries", async () => {
    const before = requests.length;
    await expect(checkDomainAvailability(options(), { query: 'explode.com' })).rejects.toThrow(
      'Failed to check domain availability: Registry timeout',
    );
    expect(requests.length - before).toBe(3);
    await expect(checkDomainAvailability({ ...options(), apiKey: 'wrong' }, { query: 'a.com' })).rejects.toThrow(
      'Failed to check domain availability: Invalid API key',
    );
  });

  it("registration; a taken domain is 'Failed to register domain' with the reason; bad contact data sends nothing", async () => {
    expect(await registerDomain(options(), { domain: 'northwind-outfitters.shop', contact: CONTACT })).toEqual({
      id: '9001',
      domain: 'northwind-outfitters.shop',
      status: 'registered',
      expiresAt: '2027-11-24T00:00:00Z',
    });
    await expect(registerDomain(options(), { domain: 'northwind.com', contact: CONTACT })).rejects.toThrow(
      'Failed to register domain: Domain northwind.com is not available',
    );
    const before = requests.length;
    await expect(
      registerDomain(options(), { domain: 'x.shop', contact: { ...CONTACT, phone: '555' } }),
    ).rejects.toThrow('phone: must be E.164');
    await expect(registerDomain(options(), { domain: 'not a domain', contact: CONTACT })).rejects.toThrow(
      'Not a domain name',
    );
    expect(requests.length).toBe(before);
    const down = { baseUrl: 'http://127.0.0.1:9', sleep: async () => undefined };
    await expect(registerDomain(down, { domain: 'y.shop', contact: CONTACT })).rejects.toThrow(
      /^Failed to register domain$/,
    );
  });

  it("connectDomain is 'connectDomain not implemented'", () => {
    expect(() => connectDomain()).toThrow('connectDomain not implemented');
  });
});
