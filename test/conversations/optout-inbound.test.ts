import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { blockContact, optInConfirmation, optOutConfirmation, receiveMessage } from '../../src/conversations/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { sendDueMessages } from '../../src/messaging/index.ts';
import { connectInfobip, createBrand, createContact, createWorkflow, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brand: { id: number; name: string };
const BRAND_NUMBER = usPhone('628');

beforeAll(async () => {
  ctx = await t.context();
  const row = await createBrand(t.db, {
    name: 'Acme Outdoors',
    support_email: 'help@acme.test',
    support_phone: '+14155550142',
  });
  brand = { id: row.id, name: 'Acme Outdoors' };
  await connectInfobip(t.db, brand.id, BRAND_NUMBER);
});

/** A contact with a conversation from each of two workflows, each with a queued workflow message. */
async function shopperWithQueuedMessages() {
  const { contact, channel } = await createContact(t.db, brand.id);
  const conversations: number[] = [];
  const queued: number[] = [];
  for (const name of ['Abandoned Cart', 'Upsell']) {
    const workflow = await createWorkflow(t.db, { brandId: brand.id, name });
    const [conversation] = await t
      .db('conversations')
      .insert({ brand_id: brand.id, workflow_id: workflow.id, contact_id: contact.id, contact_channel_id: channel.id })
      .returning('id');
    const [message] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brand.id,
        conversation_id: conversation.id,
        body: `Hi Sam, your cart is waiting: 15% off with LR-ABC234 (${name})`,
        direction: 'outgoing',
        status: 'auto_queued',
        scheduled_for: new Date(Date.now() - 60_000),
        is_marketing: true,
        extra_data: { workflow_message: true },
      })
      .returning('id');
    conversations.push(Number(conversation.id));
    queued.push(Number(message.id));
  }
  return { contactId: contact.id, channelId: channel.id, phone: String(channel.username), conversations, queued };
}

const outgoingOf = (channelId: number) =>
  t
    .db('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .where({ 'c.contact_channel_id': channelId, 'm.direction': 'outgoing' })
    .orderBy('m.id')
    .select('m.id', 'm.body', 'm.status', 'm.is_marketing', 'm.extra_data', 'm.conversation_id');

describe('opt-out: every opt-out word unsubscribes at once, skips all queued messages, and confirms once', () => {
  it.each([
    'STOP',
    'stop',
    'STOPALL',
    'stop all',
    'UNSUBSCRIBE',
    'CANCEL',
    'END',
    'QUIT',
    'OPTOUT',
    'OPT-OUT',
    'opt out',
    'REVOKE',
  ])('%j', async (word) => {
    const shopper = await shopperWithQueuedMessages();
    const result = await receiveMessage(ctx, { from: shopper.phone, to: BRAND_NUMBER, body: word, provider: 'outbox' });
    expect(result).toMatchObject({
      outcome: 'stored',
      action: 'opt_out',
      subscriptionChanged: true,
      skippedMessages: 2,
      conversationId: shopper.conversations[1],
    });

    const channel = await t.db('contact_channels').where({ id: shopper.channelId }).first();
    expect(channel).toMatchObject({ status: 'unsubscribed', consent_source: expect.stringMatching(/^sms_keyword:/) });
    const ledger = await t
      .db('channel_consent_events')
      .where({ contact_channel_id: shopper.channelId })
      .orderBy('id', 'desc')
      .first();
    expect(ledger).toMatchObject({ status: 'unsubscribed', source: channel.consent_source });

    // The reply is stored as incoming on the latest conversation.
    const incoming = await t
      .db('conversation_messages')
      .where({ conversation_id: shopper.conversations[1], direction: 'incoming' });
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({ body: word, status: 'received' });

    // Both workflows' queued messages are skipped; exactly one non-marketing confirmation went out.
    const outgoing = await outgoingOf(shopper.channelId);
    const skipped = outgoing.filter((m) => shopper.queued.includes(Number(m.id)));
    expect(skipped.map((m) => [m.status, m.extra_data.skip_reason])).toEqual([
      ['agent_skipped', 'unsubscribed'],
      ['agent_skipped', 'unsubscribed'],
    ]);
    const confirmations = outgoing.filter((m) => !shopper.queued.includes(Number(m.id)));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toMatchObject({
      body: optOutConfirmation(brand.name),
      is_marketing: false,
      status: 'sent',
    });
  });

  it('after STOP nothing more is sent to the channel from any workflow, and a repeated STOP sends no second confirmation', async () => {
    const shopper = await shopperWithQueuedMessages();
    await receiveMessage(ctx, { from: shopper.phone, to: BRAND_NUMBER, body: 'STOP', provider: 'outbox' });
    // A third workflow queues a message after the opt-out.
    const late = await createWorkflow(t.db, { brandId: brand.id, name: 'Cross-sell' });
    const [conversation] = await t
      .db('conversations')
      .insert({
        brand_id: brand.id,
        workflow_id: late.id,
        contact_id: shopper.contactId,
        contact_channel_id: shopper.channelId,
      })
      .returning('id');
    const [lateMessage] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brand.id,
        conversation_id: conversation.id,
        body: 'You might also like our tents',
        direction: 'outgoing',
        status: 'auto_queued',
        scheduled_for: new Date(Date.now() - 60_000),
        is_marketing: true,
      })
      .returning('id');

    const again = await receiveMessage(ctx, {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: 'Stop',
      provider: 'outbox',
    });
    expect(again).toMatchObject({ action: 'opt_out', subscriptionChanged: false, reply: null });
    await sendDueMessages(ctx, {});

    const outgoing = await outgoingOf(shopper.channelId);
    expect(
      outgoing
        .filter((m) => ['sent', 'delivered', 'sending', 'queued', 'auto_queued'].includes(m.status))
        .map((m) => m.body),
    ).toEqual([optOutConfirmation(brand.name)]);
    const lateRow = outgoing.find((m) => Number(m.id) === Number(lateMessage.id));
    expect(lateRow).toMatchObject({ status: 'agent_skipped', extra_data: { skip_reason: 'unsubscribed' } });
  });

  it('a repeat of the same provider message applies nothing twice', async () => {
    const shopper = await shopperWithQueuedMessages();
    const first = await receiveMessage(ctx, {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: 'STOP',
      provider: 'infobip',
      providerMessageId: `mo-${shopper.channelId}`,
    });
    const second = await receiveMessage(ctx, {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: 'STOP',
      provider: 'infobip',
      providerMessageId: `mo-${shopper.channelId}`,
    });
    expect(second).toMatchObject({ duplicate: true, outcome: 'duplicate', messageId: first.messageId, reply: null });
    const incoming = await t
      .db('conversation_messages')
      .where({ conversation_id: shopper.conversations[1], direction: 'incoming' });
    expect(incoming).toHaveLength(1);
    expect((await outgoingOf(shopper.channelId)).filter((m) => !m.is_marketing)).toHaveLength(1);
  });
});

describe('the confirmation is owed once, whatever fails', () => {
  it('a confirmation that could not be sent goes out when the provider retries the same message, and only once', async () => {
    const shopper = await shopperWithQueuedMessages();
    const broken = await t.context({ SMS_PROVIDER: 'infobip' }); // no INFOBIP_BASE_URL: sending throws
    const inbound = {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: 'STOP',
      provider: 'infobip',
      providerMessageId: `mo-retry-${shopper.channelId}`,
    };
    await expect(receiveMessage(broken, inbound)).rejects.toThrow('INFOBIP_BASE_URL');
    // The opt-out itself took effect at once.
    expect(await t.db('contact_channels').where({ id: shopper.channelId }).first()).toMatchObject({
      status: 'unsubscribed',
    });
    expect((await outgoingOf(shopper.channelId)).filter((m) => !m.is_marketing)).toHaveLength(0);

    const retried = await receiveMessage(ctx, inbound);
    expect(retried).toMatchObject({ duplicate: true, reply: { body: optOutConfirmation(brand.name), status: 'sent' } });
    const again = await receiveMessage(ctx, inbound);
    expect(again).toMatchObject({ duplicate: true, reply: null });
    expect((await outgoingOf(shopper.channelId)).filter((m) => !m.is_marketing).map((m) => m.body)).toEqual([
      optOutConfirmation(brand.name),
    ]);
  });

  it('reclaim contacts block does what STOP does without the confirmation; a STOP afterwards sends nothing either', async () => {
    const shopper = await shopperWithQueuedMessages();
    const blocked = await blockContact(t.db, { brandId: brand.id, contactId: shopper.contactId });
    expect(blocked.skippedMessages).toBe(2);
    expect(await t.db('conversation_messages').whereIn('id', shopper.queued).pluck('status')).toEqual([
      'agent_skipped',
      'agent_skipped',
    ]);
    const stop = await receiveMessage(ctx, { from: shopper.phone, to: BRAND_NUMBER, body: 'STOP', provider: 'outbox' });
    expect(stop).toMatchObject({ subscriptionChanged: false, reply: null });
    const start = await receiveMessage(ctx, {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: 'START',
      provider: 'outbox',
    });
    expect(start).toMatchObject({ subscriptionChanged: false, reply: null });
    expect(await t.db('contact_channels').where({ id: shopper.channelId }).first()).toMatchObject({
      status: 'unsubscribed',
      extra_data: { blocked: true },
    });
    expect((await outgoingOf(shopper.channelId)).filter((m) => !m.is_marketing)).toHaveLength(0);
  });
});

describe('HELP, START and ordinary replies', () => {
  it('HELP answers with the brand name, a contact, "Msg&data rates may apply" and how to stop', async () => {
    const shopper = await shopperWithQueuedMessages();
    const result = await receiveMessage(ctx, {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: 'help',
      provider: 'outbox',
    });
    expect(result.action).toBe('help');
    const [answer] = (await outgoingOf(shopper.channelId)).filter((m) => !shopper.queued.includes(Number(m.id)));
    expect(answer).toMatchObject({ is_marketing: false, status: 'sent' });
    expect(answer!.body).toContain('Acme Outdoors');
    expect(answer!.body).toContain('help@acme.test');
    expect(answer!.body).toContain('Msg&data rates may apply');
    expect(answer!.body).toContain('Reply STOP to opt out');
    // HELP changes nothing else: the channel stays subscribed and the workflow messages stay queued.
    expect(await t.db('contact_channels').where({ id: shopper.channelId }).first()).toMatchObject({
      status: 'subscribed',
      engagement_status: 'pending',
    });
    expect(await t.db('conversation_messages').whereIn('id', shopper.queued).pluck('status')).toEqual([
      'auto_queued',
      'auto_queued',
    ]);
  });

  it('START re-subscribes an opted-out channel (consent recorded) and confirms', async () => {
    const shopper = await shopperWithQueuedMessages();
    await receiveMessage(ctx, { from: shopper.phone, to: BRAND_NUMBER, body: 'STOP', provider: 'outbox' });
    const result = await receiveMessage(ctx, {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: 'Start',
      provider: 'outbox',
    });
    expect(result).toMatchObject({ action: 'opt_in', keyword: 'START', subscriptionChanged: true });
    expect(await t.db('contact_channels').where({ id: shopper.channelId }).first()).toMatchObject({
      status: 'subscribed',
      consent_source: 'sms_keyword:START',
    });
    const ledger = await t
      .db('channel_consent_events')
      .where({ contact_channel_id: shopper.channelId })
      .orderBy('id')
      .pluck('status');
    expect(ledger.slice(-2)).toEqual(['unsubscribed', 'subscribed']);
    const bodies = (await outgoingOf(shopper.channelId)).filter((m) => !m.is_marketing).map((m) => m.body);
    expect(bodies).toEqual([optOutConfirmation(brand.name), optInConfirmation(brand.name)]);
  });

  it('any other reply marks the channel engaged, unhides the conversation and queues the engaged notification', async () => {
    const shopper = await shopperWithQueuedMessages();
    const receivedAt = new Date(Date.now() - 5_000);
    const result = await receiveMessage(ctx, {
      from: shopper.phone,
      to: BRAND_NUMBER,
      body: "Please don't stop, is the blue tent in stock?",
      provider: 'outbox',
      receivedAt,
    });
    expect(result).toMatchObject({
      action: 'reply',
      keyword: null,
      reply: null,
      conversationId: shopper.conversations[1],
    });
    const channel = await t.db('contact_channels').where({ id: shopper.channelId }).first();
    expect(channel).toMatchObject({ status: 'subscribed', engagement_status: 'engaged' });
    expect(new Date(channel.last_engaged_at).getTime()).toBe(receivedAt.getTime());
    expect(await t.db('conversations').where({ id: shopper.conversations[1] }).first()).toMatchObject({
      is_hidden: false,
    });
    expect(await t.db('conversations').where({ id: shopper.conversations[0] }).first()).toMatchObject({
      is_hidden: true,
    });
    // Queued workflow messages are untouched, and nothing is sent back.
    expect(await t.db('conversation_messages').whereIn('id', shopper.queued).pluck('status')).toEqual([
      'auto_queued',
      'auto_queued',
    ]);
    expect((await outgoingOf(shopper.channelId)).filter((m) => !m.is_marketing)).toHaveLength(0);

    // The queued job runs; without Slack it is a no-op that records why.
    await runDueJobs(ctx, TASKS);
    const conversation = await t.db('conversations').where({ id: shopper.conversations[1] }).first();
    expect(conversation.extra_data.engaged_notification).toMatchObject({
      status: 'skipped',
      reason: 'slack_not_configured',
    });
  });

  it('an unknown +1 sender becomes a contact (source inbound) with a channel and a conversation of its own', async () => {
    const phone = usPhone('312');
    const result = await receiveMessage(ctx, {
      from: phone,
      to: BRAND_NUMBER,
      body: 'Hi, do you ship to Chicago?',
      provider: 'outbox',
    });
    expect(result).toMatchObject({
      outcome: 'stored',
      createdContact: true,
      createdConversation: true,
      action: 'reply',
    });
    const contact = await t.db('contacts').where({ id: result.contactId }).first();
    expect(contact).toMatchObject({ brand_id: String(brand.id), source: 'inbound' });
    expect(await t.db('contact_channels').where({ id: result.channelId }).first()).toMatchObject({
      username: phone,
      type: 'sms',
      status: 'subscribed',
      engagement_status: 'engaged',
    });
    expect(await t.db('conversations').where({ id: result.conversationId }).first()).toMatchObject({
      workflow_id: null,
      contact_id: String(result.contactId),
      is_hidden: false,
    });

    // The same rules apply to it: STOP unsubscribes and confirms once.
    const stop = await receiveMessage(ctx, { from: phone, to: BRAND_NUMBER, body: 'STOP', provider: 'outbox' });
    expect(stop).toMatchObject({
      createdContact: false,
      conversationId: result.conversationId,
      subscriptionChanged: true,
    });
    expect((await outgoingOf(result.channelId!)).map((m) => m.body)).toEqual([optOutConfirmation(brand.name)]);
  });

  it('the brand is also found by its support phone; an unknown number is a clear error and stores nothing', async () => {
    const phone = usPhone('646');
    const result = await receiveMessage(ctx, { from: phone, to: '(415) 555-0142', body: 'hello', provider: 'outbox' });
    expect(result.brandId).toBe(brand.id);
    await expect(
      receiveMessage(ctx, { from: usPhone('646'), to: '+12125550199', body: 'hello', provider: 'outbox' }),
    ).rejects.toThrow('No brand texts from +12125550199.');
  });
});
