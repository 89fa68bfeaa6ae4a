/**
 * Issue 28 item 8, "Numbers and small things": integers in query strings and paths are decimal
 * digits only; time zones are checked wherever a `tz` is taken; another brand's workflow_id answers
 * 404 on every stats route; days and times outside 2000-01-01 .. 2099-12-31 are refused; the 10DLC
 * registration webhook answers a malformed body 400. The CLI reads integers by the same rule.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIntegerFlag, ROUTES } from '../../src/cli/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { REGISTRATION_PATH } from '../../src/messaging/index.ts';
import { createUser } from '../factories/accounts.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { runCli } from '../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET, useTestDatabase } from '../helpers/db.ts';

const WEBHOOK_SECRET = 'registration-webhook-secret';
const t = useTestDatabase();
const api = useBrandApi(t, { INFOBIP_WEBHOOK_SECRET: WEBHOOK_SECRET });
let a: World;
let b: World;
let token: string;
let staffToken: string;

beforeAll(async () => {
  a = await seedWorld(t.db, 'numa');
  b = await seedWorld(t.db, 'numb');
  token = await api.login(a.user.email);
  const staff = await createUser(t.db, { is_staff: true, role: 'admin' });
  staffToken = await api.login(staff.email, 'admin');
});

const brand = () => `/api/brands/${a.ids.brandId}`;

interface Row {
  name: string;
  url: () => string;
  staff?: boolean;
  status: number;
  /** Text the error message must hold (the parameter it names). */
  message: string;
}

const NOT_DIGITS: Array<[string, string]> = [
  ['0x10', '0x10'],
  ['1e3', '1e3'],
  [' 16', '%2016'],
  ['+16', '%2B16'],
  ['16.0', '16.0'],
  ['16 ', '16%20'],
  ['-0', '-0'],
];

const ROWS: Row[] = [
  ...NOT_DIGITS.map(([label, text]) => ({
    name: `contacts limit=${label}`,
    url: () => `${brand()}/contacts?limit=${text}`,
    status: 400,
    message: 'limit',
  })),
  ...NOT_DIGITS.map(([label, text]) => ({
    name: `conversations offset=${label}`,
    url: () => `${brand()}/conversations?offset=${text}`,
    status: 400,
    message: 'offset',
  })),
  {
    name: 'conversations workflow_id=0x…',
    url: () => `${brand()}/conversations?workflow_id=0x${a.ids.workflowId!.toString(16)}`,
    status: 400,
    message: 'workflow_id',
  },
  {
    name: 'KB search limit=1e1',
    url: () => `${brand()}/kb/search?q=shipping&limit=1e1`,
    status: 400,
    message: 'limit',
  },
  {
    name: 'staff brands tenant_id=+1',
    url: () => `/api/staff/brands?tenant_id=%2B${a.ids.tenantId}`,
    staff: true,
    status: 400,
    message: 'tenant_id',
  },
  {
    name: 'a path id in hex is an unknown id',
    url: () => `${brand()}/contacts/0x${a.ids.contactId!.toString(16)}`,
    status: 404,
    message: 'Contact not found',
  },
  {
    name: 'staff brands tz=Mars/Phobos',
    url: () => '/api/staff/brands?tz=Mars/Phobos',
    staff: true,
    status: 400,
    message: 'tz',
  },
  ...['brand', 'daily', 'conversations', 'funnel', 'kb', 'insights', 'workflows'].map((name) => ({
    name: `stats/${name} tz=Mars/Phobos`,
    url: () => `${brand()}/stats/${name}?tz=Mars/Phobos`,
    status: 400,
    message: 'tz',
  })),
  ...['stats/brand', 'stats/daily', 'stats/conversations', 'stats/funnel', 'stats/insights', 'insights'].map(
    (name) => ({
      name: `${name} with another brand's workflow_id`,
      url: () => `${brand()}/${name}?workflow_id=${b.ids.workflowId}`,
      status: 404,
      message: 'Flow not found',
    }),
  ),
  {
    name: 'stats/kb from=0001-01-01',
    url: () => `${brand()}/stats/kb?from=0001-01-01`,
    status: 400,
    message: 'from',
  },
  {
    name: 'stats/brand from=1999-12-31',
    url: () => `${brand()}/stats/brand?from=1999-12-31&to=2000-01-31`,
    status: 400,
    message: 'from',
  },
  { name: 'stats/daily to=2100-01-01', url: () => `${brand()}/stats/daily?to=2100-01-01`, status: 400, message: 'to' },
  {
    name: 'staff brands from=0001-01-01',
    url: () => '/api/staff/brands?from=0001-01-01&to=2026-01-01',
    staff: true,
    status: 400,
    message: 'from',
  },
  {
    name: 'charges from=0001-01-01',
    url: () => `${brand()}/charges?from=0001-01-01`,
    status: 400,
    message: 'from',
  },
  {
    name: 'stats/recovered until=9999-12-31T00:00:00Z',
    url: () => `${brand()}/stats/recovered?until=9999-12-31T00:00:00Z`,
    status: 400,
    message: 'until',
  },
];

describe('numbers and small things in the brand API', () => {
  it.each(ROWS)('$name answers $status naming it', async (row) => {
    const answer = await api.get(row.url(), row.staff ? staffToken : token);
    expect(answer.statusCode, answer.body).toBe(row.status);
    expect(answer.json().error.message).toContain(row.message);
  });

  it('still takes decimal digits, a real time zone, its own workflow and days in range', async () => {
    const ok = [
      `${brand()}/contacts?limit=16&offset=0`,
      `${brand()}/conversations?workflow_id=${a.ids.workflowId}&limit=007`,
      `${brand()}/stats/brand?workflow_id=${a.ids.workflowId}&tz=America/New_York`,
      `${brand()}/stats/kb?from=2000-01-01&to=2099-12-31`,
      `${brand()}/insights?workflow_id=${a.ids.workflowId}`,
      `${brand()}/contacts/${a.ids.contactId}`,
    ];
    for (const url of ok) {
      const answer = await api.get(url, token);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
    const staff = await api.get('/api/staff/brands?tz=Europe/Paris&limit=5', staffToken);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().limit).toBe(5);
  });
});

describe('the 10DLC registration webhook', () => {
  const auth = { authorization: `Basic ${Buffer.from(`infobip:${WEBHOOK_SECRET}`).toString('base64')}` };
  let server: FastifyInstance;
  beforeAll(async () => {
    server = await buildHttpServer(api.ctx, { routes: ROUTES, panel: false });
  });
  afterAll(async () => {
    await server.close();
  });
  const fetchLike = (payload: unknown) =>
    server.inject({
      method: 'POST',
      url: REGISTRATION_PATH,
      headers: auth,
      payload: payload as Record<string, unknown>,
    });

  it.each([
    ['no results', {}],
    ['results not a list', { results: 'x' }],
    ['an empty list', { results: [] }],
    ['a result without its event', { results: [{ content: {} }] }],
  ])('answers a malformed body (%s) 400, nothing stored', async (_label, payload) => {
    const before = await t.db('webhook_events').where({ source: 'infobip' }).count({ n: '*' }).first();
    const answer = await fetchLike(payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.message).toContain('Invalid Infobip registration webhook');
    const after = await t.db('webhook_events').where({ source: 'infobip' }).count({ n: '*' }).first();
    expect(after).toEqual(before);
  });

  it('keeps storing a well-formed update about an unknown campaign (200, ignored by the worker)', async () => {
    const answer = await fetchLike({
      results: [
        {
          event: 'CAMPAIGN_STATUS_UPDATE',
          receivedAt: '2026-11-01T10:00:00Z',
          content: { campaignId: 'nobody', campaignStatus: 'ACTIVE' },
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, received: 1 });
  });
});

const NO_DATABASE = {
  DATABASE_URL: 'postgres://reclaim:not-used@127.0.0.1:1/reclaim',
  ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  JWT_SECRET: TEST_JWT_SECRET,
};

describe('the CLI reads integers by the same rule', () => {
  it.each(['+16', ' 16', '16 ', '0x10', '1e3', '16.0', ''])('parseIntegerFlag refuses %j naming the flag', (value) => {
    expect(() => parseIntegerFlag('--limit', value)).toThrow(`--limit must be a whole number, got "${value}".`);
  });

  it('takes digits, and a minus sign where negatives are allowed', () => {
    expect(parseIntegerFlag('--limit', '16')).toBe(16);
    expect(parseIntegerFlag('--weight', '-5', { min: -1000, max: 1000 })).toBe(-5);
    expect(() => parseIntegerFlag('--limit', '-5', { min: 1 })).toThrow('--limit must be at least 1, got "-5".');
  });

  it('a command given --limit +16 exits 1 with the message', { timeout: 120_000 }, async () => {
    const { code, stdout, stderr } = await runCli(
      ['conversations', 'list', '--brand', '4', '--limit', '+16'],
      NO_DATABASE,
    );
    expect(stderr).toBe('Error: --limit must be a whole number, got "+16".\n');
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });
});
