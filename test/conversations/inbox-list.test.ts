/**
 * The inbox list against the database: every filter of the data-access list, the search rules
 * (digits search phones partially, one word any name, two words first and last), recovered as the
 * live feed counts it, read state, and previous / next inside the filtered view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { liveFeedRecoveredSql } from '../../src/attribution/index.ts';
import {
  getConversation,
  listConversations,
  markConversationRead,
  NUMERIC_SEARCH_MESSAGE,
  type ListConversationsInput,
} from '../../src/conversations/index.ts';
import { createBrand, createContact, createIntegration, createOrder, createWorkflow } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let brandId: number;
const ids: Record<string, number> = {};
const workflows: Record<string, number> = {};
const base = Date.parse('2026-10-01T12:00:00Z');
const day = 86_400_000;

beforeAll(async () => {
  brandId = (await createBrand(t.db)).id;
  const other = await createBrand(t.db);
  const integration = await createIntegration(t.db, brandId);
  workflows.cart = (await createWorkflow(t.db, { brandId, name: 'Abandoned Cart' })).id;
  workflows.upsell = (await createWorkflow(t.db, { brandId, name: 'Upsell', type: 'order' })).id;

  const checkout = async (state: string, isHistorical = false) =>
    Number(
      (
        await t
          .db('checkouts')
          .insert({
            brand_id: brandId,
            brand_integration_id: integration.id,
            external_id: `co-${Math.random()}`,
            state,
            is_historical: isHistorical,
          })
          .returning('id')
      )[0].id,
    );
  const cart = async (state: string) =>
    Number(
      (
        await t
          .db('carts')
          .insert({
            brand_id: brandId,
            brand_integration_id: integration.id,
            external_id: `ca-${Math.random()}`,
            state,
          })
          .returning('id')
      )[0].id,
    );
  const conversation = async (
    key: string,
    person: { given_name: string; family_name: string; phone: string },
    fields: Record<string, unknown>,
    brand = brandId,
  ) => {
    const { contact, channel } = await createContact(t.db, brand, person);
    const [row] = await t
      .db('conversations')
      .insert({ brand_id: brand, contact_id: contact.id, contact_channel_id: channel.id, ...fields })
      .returning('id');
    ids[key] = Number(row.id);
  };
  const incoming = (key: string, at: Date) =>
    t.db('conversation_messages').insert({
      brand_id: brandId,
      conversation_id: ids[key],
      body: 'Does it come in blue?',
      direction: 'incoming',
      status: 'received',
      is_marketing: false,
      created_at: at,
    });

  await conversation(
    'sam',
    { given_name: 'Sam', family_name: 'Shopper', phone: '+14155557001' },
    { workflow_id: workflows.cart, checkout_id: await checkout('abandoned'), created_at: new Date(base) },
  );
  await conversation(
    'alex',
    { given_name: 'Alex', family_name: 'Buyer', phone: '+13125557002' },
    {
      workflow_id: workflows.cart,
      checkout_id: await checkout('recovered'),
      is_hidden: false,
      created_at: new Date(base + day),
    },
  );
  await conversation(
    'samira',
    { given_name: 'Samira', family_name: 'Shore', phone: '+16465557003' },
    {
      workflow_id: workflows.cart,
      cart_id: await cart('pending'),
      is_hidden: false,
      created_at: new Date(base + 2 * day),
    },
  );
  await conversation(
    'jordan',
    { given_name: 'Jordan', family_name: 'Lee', phone: '+14155550004' },
    {
      workflow_id: workflows.upsell,
      checkout_id: await checkout('complete', true),
      is_hidden: false,
      created_at: new Date(base + 3 * day),
    },
  );
  await conversation(
    'elsewhere',
    { given_name: 'Sam', family_name: 'Shopper', phone: '+14155557009' },
    { created_at: new Date(base + 4 * day) },
    other.id,
  );

  await incoming('alex', new Date(base + day + 3600_000));
  await incoming('samira', new Date(base + 2 * day + 3600_000));
  await incoming('jordan', new Date(base + 3 * day + 3600_000));
  await markConversationRead(t.db, { brandId, id: ids.samira, at: new Date(base + 2 * day + 7200_000).toISOString() });

  // Alex's order is recovered (the live feed counts it); Jordan's order is linked but never recovered.
  const recovered = await createOrder(t.db, {
    brandId,
    integrationId: integration.id,
    workflow_id: workflows.cart,
    recovered_at: new Date(base + 2 * day),
    billing_status: 'billable',
  });
  const plain = await createOrder(t.db, { brandId, integrationId: integration.id });
  await t.db('order_conversations').insert([
    { brand_id: brandId, order_id: recovered.id, conversation_id: ids.alex },
    { brand_id: brandId, order_id: plain.id, conversation_id: ids.jordan },
  ]);
});

const list = async (filter: Omit<ListConversationsInput, 'brandId'>) =>
  (await listConversations(t.db, { brandId, ...filter })).items.map((c) =>
    Object.keys(ids).find((k) => ids[k] === c.id),
  );

describe('conversation filters and search', () => {
  type Filter = Omit<ListConversationsInput, 'brandId'>;
  // A function: the filter names rows made in beforeAll.
  it.each<[string, Filter | (() => Filter), string[]]>([
    ['no filter: newest first, only the brand', {}, ['jordan', 'samira', 'alex', 'sam']],
    ['digits search phones partially', { q: '5557001' }, ['sam']],
    ['digits anywhere in the number', { q: '415555' }, ['jordan', 'sam']],
    ['a formatted number', { q: '+1 (415) 555' }, ['jordan', 'sam']],
    ['one word: any given or family name containing it', { q: 'sam' }, ['samira', 'sam']],
    ['one word: family name', { q: 'shore' }, ['samira']],
    ['two words: first and last', { q: 'Sam Shop' }, ['sam']],
    ['two words: first and last of one person', { q: 'samira shore' }, ['samira']],
    ['two words from two people match nobody', { q: 'Alex Shopper' }, []],
    ['hasResponse', { hasResponse: true }, ['jordan', 'samira', 'alex']],
    ['no response', { hasResponse: false }, ['sam']],
    ['recovered', { checkoutState: ['recovered'] }, ['alex']],
    ['not recovered', { excludeCheckoutState: ['recovered'] }, ['jordan', 'samira', 'sam']],
    ['checkout or cart states (comma-separated)', { checkoutState: 'abandoned,pending' }, ['samira', 'sam']],
    ['a state and recovered together', { checkoutState: ['complete', 'recovered'] }, ['jordan', 'alex']],
    ['complete but not recovered', { checkoutState: 'complete', excludeCheckoutState: 'recovered' }, ['jordan']],
    ['historical', { isHistorical: true }, ['jordan']],
    ['not historical', { isHistorical: 'false' }, ['samira', 'alex', 'sam']],
    ['workflow', () => ({ workflow: String(workflows.upsell) }), ['jordan']],
    ['hidden', { isHidden: true }, ['sam']],
    ['visible', { isHidden: false }, ['jordan', 'samira', 'alex']],
    ['unread', { isUnread: true }, ['jordan', 'alex']],
    ['read', { isUnread: 'false' }, ['samira', 'sam']],
    ['from (included) and to (excluded)', { from: '2026-10-02T12:00:00Z', to: '2026-10-04' }, ['samira', 'alex']],
    ['one id', () => ({ id: ids.alex }), ['alex']],
    ['offset and limit', { offset: 1, limit: '2' }, ['samira', 'alex']],
  ])('%s', async (_name, filter, expected) => {
    expect(await list(typeof filter === 'function' ? filter() : filter)).toEqual(expected);
  });

  it("a phone search that is not a number is 'Value must be a numeric string'", async () => {
    for (const q of ['415-55x', '+1 415 abc', '(415) 555-01O2'])
      await expect(listConversations(t.db, { brandId, q })).rejects.toMatchObject({
        kind: 'invalid_input',
        message: NUMERIC_SEARCH_MESSAGE,
      });
  });

  it('answers with the total, offset and limit (default 100) and the row facts', async () => {
    const page = await listConversations(t.db, { brandId, limit: 1 });
    expect(page).toMatchObject({ total: 4, offset: 0, limit: 1 });
    expect((await listConversations(t.db, { brandId })).limit).toBe(100);
    const [alex] = (await listConversations(t.db, { brandId, id: ids.alex })).items;
    expect(alex).toMatchObject({
      checkout_state: 'recovered',
      is_recovered: true,
      is_unread: true,
      has_response: true,
      is_historical: false,
    });
  });

  it('recovered is the live feed rule for the linked orders', async () => {
    const { rows } = await t.db.raw(
      `select c.id, exists (select 1 from order_conversations oc join orders o on o.id = oc.order_id
                             where oc.conversation_id = c.id and ${liveFeedRecoveredSql('o')}) as live
         from conversations c where c.brand_id = ?`,
      [brandId],
    );
    const page = await listConversations(t.db, { brandId });
    for (const row of rows as { id: string; live: boolean }[])
      expect(page.items.find((c) => c.id === Number(row.id))?.is_recovered).toBe(row.live);
  });

  it('refuses bad input naming the field', async () => {
    await expect(listConversations(t.db, { brandId, limit: 0 })).rejects.toThrow(/limit/);
    await expect(listConversations(t.db, { brandId, checkoutState: 'lost' })).rejects.toThrow(/checkoutState/);
    await expect(listConversations(t.db, { brandId, from: 'yesterday' })).rejects.toThrow(/from/);
  });

  it('masks phone numbers when asked (lists in the brand API)', async () => {
    const [sam] = (await listConversations(t.db, { brandId, id: ids.sam }, { maskPhones: true })).items;
    expect(sam!.channel!.username).not.toContain('5557001');
    expect(sam!.channel!.username).toMatch(/^\+1415/);
  });
});

describe('a single conversation with previous and next', () => {
  it('takes previous (newer) and next (older) from the same filtered view', async () => {
    expect(await getConversation(t.db, { brandId, id: ids.alex })).toMatchObject({
      previous_id: ids.samira,
      next_id: ids.sam,
    });
    expect(await getConversation(t.db, { brandId, id: ids.alex, hasResponse: true })).toMatchObject({
      previous_id: ids.samira,
      next_id: null,
    });
    expect(await getConversation(t.db, { brandId, id: ids.jordan, checkoutState: 'recovered' })).toMatchObject({
      previous_id: null,
      next_id: ids.alex,
    });
  });

  it("another brand's conversation is 'Conversation not found'", async () => {
    await expect(getConversation(t.db, { brandId, id: ids.elsewhere })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Conversation not found',
    });
  });
});
