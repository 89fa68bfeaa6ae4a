/**
 * The brand API's inbox routes through the real server: one conversation's answer carries its
 * feedback, quality reviews and files; an agent replies as the signed-in user (refused, nothing
 * stored, for a blocked shopper); hide, show and read; feedback listed and saved on a message of
 * the conversation; escalations asked, listed and answered; quality reviews and files added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REPLY_REFUSALS } from '../../src/conversations/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let other: World;
let token: string;
let base: string;

beforeAll(async () => {
  world = await seedWorld(t.db, 'desk');
  other = await seedWorld(t.db, 'other');
  token = await api.login(world.user.email);
  base = `/api/brands/${world.ids.brandId}/conversations/${world.ids.conversationId}`;
});

const detail = async () => (await api.get(base, token)).json().conversation;
const messageCount = async () =>
  Number((await t.db('conversation_messages').where({ conversation_id: world.ids.conversationId }).count())[0]!.count);

describe('GET /api/brands/:brandId/conversations/:conversationId carries what the inbox records on it', () => {
  it('shows the feedback, the quality review and the file, and the author of each message', async () => {
    const conversation = await detail();
    expect(conversation.feedback).toMatchObject([
      { message_id: world.ids.messageId, rating: 4, comment: `Feedback ${world.tag}` },
    ]);
    expect(conversation.quality).toMatchObject([{ user_id: world.user.id, rating: 5, note: `Quality ${world.tag}` }]);
    expect(conversation.files).toMatchObject([
      { name: `File ${world.tag}`, type: 'image/jpeg', url: `https://files.example.com/${world.tag}.jpg` },
    ]);
    expect(conversation.messages.every((m: { user_id: unknown }) => m.user_id === null)).toBe(true);
    expect(conversation).toMatchObject({ is_unread: true, is_recovered: false, checkout_state: 'pending' });
  });
});

describe('POST …/conversations/:conversationId/reply', () => {
  it('sends the text through the outbox as the signed-in user, and the thread shows its author', async () => {
    const answer = await api.post(`${base}/reply`, token, { body: '  Yes, we ship to Canada.  ' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      conversational: true,
      outcome: 'sent',
      message: { direction: 'outgoing', body: 'Yes, we ship to Canada.', user_id: world.user.id, is_marketing: false },
    });
    const conversation = await detail();
    expect(conversation.messages.at(-1)).toMatchObject({ body: 'Yes, we ship to Canada.', user_id: world.user.id });
    expect(conversation).toMatchObject({ is_hidden: false, is_unread: false });
  });

  it('is refused for a blocked shopper with nothing stored, and an empty text is a 400', async () => {
    const blocked = await api.post(`/api/brands/${world.ids.brandId}/contacts/${world.ids.contactId}/block`, token);
    expect(blocked.statusCode).toBe(200);
    const before = await messageCount();
    const answer = await api.post(`${base}/reply`, token, { body: 'Are you still there?' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({ code: 'channel_blocked', message: REPLY_REFUSALS.channel_blocked });
    expect(await messageCount()).toBe(before);
    expect((await api.post(`${base}/reply`, token, {})).statusCode).toBe(400);
  });
});

describe('hide, unhide and read', () => {
  it('hides and shows the conversation, and marks it read by the signed-in user', async () => {
    const hidden = await api.post(`${base}/hide`, token);
    expect(hidden.json().conversation).toMatchObject({ id: world.ids.conversationId, is_hidden: true });
    expect((await detail()).is_hidden).toBe(true);
    expect((await api.post(`${base}/unhide`, token)).json().conversation.is_hidden).toBe(false);
    const read = await api.post(`${base}/read`, token);
    expect(read.json().conversation.last_read_user_id).toBe(world.user.id);
    expect(read.json().conversation.last_read_at).toMatch(/Z$/);
  });
});

describe('feedback', () => {
  it("lists the brand's feedback with its text filter and pages of 10", async () => {
    const list = await api.get(`/api/brands/${world.ids.brandId}/feedback`, token);
    expect(list.json()).toMatchObject({ total: 1, offset: 0, limit: 10 });
    expect(list.json().items[0]).toMatchObject({ comment: `Feedback ${world.tag}`, message_body: `Body ${world.tag}` });
    expect(list.body).not.toContain(other.tag);
    const none = await api.get(`/api/brands/${world.ids.brandId}/feedback?q=nothing-like-this`, token);
    expect(none.json()).toMatchObject({ total: 0, items: [] });
  });

  it('saves again on the same message (one feedback per message), and refuses a message of another conversation', async () => {
    const url = `${base}/messages/${world.ids.messageId}/feedback`;
    const saved = await api.call('PUT', url, token, { rating: 2, comment: 'Too pushy' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().feedback).toMatchObject({ message_id: world.ids.messageId, rating: 2, comment: 'Too pushy' });
    const list = await api.get(`/api/brands/${world.ids.brandId}/feedback`, token);
    expect(list.json().total).toBe(1);
    const elsewhere = await api.call('PUT', `${base}/messages/${other.ids.messageId}/feedback`, token, { rating: 1 });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe('Message not found');
    expect((await api.call('PUT', url, token, { rating: 6 })).statusCode).toBe(400);
  });
});

describe('escalations', () => {
  it('asks a question from the conversation, lists it, answers it and filters by knowledge base', async () => {
    const asked = await api.post(`${base}/escalations`, token, { question: 'Do you price match?' });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id } = asked.json().escalation;
    const list = await api.get(
      `/api/brands/${world.ids.brandId}/escalations?conversation_id=${world.ids.conversationId}`,
      token,
    );
    expect(list.json().total).toBe(2);
    expect(list.json().items[0]).toMatchObject({ id, question: 'Do you price match?', is_added_kb: false });
    const answered = await api.call('PATCH', `/api/brands/${world.ids.brandId}/escalations/${id}`, token, {
      processed_question: 'Price matching',
      processed_response: 'We match any US store.',
      is_added_kb: true,
    });
    expect(answered.json().escalation).toMatchObject({
      processed_response: 'We match any US store.',
      is_added_kb: true,
    });
    const one = await api.get(`/api/brands/${world.ids.brandId}/escalations/${id}`, token);
    expect(one.json().escalation.processed_question).toBe('Price matching');
    const inKb = await api.get(`/api/brands/${world.ids.brandId}/escalations?is_added_kb=true`, token);
    expect(inKb.json().items.map((e: { id: number }) => e.id)).toEqual([id]);
    const theirs = await api.get(`/api/brands/${world.ids.brandId}/escalations/${other.ids.escalationId}`, token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Escalation not found');
  });
});

describe('quality and files', () => {
  it('records a review by the signed-in user and a file on a message; both show in the conversation', async () => {
    const review = await api.post(`${base}/quality`, token, { rating: 3, note: 'Slow first answer' });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().quality).toMatchObject({ user_id: world.user.id, rating: 3, note: 'Slow first answer' });
    const file = await api.post(`${base}/files`, token, {
      url: 'https://files.example.com/size-chart.png',
      name: 'size-chart.png',
      type: 'image/png',
      size: 2048,
      message_id: world.ids.messageId,
    });
    expect(file.statusCode, file.body).toBe(201);
    expect(file.json().file).toMatchObject({ message_id: world.ids.messageId, size: 2048 });
    const conversation = await detail();
    expect(conversation.quality.map((q: { note: string }) => q.note)).toContain('Slow first answer');
    expect(conversation.files.map((f: { name: string }) => f.name)).toContain('size-chart.png');
    const bad = await api.post(`${base}/files`, token, { url: 'ftp://files.example.com/x' });
    expect(bad.statusCode).toBe(400);
    const foreign = await api.post(`${base}/files`, token, {
      url: 'https://files.example.com/x.png',
      message_id: other.ids.messageId,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
