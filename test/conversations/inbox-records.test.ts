/**
 * What the inbox records beside the texts: feedback keyed on the message, escalations, quality
 * reviews, files, the contact's note, blocking and deleting a channel, and the messages behind
 * insights. Each is brand-scoped: another brand's ids answer like missing ones.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addConversationQuality,
  blockChannel,
  createConversationFile,
  createEscalation,
  deleteChannel,
  getConversation,
  getEscalation,
  INSIGHT_FILTER_REQUIRED,
  listEscalations,
  listFeedback,
  listMessageInsights,
  MESSAGE_ID_UNDEFINED,
  redactContactConversations,
  setContactNote,
  updateEscalation,
  upsertFeedback,
} from '../../src/conversations/index.ts';
import { withTransaction } from '../../src/db/index.ts';
import { createUser } from '../factories/accounts.ts';
import { createBrand, createContact } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let brandId: number;
let otherBrandId: number;
let conversationId: number;
let contactId: number;
let channelId: number;
const messages: number[] = [];

beforeAll(async () => {
  brandId = (await createBrand(t.db)).id;
  otherBrandId = (await createBrand(t.db)).id;
  const { contact, channel } = await createContact(t.db, brandId);
  contactId = contact.id;
  channelId = channel.id;
  const [conversation] = await t
    .db('conversations')
    .insert({ brand_id: brandId, contact_id: contactId, contact_channel_id: channelId })
    .returning('id');
  conversationId = Number(conversation.id);
  for (const [i, body] of ['Your cart is waiting', 'Is it waterproof?', 'Yes, fully waterproof.'].entries()) {
    const [m] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brandId,
        conversation_id: conversationId,
        body,
        direction: i === 1 ? 'incoming' : 'outgoing',
        status: i === 1 ? 'received' : 'sent',
        created_at: new Date(Date.UTC(2026, 9, 1, 12, i)),
      })
      .returning('id');
    messages.push(Number(m.id));
  }
});

describe('feedback', () => {
  it('is upserted keyed on the message: a second save updates the same row', async () => {
    const first = await upsertFeedback(t.db, { brandId, messageId: messages[2], rating: 2, comment: 'Too short' });
    const second = await upsertFeedback(t.db, { brandId, messageId: String(messages[2]), rating: '5' });
    expect(second).toMatchObject({ id: first.id, message_id: messages[2], rating: 5, comment: 'Too short' });
    const byId = await upsertFeedback(t.db, { brandId, id: first.id, comment: 'Clear answer' });
    expect(byId).toMatchObject({ id: first.id, rating: 5, comment: 'Clear answer', conversation_id: conversationId });
    expect(await t.db('conversation_feedback').where({ message_id: messages[2] })).toHaveLength(1);
  });

  it("needs messageId or id: 'Message ID is undefined'", async () => {
    await expect(upsertFeedback(t.db, { brandId, rating: 3 })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: MESSAGE_ID_UNDEFINED,
    });
  });

  it("refuses another brand's message or feedback, and a rating outside 1-5", async () => {
    await expect(upsertFeedback(t.db, { brandId: otherBrandId, messageId: messages[0] })).rejects.toMatchObject({
      message: 'Message not found',
    });
    await expect(upsertFeedback(t.db, { brandId: otherBrandId, id: 1 })).rejects.toMatchObject({
      message: 'Feedback not found',
    });
    await expect(upsertFeedback(t.db, { brandId, messageId: messages[0], rating: 6 })).rejects.toThrow(/rating/);
  });

  it('lists 10 a page by default, newest first, by brand and by text', async () => {
    await upsertFeedback(t.db, { brandId, messageId: messages[0], rating: 4, comment: 'Good opener' });
    const page = await listFeedback(t.db, { brandId });
    expect(page).toMatchObject({ total: 2, limit: 10, offset: 0 });
    expect(page.items.map((f) => f.message_id)).toEqual([messages[0], messages[2]]);
    expect((await listFeedback(t.db, { brandId, q: 'waterproof' })).items.map((f) => f.message_id)).toEqual([
      messages[2],
    ]);
    expect((await listFeedback(t.db, { brandId, q: 'opener' })).items.map((f) => f.message_id)).toEqual([messages[0]]);
    expect((await listFeedback(t.db, { brandId: otherBrandId })).total).toBe(0);
    expect((await listFeedback(t.db, { brandId, limit: 1, offset: 1 })).items.map((f) => f.message_id)).toEqual([
      messages[2],
    ]);
  });
});

describe('escalations', () => {
  it('are listed by brand with a limit, read by id, and answered', async () => {
    const a = await createEscalation(t.db, { brandId, conversationId, question: 'Can I return worn boots?' });
    const b = await createEscalation(t.db, { brandId, question: 'Do you price match?' });
    await createEscalation(t.db, { brandId: otherBrandId, question: 'Elsewhere' });
    expect((await listEscalations(t.db, { brandId })).items.map((e) => e.id)).toEqual([b.id, a.id]);
    const limited = await listEscalations(t.db, { brandId, limit: 1 });
    expect([limited.items.length, limited.total]).toEqual([1, 2]);
    expect(await getEscalation(t.db, { brandId, id: a.id })).toMatchObject({
      conversation_id: conversationId,
      question: 'Can I return worn boots?',
      is_added_kb: false,
    });
    await updateEscalation(t.db, { brandId, id: a.id, processedResponse: 'Within 30 days, unworn.', isAddedKb: true });
    expect((await listEscalations(t.db, { brandId, isAddedKb: 'true' })).items).toEqual([
      expect.objectContaining({ id: a.id, processed_response: 'Within 30 days, unworn.', is_added_kb: true }),
    ]);
    await expect(getEscalation(t.db, { brandId: otherBrandId, id: a.id })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Escalation not found',
    });
  });
});

describe('quality, files and the contact note', () => {
  it('inserts a quality review and a file, both shown with the conversation', async () => {
    const user = await createUser(t.db);
    const quality = await addConversationQuality(t.db, {
      brandId,
      conversationId,
      userId: user.id,
      rating: 4,
      note: 'Answered fast',
    });
    expect(quality).toMatchObject({ conversation_id: conversationId, user_id: user.id, rating: 4 });
    const file = await createConversationFile(t.db, {
      brandId,
      conversationId,
      messageId: messages[1],
      url: 'https://cdn.example.com/photo.jpg',
      name: 'photo.jpg',
      type: 'image/jpeg',
      size: 2048,
    });
    expect(file).toMatchObject({ message_id: messages[1], url: 'https://cdn.example.com/photo.jpg', size: 2048 });
    expect(await t.db('files').where({ id: file.file_id }).first()).toMatchObject({ brand_id: String(brandId) });
    const detail = await getConversation(t.db, { brandId, id: conversationId });
    expect(detail.quality).toEqual([expect.objectContaining({ id: quality.id, note: 'Answered fast' })]);
    expect(detail.files).toEqual([expect.objectContaining({ id: file.id, name: 'photo.jpg' })]);
    expect(detail.feedback.length).toBeGreaterThan(0);
  });

  it("a privacy erasure clears the reviewers' notes with the rest of the conversation", async () => {
    const { contact, channel } = await createContact(t.db, brandId);
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: contact.id, contact_channel_id: channel.id })
      .returning('id');
    const review = await addConversationQuality(t.db, {
      brandId,
      conversationId: Number(conv.id),
      rating: 2,
      note: 'Riley at 12 Elm St was upset',
    });
    await withTransaction(t.db, (tx) =>
      redactContactConversations(tx, { brandId, contactIds: [contact.id], marker: '[redacted]' }),
    );
    expect((await t.db('conversation_quality').where({ id: review.id }).first()).extra_data).toEqual({ rating: 2 });
  });

  it("refuses another brand's conversation, a message of another conversation and a non-web URL", async () => {
    await expect(addConversationQuality(t.db, { brandId: otherBrandId, conversationId })).rejects.toMatchObject({
      message: 'Conversation not found',
    });
    const [other] = await t.db('conversations').insert({ brand_id: brandId }).returning('id');
    await expect(
      createConversationFile(t.db, {
        brandId,
        conversationId: Number(other.id),
        messageId: messages[0],
        url: 'https://cdn.example.com/a.png',
      }),
    ).rejects.toMatchObject({ message: 'Message not found' });
    await expect(
      createConversationFile(t.db, { brandId, conversationId, url: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it('updates the note on the contact; a blank note removes it', async () => {
    expect(await setContactNote(t.db, { brandId, contactId, note: ' Prefers texts after 5pm ' })).toMatchObject({
      note: 'Prefers texts after 5pm',
    });
    expect((await t.db('contacts').where({ id: contactId }).first()).extra_data).toMatchObject({
      note: 'Prefers texts after 5pm',
      group_name: 'A',
    });
    await setContactNote(t.db, { brandId, contactId, note: '  ' });
    expect((await t.db('contacts').where({ id: contactId }).first()).extra_data).not.toHaveProperty('note');
    await expect(setContactNote(t.db, { brandId: otherBrandId, contactId, note: 'x' })).rejects.toMatchObject({
      message: 'Contact not found',
    });
  });
});

describe('channel block and delete', () => {
  it('block: unsubscribed and blocked, queued texts skipped; a blocked channel cannot be deleted', async () => {
    const { channel } = await createContact(t.db, brandId);
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_channel_id: channel.id })
      .returning('id');
    await t.db('conversation_messages').insert({
      brand_id: brandId,
      conversation_id: conv.id,
      body: 'Reminder',
      direction: 'outgoing',
      status: 'auto_queued',
      scheduled_for: new Date(),
    });
    const blocked = await blockChannel(t.db, { brandId, channelId: channel.id });
    expect(blocked).toMatchObject({ changed: true, skippedMessages: 1 });
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({
      status: 'unsubscribed',
      extra_data: { blocked: true },
    });
    await expect(deleteChannel(t.db, { brandId, channelId: channel.id })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it("delete: a subscribed channel goes, its conversations stay; another brand's is not found", async () => {
    const { channel } = await createContact(t.db, brandId);
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_channel_id: channel.id })
      .returning('id');
    await expect(deleteChannel(t.db, { brandId: otherBrandId, channelId: channel.id })).rejects.toMatchObject({
      message: 'Contact channel not found',
    });
    expect(await deleteChannel(t.db, { brandId, channelId: channel.id })).toEqual({
      channelId: channel.id,
      deleted: true,
    });
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toBeUndefined();
    expect(await t.db('conversations').where({ id: conv.id }).first()).toMatchObject({ contact_channel_id: null });
  });
});

describe('insights by brand insight or by tag and category', () => {
  it('lists the messages behind one insight, or behind a category and tag', async () => {
    const [insight] = await t
      .db('brand_insights')
      .insert({ brand_id: brandId, category: 'product', tag: 'specifications', topic: 'Waterproofing' })
      .returning('id');
    await t.db('conversation_message_insights').insert([
      {
        brand_id: brandId,
        brand_insight_id: insight.id,
        conversation_id: conversationId,
        conversation_message_id: messages[1],
        category: 'product',
        tag: 'specifications',
        sentiment: 'neutral',
      },
      {
        brand_id: brandId,
        conversation_id: conversationId,
        conversation_message_id: messages[1],
        category: 'blocker',
        tag: 'shipping',
        sentiment: 'negative',
      },
    ]);
    const byInsight = await listMessageInsights(t.db, { brandId, brandInsightId: insight.id });
    expect(byInsight.items).toEqual([
      expect.objectContaining({ message_body: 'Is it waterproof?', tag: 'specifications', sentiment: 'neutral' }),
    ]);
    const byTag = await listMessageInsights(t.db, { brandId, category: 'blocker', tag: 'shipping' });
    expect(byTag.items.map((i) => i.sentiment)).toEqual(['negative']);
    expect((await listMessageInsights(t.db, { brandId, category: 'post_purchase' })).total).toBe(0);
    await expect(listMessageInsights(t.db, { brandId, tag: 'shipping' })).rejects.toMatchObject({
      message: INSIGHT_FILTER_REQUIRED,
    });
    await expect(
      listMessageInsights(t.db, { brandId: otherBrandId, brandInsightId: insight.id }),
    ).rejects.toMatchObject({ message: 'Insight not found' });
  });
});
