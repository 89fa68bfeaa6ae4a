import { beforeAll, describe, expect, it } from 'vitest';
import { listConversations, NUMERIC_SEARCH_MESSAGE } from '../../src/conversations/index.ts';
import { createBrand, createContact, createWorkflow, usPhone } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let env: Record<string, string>;
let brandId: number;
let otherBrandId: number;
const ids: Record<string, number> = {};
const BRAND_NUMBER = usPhone('628');

beforeAll(async () => {
  env = { ...testEnv(t.url), PUBLIC_URL: 'https://reclaim.example.com' };
  brandId = (await createBrand(t.db, { name: 'Acme Outdoors', support_phone: BRAND_NUMBER })).id;
  otherBrandId = (await createBrand(t.db)).id;
  const workflow = await createWorkflow(t.db, { brandId, name: 'Abandoned Cart' });

  const conversationFor = async (
    key: string,
    {
      brand = brandId,
      given,
      family,
      phone,
      hidden = true,
      at,
    }: { brand?: number; given: string; family: string; phone: string; hidden?: boolean; at: Date },
  ) => {
    const { contact, channel } = await createContact(t.db, brand, { given_name: given, family_name: family, phone });
    const [row] = await t
      .db('conversations')
      .insert({
        brand_id: brand,
        workflow_id: brand === brandId ? workflow.id : null,
        contact_id: contact.id,
        contact_channel_id: channel.id,
        is_hidden: hidden,
        created_at: at,
        updated_at: at,
      })
      .returning('id');
    ids[key] = Number(row.id);
    return Number(row.id);
  };
  const now = Date.now();
  const sam = await conversationFor('sam', {
    given: 'Sam',
    family: 'Shopper',
    phone: '+14155557001',
    at: new Date(now - 3 * 60_000),
  });
  await conversationFor('alex', {
    given: 'Alex',
    family: 'Buyer',
    phone: '+13125557002',
    at: new Date(now - 2 * 60_000),
    hidden: false,
  });
  await conversationFor('samira', {
    given: 'Samira',
    family: 'Shore',
    phone: '+16465557003',
    at: new Date(now - 60_000),
  });
  await conversationFor('other', {
    brand: otherBrandId,
    given: 'Sam',
    family: 'Shopper',
    phone: '+14155557004',
    at: new Date(now),
  });

  const [sent] = await t
    .db('conversation_messages')
    .insert({
      brand_id: brandId,
      conversation_id: sam,
      body: 'Hi Sam, your cart: https://reclaim.example.com/r/Xy12Ab34 use LR-K7P2QZ',
      direction: 'outgoing',
      status: 'sent',
      sent_at: new Date(now - 170_000),
      scheduled_for: new Date(now - 175_000),
      segments: 1,
      encoding: 'GSM-7',
      provider: 'outbox',
      is_marketing: true,
    })
    .returning('id');
  await t.db('conversation_messages').insert({
    brand_id: brandId,
    conversation_id: sam,
    body: 'Second nudge',
    direction: 'outgoing',
    status: 'agent_skipped',
    scheduled_for: new Date(now + 86_400_000),
    is_marketing: true,
    extra_data: { skip_reason: 'unsubscribed' },
  });
  await t.db('discount_codes').insert({
    brand_id: brandId,
    conversation_id: sam,
    message_id: sent.id,
    workflow_id: workflow.id,
    code: 'LR-K7P2QZ',
    status: 'created',
    ends_at: new Date(now + 10 * 86_400_000),
  });
  const [link] = await t
    .db('short_links')
    .insert({
      brand_id: brandId,
      conversation_id: sam,
      message_id: sent.id,
      code: 'Xy12Ab34',
      target_url: 'https://acme.example.com/cart/1:1',
    })
    .returning('id');
  await t
    .db('link_clicks')
    .insert({ brand_id: brandId, short_link_id: link.id, user_agent: 'Mozilla/5.0 (iPhone)', ip_hash: 'a'.repeat(64) });
});

const json = async (args: string[]) => {
  const result = await runCli([...args, '--json'], env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
};

describe('reclaim conversations list', () => {
  it("lists the brand's conversations newest first, with contact, channel and last message", async () => {
    const page = await json(['conversations', 'list', '--brand', String(brandId)]);
    expect(page).toMatchObject({ total: 3, limit: 100, offset: 0 });
    expect(page.items.map((c: { id: number }) => c.id)).toEqual([ids.samira, ids.alex, ids.sam]);
    const sam = page.items[2];
    expect(sam).toMatchObject({
      workflow: { name: 'Abandoned Cart' },
      contact: { given_name: 'Sam', family_name: 'Shopper' },
      channel: { username: '+14155557001', status: 'subscribed', engagement_status: 'pending' },
      is_hidden: true,
      message_count: 2,
      has_response: false,
      last_message: { direction: 'outgoing', status: 'agent_skipped', body: 'Second nudge' },
    });
  });

  it.each([
    [{ q: '5557001' }, ['sam']],
    [{ q: '+1 (415) 555' }, ['sam']],
    [{ q: 'sam' }, ['samira', 'sam']],
    [{ q: 'Sam Shop' }, ['sam']],
    [{ q: 'samira shore' }, ['samira']],
    [{ q: 'Shopper' }, ['sam']],
    [{ isHidden: false }, ['alex']],
    [{ isHidden: true }, ['samira', 'sam']],
    [{ limit: 1, offset: 1 }, ['alex']],
  ])('filters %j', async (filter, expected) => {
    const page = await listConversations(t.db, { brandId, ...filter });
    expect(page.items.map((c) => c.id)).toEqual(expected.map((k) => ids[k]));
  });

  it('the CLI flags reach the same filters', async () => {
    const page = await json(['conversations', 'list', '--brand', String(brandId), '--hidden', '--q', 'Sam Shop']);
    expect(page.items.map((c: { id: number }) => c.id)).toEqual([ids.sam]);
  });

  it.each([['415-55x'], ['+1 415 abc'], ['(415) 555-01O2']])(
    "a numeric-looking search that is not a number (%j) is 'Value must be a numeric string'",
    async (q) => {
      await expect(listConversations(t.db, { brandId, q })).rejects.toThrow(NUMERIC_SEARCH_MESSAGE);
    },
  );

  it("a numeric-looking search that is not a number fails with the spec's message and exit 1", async () => {
    const result = await runCli(['conversations', 'list', '--brand', String(brandId), '--q', '415-55x'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Value must be a numeric string');
  });

  it('prints a readable list and has an example in --help', async () => {
    const human = await runCli(['conversations', 'list', '--brand', String(brandId)], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Sam Shopper');
    expect(human.stdout).toContain('1-3 of 3.');
    const help = await runCli(['conversations', 'list', '--help'], env);
    expect(help.stdout).toContain('$ reclaim conversations list --brand 1');
  });
});

describe('reclaim conversations show', () => {
  it('shows messages, the discount code, the short link with its clicks, and previous and next', async () => {
    const { conversation } = await json(['conversations', 'show', String(ids.sam)]);
    expect(conversation).toMatchObject({
      id: ids.sam,
      brand_id: brandId,
      previous_id: ids.alex,
      next_id: null,
      is_hidden: true,
    });
    expect(conversation.messages).toEqual([
      expect.objectContaining({
        direction: 'outgoing',
        status: 'sent',
        body: expect.stringContaining('LR-K7P2QZ'),
        sent_at: expect.any(String),
        scheduled_for: expect.any(String),
        skip_reason: null,
        segments: 1,
        encoding: 'GSM-7',
      }),
      expect.objectContaining({
        direction: 'outgoing',
        status: 'agent_skipped',
        body: 'Second nudge',
        sent_at: null,
        skip_reason: 'unsubscribed',
      }),
    ]);
    expect(conversation.discount_codes).toEqual([expect.objectContaining({ code: 'LR-K7P2QZ', status: 'created' })]);
    expect(conversation.short_links).toEqual([
      expect.objectContaining({
        code: 'Xy12Ab34',
        url: 'https://reclaim.example.com/r/Xy12Ab34',
        target_url: 'https://acme.example.com/cart/1:1',
        click_count: 1,
        clicks: [expect.objectContaining({ user_agent: 'Mozilla/5.0 (iPhone)' })],
      }),
    ]);
    expect(JSON.stringify(conversation)).not.toContain('a'.repeat(64));

    const middle = await json(['conversations', 'show', String(ids.alex)]);
    expect(middle.conversation).toMatchObject({ previous_id: ids.samira, next_id: ids.sam });
  });

  it("an unknown id, or another brand's, is 'Conversation not found'", async () => {
    for (const args of [
      ['conversations', 'show', '999999'],
      ['conversations', 'show', String(ids.other), '--brand', String(brandId)],
    ]) {
      const result = await runCli(args, env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Conversation not found');
    }
  });
});

describe('reclaim messages receive (offline loop)', () => {
  it("applies a shopper's reply to the brand whose number it was sent to", async () => {
    const { received } = await json([
      'messages',
      'receive',
      '--from',
      '+1 (415) 555-7001',
      '--to',
      BRAND_NUMBER,
      '--body',
      'Is the tent waterproof?',
    ]);
    expect(received).toMatchObject({ outcome: 'stored', brandId, conversationId: ids.sam, action: 'reply' });
    const { conversation } = await json(['conversations', 'show', String(ids.sam)]);
    expect(conversation).toMatchObject({
      is_hidden: false,
      has_response: true,
      channel: { engagement_status: 'engaged' },
    });
    expect(conversation.messages.at(-1)).toMatchObject({
      direction: 'incoming',
      status: 'received',
      body: 'Is the tent waterproof?',
    });
  });

  it('STOP prints what happened; an unknown brand number is exit 1 and changes nothing', async () => {
    const stop = await runCli(
      ['messages', 'receive', '--from', '+13125557002', '--to', BRAND_NUMBER, '--body', 'STOP'],
      env,
    );
    expect(stop.code).toBe(0);
    expect(stop.stdout).toContain('opt-out (STOP): channel unsubscribed');
    const before = await t.db('conversation_messages').count<{ n: string }[]>({ n: '*' });
    const unknown = await runCli(
      ['messages', 'receive', '--from', '+13125557002', '--to', '+12125550199', '--body', 'hi'],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No brand texts from +12125550199.');
    expect(await t.db('conversation_messages').count<{ n: string }[]>({ n: '*' })).toEqual(before);
  });
});
