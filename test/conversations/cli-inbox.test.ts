/** The inbox commands: list with the new filters, reply, hide, unhide and read (thin over the services). */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createBrand, createContact } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let env: Record<string, string>;
let brandId: number;
let userId: number;
let conversationId: number;
let unsubscribedId: number;

beforeAll(async () => {
  env = testEnv(t.url);
  brandId = (await createBrand(t.db)).id;
  userId = (await createUser(t.db)).id;
  const conversation = async (channel: Record<string, unknown>) => {
    const { contact, channel: ch } = await createContact(t.db, brandId, { channel });
    const [row] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: contact.id, contact_channel_id: ch.id })
      .returning('id');
    await t.db('conversation_messages').insert({
      brand_id: brandId,
      conversation_id: row.id,
      body: 'Where is my order?',
      direction: 'incoming',
      status: 'received',
      is_marketing: false,
    });
    return Number(row.id);
  };
  conversationId = await conversation({});
  unsubscribedId = await conversation({ status: 'unsubscribed' });
});

const json = async (args: string[]) => {
  const result = await runCli([...args, '--json'], env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
};

describe('reclaim conversations reply | hide | unhide | read', () => {
  it('replies as the user through the outbox, shows and marks the conversation read', async () => {
    const result = await json([
      'conversations',
      'reply',
      String(conversationId),
      '--body',
      'It shipped today.',
      '--user',
      String(userId),
    ]);
    expect(result).toMatchObject({
      conversational: true,
      outcome: 'sent',
      message: { body: 'It shipped today.', user_id: userId, provider: 'outbox', is_marketing: false },
    });
    const page = await json(['conversations', 'list', '--brand', String(brandId), '--unread', '--visible']);
    expect(page.items.map((c: { id: number }) => c.id)).toEqual([]);
  });

  it('refuses a reply to an unsubscribed shopper with exit 1 and stores nothing', async () => {
    const result = await runCli(
      ['conversations', 'reply', String(unsubscribedId), '--body', 'Hello?', '--user', String(userId)],
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The shopper has unsubscribed');
    expect(
      await t.db('conversation_messages').where({ conversation_id: unsubscribedId, direction: 'outgoing' }),
    ).toEqual([]);
  });

  it('hides, unhides and marks read; list filters follow', async () => {
    expect((await json(['conversations', 'hide', String(unsubscribedId)])).conversation).toMatchObject({
      is_hidden: true,
    });
    const hidden = await json(['conversations', 'list', '--brand', String(brandId), '--hidden']);
    expect(hidden.items.map((c: { id: number }) => c.id)).toEqual([unsubscribedId]);
    await json(['conversations', 'unhide', String(unsubscribedId), '--brand', String(brandId)]);
    const unread = await json(['conversations', 'list', '--brand', String(brandId), '--unread']);
    expect(unread.items.map((c: { id: number }) => c.id)).toEqual([unsubscribedId]);
    const read = await json(['conversations', 'read', String(unsubscribedId)]);
    expect(read.conversation).toMatchObject({ id: unsubscribedId, is_hidden: false, last_read_at: expect.any(String) });
    const human = await runCli(['conversations', 'list', '--brand', String(brandId), '--state', 'recovered'], env);
    expect([human.code, human.stdout.trim()]).toEqual([0, 'No conversations match.']);
  });
});
