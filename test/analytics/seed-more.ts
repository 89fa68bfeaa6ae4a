/** The second half of the analytics data set (see seed.ts): orders, events, insights, KB, brands B and I. */
import type { Db } from '../../src/db/index.ts';
import { createCart, createContact, createOrder, createWorkflow } from '../factories/index.ts';

type Row = Record<string, unknown>;
type Person = { contactId: number; channelId: number };

export const la = (day: number, time: string): Date =>
  new Date(`2026-11-${String(day).padStart(2, '0')}T${time}:00-08:00`);

async function insert(db: Db, table: string, row: Row): Promise<number> {
  const [created] = await db(table).insert(row).returning('id');
  return Number((created as Row).id);
}

export interface SeedParts {
  tag: string;
  a: number;
  b: number;
  internal: number;
  ia: number;
  ib: number;
  ii: number;
  w1: number;
  w2: number;
  people: Record<'s1' | 's2' | 's6' | 's8' | 's9', Person>;
  carts: { cart1: number; cart2: number; cart4: number };
  conversations: { c1: number; c2: number; c5: number; p1: number };
  messages: { m2: number; m3: number; m5: number; m10: number; m12: number };
}

export async function seedOrdersAndMore(db: Db, parts: SeedParts) {
  const { tag: _tag, w1, w2 } = parts;
  const a = { id: parts.a };
  const b = { id: parts.b };
  const internal = { id: parts.internal };
  const ia = { id: parts.ia };
  const ib = { id: parts.ib };
  const ii = { id: parts.ii };
  const { s1, s2, s6, s8, s9 } = parts.people;
  const cart1 = { id: parts.carts.cart1 };
  const cart2 = { id: parts.carts.cart2 };
  const cart4 = { id: parts.carts.cart4 };
  const { c1, c2, c5, p1 } = parts.conversations;
  const { m2, m3, m5, m10, m12 } = parts.messages;
  const order = (row: Row) => createOrder(db, { brandId: a.id, integrationId: ia.id, ...row }).then((o) => o.id);
  const recovered = (workflowId: number, at: Date, billing = 'billable') => ({
    workflow_id: workflowId,
    recovered_at: at,
    billing_status: billing,
  });
  const o1 = await order({
    contact_id: s1!.contactId,
    cart_id: cart1.id,
    total: '100.00',
    created_at: la(11, '09:00'),
    ...recovered(w1, la(11, '09:00')),
  });
  const o2 = await order({
    contact_id: s8!.contactId,
    total: '50.00',
    created_at: la(12, '12:00'),
    recovered_at: la(12, '12:00'),
    billing_status: 'billable',
  });
  const o3 = await order({ contact_id: null, total: '30.00', state: 'cancelled', created_at: la(13, '12:00') });
  const o4 = await order({ contact_id: s2!.contactId, total: '80.00', created_at: la(14, '10:00') });
  const o5 = await order({ contact_id: s9!.contactId, total: '20.00', state: 'pending', created_at: la(15, '10:00') });
  const o6 = await order({
    contact_id: s6!.contactId,
    total: '60.00',
    created_at: la(6, '10:00'),
    ...recovered(w1, la(6, '10:00'), 'complete'),
  });
  const o7 = await order({
    contact_id: null,
    total: '500.00',
    created_at: new Date('2026-10-01T12:00:00-07:00'),
    ...recovered(w1, new Date('2026-10-01T12:00:00-07:00')),
  });
  for (const [orderId, conversationId] of [
    [o1, c1],
    [o6, p1],
  ] as const)
    await insert(db, 'order_conversations', {
      brand_id: a.id,
      order_id: orderId,
      conversation_id: conversationId,
      created_at: la(11, '09:00'),
    });

  const flow = (workflowId: number, eventType: string, eventId: number, state: string, at: Date) =>
    insert(db, 'flow_events', {
      brand_id: a.id,
      workflow_id: workflowId,
      event_type: eventType,
      event_id: eventId,
      state,
      created_at: at,
    });
  await flow(w1, 'cart', cart1.id, 'started', la(10, '10:00'));
  await flow(w1, 'cart', cart2.id, 'started', la(12, '15:00'));
  await flow(w1, 'cart', cart4.id, 'started', la(16, '23:30'));
  await flow(w1, 'cart', 900001, 'filtered_out', la(11, '10:00'));
  await flow(w1, 'cart', 900002, 'channel_missing', la(11, '11:00'));
  await flow(w1, 'cart', 900003, 'holdout', la(13, '11:00'));
  await flow(w2, 'order', 900004, 'triggered', la(14, '20:00'));
  await flow(w2, 'order', 900005, 'duplicate', la(15, '20:00'));
  await flow(w1, 'cart', 900006, 'started', la(5, '10:00'));
  await flow(w1, 'cart', 900007, 'started', la(9, '23:00'));
  await flow(w1, 'cart', 900008, 'channel_blocked', la(7, '09:00'));

  const goal = (state: string, at: Date, row: Row) =>
    insert(db, 'workflow_goal_state_change_events', {
      brand_id: a.id,
      workflow_id: w1,
      state,
      state_display: state,
      created_at: at,
      ...row,
    });
  const eRecovered = await goal('recovered', la(11, '09:00'), { order_id: o1, conversation_id: c1 });
  const eMessaged = await goal('messaged', la(12, '15:05'), { conversation_id: c2, cart_id: cart2.id });
  await goal('filtered_out', la(13, '10:00'), { cart_id: cart2.id });
  const ePending = await goal('pending', la(14, '10:00'), { cart_id: cart4.id });

  await insert(db, 'conversation_feedback', {
    brand_id: a.id,
    conversation_id: c1,
    message_id: m3,
    rating: 1,
    comment: 'Good answer',
  });
  const fileId = await insert(db, 'files', {
    brand_id: a.id,
    url: 'https://files.example.com/socks.png',
    name: 'socks.png',
    type: 'image/png',
  });
  await insert(db, 'conversation_files', { conversation_id: c1, message_id: m2, file_id: fileId });

  const shipping = await insert(db, 'brand_insights', {
    brand_id: a.id,
    category: 'product',
    tag: 'shipping',
    topic: 'Shipping abroad',
    body: 'Shoppers ask about shipping.',
  });
  const price = await insert(db, 'brand_insights', {
    brand_id: a.id,
    category: 'blocker',
    tag: 'price',
    topic: 'Price',
    body: 'Too expensive.',
  });
  const mi = (insightId: number, conversationId: number, messageId: number, category: string, t: string) =>
    insert(db, 'conversation_message_insights', {
      brand_id: a.id,
      brand_insight_id: insightId,
      conversation_id: conversationId,
      conversation_message_id: messageId,
      category,
      tag: t,
      sentiment: 'neutral',
    });
  await mi(shipping, c1, m2, 'product', 'shipping');
  await mi(shipping, c5, m10, 'product', 'shipping');
  await mi(price, c2, m5, 'blocker', 'price');
  await mi(price, p1, m12, 'blocker', 'price');

  const kb = (row: Row) => insert(db, 'kb_cards', { brand_id: a.id, title: 'Card', content: 'Text', ...row });
  await kb({ status: 'published', source: 'manual', created_at: la(11, '10:00'), updated_at: la(11, '10:00') });
  await kb({ status: 'published', source: 'manual', created_at: la(1, '10:00'), updated_at: la(1, '10:00') });
  await kb({
    status: 'unpublished',
    source: 'flow',
    flow_id: w1,
    created_at: la(2, '10:00'),
    updated_at: la(12, '10:00'),
  });
  await kb({ status: 'draft', source: 'escalation', created_at: la(5, '10:00'), updated_at: la(5, '10:00') });
  await insert(db, 'conversation_escalations', {
    brand_id: a.id,
    conversation_id: c1,
    question: 'Canada?',
    is_added_kb: true,
    created_at: la(10, '11:00'),
  });
  await insert(db, 'conversation_escalations', {
    brand_id: a.id,
    conversation_id: c5,
    question: 'Hours?',
    created_at: la(13, '09:00'),
  });

  // Brand B and the internal brand.
  const { contact: bc, channel: bch } = await createContact(db, b.id);
  const bw = (await createWorkflow(db, { brandId: b.id, type: 'cart', brand_integration_id: ib.id })).id;
  const bCart = await createCart(db, { brandId: b.id, integrationId: ib.id, contact_id: bc.id });
  const b1 = await insert(db, 'conversations', {
    brand_id: b.id,
    workflow_id: bw,
    contact_id: bc.id,
    contact_channel_id: bch.id,
    created_at: la(12, '10:00'),
  });
  const bm = await insert(db, 'conversation_messages', {
    brand_id: b.id,
    conversation_id: b1,
    body: 'Brand B text',
    direction: 'outgoing',
    status: 'sent',
    sent_at: la(12, '10:00'),
    created_at: la(12, '10:00'),
  });
  const bo = (
    await createOrder(db, {
      brandId: b.id,
      integrationId: ib.id,
      contact_id: bc.id,
      total: '1000.00',
      created_at: la(12, '11:00'),
      ...recovered(bw, la(12, '11:00')),
    })
  ).id;
  await insert(db, 'order_conversations', { brand_id: b.id, order_id: bo, conversation_id: b1 });
  const iw = (await createWorkflow(db, { brandId: internal.id, type: 'cart' })).id;
  await createOrder(db, {
    brandId: internal.id,
    integrationId: ii.id,
    total: '5000.00',
    created_at: la(12, '11:00'),
    ...recovered(iw, la(12, '11:00')),
  });

  return { o1, o2, o3, o4, o5, o6, o7, bo, b1, bm, bCart, eRecovered, eMessaged, ePending, shipping, price, fileId };
}
