/**
 * A small data set for the analytics tests, with every time fixed in November 2026, Los Angeles
 * (PST, UTC-8, after the 1 November change). The current period is 10-16 November, the previous
 * one 3-9 November. The expected figures are worked out by hand in analytics.test.ts from the
 * comments here.
 *
 * Brand A ("Analytics A <tag>"), workflows W1 (cart, discount prefix NW) and W2 (order):
 * - C1 (W1, visible), 10 Nov 10:00: m1 template (link + LR- code) delivered 10:05; m2 shopper
 *   "Do you ship to Canada?" 11:00; m3 agent reply sent 11:05. Link clicked 10:30 and 12:00.
 *   O1 (100.00, W1, billable, linked to C1) placed 11 Nov 09:00: recovered.
 * - C2 (W1, hidden), 12 Nov 15:00: m4 template with NW-QRSTUV (no link) undelivered 15:05; m5 STOP
 *   16:00; m6 the opt-out answer sent 16:00. O4 (80.00, contact of C2, no workflow) 14 Nov.
 * - C3 (W2, hidden), 14 Nov 20:00: m7 template queued and held for quiet hours; m8 agent_skipped.
 * - C4 (W1, hidden), 16 Nov 23:30 (17 Nov 07:30 UTC): m9, a 250-character text with a link (too
 *   long to be a template), delivered 23:40.
 * - C5 (no workflow, visible), 13 Nov 09:00: m10 shopper "What are your store hours?".
 * - P1 (W1, visible), 5 Nov 10:00: m11 template delivered 10:05, m12 reply 12:00; O6 (60.00, W1,
 *   complete, linked to P1) 6 Nov: recovered.
 * - P2 (W1, hidden), 9 Nov 23:00: m13 template delivered 10 Nov 08:30 (current period); its link
 *   clicked 10 Nov 09:00.
 * - O2 (50.00, recovered_at and billable but no workflow: not recovered) 12 Nov; O3 (30.00,
 *   cancelled) 13 Nov; O5 (20.00, pending) 15 Nov; O7 (500.00, recovered) 1 Oct.
 * - Flow events, current: W1 started x3, filtered_out, channel_missing, holdout; W2 triggered,
 *   duplicate. Previous: W1 started x2, channel_blocked.
 * - Goal events: recovered (O1, C1) 11 Nov, messaged (C2) 12 Nov, filtered_out 13 Nov, pending 14 Nov.
 * Brand B: one conversation, one recovered order of 1,000.00 on 12 Nov. Brand I (internal_testing):
 * a recovered order of 5,000.00.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/index.ts';
import { createBrand, createCart, createContact, createIntegration, createWorkflow } from '../factories/index.ts';
import { la, seedOrdersAndMore } from './seed-more.ts';

export { la };

type Row = Record<string, unknown>;

async function insert(db: Db, table: string, row: Row): Promise<number> {
  const [created] = await db(table).insert(row).returning('id');
  return Number((created as Row).id);
}

export const LONG_TEXT = `${'Thanks for stopping by! '.repeat(9)}Here it is: http://localhost:3000/r/LongLink1`;

export interface Seeded {
  tag: string;
  brandA: number;
  brandB: number;
  brandInternal: number;
  w1: number;
  w2: number;
  conversations: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5' | 'p1' | 'p2' | 'b1', number>;
  messages: Record<string, number>;
  orders: Record<'o1' | 'o2' | 'o3' | 'o4' | 'o5' | 'o6' | 'o7' | 'b', number>;
  carts: { c1: number; b: number };
  checkout: number;
  insights: { shipping: number; price: number };
  events: Record<'recovered' | 'messaged' | 'pending', number>;
  fileId: number;
}

export async function seedAnalytics(db: Db): Promise<Seeded> {
  const tag = randomBytes(3).toString('hex');
  const a = await createBrand(db, { name: `Analytics A ${tag}` });
  const b = await createBrand(db, { name: `Analytics B ${tag}` });
  const internal = await createBrand(db, { name: `Analytics Internal ${tag}`, industry: 'internal_testing' });
  const ia = await createIntegration(db, a.id);
  const ib = await createIntegration(db, b.id);
  const ii = await createIntegration(db, internal.id);
  const rule = await insert(db, 'discount_rules', {
    brand_id: a.id,
    type: 'percentage',
    value: 10,
    extra_data: { type: 'dynamic', code_prefix: 'NW' },
  });
  const w1 = (
    await createWorkflow(db, { brandId: a.id, type: 'cart', brand_integration_id: ia.id, discount_rule_id: rule })
  ).id;
  const w2 = (await createWorkflow(db, { brandId: a.id, name: 'Upsell', type: 'order', brand_integration_id: ia.id }))
    .id;

  const person = async (name: string) => {
    const { contact, channel } = await createContact(db, a.id, { given_name: name });
    return { contactId: contact.id, channelId: channel.id };
  };
  const [s1, s2, s3, s4, s5, s6, s7, s8, s9] = await Promise.all(
    ['Ava', 'Ben', 'Cam', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy'].map(person),
  );
  const cart = (contactId: number, state = 'abandoned', data: Row = {}) =>
    createCart(db, { brandId: a.id, integrationId: ia.id, contact_id: contactId, state, data });
  const cart1 = await cart(s1!.contactId, 'complete', { line_items: [{ title: 'Wool socks', quantity: 2 }] });
  const cart2 = await cart(s2!.contactId);
  const cart4 = await cart(s4!.contactId);
  const checkout = await insert(db, 'checkouts', {
    brand_id: a.id,
    brand_integration_id: ia.id,
    external_id: `co-${tag}`,
    cart_id: cart1.id,
    contact_id: s1!.contactId,
    state: 'recovered',
    total_price: '100.00',
    checkout_details: { email: 'ava@example.com', line_items: [{ title: 'Wool socks' }] },
  });

  const conversation = (row: Row) => insert(db, 'conversations', { brand_id: a.id, is_hidden: true, ...row });
  const c1 = await conversation({
    workflow_id: w1,
    contact_id: s1!.contactId,
    contact_channel_id: s1!.channelId,
    cart_id: cart1.id,
    is_hidden: false,
    created_at: la(10, '10:00'),
  });
  const c2 = await conversation({
    workflow_id: w1,
    contact_id: s2!.contactId,
    contact_channel_id: s2!.channelId,
    cart_id: cart2.id,
    created_at: la(12, '15:00'),
  });
  const c3 = await conversation({
    workflow_id: w2,
    contact_id: s3!.contactId,
    contact_channel_id: s3!.channelId,
    created_at: la(14, '20:00'),
  });
  const c4 = await conversation({
    workflow_id: w1,
    contact_id: s4!.contactId,
    contact_channel_id: s4!.channelId,
    cart_id: cart4.id,
    created_at: la(16, '23:30'),
  });
  const c5 = await conversation({
    workflow_id: null,
    contact_id: s5!.contactId,
    contact_channel_id: s5!.channelId,
    is_hidden: false,
    created_at: la(13, '09:00'),
  });
  const p1 = await conversation({
    workflow_id: w1,
    contact_id: s6!.contactId,
    contact_channel_id: s6!.channelId,
    is_hidden: false,
    created_at: la(5, '10:00'),
  });
  const p2 = await conversation({
    workflow_id: w1,
    contact_id: s7!.contactId,
    contact_channel_id: s7!.channelId,
    created_at: la(9, '23:00'),
  });

  const out = (conversationId: number, body: string, status: string, at: Date, extra: Row = {}, row: Row = {}) =>
    insert(db, 'conversation_messages', {
      brand_id: a.id,
      conversation_id: conversationId,
      body,
      direction: 'outgoing',
      status,
      sent_at: ['sent', 'delivered', 'undelivered'].includes(status) ? at : null,
      scheduled_for: at,
      created_at: at,
      extra_data: extra,
      ...row,
    });
  const incoming = (conversationId: number, body: string, at: Date, action = 'reply') =>
    insert(db, 'conversation_messages', {
      brand_id: a.id,
      conversation_id: conversationId,
      body,
      direction: 'incoming',
      status: 'received',
      is_marketing: false,
      created_at: at,
      extra_data: { action },
    });
  const m1 = await out(
    c1,
    'Hi Ava, your cart is waiting: http://localhost:3000/r/AbCd1234 Use LR-ABCDEF for 10% off.',
    'delivered',
    la(10, '10:05'),
    { workflow_message: true },
  );
  const m2 = await incoming(c1, 'Do you ship to Canada?', la(10, '11:00'));
  const m3 = await out(
    c1,
    'Yes, we ship to Canada: 5 to 7 days.',
    'sent',
    la(10, '11:05'),
    {},
    { is_marketing: false },
  );
  const m4 = await out(
    c2,
    'Hi Ben, still thinking it over? Use NW-QRSTUV for 10% off.',
    'undelivered',
    la(12, '15:05'),
  );
  const m5 = await incoming(c2, 'STOP', la(12, '16:00'), 'opt_out');
  const m6 = await out(
    c2,
    'You are unsubscribed and will get no more texts. Reply START to resubscribe.',
    'sent',
    la(12, '16:00'),
    {},
    { is_marketing: false },
  );
  const m7 = await out(
    c3,
    'Thanks for your order! Add a gift: http://localhost:3000/r/Gift0001',
    'queued',
    la(15, '08:00'),
    {
      hold: { reason: 'quiet_hours', until: la(15, '08:00').toISOString() },
    },
    { created_at: la(14, '20:00') },
  );
  const m8 = await out(c3, 'A follow-up that was never sent.', 'agent_skipped', la(14, '20:01'), {
    skip_reason: 'unsubscribed',
  });
  const m9 = await out(c4, LONG_TEXT, 'delivered', la(16, '23:40'));
  const m10 = await incoming(c5, 'What are your store hours?', la(13, '09:00'));
  const m11 = await out(p1, 'Hi Fay, your cart: http://localhost:3000/r/Prev0001', 'delivered', la(5, '10:05'));
  const m12 = await incoming(p1, 'Is it in blue?', la(5, '12:00'));
  const m13 = await out(p2, 'Hi Gus, your cart: http://localhost:3000/r/Prev0002', 'delivered', la(10, '08:30'));

  const link = async (conversationId: number, messageId: number, code: string, clicks: Date[]) => {
    const id = await insert(db, 'short_links', {
      brand_id: a.id,
      conversation_id: conversationId,
      message_id: messageId,
      code: `${code}${tag}`,
      target_url: 'https://shop.example.com/cart',
      created_at: clicks[0] ?? la(1, '00:00'),
    });
    for (const at of clicks) await insert(db, 'link_clicks', { brand_id: a.id, short_link_id: id, clicked_at: at });
  };
  // A link's row predates its clicks: the message time.
  await link(c1, m1, 'AbCd', [la(10, '10:30'), la(10, '12:00')]);
  await link(p2, m13, 'Prev', [la(10, '09:00')]);
  await db('short_links')
    .where({ message_id: m1 })
    .update({ created_at: la(10, '10:05') });
  await db('short_links')
    .where({ message_id: m13 })
    .update({ created_at: la(10, '08:30') });

  const rest = await seedOrdersAndMore(db, {
    tag,
    a: a.id,
    b: b.id,
    internal: internal.id,
    ia: ia.id,
    ib: ib.id,
    ii: ii.id,
    w1,
    w2,
    people: { s1: s1!, s2: s2!, s6: s6!, s8: s8!, s9: s9! },
    carts: { cart1: cart1.id, cart2: cart2.id, cart4: cart4.id },
    conversations: { c1, c2, c5, p1 },
    messages: { m2, m3, m5, m10, m12 },
  });
  const { o1, o2, o3, o4, o5, o6, o7, bo, b1, bm, bCart, eRecovered, eMessaged, ePending, shipping, price, fileId } =
    rest;
  return {
    tag,
    brandA: a.id,
    brandB: b.id,
    brandInternal: internal.id,
    w1,
    w2,
    conversations: { c1, c2, c3, c4, c5, p1, p2, b1 },
    messages: { m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, bm },
    orders: { o1, o2, o3, o4, o5, o6, o7, b: bo },
    carts: { c1: cart1.id, b: bCart.id },
    checkout,
    insights: { shipping, price },
    events: { recovered: eRecovered, messaged: eMessaged, pending: ePending },
    fileId,
  };
}
