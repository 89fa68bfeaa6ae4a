import { beforeAll, describe, expect, it } from 'vitest';
import {
  createNotification,
  getNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_MESSAGES,
  unreadNotificationCount,
  updateNotification,
  type Notification,
} from '../../src/notifications/index.ts';
import { addTenantMember, createUser } from '../factories/accounts.ts';
import { createBrand } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

interface World {
  brandA: { id: number; tenant_id: number };
  brandB: { id: number; tenant_id: number };
  users: Record<'alice' | 'carol' | 'ivan' | 'bob' | 'staff', number>;
  sent: Record<'user' | 'tenant' | 'global' | 'staff' | 'brand', Notification>;
}
let w: World;

const titles = async (userId: number, filter?: 'all' | 'unread' | 'announcement' | 'system') =>
  (await listNotifications(t.db, { userId, filter, limit: 100 })).items.map((n) => n.title).sort();

beforeAll(async () => {
  const brandA = await createBrand(t.db, { name: 'Northwind' });
  const brandB = await createBrand(t.db, { name: 'Contoso' });
  const alice = (await createUser(t.db)).id;
  const carol = (await createUser(t.db)).id;
  const ivan = (await createUser(t.db)).id;
  const bob = (await createUser(t.db)).id;
  const staff = (await createUser(t.db, { is_staff: true })).id;
  await addTenantMember(t.db, { tenantId: brandA.tenant_id, userId: alice });
  await addTenantMember(t.db, { tenantId: brandA.tenant_id, userId: carol });
  await addTenantMember(t.db, { tenantId: brandA.tenant_id, userId: ivan, state: 'invited', activated: false });
  await addTenantMember(t.db, { tenantId: brandB.tenant_id, userId: bob });
  const send = (input: Parameters<typeof createNotification>[1]) => createNotification(t.db, input);
  const sent = {
    user: await send({ type: 'system', title: 'For Alice', body: 'Only you.', userId: alice }),
    tenant: await send({ type: 'announcement', title: 'For Northwind', tenantId: brandA.tenant_id }),
    global: await send({ type: 'announcement', title: 'For everyone' }),
    staff: await send({ type: 'system', title: 'For staff', audience: 'staff' }),
    brand: await send({ type: 'reminder', title: 'For Contoso', brandId: brandB.id }),
  };
  w = { brandA, brandB, users: { alice, carol, ivan, bob, staff }, sent };
});

describe('notification visibility: user-, tenant- and globally addressed', () => {
  it('records each address as sent: a brand alone addresses its tenant, never everyone', () => {
    expect(w.sent.user).toMatchObject({ audience: 'user', user_id: w.users.alice, tenant_id: null });
    expect(w.sent.tenant).toMatchObject({ audience: 'tenant', user_id: null, tenant_id: w.brandA.tenant_id });
    expect(w.sent.global).toMatchObject({ audience: 'global', user_id: null, tenant_id: null, brand_id: null });
    expect(w.sent.staff).toMatchObject({ audience: 'staff', user_id: null, tenant_id: null });
    expect(w.sent.brand).toMatchObject({ audience: 'tenant', tenant_id: w.brandB.tenant_id, brand_id: w.brandB.id });
  });

  it.each([
    ['alice (addressed, active member of Northwind)', 'alice', ['For Alice', 'For Northwind', 'For everyone']],
    ['carol (active member of Northwind)', 'carol', ['For Northwind', 'For everyone']],
    ['ivan (invited, not yet active, at Northwind)', 'ivan', ['For everyone']],
    ['bob (active member of Contoso)', 'bob', ['For Contoso', 'For everyone']],
    ['a staff user (member of no tenant)', 'staff', ['For everyone', 'For staff']],
  ] as const)('%s sees exactly what is addressed to them', async (_label, who, expected) => {
    expect(await titles(w.users[who])).toEqual([...expected].sort());
  });

  it("one that is not the user's answers 'Notification not found', exactly like a missing one", async () => {
    await expect(getNotification(t.db, { id: w.sent.user.id, userId: w.users.carol })).rejects.toThrow(
      NOTIFICATION_MESSAGES.notFound,
    );
    await expect(markNotificationRead(t.db, { id: w.sent.staff.id, userId: w.users.alice })).rejects.toThrow(
      NOTIFICATION_MESSAGES.notFound,
    );
    await expect(getNotification(t.db, { id: 987_654_321, userId: w.users.alice })).rejects.toThrow(
      NOTIFICATION_MESSAGES.notFound,
    );
    expect((await getNotification(t.db, { id: w.sent.staff.id, userId: w.users.staff })).title).toBe('For staff');
  });

  it('a member who is suspended stops seeing the tenant’s notifications', async () => {
    const dora = (await createUser(t.db)).id;
    const membership = await addTenantMember(t.db, { tenantId: w.brandA.tenant_id, userId: dora });
    expect(await titles(dora)).toContain('For Northwind');
    await t.db('tenant_users').where({ id: membership.id }).update({ state: 'suspended' });
    expect(await titles(dora)).toEqual(['For everyone']);
  });

  it('filters: unread, announcement, system', async () => {
    expect(await titles(w.users.alice, 'announcement')).toEqual(['For Northwind', 'For everyone']);
    expect(await titles(w.users.alice, 'system')).toEqual(['For Alice']);
    expect(await titles(w.users.staff, 'system')).toEqual(['For staff']);
  });
});

describe('notification read state is per user', () => {
  it('marking read is an upsert per user: the first read time stays, others still see it unread', async () => {
    const first = await markNotificationRead(t.db, { id: w.sent.tenant.id, userId: w.users.alice });
    expect(first).toMatchObject({ id: w.sent.tenant.id, is_read: true });
    const again = await markNotificationRead(t.db, { id: w.sent.tenant.id, userId: w.users.alice });
    expect(again.read_at).toBe(first.read_at);
    expect(await t.db('user_notifications').where({ notification_id: w.sent.tenant.id })).toHaveLength(1);

    expect((await getNotification(t.db, { id: w.sent.tenant.id, userId: w.users.alice })).is_read).toBe(true);
    expect((await getNotification(t.db, { id: w.sent.tenant.id, userId: w.users.carol })).is_read).toBe(false);
    expect(await titles(w.users.alice, 'unread')).toEqual(['For Alice', 'For everyone']);
    expect(await titles(w.users.carol, 'unread')).toEqual(['For Northwind', 'For everyone']);
  });

  it('the unread count follows, and mark all read clears only the caller’s', async () => {
    expect(await unreadNotificationCount(t.db, { userId: w.users.alice })).toEqual({ unread: 2 });
    expect(await unreadNotificationCount(t.db, { userId: w.users.bob })).toEqual({ unread: 2 });
    expect(await markAllNotificationsRead(t.db, { userId: w.users.alice })).toEqual({ marked: 2 });
    expect(await unreadNotificationCount(t.db, { userId: w.users.alice })).toEqual({ unread: 0 });
    expect(await titles(w.users.alice, 'unread')).toEqual([]);
    expect(await markAllNotificationsRead(t.db, { userId: w.users.alice })).toEqual({ marked: 0 });
    // Read by Alice, the global one is still unread for Bob, and the tenant one for Carol.
    expect(await unreadNotificationCount(t.db, { userId: w.users.bob })).toEqual({ unread: 2 });
    expect(await unreadNotificationCount(t.db, { userId: w.users.carol })).toEqual({ unread: 2 });
    // A new notification after "mark all" is unread again.
    await createNotification(t.db, { type: 'security', title: 'New sign-in', userId: w.users.alice });
    expect(await unreadNotificationCount(t.db, { userId: w.users.alice })).toEqual({ unread: 1 });
  });
});

describe('notification list paging', () => {
  it('pages newest first, 10 by default, with the total', async () => {
    const user = (await createUser(t.db)).id;
    for (let i = 1; i <= 12; i += 1)
      await createNotification(t.db, { type: 'reminder', title: `Reminder ${i}`, userId: user });
    const first = await listNotifications(t.db, { userId: user, filter: 'system' });
    expect(first.total).toBe(0);
    const page = await listNotifications(t.db, { userId: user });
    // 12 of the user's own and the one global notification.
    expect(page.total).toBe(13);
    expect(page.items).toHaveLength(10);
    expect(page.items[0]!.title).toBe('Reminder 12');
    const rest = await listNotifications(t.db, { userId: user, offset: 10 });
    expect(rest.items.map((n) => n.title)).toEqual(['Reminder 2', 'Reminder 1', 'For everyone']);
  });
});

describe('creating and updating notifications', () => {
  it('update changes the text, not the address', async () => {
    const updated = await updateNotification(t.db, { id: w.sent.user.id, title: 'For Alice (edited)', body: null });
    expect(updated).toMatchObject({ title: 'For Alice (edited)', body: null, user_id: w.users.alice });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(w.sent.user.updated_at));
  });

  it.each([
    [
      'an unknown notification',
      () => updateNotification(t.db, { id: 987_654_321, title: 'x' }),
      'Notification not found',
    ],
    ['an unknown user', () => listNotifications(t.db, { userId: 987_654_321 }), 'User not found'],
    [
      'a user and a tenant at once',
      () =>
        createNotification(t.db, { type: 'system', title: 'x', userId: w.users.alice, tenantId: w.brandA.tenant_id }),
      NOTIFICATION_MESSAGES.oneAddress,
    ],
    [
      'a staff notification to a tenant',
      () => createNotification(t.db, { type: 'system', title: 'x', audience: 'staff', tenantId: w.brandA.tenant_id }),
      NOTIFICATION_MESSAGES.staffUnaddressed,
    ],
    [
      "a brand that is not the tenant's",
      () =>
        createNotification(t.db, { type: 'system', title: 'x', tenantId: w.brandA.tenant_id, brandId: w.brandB.id }),
      'Brand not found',
    ],
    [
      'an unknown tenant',
      () => createNotification(t.db, { type: 'system', title: 'x', tenantId: 987_654_321 }),
      'Tenant not found',
    ],
    [
      'an unknown type',
      () => createNotification(t.db, { type: 'promo' as 'system', title: 'x' }),
      'Invalid input: type:',
    ],
    ['an unknown filter', () => listNotifications(t.db, { userId: w.users.alice, filter: 'old' as 'all' }), 'filter'],
  ])('refuses %s', async (_label, call, message) => {
    await expect(call()).rejects.toThrow(message);
  });
});
