/**
 * Issue 28 item 5, "No input answers 500": a NUL byte or a lone surrogate in any text the brand
 * API takes (body, query string, path) answers 400 naming the field, and changes nothing. The
 * table holds every input that answered 500 before; each runs with NUL and with a lone surrogate.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let w: World;
let token: string;
let staffToken: string;

beforeAll(async () => {
  w = await seedWorld(t.db, 'nul');
  token = await api.login(w.user.email);
  const staff = await createUser(t.db, { is_staff: true, role: 'admin' });
  staffToken = await api.login(staff.email, 'admin');
});

const NUL = '\u0000';
const SURROGATE = '\ud800';
/** The same characters in a URL: %00, and the bytes U+D800 would have in UTF-8 (not valid UTF-8). */
const URL_FORMS: Record<string, string> = { [NUL]: '%00', [SURROGATE]: '%ED%A0%80' };

type Caller = 'anonymous' | 'member' | 'staff';
interface Row {
  name: string;
  caller: Caller;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with :ids of the world, and `{x}` where the bad text goes in a query or path. */
  url: string;
  /** The body, `{x}` inside a string marks where the bad text goes. */
  body?: Record<string, unknown>;
  /** The field the answer must name. */
  field: string;
}

const B = '/api/brands/:brandId';
const C = `${B}/conversations/:conversationId`;

const ROWS: Row[] = [
  {
    name: 'login email',
    caller: 'anonymous',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'a{x}@x.com', password: 'pw' },
    field: 'email',
  },
  {
    name: 'login password',
    caller: 'anonymous',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'a@x.com', password: 'p{x}w' },
    field: 'password',
  },
  {
    name: 'forgot-password',
    caller: 'anonymous',
    method: 'POST',
    url: '/api/auth/forgot-password',
    body: { email: 'a{x}@x.com' },
    field: 'email',
  },
  {
    name: 'passkey login options',
    caller: 'anonymous',
    method: 'POST',
    url: '/api/auth/passkeys/login/options',
    body: { email: 'a{x}@x.com' },
    field: 'email',
  },
  {
    name: 'setup-account',
    caller: 'anonymous',
    method: 'POST',
    url: '/api/auth/setup-account',
    body: { token: 'a{x}b', password: 'Secret-pass-123', confirm_password: 'Secret-pass-123' },
    field: 'token',
  },
  {
    name: 'setup-account given name',
    caller: 'anonymous',
    method: 'POST',
    url: '/api/auth/setup-account',
    body: { token: 'ab', password: 'Secret-pass-123', confirm_password: 'Secret-pass-123', given_name: 'A{x}' },
    field: 'given_name',
  },
  { name: 'invite token', caller: 'anonymous', method: 'GET', url: '/api/auth/invite?token=a{x}b', field: 'token' },
  { name: 'brands q', caller: 'member', method: 'GET', url: '/api/brands?q=a{x}', field: 'q' },
  { name: 'contacts q', caller: 'member', method: 'GET', url: `${B}/contacts?q=a{x}`, field: 'q' },
  { name: 'conversations q', caller: 'member', method: 'GET', url: `${B}/conversations?q=a{x}`, field: 'q' },
  { name: 'feedback q', caller: 'member', method: 'GET', url: `${B}/feedback?q=a{x}`, field: 'q' },
  {
    name: 'tenant users search',
    caller: 'member',
    method: 'GET',
    url: '/api/tenants/:tenantId/users?search=a{x}',
    field: 'search',
  },
  {
    name: 'staff brands search',
    caller: 'staff',
    method: 'GET',
    url: '/api/staff/brands?search=a{x}',
    field: 'search',
  },
  { name: 'insights category', caller: 'member', method: 'GET', url: `${B}/insights?category=a{x}`, field: 'category' },
  { name: 'insights tag', caller: 'member', method: 'GET', url: `${B}/insights?tag=a{x}`, field: 'tag' },
  { name: 'reply body', caller: 'member', method: 'POST', url: `${C}/reply`, body: { body: 'Hi{x}' }, field: 'body' },
  {
    name: 'feedback comment',
    caller: 'member',
    method: 'PUT',
    url: `${C}/messages/:messageId/feedback`,
    body: { rating: 3, comment: 'a{x}' },
    field: 'comment',
  },
  {
    name: 'escalation question',
    caller: 'member',
    method: 'POST',
    url: `${C}/escalations`,
    body: { question: 'Why{x}?' },
    field: 'question',
  },
  {
    name: 'escalation answer',
    caller: 'member',
    method: 'PATCH',
    url: `${B}/escalations/:escalationId`,
    body: { processed_response: 'a{x}' },
    field: 'processed_response',
  },
  {
    name: 'quality note',
    caller: 'member',
    method: 'POST',
    url: `${C}/quality`,
    body: { rating: 4, note: 'a{x}' },
    field: 'note',
  },
  {
    name: 'file name',
    caller: 'member',
    method: 'POST',
    url: `${C}/files`,
    body: { url: 'https://files.example.com/a.jpg', name: 'a{x}.jpg' },
    field: 'name',
  },
  {
    name: 'contact note',
    caller: 'member',
    method: 'PUT',
    url: `${B}/contacts/:contactId/note`,
    body: { note: 'a{x}' },
    field: 'note',
  },
  {
    name: 'KB card title',
    caller: 'member',
    method: 'POST',
    url: `${B}/kb/cards`,
    body: { title: 'a{x}', content: 'Shipping' },
    field: 'title',
  },
  {
    name: 'KB card content',
    caller: 'member',
    method: 'PATCH',
    url: `${B}/kb/cards/:cardId`,
    body: { content: 'a{x}' },
    field: 'content',
  },
  {
    name: 'notification body',
    caller: 'staff',
    method: 'POST',
    url: '/api/notifications',
    body: { type: 'system', title: 'Hello', body: 'a{x}' },
    field: 'body',
  },
  {
    name: 'notification data key',
    caller: 'staff',
    method: 'POST',
    url: '/api/notifications',
    body: { type: 'system', title: 'Hello', data: { 'k{x}': 1 } },
    field: 'data',
  },
  {
    name: 'passkey id in the path',
    caller: 'member',
    method: 'DELETE',
    url: '/api/auth/passkeys/pk{x}',
    field: 'passkeyId',
  },
];

function fill(value: unknown, bad: string): unknown {
  if (typeof value === 'string') return value.replace('{x}', bad);
  if (Array.isArray(value)) return value.map((v) => fill(v, bad));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fill(k, bad) as string, fill(v, bad)]));
  return value;
}

async function send(row: Row, bad: string): Promise<LightMyRequestResponse> {
  const ids: Record<string, number> = { ...w.ids, cardId: w.spares[0]!.cardId! };
  const url = row.url.replace(/:(\w+)/g, (_, name: string) => String(ids[name])).replace('{x}', URL_FORMS[bad]!);
  // Public routes ignore the bearer token; the others need the member's or staff's.
  const caller = row.caller === 'staff' ? staffToken : token;
  // The payload goes as the text JSON.stringify makes: a lone surrogate becomes the escape \ud800.
  return api.call(row.method, url, caller, row.body ? (fill(row.body, bad) as Record<string, unknown>) : undefined);
}

/** What a refused input must not change: the rows every route of the table could write. */
async function snapshot(): Promise<Record<string, unknown>> {
  const count = async (table: string) => Number((await t.db(table).count({ n: '*' }).first())!.n);
  const tables = [
    'conversation_messages',
    'conversation_escalations',
    'conversation_quality',
    'conversation_files',
    'kb_cards',
    'notifications',
    'conversation_feedback',
  ];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await count(n)])));
  const contact = await t.db('contacts').where({ id: w.ids.contactId }).first('extra_data', 'updated_at');
  const cards = await t.db('kb_cards').where({ brand_id: w.ids.brandId }).orderBy('id').select('title', 'content');
  const escalation = await t.db('conversation_escalations').where({ id: w.ids.escalationId }).first();
  const user = await t.db('users').where({ id: w.user.id }).first('auth');
  return { counts, contact, cards, escalation, user };
}

describe('a NUL byte or a lone surrogate in any text of the brand API answers 400 naming the field', () => {
  // A URL cannot carry a lone surrogate (UTF-8 has no bytes for one): URL rows run with NUL only.
  const cases = ROWS.flatMap((row) => [
    { ...row, bad: NUL, label: `${row.name} with NUL` },
    ...(row.body ? [{ ...row, bad: SURROGATE, label: `${row.name} with a lone surrogate` }] : []),
  ]);

  it.each(cases)('$label: 400, the field named, nothing changed', async (row) => {
    const before = await snapshot();
    const answer = await send(row, row.bad);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.kind).toBe('invalid_input');
    expect(answer.json().error.message).toContain(`${row.field} contains characters that are not allowed`);
    expect(await snapshot()).toEqual(before);
  });

  it("reads a surrogate's UTF-8 bytes in a URL as the text they are, never as a surrogate", async () => {
    const before = await snapshot();
    for (const row of ROWS.filter((r) => !r.body)) {
      const answer = await send(row, SURROGATE);
      // A query string keeps undecodable bytes as their literal text; a path refuses them.
      const expected = row.url.includes('?') && row.field !== 'token' ? 200 : 400;
      expect(answer.statusCode, `${row.name}: ${answer.body}`).toBe(expected);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('still takes the same inputs without the bad character', async () => {
    const fine = await api.get(`/api/brands/${w.ids.brandId}/contacts?q=Given`, token);
    expect(fine.statusCode, fine.body).toBe(200);
    const note = await api.call('PUT', `/api/brands/${w.ids.brandId}/contacts/${w.ids.contactId}/note`, token, {
      note: 'Prefers texts — 日本 😀',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().note).toBe('Prefers texts — 日本 😀');
  });
});
