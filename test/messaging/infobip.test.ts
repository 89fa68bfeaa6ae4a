import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import {
  getSmsProvider,
  infobipProvider,
  sendDueMessages,
  sendMessageNow,
  SmsSendError,
} from '../../src/messaging/index.ts';
import { zonedInstant } from '../../src/messaging/rules.ts';
import { createBrand } from '../factories/index.ts';
import type { FakeInfobip } from '../fakes/infobip.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { infobipSeeds, LA, noonLA, noWait, PUBLIC_URL, SECRET, startInfobipApp } from './infobip-setup.ts';
import { TASKS } from '../../src/cli/index.ts';

const t = useTestDatabase();
let ctx: AppContext;
let infobip: FakeInfobip;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, infobip, app } = await startInfobipApp(t));
});
afterAll(async () => {
  await app.close();
  await infobip.close();
});

const { infobipBrand, seedMessage, message } = infobipSeeds(t);

describe('the infobip provider against the SMS API', () => {
  it('POSTs /sms/3/messages with App key auth, the sender and number without "+", and returns the message id', async () => {
    const before = infobip.requests.length;
    const provider = infobipProvider({
      baseUrl: infobip.url,
      apiKey: infobip.apiKey,
      deliveryReportUrl: `${PUBLIC_URL}/webhooks/infobip/delivery?secret=${SECRET}`,
    });
    const sent = await provider.send({
      messageId: 41,
      brandId: 1,
      from: '+14155550100',
      to: '+13105550100',
      body: 'Hello there',
    });
    const request = infobip.requests[before]!;
    expect(request).toMatchObject({ method: 'POST', path: '/sms/3/messages' });
    expect(request.headers.authorization).toBe(`App ${infobip.apiKey}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      messages: [
        {
          sender: '14155550100',
          destinations: [{ to: '13105550100' }],
          content: { text: 'Hello there' },
          webhooks: {
            delivery: { url: `${PUBLIC_URL}/webhooks/infobip/delivery?secret=${SECRET}`, intermediateReport: false },
            contentType: 'application/json',
            callbackData: 'reclaim:41',
          },
        },
      ],
    });
    expect(sent).toEqual({ providerMessageId: infobip.accepted.at(-1)!.messageId, providerStatus: 'PENDING_ACCEPTED' });
  });

  it('a 429 is retried after its Retry-After, then succeeds', async () => {
    const waits: number[] = [];
    const before = infobip.requests.length;
    infobip.failNext(429, 1, { retryAfter: '2' });
    const provider = infobipProvider({
      baseUrl: infobip.url,
      apiKey: infobip.apiKey,
      sleep: async (ms) => void waits.push(ms),
    });
    const sent = await provider.send({
      messageId: 42,
      brandId: 1,
      from: '+14155550100',
      to: '+13105550100',
      body: 'Hi',
    });
    expect(infobip.requests.length - before).toBe(2);
    expect(waits).toEqual([2000]);
    expect(sent.providerMessageId).toBe(infobip.accepted.at(-1)!.messageId);
  });

  it('5xx three times: a retryable error; a wrong key: 401, not retried, and the key is in no message', async () => {
    infobip.failNext(503, 3);
    const provider = infobipProvider({ baseUrl: infobip.url, apiKey: infobip.apiKey, sleep: noWait });
    const error = await provider
      .send({ messageId: 43, brandId: 1, from: '+14155550100', to: '+13105550100', body: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({
      status: 503,
      retryable: true,
      message: 'Infobip answered 503: E503 Internal server error',
    });

    const before = infobip.requests.length;
    const wrongKey = infobipProvider({ baseUrl: infobip.url, apiKey: 'not-the-key', sleep: noWait });
    const denied = await wrongKey
      .send({ messageId: 44, brandId: 1, from: '+14155550100', to: '+13105550100', body: 'Hi' })
      .catch((e: unknown) => e);
    expect(denied).toMatchObject({
      status: 401,
      retryable: false,
      message: 'Infobip answered 401: E401 Invalid login details',
    });
    expect(infobip.requests.length - before).toBe(1);
    expect(JSON.stringify(denied)).not.toContain('not-the-key');
  });

  it('SMS_PROVIDER picks the provider; infobip without its settings is a clear error', async () => {
    expect(getSmsProvider({ config: { ...ctx.config, SMS_PROVIDER: 'outbox' } }).name).toBe('outbox');
    expect(getSmsProvider(ctx).name).toBe('infobip');
    expect(() => getSmsProvider({ config: { ...ctx.config, INFOBIP_API_KEY: undefined } })).toThrow(
      'SMS_PROVIDER is infobip but INFOBIP_BASE_URL or INFOBIP_API_KEY is not set.',
    );
  });
});

describe('the send job with infobip', () => {
  it("sends from the brand's number, paced per number, with the delivery-report URL", async () => {
    const brandId = await infobipBrand({ infobip_phone_number: '+14155550199', messages_per_second: 4 });
    const now = noonLA(1);
    const seeded = [];
    for (const phone of ['+13105550201', '+13105550202', '+13105550203'])
      seeded.push(await seedMessage(brandId, { phone, scheduledFor: now }));
    const before = infobip.accepted.length;
    const result = await sendDueMessages(ctx, { now });
    expect(result).toEqual({ sent: 3, deferred: 0, skipped: 0, failed: 0 });
    const accepted = infobip.accepted.slice(before);
    expect(accepted.map((a) => [a.sender, a.to])).toEqual([
      ['14155550199', '13105550201'],
      ['14155550199', '13105550202'],
      ['14155550199', '13105550203'],
    ]);
    expect(accepted[0]!.webhooks).toMatchObject({
      delivery: { url: `${PUBLIC_URL}/webhooks/infobip/delivery?secret=${SECRET}` },
    });
    // 4 per second: the three sends take at least two intervals of 250 ms. Arrival times are stamped
    // in this test process, which a loaded machine delays (the first request also opens the
    // connection), so two neighbours may land closer; 100 ms of slack over the whole run, while an
    // unpaced number sends all three within a few milliseconds.
    expect(accepted[2]!.at - accepted[0]!.at).toBeGreaterThanOrEqual(400);
    for (const [i, s] of seeded.entries()) {
      expect(await message(s.messageId)).toMatchObject({
        status: 'sent',
        provider: 'infobip',
        provider_message_id: accepted[i]!.messageId,
        sent_at: now,
        segments: 1,
        encoding: 'GSM-7',
      });
    }
    const slot = await t.db('sms_send_slots').where({ provider: 'infobip', sender: '+14155550199' }).first();
    expect(slot.next_send_at.getTime()).toBe(now.getTime() + 750);
  });

  it('beyond the 10 s look-ahead the rest waits, with the reason; without an integration the support phone sends', async () => {
    const brandId = (
      await createBrand(t.db, { support_phone: '+14155550188', extra_data: { sms_messages_per_second: 0.2 } })
    ).id;
    const now = noonLA(2);
    const seeded = [];
    for (let i = 0; i < 5; i += 1)
      seeded.push(await seedMessage(brandId, { phone: `+1310555030${i}`, scheduledFor: now }));
    const waits: number[] = [];
    const result = await sendDueMessages(ctx, { now, sleep: async (ms) => void waits.push(ms) });
    expect(result).toEqual({ sent: 3, deferred: 2, skipped: 0, failed: 0 });
    expect(waits.map((w) => Math.round(w / 1000))).toEqual([5, 10]);
    expect(infobip.accepted.slice(-3).map((a) => a.sender)).toEqual(['14155550188', '14155550188', '14155550188']);
    const later = await Promise.all(seeded.slice(3).map((s) => message(s.messageId)));
    expect(later.map((r) => [r.status, r.scheduled_for.getTime() - now.getTime(), r.status_reason])).toEqual([
      ['auto_queued', 15_000, 'rate_limited: 0.2 message(s) per second from +14155550188'],
      ['auto_queued', 20_000, 'rate_limited: 0.2 message(s) per second from +14155550188'],
    ]);
  });

  it('a message Infobip keeps refusing with 5xx stays queued with the reason, and fails after 5 tries', async () => {
    const brandId = await infobipBrand({ infobip_phone_number: '+14155550177', messages_per_second: 100 });
    let now = noonLA(3);
    const provider = infobipProvider({ baseUrl: infobip.url, apiKey: infobip.apiKey, sleep: noWait });
    await sendDueMessages(ctx, { now, provider, sleep: noWait }); // what earlier tests left due goes first
    const { messageId } = await seedMessage(brandId, { phone: '+13105550401', scheduledFor: now });
    infobip.failNext(503, 3);
    expect(await sendDueMessages(ctx, { now, provider })).toEqual({ sent: 0, deferred: 1, skipped: 0, failed: 0 });
    const first = await message(messageId);
    expect(first).toMatchObject({ status: 'queued', sent_at: null, scheduled_for: new Date(now.getTime() + 60_000) });
    expect(first.status_reason).toMatch(
      /^send_failed: Infobip answered 503: E503 Internal server error \(try 1 of 5; next at /,
    );
    expect(first.extra_data.send_attempts).toBe(1);
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      now = (await message(messageId)).scheduled_for;
      infobip.failNext(503, 3);
      await sendDueMessages(ctx, { now, provider });
    }
    const last = await message(messageId);
    expect(last).toMatchObject({ status: 'failed', sent_at: null });
    expect(last.status_reason).toBe(
      'send_failed: Infobip answered 503: E503 Internal server error (gave up after 5 tries)',
    );
  });
});

describe('sendMessageNow: transactional replies', () => {
  it('sends at any hour; after STOP exactly one confirmation reaches the opted-out channel', async () => {
    const brandId = await infobipBrand({ infobip_phone_number: '+14155550166', messages_per_second: 100 });
    const night = zonedInstant(LA, 2026, 10, 4, 23, 30);
    const { conversationId, channelId } = await seedMessage(brandId, { phone: '+13105550501', scheduledFor: night });
    await t.db('conversation_messages').where({ conversation_id: conversationId }).update({ status: 'agent_skipped' });
    const help = await sendMessageNow(ctx, {
      brandId,
      conversationId,
      body: 'Brand: help at help@example.com. Msg&data rates may apply. Reply STOP to opt out.',
      isMarketing: false,
      now: night,
    });
    expect(help).toMatchObject({ status: 'sent', providerMessageId: infobip.accepted.at(-1)!.messageId });
    expect(infobip.accepted.at(-1)).toMatchObject({ sender: '14155550166', to: '13105550501' });

    await t
      .db('contact_channels')
      .where({ id: channelId })
      .update({ status: 'unsubscribed', consented_at: new Date(Date.now() + 1000) });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const confirmation = await sendMessageNow(ctx, {
      brandId,
      conversationId,
      body: 'You are unsubscribed and will receive no more messages.',
      isMarketing: false,
      optOutConfirmation: true,
    });
    expect(confirmation.status).toBe('sent');
    const again = await sendMessageNow(ctx, {
      brandId,
      conversationId,
      body: 'You are unsubscribed and will receive no more messages.',
      isMarketing: false,
      optOutConfirmation: true,
    });
    expect(again).toMatchObject({ status: 'agent_skipped', reason: 'unsubscribed' });
    expect((await message(again.messageId)).extra_data.skip_reason).toBe('unsubscribed');
  });

  it('a blocked channel and a non-US number get nothing', async () => {
    const brandId = await infobipBrand({ infobip_phone_number: '+14155550155' });
    const blocked = await seedMessage(brandId, {
      phone: '+13105550601',
      scheduledFor: noonLA(5),
      channel: { status: 'unsubscribed', extra_data: { blocked: true } },
    });
    const foreign = await seedMessage(brandId, { phone: '+447700900601', scheduledFor: noonLA(5) });
    const before = infobip.accepted.length;
    expect(
      await sendMessageNow(ctx, {
        brandId,
        conversationId: blocked.conversationId,
        body: 'x',
        optOutConfirmation: true,
      }),
    ).toMatchObject({ status: 'agent_skipped', reason: 'unsubscribed' });
    expect(await sendMessageNow(ctx, { brandId, conversationId: foreign.conversationId, body: 'x' })).toMatchObject({
      status: 'agent_skipped',
      reason: 'non_us_number',
    });
    expect(infobip.accepted.length).toBe(before);
  });
});

describe('POST /webhooks/infobip/delivery', () => {
  async function sentMessage(day: number) {
    const brandId = await infobipBrand({ infobip_phone_number: '+14155550144', messages_per_second: 100 });
    const { messageId } = await seedMessage(brandId, {
      phone: `+131055507${String(day).padStart(2, '0')}`,
      scheduledFor: noonLA(day),
    });
    await sendDueMessages(ctx, { now: noonLA(day) });
    const row = await message(messageId);
    expect(row.status).toBe('sent');
    return { messageId, providerId: row.provider_message_id as string };
  }
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it.each([
    ['DELIVERED', 'DELIVERED_TO_HANDSET', undefined, 'delivered', null],
    [
      'UNDELIVERABLE',
      'UNDELIVERABLE_NOT_DELIVERED',
      'EC_ABSENT_SUBSCRIBER',
      'undelivered',
      'UNDELIVERABLE_NOT_DELIVERED: UNDELIVERABLE_NOT_DELIVERED (EC_ABSENT_SUBSCRIBER: Absent subscriber)',
    ],
    ['REJECTED', 'REJECTED_DESTINATION', undefined, 'failed', 'REJECTED_DESTINATION: REJECTED_DESTINATION'],
  ])('a %s report moves the message to its status', async (groupName, name, errorName, status, reason) => {
    const { messageId, providerId } = await sentMessage(
      10 + ['DELIVERED', 'UNDELIVERABLE', 'REJECTED'].indexOf(groupName),
    );
    const response = await post(
      `/webhooks/infobip/delivery?secret=${SECRET}`,
      infobip.deliveryReport([{ messageId: providerId, groupName, name, errorName }]),
    );
    expect(response.statusCode).toBe(200);
    expect(
      await t
        .db('webhook_events')
        .where({ source: 'infobip', event_id: `${providerId}:${name}` })
        .first(),
    ).toMatchObject({ topic: 'delivery', status: 'pending' });
    await runDueJobs(ctx, TASKS);
    expect(await message(messageId)).toMatchObject({ status, status_reason: reason });
    expect((await message(messageId)).extra_data.delivery).toMatchObject({ status: name, group: groupName });
  });

  it('basic auth with the secret as password works too; a repeated report is stored once', async () => {
    const { messageId, providerId } = await sentMessage(20);
    const report = infobip.deliveryReport([
      { messageId: providerId, groupName: 'DELIVERED', name: 'DELIVERED_TO_HANDSET' },
    ]);
    const auth = `Basic ${Buffer.from(`infobip:${SECRET}`).toString('base64')}`;
    expect((await post('/webhooks/infobip/delivery', report, { authorization: auth })).statusCode).toBe(200);
    expect((await post('/webhooks/infobip/delivery', report, { authorization: auth })).statusCode).toBe(200);
    expect(
      await t.db('webhook_events').where({ source: 'infobip', event_id: `${providerId}:DELIVERED_TO_HANDSET` }),
    ).toHaveLength(1);
    await runDueJobs(ctx, TASKS);
    expect((await message(messageId)).status).toBe('delivered');
  });

  it.each([
    ['no secret', '/webhooks/infobip/delivery', {}],
    ['a wrong secret', '/webhooks/infobip/delivery?secret=guess', {}],
    [
      'basic auth with a wrong password',
      '/webhooks/infobip/delivery',
      { authorization: `Basic ${Buffer.from('infobip:guess').toString('base64')}` },
    ],
  ])('%s: 401 and nothing stored', async (_name, url, headers) => {
    const count = async () =>
      Number(
        (await t.db('webhook_events').where({ source: 'infobip' }).count<{ count: string }[]>('* as count'))[0]!.count,
      );
    const before = await count();
    const response = await post(
      url,
      infobip.deliveryReport([{ messageId: 'x-1', groupName: 'DELIVERED', name: 'DELIVERED_TO_HANDSET' }]),
      headers,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        kind: 'unauthorized',
        code: 'bad_secret',
        message: 'The request is not from Infobip: the secret is missing or wrong.',
      },
    });
    expect(await count()).toBe(before);
  });

  it('a body that is not a delivery report is refused with 400', async () => {
    const response = await post(`/webhooks/infobip/delivery?secret=${SECRET}`, { results: [{ to: '1310' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^Invalid Infobip delivery report: results\.0\.messageId/);
  });
});
