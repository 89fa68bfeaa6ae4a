/**
 * The brand API's analytics routes through the whole server, on the analytics seed (seed.ts):
 * each report answers the figures worked out by hand there for a member of brand A, the workflow
 * list carries each workflow's stats, and the staff lists answer 403 to a brand user and 200 to
 * staff.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addTenantMember, createUser } from '../factories/accounts.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let s: Seeded;
let token: string;
let staffToken: string;
let staffIds: number[];

const PERIOD = 'from=2026-11-10&to=2026-11-16';

beforeAll(async () => {
  s = await seedAnalytics(t.db);
  const { tenant_id: tenantId } = await t.db('brands').where({ id: s.brandA }).first('tenant_id');
  const member = await createUser(t.db);
  await addTenantMember(t.db, { tenantId: Number(tenantId), userId: member.id });
  token = await api.login(member.email);
  const staff = await createUser(t.db, { is_staff: true, role: 'admin' });
  staffToken = await api.login(staff.email, 'admin');
  const rows = await t
    .db('users')
    .where({ is_staff: true })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  staffIds = rows.map((r) => Number(r.id));
});

const get = async (path: string, as = token) => {
  const answer = await api.get(path, as);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const brandPath = (report: string, query = PERIOD) => `/api/brands/${s.brandA}/stats/${report}?${query}`;
type Item = { id: string; current: unknown; previous: unknown; change?: unknown };
const byId = (items: Item[]) => Object.fromEntries(items.map((x) => [x.id, [x.current, x.previous]]));

describe('the analytics routes answer the seeded figures to a member of the brand', () => {
  it('GET …/stats/brand: every metric against the previous week, and the chart', async () => {
    const stats = await get(brandPath('brand', `${PERIOD}&chart=true`));
    expect(stats.timezone).toBe('America/Los_Angeles');
    expect(stats.current).toMatchObject({ from: '2026-11-10T08:00:00.000Z', days: 7, granularity: 'day' });
    expect(stats.previous).toMatchObject({ from_day: '2026-11-03', to_day: '2026-11-09' });
    expect(byId(stats.metrics)).toMatchObject({
      conversations_started: [5, 2],
      texts_sent: [6, 1],
      replies: [2, 1],
      orders: [4, 1],
      sales: ['250.00', '60.00'],
      recovered_orders: [1, 1],
      recovered_sales: ['100.00', '60.00'],
      revenue_per_text: ['16.67', '60.00'],
    });
    expect(stats.metrics[0].definition).toMatch(/\.$/);
    expect(stats.series).toHaveLength(7);
    expect(stats.series[0]).toMatchObject({ key: '2026-11-10', start: '2026-11-10T08:00:00.000Z' });
    const w2 = await get(brandPath('brand', `${PERIOD}&workflow_id=${s.w2}`));
    expect(byId(w2.metrics).conversations_started).toEqual([1, 0]);
    expect(w2.series).toBeUndefined();
  });

  it('GET …/stats/daily: the metrics per bucket, granularity forced or by range', async () => {
    const daily = await get(brandPath('daily'));
    expect(daily.granularity).toBe('day');
    expect(daily.points.map((p: { values: Record<string, unknown> }) => p.values.conversations_started)).toEqual([
      1, 0, 1, 1, 1, 0, 1,
    ]);
    const weekly = await get(brandPath('daily', `${PERIOD}&granularity=week`));
    expect(weekly.granularity).toBe('week');
    const bad = await api.get(brandPath('daily', `${PERIOD}&granularity=fortnight`), token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('granularity');
  });

  it('GET …/stats/funnel: candidates to recovered, with outcomes and orders', async () => {
    const funnel = await get(brandPath('funnel'));
    expect(byId(funnel.steps)).toEqual({
      candidates: [8, 3],
      started: [5, 2],
      sent: [3, 2],
      delivered: [2, 2],
      clicked: [1, 1],
      replied: [2, 1],
      recovered: [1, 1],
    });
    expect(funnel.filters).toEqual({ workflow_id: null, is_historical: null });
    // No conversation of the seed is about a historical checkout.
    const live = await get(brandPath('funnel', `${PERIOD}&is_historical=false`));
    expect([byId(live.steps).started![0], live.filters.is_historical]).toEqual([5, false]);
    const historical = await get(brandPath('funnel', `${PERIOD}&is_historical=true`));
    expect([byId(historical.steps).started![0], historical.filters.is_historical]).toEqual([0, true]);
  });

  it('GET …/stats/conversations: visible by default, hidden or all on request', async () => {
    const visible = await get(brandPath('conversations'));
    expect(byId(visible.stats)).toEqual({ count: [2, 1], sent_count: [1, 1], reply_count: [2, 1], reply_rate: [1, 1] });
    const hidden = await get(brandPath('conversations', `${PERIOD}&is_hidden=true`));
    expect(byId(hidden.stats).count).toEqual([3, 1]);
    const all = await get(brandPath('conversations', `${PERIOD}&is_hidden=all&chart=true`));
    expect(all.filters.is_hidden).toBeNull();
    expect(byId(all.stats).count).toEqual([5, 2]);
    expect(all.series).toHaveLength(7);
  });

  it('GET …/stats/workflows: each workflow, and another brand\'s workflow is "Flow not found"', async () => {
    const list = await get(brandPath('workflows'));
    expect(list.workflows.map((w: { workflow: { id: number } }) => w.workflow.id)).toEqual([s.w1, s.w2]);
    expect(byId(list.workflows[0].steps)).toMatchObject({ candidates: [6, 3], started: [3, 2], recovered: [1, 1] });
    expect(byId(list.workflows[1].outcomes)).toMatchObject({ duplicate: [1, 0], quiet_hours_held: [1, 0] });
    const one = await get(brandPath('workflows', `${PERIOD}&workflow_id=${s.w2}`));
    expect(one.workflows).toHaveLength(1);
    const theirs = await t.db('workflows').where({ brand_id: s.brandB }).first('id');
    const other = await api.get(brandPath('workflows', `${PERIOD}&workflow_id=${theirs?.id ?? 999_999_999}`), token);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Flow not found');
  });

  it('GET …/stats/live: conversations, orders and events with masked numbers', async () => {
    const feed = await get(`/api/brands/${s.brandA}/stats/live`);
    const { c1, c2, c3, c4, c5, p1, p2 } = s.conversations;
    expect(feed.conversations.map((c: { id: number; state: string }) => [c.id, c.state])).toEqual([
      [c4, 'messaged'],
      [c3, 'pending'],
      [c5, 'pending'],
      [c2, 'messaged'],
      [c1, 'recovered'],
      [p2, 'messaged'],
      [p1, 'recovered'],
    ]);
    for (const c of feed.conversations) expect(c.phone).toMatch(/^\+1\d{3}\*\*\*\d{4}$/);
    expect(feed.states).toEqual(['pending', 'recovered', 'messaged']);
    expect(feed.orders.length).toBeGreaterThan(0);
    expect(feed.events.map((e: { id: number }) => e.id)).toContain(s.events.recovered);
  });

  it('GET …/stats/kb: cards by status and source, and escalations of the period', async () => {
    expect(await get(brandPath('kb'))).toMatchObject({
      total: 4,
      published: 2,
      unpublished: 1,
      draft: 1,
      by_source: { manual: 2, flow: 1, escalation: 1, import: 0 },
      created_in_period: 1,
      updated_in_period: 2,
      escalations_in_period: 2,
      escalations_added_to_kb: 1,
      period: { from_day: '2026-11-10', to_day: '2026-11-16' },
    });
  });

  it("GET …/workflows: the list carries each workflow's funnel for the period", async () => {
    const list = await get(`/api/brands/${s.brandA}/workflows?${PERIOD}`);
    const w1 = list.items.find((w: { id: number }) => w.id === s.w1);
    expect(w1.stats.current).toMatchObject({ from_day: '2026-11-10', to_day: '2026-11-16' });
    expect(byId(w1.stats.steps)).toMatchObject({ started: [3, 2], sent: [3, 2], recovered: [1, 1] });
    expect(byId(w1.stats.orders)).toMatchObject({ recovered_sales: ['100.00', '60.00'] });
  });

  it('a bad day or time zone is a 400 naming it', async () => {
    const day = await api.get(brandPath('brand', 'from=2026-13-01'), token);
    expect(day.statusCode).toBe(400);
    expect(day.json().error.message).toContain('from');
    const zone = await api.get(brandPath('brand', `${PERIOD}&tz=Mars/Olympus`), token);
    expect(zone.statusCode).toBe(400);
  });
});

describe('the staff lists are staff only', () => {
  it('GET /api/staff/brands: 403 for a brand user, brands by earnings for staff', async () => {
    const refused = await api.get('/api/staff/brands', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only staff can do this');
    const list = await get(`/api/staff/brands?search=${encodeURIComponent(s.tag)}`, staffToken);
    expect(list).toMatchObject({ total: 2, offset: 0, limit: 100 });
    expect(list.items.map((b: { id: number; total_earnings: string }) => [b.id, b.total_earnings])).toEqual([
      [s.brandB, '1000.00'],
      [s.brandA, '660.00'],
    ]);
    const ranged = await get(
      `/api/staff/brands?search=${encodeURIComponent(s.tag)}&from=2026-11-03&to=2026-11-16&limit=1&offset=1`,
      staffToken,
    );
    expect(ranged.items.map((b: { id: number; total_earnings: string }) => [b.id, b.total_earnings])).toEqual([
      [s.brandA, '160.00'],
    ]);
  });

  it('GET /api/staff/members: 403 for a brand user, the staff members oldest first for staff', async () => {
    expect((await api.get('/api/staff/members', token)).statusCode).toBe(403);
    const members = await get('/api/staff/members?limit=100', staffToken);
    expect(members.total).toBe(staffIds.length);
    expect(members.items.map((u: { id: number }) => u.id)).toEqual(staffIds);
    expect(Object.keys(members.items[0]).sort()).toEqual(
      ['created_at', 'email', 'family_name', 'given_name', 'id', 'role', 'state'].sort(),
    );
  });
});
