import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { sendDueMessages } from '../../src/messaging/index.ts';
import { zonedInstant } from '../../src/messaging/rules.ts';
import { createBrand, createCart, createIntegration } from '../factories/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { BODY, outgoingMessages } from './send-seed.ts';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const CHI = 'America/Chicago';
const HOUR = 3_600_000;

const t = useTestDatabase();
let ctx: AppContext;
let shopify: FakeShopify;

beforeAll(async () => {
  shopify = await FakeShopify.start();
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: shopify.url });
});
afterAll(async () => {
  await shopify.close();
});

const { seedMessage, message } = outgoingMessages(t);

describe('the compliance matrix, end to end through the send job (outbox)', () => {
  const day = (tz: string, hour: number, minute: number, d = 15): Date => zonedInstant(tz, 2026, 7, d, hour, minute);
  const recipients = [
    { who: 'Los Angeles', phone: '+13105550111', tz: LA, texas: false, strict: false },
    { who: 'New York', phone: '+12125550111', tz: NY, texas: false, strict: false },
    { who: 'Florida', phone: '+13055550111', tz: NY, texas: false, strict: true },
    { who: 'Texas, brand without texas_compliance', phone: '+12145550111', tz: CHI, texas: false, strict: false },
    { who: 'Texas, brand with texas_compliance', phone: '+12145550112', tz: CHI, texas: true, strict: false },
    { who: 'non-US', phone: '+447700900111', tz: LA, texas: false, strict: false },
  ];
  const times: Array<[number, number]> = [
    [7, 59],
    [8, 0],
    [20, 0],
    [20, 59],
    [21, 0],
  ];
  const cases = recipients.flatMap((r) => times.map(([h, m]) => ({ ...r, h, m, at: day(r.tz, h, m) })));

  /** What the rules say for each recipient and local time. */
  function expected(c: (typeof cases)[number]): { status: string; reason?: string; until?: Date } {
    if (c.who === 'non-US') return { status: 'agent_skipped', reason: 'non_us_number' };
    if (c.who === 'Texas, brand without texas_compliance') return { status: 'agent_skipped', reason: 'texas' };
    const minute = c.h * 60 + c.m;
    if (minute < 8 * 60) return { status: 'auto_queued', reason: 'quiet_hours', until: day(c.tz, 8, 0) };
    if (minute >= 21 * 60) return { status: 'auto_queued', reason: 'quiet_hours', until: day(c.tz, 8, 0, 16) };
    if (c.strict && minute >= 20 * 60)
      return { status: 'auto_queued', reason: 'state_quiet_hours', until: day(c.tz, 8, 0, 16) };
    return { status: 'sent' };
  }

  it('every message is sent, held or skipped exactly as the rules say', async () => {
    const brands = {
      plain: (await createBrand(t.db)).id,
      texas: (await createBrand(t.db, { extra_data: { texas_compliance: true } })).id,
    };
    const seeded = [];
    for (const c of cases)
      seeded.push({
        c,
        ...(await seedMessage(c.texas ? brands.texas : brands.plain, { phone: c.phone, scheduledFor: c.at })),
      });
    seeded.sort((a, b) => a.c.at.getTime() - b.c.at.getTime());
    const checked: string[] = [];
    for (const s of seeded) {
      await sendDueMessages(ctx, { now: s.c.at });
      const row = await message(s.messageId);
      const want = expected(s.c);
      const label = `${s.c.who} at ${s.c.h}:${String(s.c.m).padStart(2, '0')}`;
      expect(row.status, label).toBe(want.status);
      if (want.status === 'sent') {
        expect(row, label).toMatchObject({
          sent_at: s.c.at,
          provider: 'outbox',
          provider_message_id: `outbox-${s.messageId}`,
          segments: 1,
          encoding: 'GSM-7',
          status_reason: null,
        });
      } else if (want.status === 'agent_skipped') {
        expect(row.extra_data.skip_reason, label).toBe(want.reason);
        expect(row.sent_at, label).toBeNull();
      } else {
        expect(row.scheduled_for, label).toEqual(want.until);
        expect(row.status_reason, label).toMatch(new RegExp(`^${want.reason}: `));
        expect(row.extra_data.hold, label).toMatchObject({
          reason: want.reason,
          time_zone: s.c.tz,
          time_zone_source: 'area_code',
        });
        expect(row.sent_at, label).toBeNull();
      }
      checked.push(`${label}: ${row.status}`);
    }
    expect(checked).toHaveLength(30);
  });

  it("Florida's fourth marketing text in 24 h is held until the oldest of the three is 24 h old", async () => {
    const brandId = (await createBrand(t.db)).id;
    const noon = day(NY, 12, 0, 20);
    const phone = '+13055550122';
    const earlier = [20, 10, 1];
    for (const hoursAgo of earlier) {
      const m = await seedMessage(brandId, { phone, scheduledFor: new Date(noon.getTime() - hoursAgo * HOUR) });
      await t
        .db('conversation_messages')
        .where({ id: m.messageId })
        .update({ status: 'sent', sent_at: new Date(noon.getTime() - hoursAgo * HOUR) });
    }
    const fourth = await seedMessage(brandId, { phone, scheduledFor: noon });
    await sendDueMessages(ctx, { now: noon });
    expect(await message(fourth.messageId)).toMatchObject({
      status: 'auto_queued',
      scheduled_for: day(NY, 16, 0, 20),
      sent_at: null,
    });
    expect((await message(fourth.messageId)).status_reason).toMatch(
      /^state_daily_limit: FL allows 3 marketing texts per 24 h/,
    );
    await sendDueMessages(ctx, { now: day(NY, 16, 0, 20) });
    expect(await message(fourth.messageId)).toMatchObject({ status: 'sent', sent_at: day(NY, 16, 0, 20) });
  });

  it('four texts due at once to one Florida number: three go out, the fourth waits 24 h', async () => {
    const brandId = (await createBrand(t.db)).id;
    const at = day(NY, 10, 0, 22);
    const seeded = [];
    for (let i = 0; i < 4; i += 1)
      seeded.push(
        await seedMessage(brandId, { phone: '+13055550133', scheduledFor: new Date(at.getTime() - (4 - i) * 1000) }),
      );
    await sendDueMessages(ctx, { now: at });
    const rows = await Promise.all(seeded.map((s) => message(s.messageId)));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'auto_queued']);
    expect(rows[3].scheduled_for).toEqual(new Date(at.getTime() + 24 * HOUR));
  });
});

describe('quiet hours', () => {
  it('a message due at 22:30 recipient time is sent at 08:00 their time, not before', async () => {
    const brandId = (await createBrand(t.db, { timezone: NY })).id;
    const due = zonedInstant(LA, 2026, 8, 10, 22, 30);
    const { messageId } = await seedMessage(brandId, { phone: '+14155550144', scheduledFor: due });
    const eight = zonedInstant(LA, 2026, 8, 11, 8, 0);

    await sendDueMessages(ctx, { now: due });
    expect(await message(messageId)).toMatchObject({ status: 'auto_queued', scheduled_for: eight, sent_at: null });
    expect((await message(messageId)).status_reason).toBe(
      'quiet_hours: 22:30 in America/Los_Angeles (area code, CA) is outside 08:00-21:00; held until 08:00 in America/Los_Angeles (area code, CA)',
    );

    await sendDueMessages(ctx, { now: new Date(eight.getTime() - 60_000) });
    expect(await message(messageId)).toMatchObject({ status: 'auto_queued', sent_at: null, provider_message_id: null });

    await sendDueMessages(ctx, { now: eight });
    expect(await message(messageId)).toMatchObject({
      status: 'sent',
      sent_at: eight,
      provider_message_id: `outbox-${messageId}`,
    });
  });

  it("the channel's own time zone decides over the area code", async () => {
    const brandId = (await createBrand(t.db)).id;
    // 9:00 in New York, 6:00 for this New Yorker whose channel says Los Angeles.
    const now = zonedInstant(NY, 2026, 8, 12, 9, 0);
    const { messageId } = await seedMessage(brandId, {
      phone: '+12125550155',
      scheduledFor: now,
      channel: { extra_data: { timezone: LA } },
    });
    await sendDueMessages(ctx, { now });
    expect(await message(messageId)).toMatchObject({
      status: 'auto_queued',
      scheduled_for: zonedInstant(LA, 2026, 8, 12, 8, 0),
    });
  });

  it('transactional messages ignore quiet hours', async () => {
    const brandId = (await createBrand(t.db)).id;
    const now = zonedInstant(LA, 2026, 8, 12, 23, 45);
    const { messageId } = await seedMessage(brandId, { phone: '+13105550166', scheduledFor: now, isMarketing: false });
    await sendDueMessages(ctx, { now });
    expect(await message(messageId)).toMatchObject({ status: 'sent', sent_at: now });
  });
});

describe('what is never sent', () => {
  const noon = zonedInstant(LA, 2026, 9, 1, 12, 0);

  it.each([
    ['unsubscribed', { status: 'unsubscribed' }, 'the channel is unsubscribed'],
    ['blocked by an agent', { status: 'unsubscribed', extra_data: { blocked: true } }, 'the channel is blocked'],
  ])(
    "an %s channel's queued message becomes agent_skipped with skip_reason 'unsubscribed'",
    async (_name, channel, reason) => {
      const brandId = (await createBrand(t.db)).id;
      const { messageId } = await seedMessage(brandId, { phone: '+13105550177', scheduledFor: noon, channel });
      await t.db('conversation_messages').where({ id: messageId }).update({ status: 'queued' });
      const result = await sendDueMessages(ctx, { now: noon });
      expect(result.skipped).toBeGreaterThanOrEqual(1);
      const row = await message(messageId);
      expect(row).toMatchObject({
        status: 'agent_skipped',
        sent_at: null,
        provider_message_id: null,
        status_reason: `unsubscribed: ${reason}`,
      });
      expect(row.extra_data.skip_reason).toBe('unsubscribed');
      await sendDueMessages(ctx, { now: new Date(noon.getTime() + 24 * HOUR) });
      expect(await message(messageId)).toMatchObject({ status: 'agent_skipped', sent_at: null });
    },
  );

  it('a cart reminder that would wait past 48 h after the cart is skipped; one for a bought cart too', async () => {
    const brandId = (await createBrand(t.db)).id;
    const integration = await createIntegration(t.db, brandId);
    const late = zonedInstant(LA, 2026, 9, 2, 22, 30);
    const oldCart = await createCart(t.db, {
      brandId,
      integrationId: integration.id,
      remote_updated_at: new Date(late.getTime() - 47 * HOUR),
    });
    const freshCart = await createCart(t.db, {
      brandId,
      integrationId: integration.id,
      remote_updated_at: new Date(late.getTime() - 2 * HOUR),
    });
    const boughtCart = await createCart(t.db, {
      brandId,
      integrationId: integration.id,
      state: 'complete',
      remote_updated_at: new Date(late.getTime() - 2 * HOUR),
    });
    const expired = await seedMessage(brandId, {
      phone: '+13105550181',
      scheduledFor: late,
      conversation: { cart_id: oldCart.id },
    });
    const held = await seedMessage(brandId, {
      phone: '+13105550182',
      scheduledFor: late,
      conversation: { cart_id: freshCart.id },
    });
    const bought = await seedMessage(brandId, {
      phone: '+13105550183',
      scheduledFor: late,
      conversation: { cart_id: boughtCart.id },
    });
    await sendDueMessages(ctx, { now: late });
    const expiredRow = await message(expired.messageId);
    expect(expiredRow).toMatchObject({ status: 'agent_skipped', sent_at: null });
    expect(expiredRow.extra_data.skip_reason).toBe('cart_reminder_expired');
    expect(expiredRow.status_reason).toMatch(/more than 48 h after the cart/);
    expect(await message(held.messageId)).toMatchObject({
      status: 'auto_queued',
      scheduled_for: zonedInstant(LA, 2026, 9, 3, 8, 0),
    });
    expect((await message(bought.messageId)).extra_data.skip_reason).toBe('cart_completed');
  });

  it('a conversation without an SMS channel is skipped with the reason', async () => {
    const brandId = (await createBrand(t.db)).id;
    const [conv] = await t.db('conversations').insert({ brand_id: brandId }).returning<{ id: string }[]>('id');
    const [row] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brandId,
        conversation_id: conv!.id,
        body: BODY,
        direction: 'outgoing',
        status: 'queued',
        scheduled_for: noon,
      })
      .returning<{ id: string }[]>('id');
    await sendDueMessages(ctx, { now: noon });
    expect((await message(Number(row!.id))).extra_data.skip_reason).toBe('channel_missing');
  });
});

describe('several workers, and a worker that dies', () => {
  it('two send jobs at once send every due message exactly once', async () => {
    const brandId = (await createBrand(t.db)).id;
    const now = zonedInstant(LA, 2026, 9, 20, 12, 0);
    await sendDueMessages(ctx, { now }); // leftovers of earlier tests first
    const ids: number[] = [];
    for (let i = 0; i < 120; i += 1)
      ids.push((await seedMessage(brandId, { phone: `+1310555${String(1000 + i)}`, scheduledFor: now })).messageId);
    const [a, b] = await Promise.all([
      sendDueMessages(ctx, { now, batchSize: 25 }),
      sendDueMessages(ctx, { now, batchSize: 25 }),
    ]);
    expect(a.sent + b.sent).toBe(120);
    const rows = await t.db('conversation_messages').whereIn('id', ids).select('status', 'provider_message_id');
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(new Set(rows.map((r) => r.provider_message_id)).size).toBe(120);
  });

  it("a message left in 'sending' for over 10 minutes is queued again and sent", async () => {
    const brandId = (await createBrand(t.db)).id;
    const now = zonedInstant(LA, 2026, 9, 21, 12, 0);
    const { messageId } = await seedMessage(brandId, { phone: '+13105550999', scheduledFor: now });
    await t
      .db('conversation_messages')
      .where({ id: messageId })
      .update({ status: 'sending', updated_at: t.db.raw(`now() - interval '11 minutes'`) });
    const fresh = await seedMessage(brandId, { phone: '+13105550998', scheduledFor: now });
    await t.db('conversation_messages').where({ id: fresh.messageId }).update({ status: 'sending' });
    await sendDueMessages(ctx, { now });
    expect(await message(messageId)).toMatchObject({ status: 'sent', provider_message_id: `outbox-${messageId}` });
    // One still being sent by a live worker is left alone.
    expect(await message(fresh.messageId)).toMatchObject({ status: 'sending', sent_at: null });
  });
});
