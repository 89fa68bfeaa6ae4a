/**
 * The brand API's account routes: the brands list holds the brands the session may read (a
 * member's, a partner's, every brand for staff) with a total, and a brand's permissions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addPartnerMember, createPartner, createUser } from '../factories/accounts.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let a: World;
let b: World;
let c: World;
const tokens = { member: '', partner: '', staff: '' };

beforeAll(async () => {
  [a, b, c] = [await seedWorld(t.db, 'a'), await seedWorld(t.db, 'b'), await seedWorld(t.db, 'c')];
  tokens.member = await api.login(a.user.email);
  const partnerUser = await createUser(t.db, { role: 'partner' });
  const partner = await createPartner(t.db, { tenantIds: [b.ids.tenantId!, c.ids.tenantId!] });
  await addPartnerMember(t.db, { partnerId: partner.id, userId: partnerUser.id });
  tokens.partner = await api.login(partnerUser.email, 'admin');
  const staff = await createUser(t.db, { is_staff: true, role: 'admin' });
  tokens.staff = await api.login(staff.email, 'admin');
});

const ids = (answer: { json(): { items: Array<{ id: number }> } }) =>
  answer
    .json()
    .items.map((x) => x.id)
    .sort();

describe('GET /api/brands', () => {
  it("a member sees its tenant's brand, a partner its partner's brands, staff every brand", async () => {
    const member = await api.get('/api/brands', tokens.member);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({ total: 1, offset: 0, limit: 100 });
    expect(ids(member)).toEqual([a.ids.brandId]);
    expect(ids(await api.get('/api/brands', tokens.partner))).toEqual([b.ids.brandId, c.ids.brandId].sort());
    const staff = await api.get('/api/brands', tokens.staff);
    expect(staff.json().total).toBe(3);
    expect(ids(staff)).toEqual([a.ids.brandId, b.ids.brandId, c.ids.brandId].sort());
  });

  it('pages with the total and searches name or domain', async () => {
    const page = await api.get('/api/brands?limit=1&offset=1', tokens.staff);
    expect(page.json()).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(page.json().items).toHaveLength(1);
    expect(ids(await api.get(`/api/brands?q=shop-${c.tag}`, tokens.partner))).toEqual([c.ids.brandId]);
    expect((await api.get(`/api/brands?q=shop-${c.tag}`, tokens.member)).json()).toMatchObject({ total: 0, items: [] });
  });
});

describe('GET /api/brands/:brandId', () => {
  it("carries the currency the panel formats money in: the store's, else the latest order's", async () => {
    const brand = async () => (await api.get(`/api/brands/${a.ids.brandId}`, tokens.member)).json().brand;
    await t.db('orders').where({ brand_id: a.ids.brandId }).update({ currency: 'USD' });
    expect(await brand()).toMatchObject({ id: a.ids.brandId, currency: 'USD' });
    await t.db('orders').where({ id: a.ids.orderId }).update({ currency: 'EUR' });
    expect((await brand()).currency).toBe('EUR');
    const store = await t.db('brand_integrations').where({ brand_id: a.ids.brandId }).first('id', 'settings');
    await t
      .db('brand_integrations')
      .where({ id: store.id })
      .update({ settings: { ...store.settings, currency: 'cad' } });
    expect((await brand()).currency).toBe('CAD');
    await t.db('brand_integrations').where({ id: store.id }).update({ settings: store.settings });
  });
});

describe('GET /api/brands/:brandId/permissions', () => {
  it("lists the brand's features and access with their enabled flags", async () => {
    const answer = await api.get(`/api/brands/${a.ids.brandId}/permissions`, tokens.member);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      brand_id: a.ids.brandId,
      features: [
        { permission: `read:beta:feature-${a.tag}`, action: 'read', attribute: `beta:feature-${a.tag}`, enabled: true },
      ],
      access: [],
    });
  });
});
