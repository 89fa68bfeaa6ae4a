/**
 * The brand API's conversation routes: the inbox list pages with a total and masks phone numbers,
 * one conversation shows the shopper's whole number, filters and search reach the list, and an
 * agent's block unsubscribes the shopper and skips the queued texts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConversation, createSentMessage } from '../factories/attribution.ts';
import { createContact } from '../factories/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let token: string;
let quiet: { conversationId: number; phone: string };

beforeAll(async () => {
  world = await seedWorld(t.db, 'inbox');
  token = await api.login(world.user.email);
  await t.db('conversations').where({ id: world.ids.conversationId }).update({ is_hidden: false });
  // A second, newer conversation without a reply, hidden.
  const phone = '+13125550199';
  const { contact, channel } = await createContact(t.db, world.ids.brandId!, { phone, given_name: 'Quinn' });
  const conversation = await createConversation(t.db, {
    brandId: world.ids.brandId!,
    contactId: contact.id,
    channelId: channel.id,
    createdAt: new Date(),
    is_hidden: true,
  });
  quiet = { conversationId: conversation.id, phone };
});

const list = (query = '') => api.get(`/api/brands/${world.ids.brandId}/conversations${query}`, token);

describe('GET /api/brands/:brandId/conversations', () => {
  it('pages newest first with the total, and masks every phone number', async () => {
    const first = await list('?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 2, offset: 0, limit: 1 });
    expect(first.json().items.map((c: { id: number }) => c.id)).toEqual([quiet.conversationId]);
    expect(first.json().items[0].channel.username).toBe('+1312***0199');
    const second = await list('?limit=1&offset=1');
    expect(second.json().items.map((c: { id: number }) => c.id)).toEqual([world.ids.conversationId]);
    expect(second.json().items[0].channel.username).toBe(`${world.phone.slice(0, 5)}***${world.phone.slice(-4)}`);
    const all = await list();
    expect(all.json().limit).toBe(100);
    for (const phone of [world.phone, quiet.phone]) expect(all.body).not.toContain(phone);
  });

  it('filters by visibility, response and workflow, and searches digits and names', async () => {
    const ids = async (query: string) => (await list(query)).json().items.map((c: { id: number }) => c.id);
    expect(await ids('?is_hidden=true')).toEqual([quiet.conversationId]);
    expect(await ids('?is_hidden=false')).toEqual([world.ids.conversationId]);
    expect(await ids('?has_response=true')).toEqual([world.ids.conversationId]);
    expect(await ids('?has_response=false')).toEqual([quiet.conversationId]);
    expect(await ids(`?workflow_id=${world.ids.workflowId}`)).toEqual([world.ids.conversationId]);
    expect(await ids('?q=5550199')).toEqual([quiet.conversationId]);
    expect(await ids('?q=quinn')).toEqual([quiet.conversationId]);
  });

  it("refuses a phone search that is not numeric and a flag that is not true or false, with the spec's words", async () => {
    const search = await list('?q=555-01x9');
    expect(search.statusCode).toBe(400);
    expect(search.json().error.message).toBe('Value must be a numeric string');
    const flag = await list('?is_hidden=yes');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().error.message).toMatch(/^Invalid query: is_hidden: /);
  });
});

describe('GET /api/brands/:brandId/conversations/:conversationId', () => {
  it("shows the shopper's whole number, the messages, the code and the click", async () => {
    const answer = await api.get(`/api/brands/${world.ids.brandId}/conversations/${world.ids.conversationId}`, token);
    expect(answer.statusCode).toBe(200);
    const { conversation } = answer.json();
    expect(conversation.channel.username).toBe(world.phone);
    expect(conversation.messages.map((m: { body: string }) => m.body)).toEqual([
      `Body ${world.tag}`,
      `Reply ${world.tag}`,
    ]);
    expect(conversation.discount_codes[0].code).toBe(`CODE${world.tag.toUpperCase()}`);
    expect(conversation.short_links[0]).toMatchObject({ click_count: 1 });
    expect(conversation.short_links[0].url).toMatch(/^https:\/\/app\.reclaim\.test\/r\//);
    expect(conversation).toMatchObject({ previous_id: quiet.conversationId, next_id: null });
  });
});

describe('GET a conversation: whether a reply may be sent, and the consent', () => {
  const detail = async (id: number) =>
    (await api.get(`/api/brands/${world.ids.brandId}/conversations/${id}`, token)).json().conversation;

  it('offers a reply to a subscribed shopper and says how they consented', async () => {
    await t
      .db('contact_channels')
      .where({ id: (await detail(quiet.conversationId)).channel.id })
      .update({ consent_source: 'checkout', consented_at: new Date('2026-11-01T10:00:00Z') });
    const conversation = await detail(quiet.conversationId);
    expect(conversation.reply).toEqual({ allowed: true, code: null, reason: null });
    expect(conversation.consent).toEqual({
      status: 'subscribed',
      source: 'checkout',
      consented_at: '2026-11-01T10:00:00.000Z',
    });
  });

  it("refuses a reply to an unsubscribed shopper with the reply route's words, and the route agrees", async () => {
    const { channel } = await detail(quiet.conversationId);
    await t.db('contact_channels').where({ id: channel.id }).update({ status: 'unsubscribed' });
    const conversation = await detail(quiet.conversationId);
    expect(conversation.consent.status).toBe('unsubscribed');
    expect(conversation.reply).toEqual({
      allowed: false,
      code: 'channel_unsubscribed',
      reason: 'The shopper has unsubscribed (texted STOP): nothing can be sent until they text START.',
    });
    const reply = await api.post(
      `/api/brands/${world.ids.brandId}/conversations/${quiet.conversationId}/reply`,
      token,
      { body: 'Hello' },
    );
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(conversation.reply.reason);

    await t
      .db('contact_channels')
      .where({ id: channel.id })
      .update({ extra_data: t.db.raw(`extra_data || '{"blocked": true}'::jsonb`) });
    const blocked = await detail(quiet.conversationId);
    expect(blocked.consent.status).toBe('blocked');
    expect(blocked.reply).toMatchObject({
      allowed: false,
      reason: 'The shopper is blocked: nothing can be sent to this number.',
    });
  });
});

describe('POST /api/brands/:brandId/contacts/:contactId/block', () => {
  it("unsubscribes and blocks the shopper's channels and skips the queued texts; a second block changes nothing", async () => {
    const queued = await createSentMessage(t.db, {
      brandId: world.ids.brandId!,
      conversationId: world.ids.conversationId!,
      sentAt: new Date(),
      status: 'queued',
      sent_at: null,
    });
    const url = `/api/brands/${world.ids.brandId}/contacts/${world.ids.contactId}/block`;
    const answer = await api.post(url, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ contact_id: world.ids.contactId, skipped_messages: 1 });
    expect(answer.json().channels).toEqual([
      expect.objectContaining({ changed: true, username: `${world.phone.slice(0, 5)}***${world.phone.slice(-4)}` }),
    ]);
    const channel = await t.db('contact_channels').where({ contact_id: world.ids.contactId }).first();
    expect(channel).toMatchObject({ status: 'unsubscribed' });
    expect(channel.extra_data.blocked).toBe(true);
    expect((await t.db('conversation_messages').where({ id: queued.id }).first()).status).toBe('agent_skipped');

    const again = await api.post(url, token);
    expect(again.json()).toMatchObject({
      skipped_messages: 0,
      channels: [expect.objectContaining({ changed: false })],
    });
  });
});
