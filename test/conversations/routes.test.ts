import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { conversationsRoutes, SHORT_LINK_NOT_FOUND_TEXT } from '../../src/conversations/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { ingestWebhook } from '../../src/webhooks/index.ts';
import { connectInfobip, createBrand, createContact, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { TASKS } from '../../src/cli/index.ts';

const SECRET = 'infobip-forward-secret-0123456789';
const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
let brandId: number;
const BRAND_NUMBER = usPhone('628');

beforeAll(async () => {
  ctx = await t.context({ INFOBIP_WEBHOOK_SECRET: SECRET });
  app = await buildHttpServer(ctx, { routes: [conversationsRoutes], panel: false });
  brandId = (await createBrand(t.db, { name: 'Acme Outdoors', support_email: 'help@acme.test' })).id;
  // Infobip writes numbers without '+'; the settings keep whatever the operator typed.
  await connectInfobip(t.db, brandId, BRAND_NUMBER.slice(1));
});
afterAll(async () => {
  await app.close();
});

/** Infobip's inbound forward (MO_JSON_2), as documented for "Receive inbound SMS messages". */
const forward = (from: string, text: string, messageId: string) => ({
  results: [
    {
      messageId,
      from: from.replace('+', ''),
      to: BRAND_NUMBER.replace('+', ''),
      text,
      cleanText: text,
      keyword: text.split(' ')[0]!.toUpperCase(),
      receivedAt: '2026-11-22T17:40:49.000+0000',
      smsCount: 1,
      price: { pricePerMessage: 0, currency: 'USD' },
      callbackData: 'callbackData',
    },
  ],
  messageCount: 1,
  pendingMessageCount: 0,
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

describe('POST /webhooks/infobip/inbound', () => {
  it('refuses a forward without the secret, or with a wrong one: 401 and nothing stored', async () => {
    const { channel } = await createContact(t.db, brandId);
    for (const [url, headers] of [
      ['/webhooks/infobip/inbound', {}],
      ['/webhooks/infobip/inbound?secret=wrong', {}],
      ['/webhooks/infobip/inbound', { authorization: `Basic ${Buffer.from('infobip:wrong').toString('base64')}` }],
    ] as const) {
      const response = await post(
        url,
        forward(String(channel.username), 'STOP', `mo-refused-${url.length}-${Object.keys(headers).length}`),
        headers,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { kind: 'unauthorized', message: 'Invalid webhook secret' } });
    }
    expect(
      await t.db('webhook_events').where({ source: 'infobip' }).whereLike('event_id', 'mo-refused-%'),
    ).toHaveLength(0);
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({ status: 'subscribed' });
  });

  it('stores a signed forward (?secret=) keyed by messageId, and the worker applies it as a reply', async () => {
    const { channel } = await createContact(t.db, brandId);
    const [conversation] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: channel.contact_id, contact_channel_id: channel.id })
      .returning('id');
    const response = await post(
      `/webhooks/infobip/inbound?secret=${SECRET}`,
      forward(String(channel.username), 'STOP', 'mo-signed-1'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: 1, duplicates: 0 });
    const event = await t.db('webhook_events').where({ source: 'infobip', event_id: 'mo-signed-1' }).first();
    expect(event).toMatchObject({
      topic: 'inbound',
      status: 'pending',
      payload: { messageId: 'mo-signed-1', text: 'STOP' },
    });
    expect(JSON.stringify(event)).not.toContain(SECRET);

    // A redelivery is a duplicate and is not queued again.
    expect(
      (
        await post(
          `/webhooks/infobip/inbound?secret=${SECRET}`,
          forward(String(channel.username), 'STOP', 'mo-signed-1'),
        )
      ).json(),
    ).toEqual({ received: 1, duplicates: 1 });

    await runDueJobs(ctx, TASKS);
    expect(await t.db('webhook_events').where({ id: event.id }).first()).toMatchObject({ status: 'processed' });
    const incoming = await t
      .db('conversation_messages')
      .where({ conversation_id: conversation.id, direction: 'incoming' });
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({
      body: 'STOP',
      status: 'received',
      provider: 'infobip',
      provider_message_id: 'mo-signed-1',
    });
    expect(new Date(incoming[0].sent_at).toISOString()).toBe('2026-11-22T17:40:49.000Z');
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({ status: 'unsubscribed' });
  });

  it('accepts the secret as the basic-auth password', async () => {
    const phone = usPhone('312');
    const response = await post(
      '/webhooks/infobip/inbound',
      forward(phone, 'Do you have this in blue?', 'mo-basic-1'),
      { authorization: `Basic ${Buffer.from(`reclaim:${SECRET}`).toString('base64')}` },
    );
    expect(response.statusCode).toBe(200);
    await runDueJobs(ctx, TASKS);
    const channel = await t.db('contact_channels').where({ brand_id: brandId, username: phone }).first();
    expect(channel).toMatchObject({ engagement_status: 'engaged' });
    const messages = await t
      .db('conversation_messages as m')
      .join('conversations as c', 'c.id', 'm.conversation_id')
      .where('c.contact_channel_id', channel.id)
      .select('m.body', 'm.direction');
    expect(messages).toEqual([{ body: 'Do you have this in blue?', direction: 'incoming' }]);
  });

  it("a signed forward that is not Infobip's shape is a 400 and stores nothing", async () => {
    const response = await post(`/webhooks/infobip/inbound?secret=${SECRET}`, { results: [{ from: '14155550100' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Invalid Infobip inbound payload');
  });
});

describe('the one Infobip processor dispatches on the topic', () => {
  it("applies 'inbound' events, hands 'delivery' reports to the messaging domain, and skips unknown topics", async () => {
    const { channel } = await createContact(t.db, brandId);
    const [conversation] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: channel.contact_id, contact_channel_id: channel.id })
      .returning('id');
    const [sent] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brandId,
        conversation_id: conversation.id,
        body: 'Your cart is waiting',
        direction: 'outgoing',
        status: 'sent',
        sent_at: new Date(),
        provider: 'infobip',
        provider_message_id: 'mt-dispatch-1',
      })
      .returning('id');
    await ingestWebhook(ctx, {
      source: 'infobip',
      eventId: 'dr-dispatch-1',
      topic: 'delivery',
      payload: { messageId: 'mt-dispatch-1', status: { groupName: 'DELIVERED', name: 'DELIVERED_TO_HANDSET' } },
    });
    await ingestWebhook(ctx, {
      source: 'infobip',
      eventId: 'mo-dispatch-1',
      topic: 'inbound',
      payload: forward(String(channel.username), 'Thanks!', 'mo-dispatch-1').results[0],
    });
    await ingestWebhook(ctx, { source: 'infobip', eventId: 'odd-dispatch-1', topic: 'something-else', payload: {} });
    await runDueJobs(ctx, TASKS);

    expect(await t.db('conversation_messages').where({ id: sent.id }).first()).toMatchObject({ status: 'delivered' });
    expect(
      await t
        .db('conversation_messages')
        .where({ conversation_id: conversation.id, direction: 'incoming' })
        .pluck('body'),
    ).toEqual(['Thanks!']);
    const statuses = await t
      .db('webhook_events')
      .whereIn('event_id', ['dr-dispatch-1', 'mo-dispatch-1', 'odd-dispatch-1'])
      .orderBy('event_id')
      .select('event_id', 'status');
    expect(statuses).toEqual([
      { event_id: 'dr-dispatch-1', status: 'processed' },
      { event_id: 'mo-dispatch-1', status: 'processed' },
      { event_id: 'odd-dispatch-1', status: 'skipped' },
    ]);
  });
});

describe('GET /r/{code}', () => {
  it('redirects to the target and records the click with its user agent and a salted IP hash, never the IP', async () => {
    const { channel } = await createContact(t.db, brandId);
    const [conversation] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: channel.contact_id, contact_channel_id: channel.id })
      .returning('id');
    const target = 'https://acme.example.com/cart/123:1,456:2';
    const [link] = await t
      .db('short_links')
      .insert({ brand_id: brandId, conversation_id: conversation.id, code: 'aB3dE6gH', target_url: target })
      .returning('id');
    const ip = '203.0.113.77';
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';

    const response = await app.inject({
      method: 'GET',
      url: '/r/aB3dE6gH',
      headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(target);

    const clicks = await t.db('link_clicks').where({ short_link_id: link.id });
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({
      brand_id: String(brandId),
      user_agent: userAgent,
      ip_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.stringify(clicks[0])).not.toContain(ip);
    expect(Date.now() - new Date(clicks[0].clicked_at).getTime()).toBeLessThan(60_000);

    // The same visitor hashes alike (so repeat clicks can be told apart from new visitors).
    await app.inject({
      method: 'GET',
      url: '/r/aB3dE6gH',
      headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
    });
    const again = await t.db('link_clicks').where({ short_link_id: link.id }).orderBy('id');
    expect(again).toHaveLength(2);
    expect(again[1].ip_hash).toBe(again[0].ip_hash);
  });

  it('answers 404 with a page text for an unknown code and records nothing', async () => {
    const before = await t.db('link_clicks').count<{ n: string }[]>({ n: '*' });
    for (const code of ['zzzzzzzz', 'not-a-code!']) {
      const response = await app.inject({ method: 'GET', url: `/r/${encodeURIComponent(code)}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(SHORT_LINK_NOT_FOUND_TEXT);
    }
    expect(await t.db('link_clicks').count<{ n: string }[]>({ n: '*' })).toEqual(before);
  });
});
