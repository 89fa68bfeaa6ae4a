/**
 * The brand API's notification routes through the real server: the session's user reads and
 * marks only what it may see (its tenant's, its own, everyone's); another tenant's notification
 * answers 404 exactly like a missing one; the unread count and mark-all follow; sending one is
 * staff only (403 before the input is read).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ONLY } from '../../src/http/index.ts';
import { createNotification } from '../../src/notifications/index.ts';
import { createUser } from '../factories/accounts.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let a: World;
let b: World;
let tokenA: string;
let tokenB: string;
let staffToken: string;

beforeAll(async () => {
  a = await seedWorld(t.db, 'na');
  b = await seedWorld(t.db, 'nb');
  tokenA = await api.login(a.user.email);
  tokenB = await api.login(b.user.email);
  const staff = await createUser(t.db, { is_staff: true, role: 'admin' });
  staffToken = await api.login(staff.email, 'admin');
  await createNotification(t.db, { type: 'announcement', title: 'Welcome', userId: a.user.id });
});

const titles = (answer: { json(): { items: Array<{ title: string }> } }) => answer.json().items.map((n) => n.title);

describe("the session's user sees its own, its tenant's and everyone's notifications, and nothing of another tenant", () => {
  it('lists newest first with the read state, filters, and pages of 10', async () => {
    const list = await api.get('/api/notifications', tokenA);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, offset: 0, limit: 10 });
    expect(titles(list)).toEqual(['Welcome', `Notice ${a.tag}`]);
    expect(list.json().items[0]).toMatchObject({ audience: 'user', is_read: false, read_at: null });
    expect(list.body).not.toContain(b.tag);
    expect(titles(await api.get('/api/notifications?filter=announcement', tokenA))).toEqual(['Welcome']);
    expect(titles(await api.get('/api/notifications?filter=system', tokenA))).toEqual([`Notice ${a.tag}`]);
    expect((await api.get('/api/notifications?filter=other', tokenA)).statusCode).toBe(400);
    expect(titles(await api.get('/api/notifications?limit=1&offset=1', tokenA))).toEqual([`Notice ${a.tag}`]);
  });

  it("answers another tenant's notification 404 like a missing one, for reading and for marking", async () => {
    for (const path of ['', '/read']) {
      const theirs = await api.call(path ? 'POST' : 'GET', `/api/notifications/${b.ids.notificationId}${path}`, tokenA);
      const missing = await api.call(path ? 'POST' : 'GET', `/api/notifications/999999999${path}`, tokenA);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(missing.body);
      expect(theirs.json().error.message).toBe('Notification not found');
    }
    const bRead = await t.db('user_notifications').where({ notification_id: b.ids.notificationId });
    expect(bRead).toEqual([]);
  });

  it('marks one read for this user only, then all; the unread count follows', async () => {
    expect((await api.get('/api/notifications/unread-count', tokenA)).json()).toEqual({ unread: 2 });
    const read = await api.post(`/api/notifications/${a.ids.notificationId}/read`, tokenA);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().notification).toMatchObject({ id: a.ids.notificationId, is_read: true });
    expect((await api.get('/api/notifications/unread-count', tokenA)).json()).toEqual({ unread: 1 });
    expect(titles(await api.get('/api/notifications?filter=unread', tokenA))).toEqual(['Welcome']);
    expect((await api.post('/api/notifications/read-all', tokenA)).json()).toEqual({ marked: 1 });
    expect((await api.get('/api/notifications/unread-count', tokenA)).json()).toEqual({ unread: 0 });
    expect((await api.get('/api/notifications/unread-count', tokenB)).json()).toEqual({ unread: 1 });
  });
});

describe('POST /api/notifications is staff only', () => {
  it('refuses a brand user with 403 before reading the body, and sends nothing', async () => {
    const before = await t.db('notifications').count();
    for (const payload of [{ type: 'announcement', title: 'Sale!' }, { title: 42 }]) {
      const answer = await api.post('/api/notifications', tokenA, payload);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toMatchObject({ kind: 'forbidden', message: STAFF_ONLY });
    }
    expect(await t.db('notifications').count()).toEqual(before);
  });

  it('lets staff send to everyone (both tenants see it) and to staff (brand users do not)', async () => {
    const global = await api.post('/api/notifications', staffToken, {
      type: 'announcement',
      title: 'New dashboard',
      body: 'Stats moved to the home page.',
    });
    expect(global.statusCode, global.body).toBe(201);
    expect(global.json().notification).toMatchObject({ audience: 'global', user_id: null, tenant_id: null });
    const staffOnly = await api.post('/api/notifications', staffToken, {
      type: 'system',
      title: 'Billing sync lagging',
      audience: 'staff',
    });
    expect(staffOnly.json().notification.audience).toBe('staff');
    for (const token of [tokenA, tokenB]) {
      const seen = titles(await api.get('/api/notifications', token));
      expect(seen).toContain('New dashboard');
      expect(seen).not.toContain('Billing sync lagging');
    }
    expect(titles(await api.get('/api/notifications', staffToken))).toEqual(['Billing sync lagging', 'New dashboard']);
    const bad = await api.post('/api/notifications', staffToken, { type: 'system', title: 'x', user_id: 999999999 });
    expect(bad.statusCode).toBe(404);
  });
});
