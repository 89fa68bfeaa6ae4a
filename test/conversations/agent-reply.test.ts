/**
 * Agent replies: a brand user's text goes through the send job and the outbox provider with its
 * author recorded; conversational (the shopper wrote within 24 hours) or marketing decides the
 * clock rules; unsubscribed, blocked and non-+1 channels are refused with nothing stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { REPLY_REFUSALS, replyToConversation } from '../../src/conversations/index.ts';
import { createUser } from '../factories/accounts.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
let userId: number;
let integrationId: number;
const HOUR = 3_600_000;
/** 03:00 and 12:00 in Los Angeles (a 415 number's time zone). */
const NIGHT = new Date('2026-11-10T11:00:00Z');
const NOON = new Date('2026-11-10T20:00:00Z');

beforeAll(async () => {
  ctx = await t.context();
  brandId = (await createBrand(t.db, { timezone: 'America/Los_Angeles' })).id;
  userId = (await createUser(t.db)).id;
  integrationId = (await createIntegration(t.db, brandId)).id;
});

/** A hidden conversation with a subscribed (unless told) channel; the shopper wrote `wroteHoursAgo` before `at`. */
async function conversation({
  phone = usPhone('415'),
  channel = {},
  wroteHoursAgo,
  at = NIGHT,
  fields = {},
}: {
  phone?: string;
  channel?: Record<string, unknown>;
  wroteHoursAgo?: number;
  at?: Date;
  fields?: Record<string, unknown>;
}): Promise<number> {
  const { contact, channel: ch } = await createContact(t.db, brandId, { phone, channel });
  const [row] = await t
    .db('conversations')
    .insert({ brand_id: brandId, contact_id: contact.id, contact_channel_id: ch.id, is_hidden: true, ...fields })
    .returning('id');
  const id = Number(row.id);
  if (wroteHoursAgo !== undefined)
    await t.db('conversation_messages').insert({
      brand_id: brandId,
      conversation_id: id,
      body: 'Do you ship to Canada?',
      direction: 'incoming',
      status: 'received',
      is_marketing: false,
      created_at: new Date(at.getTime() - wroteHoursAgo * HOUR),
    });
  return id;
}

const messagesOf = (conversationId: number) =>
  t.db('conversation_messages').where({ conversation_id: conversationId, direction: 'outgoing' }).orderBy('id');

describe('agent reply', () => {
  it('is sent through the outbox for a subscribed channel, with its author, at any hour when the shopper wrote within 24 hours', async () => {
    const id = await conversation({ wroteHoursAgo: 2 });
    const result = await replyToConversation(
      ctx,
      { brandId, id, userId, body: ' We do, in 3-5 days. ' },
      { now: NIGHT },
    );
    expect(result).toMatchObject({ conversational: true, outcome: 'sent' });
    const [row] = await messagesOf(id);
    expect(row).toMatchObject({
      body: 'We do, in 3-5 days.',
      status: 'sent',
      provider: 'outbox',
      is_marketing: false,
      user_id: String(userId),
    });
    expect(row.provider_message_id).toBeTruthy();
    expect(result.message).toMatchObject({ id: Number(row.id), user_id: userId, status: 'sent' });
    const conv = await t.db('conversations').where({ id }).first();
    expect(conv).toMatchObject({ is_hidden: false, last_read_user_id: String(userId) });
    expect(conv.last_read_at).not.toBeNull();
  });

  it('is a marketing text when the shopper has not written for 24 hours: held for quiet hours at night', async () => {
    const id = await conversation({ wroteHoursAgo: 30 });
    const result = await replyToConversation(ctx, { brandId, id, userId, body: 'Still interested?' }, { now: NIGHT });
    expect(result).toMatchObject({ conversational: false, outcome: 'held' });
    const [row] = await messagesOf(id);
    expect(row).toMatchObject({ status: 'queued', is_marketing: true, user_id: String(userId) });
    expect(row.scheduled_for.toISOString()).toBe('2026-11-10T16:00:00.000Z');
    expect(row.status_reason).toMatch(/^quiet_hours: /);
  });

  it('a marketing reply in the daytime is sent, and the cart-reminder rules do not touch it', async () => {
    const cart = await t.db('carts').insert(
      {
        brand_id: brandId,
        brand_integration_id: integrationId,
        external_id: `cart-${Date.now()}`,
        state: 'complete',
        created_at: new Date(NOON.getTime() - 5 * 24 * HOUR),
      },
      ['id'],
    );
    const id = await conversation({ at: NOON, fields: { cart_id: cart[0].id } });
    const result = await replyToConversation(
      ctx,
      { brandId, id, userId, body: 'Thanks for your order!' },
      { now: NOON },
    );
    expect(result).toMatchObject({ conversational: false, outcome: 'sent' });
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'sent', is_marketing: true });
  });

  it.each([
    ['an unsubscribed channel', { channel: { status: 'unsubscribed' } }, REPLY_REFUSALS.channel_unsubscribed],
    [
      'a blocked channel',
      { channel: { status: 'unsubscribed', extra_data: { blocked: true } } },
      REPLY_REFUSALS.channel_blocked,
    ],
    ['a channel with the blocked status', { channel: { status: 'blocked' } }, REPLY_REFUSALS.channel_blocked],
    ['a number that is not +1', { phone: '+447700900123' }, REPLY_REFUSALS.non_us_number],
  ])('is refused for %s, with nothing stored', async (_name, setup, message) => {
    const id = await conversation({ ...setup, wroteHoursAgo: 1 });
    const before = await t.db('conversations').where({ id }).first();
    await expect(
      replyToConversation(ctx, { brandId, id, userId, body: 'Hello?' }, { now: NIGHT }),
    ).rejects.toMatchObject({ kind: 'conflict', message });
    expect(await messagesOf(id)).toEqual([]);
    expect(await t.db('conversations').where({ id }).first()).toEqual(before);
  });

  it('is refused without a channel, for an unknown user, another brand or an empty text', async () => {
    const [bare] = await t.db('conversations').insert({ brand_id: brandId }).returning('id');
    await expect(replyToConversation(ctx, { brandId, id: Number(bare.id), userId, body: 'Hi' })).rejects.toMatchObject({
      message: REPLY_REFUSALS.channel_missing,
    });
    const id = await conversation({ wroteHoursAgo: 1 });
    await expect(replyToConversation(ctx, { brandId, id, userId: 987654321, body: 'Hi' })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'User not found',
    });
    const other = (await createBrand(t.db)).id;
    await expect(replyToConversation(ctx, { brandId: other, id, userId, body: 'Hi' })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Conversation not found',
    });
    await expect(replyToConversation(ctx, { brandId, id, userId, body: '   ' })).rejects.toMatchObject({
      kind: 'invalid_input',
    });
    expect(await messagesOf(id)).toEqual([]);
  });
});
