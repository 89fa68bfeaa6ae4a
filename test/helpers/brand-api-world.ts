/**
 * A brand with one of everything the brand API serves (workflow, shopper, cart, checkout, order,
 * conversation with texts, a click and a code, feedback, a quality review, a file, an escalation,
 * an insight, a charge, a permission, a notification to its tenant, KB cards) and a member who
 * signs in. Every text it holds carries the world's tag, so a test can look for any of it in an
 * answer. What a route deletes (a channel, a KB card) comes in `spares`, one set per caller.
 */
import { randomBytes } from 'node:crypto';
import {
  addConversationQuality,
  createConversationFile,
  createEscalation,
  upsertFeedback,
} from '../../src/conversations/index.ts';
import type { Db } from '../../src/db/index.ts';
import { createKbCard } from '../../src/insights/index.ts';
import { createNotification } from '../../src/notifications/index.ts';
import {
  createClick,
  createConversation,
  createDiscountCode,
  createReply,
  createSentMessage,
} from '../factories/attribution.ts';
import { addTenantMember, createUser } from '../factories/accounts.ts';
import { createContact, usPhone } from '../factories/index.ts';
import type { BrandApi } from './brand-api.ts';
import { seedCart, seedOrder, seedStore } from './candidates-seed.ts';

const MIN = 60_000;

export interface World {
  tag: string;
  /**
   * Ids by path param name (brandId, tenantId, workflowId, contactId, conversationId, messageId,
   * orderId, cartId, checkoutId, escalationId, brandInsightId, notificationId, adId).
   */
  ids: Record<string, number>;
  /** Ids of what a route deletes, one set per caller (cardId; channelId after addSpareChannels). */
  spares: Array<Record<string, number>>;
  /** The member's passkey (a credential id). */
  passkeyId: string;
  user: { id: number; email: string };
  phone: string;
  /** Texts of this world that must never reach another brand's caller. */
  markers: string[];
}

/** A passkey on the user (as registration stores it); returns its credential id. */
export async function addPasskey(db: Db, userId: number, name: string): Promise<string> {
  const id = `pk-${randomBytes(6).toString('hex')}`;
  const key = {
    id,
    publicKey: 'AAAA',
    counter: 0,
    transports: ['internal'],
    created_at: new Date().toISOString(),
    name,
  };
  await db('users')
    .where({ id: userId })
    .update({
      auth: db.raw(`jsonb_set(auth, '{pass_keys}', coalesce(auth->'pass_keys', '[]'::jsonb) || ?::jsonb)`, [
        JSON.stringify([key]),
      ]),
    });
  return id;
}

/**
 * A subscribed channel per spare set (spares[i].channelId), each of its own contact so that the
 * world's shopper keeps exactly one channel.
 */
export async function addSpareChannels(db: Db, world: World): Promise<void> {
  for (const spare of world.spares) {
    const { channel } = await createContact(db, world.ids.brandId!, { phone: usPhone('646'), given_name: 'Spare' });
    spare.channelId = channel.id;
  }
}

export async function seedWorld(db: Db, label: string, now = new Date()): Promise<World> {
  const tag = `${label}${randomBytes(3).toString('hex')}`;
  const phone = usPhone('212');
  const store = await seedStore(db, {
    brand: { name: `Brand ${tag}`, domain: `shop-${tag}.example.com`, support_email: `help-${tag}@example.com` },
    workflow: {
      name: `Workflow ${tag}`,
      message: JSON.stringify([{ type: 'paragraph', children: [{ text: `Message ${tag} {cart_link}` }] }]),
    },
  });
  const brand = await db('brands').where({ id: store.brandId }).first('tenant_id');
  const tenantId = Number(brand.tenant_id);
  await db('tenants')
    .where({ id: tenantId })
    .update({ name: `Tenant ${tag}` });

  const cart = await seedCart(db, store, { age: 45, phone, firstName: `Given${tag}` }, now);
  const contactId = cart.contactId!;
  await db('contacts')
    .where({ id: contactId })
    .update({ family_name: `Family${tag}` });
  const channel = await db('contact_channels').where({ contact_id: contactId }).first('id');
  const order = await seedOrder(db, store, { age: 10, contactId }, now);
  await db('orders')
    .where({ id: order.id })
    .update({ number: `#${tag}` });

  const at = new Date(now.getTime() - 30 * MIN);
  const conversation = await createConversation(db, {
    brandId: store.brandId,
    workflowId: store.workflowId,
    contactId,
    channelId: Number(channel.id),
    createdAt: at,
    cart_id: cart.id,
  });
  const sent = await createSentMessage(db, {
    brandId: store.brandId,
    conversationId: conversation.id,
    sentAt: at,
    body: `Body ${tag}`,
  });
  const reply = await createReply(db, {
    brandId: store.brandId,
    conversationId: conversation.id,
    at: new Date(at.getTime() + 5 * MIN),
    body: `Reply ${tag}`,
  });
  await createClick(db, { brandId: store.brandId, conversationId: conversation.id, at: new Date(at.getTime() + MIN) });
  await createDiscountCode(db, {
    brandId: store.brandId,
    conversationId: conversation.id,
    workflowId: store.workflowId,
    code: `CODE${tag.toUpperCase()}`,
    createdAt: at,
  });

  const [plan] = await db('plans')
    // A custom plan (made for this brand): the published catalogue is everyone's, this one is the world's.
    .insert({ name: `Plan ${tag}`, price: 99, status: 'custom' })
    .returning('id');
  const [subscription] = await db('subscriptions')
    .insert({
      brand_id: store.brandId,
      plan_id: plan.id,
      status: 'active',
      billing_email: `billing-${tag}@example.com`,
    })
    .returning('id');
  await db('subscription_charges').insert({
    subscription_id: subscription.id,
    brand_id: store.brandId,
    plan_id: plan.id,
    order_id: order.id,
    amount: 12.5,
    status: 'complete',
    type: 'usage',
    extra_data: JSON.stringify({ description: `Charge ${tag}`, order_total: 120 }),
  });
  const [permission] = await db('permissions')
    .insert({ action: 'read', attribute: `beta:feature-${tag}` })
    .returning('id');
  await db('brand_permissions').insert({ brand_id: store.brandId, permission_id: permission.id });

  const email = `user-${tag}@example.com`;
  const user = await createUser(db, { email, given_name: `Member${tag}`, role: 'admin' });
  await addTenantMember(db, { tenantId, userId: user.id, role: 'admin' });
  const passkeyId = await addPasskey(db, user.id, `Key ${tag}`);

  const brandId = store.brandId;
  const conversationId = conversation.id;
  await upsertFeedback(db, { brandId, messageId: sent.id, rating: 4, comment: `Feedback ${tag}` });
  await addConversationQuality(db, { brandId, conversationId, userId: user.id, rating: 5, note: `Quality ${tag}` });
  await createConversationFile(db, {
    brandId,
    conversationId,
    messageId: reply.id,
    url: `https://files.example.com/${tag}.jpg`,
    name: `File ${tag}`,
    type: 'image/jpeg',
  });
  const escalation = await createEscalation(db, { brandId, conversationId, question: `Question ${tag}` });
  // The shopper agent's decision on the world's message (what agent/decisions/:messageId explains).
  await db('agent_decisions').insert({
    brand_id: brandId,
    conversation_id: conversationId,
    message_id: sent.id,
    decision: 'escalated',
    mode: 'auto',
    reason: 'no_card',
    escalation_id: escalation.id,
    reading: JSON.stringify({ question: `Agent question ${tag}` }),
  });
  const [checkout] = await db('checkouts')
    .insert({
      brand_id: brandId,
      brand_integration_id: store.integrationId,
      external_id: `checkout-${tag}`,
      cart_id: cart.id,
      contact_id: contactId,
      state: 'abandoned',
      total_price: 84,
    })
    .returning('id');
  const [insight] = await db('brand_insights')
    .insert({ brand_id: brandId, category: 'blocker', tag: 'shipping', topic: `Insight ${tag}` })
    .returning('id');
  await db('conversation_message_insights').insert({
    brand_id: brandId,
    brand_insight_id: insight.id,
    conversation_id: conversationId,
    conversation_message_id: reply.id,
    conversation_summary: `Summary ${tag}`,
    category: 'blocker',
    tag: 'shipping',
    sentiment: 'neutral',
  });
  const notice = await createNotification(db, { type: 'system', title: `Notice ${tag}`, tenantId });
  const [ad] = await db('ads')
    .insert({
      brand_id: brandId,
      extra_data: {
        campaign: `Ad campaign ${tag}`,
        dimensions: '256x256',
        // What the site read gave (a concept can be made again from it).
        knowledge: {
          website: `https://shop-${tag}.example.com`,
          pages: [`https://shop-${tag}.example.com/`],
          headings: [],
          products: [],
          images: [],
          palette: { primary: '#224466', accent: '#ee8833', colours: [] },
          tone: { label: 'friendly', signals: [] },
        },
      },
    })
    .returning('id');
  await db('ad_concepts').insert({ ad_id: ad.id, title: `Ad headline ${tag}`, body: `Ad body ${tag}` });
  const spares: Array<Record<string, number>> = [];
  for (const n of [1, 2]) {
    const card = await createKbCard(db, {
      brandId,
      title: `Card ${tag} ${n}`,
      content: `Shipping takes three days (${tag})`,
      status: 'published',
    });
    spares.push({ cardId: card.id });
  }

  return {
    tag,
    ids: {
      brandId: store.brandId,
      tenantId,
      integrationId: store.integrationId,
      workflowId: store.workflowId,
      contactId,
      conversationId: conversation.id,
      messageId: sent.id,
      orderId: order.id,
      cartId: cart.id,
      checkoutId: Number(checkout.id),
      escalationId: escalation.id,
      brandInsightId: Number(insight.id),
      notificationId: notice.id,
      adId: Number(ad.id),
    },
    spares,
    passkeyId,
    user: { id: user.id, email },
    phone,
    markers: [
      `Brand ${tag}`,
      `shop-${tag}`,
      `help-${tag}`,
      `Tenant ${tag}`,
      `Workflow ${tag}`,
      `Message ${tag}`,
      `Given${tag}`,
      `Family${tag}`,
      phone,
      phone.slice(2),
      `#${tag}`,
      `Body ${tag}`,
      `Reply ${tag}`,
      `CODE${tag.toUpperCase()}`,
      `Plan ${tag}`,
      `Charge ${tag}`,
      `feature-${tag}`,
      email,
      `Member${tag}`,
      passkeyId,
      `Key ${tag}`,
      `Feedback ${tag}`,
      `Quality ${tag}`,
      `File ${tag}`,
      `Question ${tag}`,
      `Summary ${tag}`,
      `Notice ${tag}`,
      `Card ${tag}`,
      `Ad campaign ${tag}`,
      `Ad headline ${tag}`,
    ],
  };
}

/**
 * The two worlds of a brand-API test: `mine`, signed in as its admin and as a member of its
 * tenant (`memberUser`), and `theirs` (another tenant, to show a brand sees only its own data).
 */
export async function seedMineAndTheirs(db: Db, api: BrandApi, labels: [mine: string, theirs: string]) {
  const mine = await seedWorld(db, labels[0]);
  const theirs = await seedWorld(db, labels[1]);
  const admin = await api.login(mine.user.email);
  const memberUser = await createUser(db, { role: 'member' });
  await addTenantMember(db, { tenantId: mine.ids.tenantId!, userId: memberUser.id, role: 'member' });
  const member = await api.login(memberUser.email);
  return { mine, theirs, admin, member, memberUser };
}
