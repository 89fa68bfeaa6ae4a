/**
 * The segment compiler against the database: every condition and some combinations, with the
 * contacts each must match worked out by hand from the seed below; injection attempts in every
 * string field; the preview's exclusions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compileFilter,
  createSegment,
  FAILED_TO_CREATE_FILTER,
  getSegment,
  previewSegment,
  segmentAudience,
  type FilterCondition,
  type FilterGroup,
  type FilterNode,
} from '../../src/workflows/index.ts';
import { createBrand, createCart, createContact, createIntegration, createOrder, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const NOW = new Date('2026-06-15T18:00:00Z');
const daysAgo = (n: number): Date => new Date(NOW.getTime() - n * 86_400_000);
const EVIL = `x'; drop table contacts; --`;
const INJECTIONS = [EVIL, `' or '1'='1`, `$1`, `/* c */ 1=1`, `a"b`, `?`, `\\'; select 1; --`, `') or true --`];

let brandId: number;
const ids = new Map<string, number>();

beforeAll(async () => {
  const brand = await createBrand(t.db);
  brandId = brand.id;
  const integration = await createIntegration(t.db, brandId);
  const integrationId = integration.id;
  const contact = async (name: string, phone: string, group: string, extra: Record<string, unknown>, channel = {}) => {
    const made = await createContact(t.db, brandId, {
      phone,
      given_name: name,
      extra_data: { group_name: group, ...extra },
      channel,
    });
    ids.set(name, made.contact.id);
    return made;
  };
  const ann = await contact(
    'ann',
    usPhone('415'),
    'A',
    { tags: ['vip'] },
    {
      consent_source: 'checkout',
      last_engaged_at: daysAgo(5),
    },
  );
  const line = (product: string, collections: string[]) => ({
    line_items: [{ product_id: product, collection_ids: collections }],
  });
  await createOrder(t.db, {
    brandId,
    integrationId,
    contact_id: ann.contact.id,
    total: '50.00',
    created_at: daysAgo(10),
    cleaned_raw_data: line('p1', ['c1']),
  });
  await createOrder(t.db, {
    brandId,
    integrationId,
    contact_id: ann.contact.id,
    total: '70.00',
    created_at: daysAgo(60),
    cleaned_raw_data: line('p3', []),
  });

  const bob = await contact('bob', usPhone('305'), 'B', { tags: ['VIP', 'new'] }, { last_engaged_at: daysAgo(40) });
  await createOrder(t.db, {
    brandId,
    integrationId,
    contact_id: bob.contact.id,
    total: '30.00',
    created_at: daysAgo(100),
    cleaned_raw_data: line('p2', ['c2']),
  });
  await createCart(t.db, {
    brandId,
    integrationId,
    contact_id: bob.contact.id,
    state: 'abandoned',
    updated_at: daysAgo(2),
  });
  const [conv] = await t
    .db('conversations')
    .insert({
      brand_id: brandId,
      contact_id: bob.contact.id,
      contact_channel_id: bob.channel.id,
      created_at: daysAgo(3),
    })
    .returning<{ id: string }[]>('id');
  await t.db('conversation_messages').insert({
    brand_id: brandId,
    conversation_id: conv!.id,
    body: 'Hi',
    direction: 'outgoing',
    status: 'sent',
    sent_at: new Date(NOW.getTime() - 2 * 3_600_000),
  });

  const cat = await contact('cat', usPhone('214'), 'C', {}, { status: 'unsubscribed', consent_source: 'keyword' });
  await createCart(t.db, {
    brandId,
    integrationId,
    contact_id: cat.contact.id,
    state: 'pending',
    updated_at: daysAgo(40),
  });
  await t.db('channel_consent_events').insert({
    brand_id: brandId,
    contact_channel_id: cat.channel.id,
    username: cat.channel.username,
    status: 'subscribed',
    source: 'keyword',
    extra_data: { keyword: 'SUMMER' },
  });

  const dan = await contact('dan', '+442071838750', 'D', { tags: [EVIL] });
  await createOrder(t.db, { brandId, integrationId, contact_id: dan.contact.id, state: 'cancelled', total: '500.00' });
  await contact('fay', usPhone('972'), 'D', {});
  const [eve] = await t
    .db('contacts')
    .insert({ brand_id: brandId, given_name: 'eve', extra_data: { group_name: 'A' } })
    .returning<{ id: string }[]>('id');
  ids.set('eve', Number(eve!.id));

  // Another brand's contact matches most filters and must never show up.
  const other = await createBrand(t.db);
  await createContact(t.db, other.id, { given_name: 'zed', extra_data: { group_name: 'A', tags: ['vip'] } });
});

const names = (contactIds: number[]): string[] =>
  [...ids.entries()]
    .filter(([, id]) => contactIds.includes(id))
    .map(([n]) => n)
    .sort();

async function matching(node: FilterNode): Promise<string[]> {
  const filter: FilterGroup = 'rules' in node ? node : { condition: 'AND', rules: [node] };
  const members = await segmentAudience(t.db, { brandId, filter, now: NOW });
  return names(members.map((m) => m.contactId));
}

const c = (condition: FilterCondition): FilterCondition => condition;
const CASES: [string, FilterNode, string[]][] = [
  [
    'channel subscribed',
    c({ field: 'channel_status', op: 'in', values: ['subscribed'] }),
    ['ann', 'bob', 'dan', 'fay'],
  ],
  ['channel not subscribed', c({ field: 'channel_status', op: 'not_in', values: ['subscribed'] }), ['cat']],
  ['consent source checkout', c({ field: 'consent_source', op: 'in', values: ['Checkout'] }), ['ann']],
  ['consent source keyword', c({ field: 'consent_source', op: 'in', values: ['keyword'] }), ['cat']],
  ['engaged within 7 days', c({ field: 'last_engaged', op: 'within_days', days: 7 }), ['ann']],
  [
    'engaged not within 7 days',
    c({ field: 'last_engaged', op: 'not_within_days', days: 7 }),
    ['bob', 'cat', 'dan', 'eve', 'fay'],
  ],
  ['engaged within 45 days', c({ field: 'last_engaged', op: 'within_days', days: 45 }), ['ann', 'bob']],
  ['two orders or more', c({ field: 'order_count', op: 'gte', value: 2 }), ['ann']],
  [
    'no orders (cancelled ones do not count)',
    c({ field: 'order_count', op: 'eq', value: 0 }),
    ['cat', 'dan', 'eve', 'fay'],
  ],
  ['exactly one order', c({ field: 'order_count', op: 'eq', value: 1 }), ['bob']],
  ['spent over 100', c({ field: 'total_spent', op: 'gt', value: 100 }), ['ann']],
  ['spent under 50', c({ field: 'total_spent', op: 'lt', value: 50 }), ['bob', 'cat', 'dan', 'eve', 'fay']],
  ['ordered within 30 days', c({ field: 'last_order', op: 'within_days', days: 30 }), ['ann']],
  [
    'no order within 30 days',
    c({ field: 'last_order', op: 'not_within_days', days: 30 }),
    ['bob', 'cat', 'dan', 'eve', 'fay'],
  ],
  ['bought p2', c({ field: 'products_bought', op: 'any', values: ['p2', 'p9'] }), ['bob']],
  ['never bought p1', c({ field: 'products_bought', op: 'none', values: ['p1'] }), ['bob', 'cat', 'dan', 'eve', 'fay']],
  ['bought from c1', c({ field: 'collections_bought', op: 'any', values: ['c1'] }), ['ann']],
  [
    'never bought from c1 or c2',
    c({ field: 'collections_bought', op: 'none', values: ['c1', 'c2'] }),
    ['cat', 'dan', 'eve', 'fay'],
  ],
  ['tag vip, any case', c({ field: 'tags', op: 'any', values: ['vip'] }), ['ann', 'bob']],
  ['no tag new', c({ field: 'tags', op: 'none', values: ['NEW'] }), ['ann', 'cat', 'dan', 'eve', 'fay']],
  ['group A', c({ field: 'contact_group', op: 'in', values: ['A'] }), ['ann', 'eve']],
  ['not group A or D', c({ field: 'contact_group', op: 'not_in', values: ['A', 'D'] }), ['bob', 'cat']],
  ['Florida', c({ field: 'state', op: 'in', values: ['fl'] }), ['bob']],
  ['Texas', c({ field: 'state', op: 'in', values: ['TX'] }), ['cat', 'fay']],
  ['not California', c({ field: 'state', op: 'not_in', values: ['CA'] }), ['bob', 'cat', 'dan', 'eve', 'fay']],
  ['has an open cart', c({ field: 'cart', op: 'has', states: ['pending', 'abandoned'] }), ['bob', 'cat']],
  [
    'has a cart from the last 7 days',
    c({ field: 'cart', op: 'has', states: ['pending', 'abandoned'], days: 7 }),
    ['bob'],
  ],
  [
    'has no open cart',
    c({ field: 'cart', op: 'has_not', states: ['pending', 'abandoned'] }),
    ['ann', 'dan', 'eve', 'fay'],
  ],
  ['conversation within 7 days', c({ field: 'conversation', op: 'within_days', days: 7 }), ['bob']],
  [
    'no conversation within 7 days',
    c({ field: 'conversation', op: 'not_within_days', days: 7 }),
    ['ann', 'cat', 'dan', 'eve', 'fay'],
  ],
  ['opted in by any keyword', c({ field: 'tap_to_text_keyword', op: 'any' }), ['cat']],
  ['opted in by SUMMER', c({ field: 'tap_to_text_keyword', op: 'in', values: ['summer'] }), ['cat']],
  ['opted in by WINTER', c({ field: 'tap_to_text_keyword', op: 'in', values: ['WINTER'] }), []],
  [
    'group A or Florida',
    {
      condition: 'OR',
      rules: [c({ field: 'contact_group', op: 'in', values: ['A'] }), c({ field: 'state', op: 'in', values: ['FL'] })],
    },
    ['ann', 'bob', 'eve'],
  ],
  [
    'vip and (Florida or two orders)',
    {
      condition: 'AND',
      rules: [
        c({ field: 'tags', op: 'any', values: ['vip'] }),
        {
          condition: 'OR',
          rules: [c({ field: 'state', op: 'in', values: ['FL'] }), c({ field: 'order_count', op: 'gte', value: 2 })],
        },
      ],
    },
    ['ann', 'bob'],
  ],
  [
    'vip and Florida',
    {
      condition: 'AND',
      rules: [c({ field: 'tags', op: 'any', values: ['vip'] }), c({ field: 'state', op: 'in', values: ['FL'] })],
    },
    ['bob'],
  ],
];

describe('segment compiler', () => {
  it.each(CASES)('%s', async (_, node, expected) => {
    expect(await matching(node)).toEqual(expected);
  });

  it('puts every value in the bindings, never in the SQL text', () => {
    const compiled = compileFilter(
      {
        condition: 'AND',
        rules: [c({ field: 'tags', op: 'any', values: [EVIL] }), c({ field: 'order_count', op: 'gte', value: 3 })],
      },
      { now: NOW },
    );
    expect(compiled.sql).not.toContain('drop table');
    expect(compiled.bindings).toEqual([[EVIL], 3]);
    expect(compiled.sql.split('?').length - 1).toBe(compiled.bindings.length);
  });

  const stringFields: ((value: string) => FilterCondition)[] = [
    (v) => c({ field: 'consent_source', op: 'in', values: [v] }),
    (v) => c({ field: 'products_bought', op: 'any', values: [v] }),
    (v) => c({ field: 'collections_bought', op: 'any', values: [v] }),
    (v) => c({ field: 'tags', op: 'any', values: [v] }),
    (v) => c({ field: 'tap_to_text_keyword', op: 'in', values: [v] }),
  ];
  it.each(INJECTIONS)('a value of %j changes nothing but the match', async (value) => {
    for (const field of stringFields) {
      const node = field(value);
      // Only dan carries the tag EVIL, literally.
      expect(await matching(node)).toEqual(node.field === 'tags' && value === EVIL ? ['dan'] : []);
    }
    expect(Number((await t.db('contacts').count<{ count: string }[]>('* as count'))[0]!.count)).toBe(7);
  });
});

describe('segments', () => {
  it('keeps the compiled SQL for audit and refuses a bad filter with the spec text', async () => {
    const created = await createSegment(
      { db: t.db },
      {
        brandId,
        name: 'VIPs',
        filter: { condition: 'AND', rules: [{ field: 'tags', op: 'any', values: ['vip'] }] },
      },
    );
    expect(created.sql).toContain('jsonb_array_elements_text');
    expect(created.sql).not.toContain('vip');
    expect((await getSegment({ db: t.db }, { brandId, id: created.id })).name).toBe('VIPs');

    const before = await t.db('filters').count<{ count: string }[]>('* as count');
    for (const filter of [
      { condition: 'AND', rules: [] },
      { condition: 'XOR', rules: [{ field: 'tags', op: 'any', values: ['a'] }] },
      { condition: 'AND', rules: [{ field: 'sql', op: 'raw', value: '1=1' }] },
      { condition: 'AND', rules: [{ field: 'state', op: 'in', values: ['ZZ'] }] },
      { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: '1; drop table x' }] },
    ]) {
      await expect(createSegment({ db: t.db }, { brandId, name: 'Bad', filter })).rejects.toThrow(
        FAILED_TO_CREATE_FILTER,
      );
    }
    expect(await t.db('filters').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('previews reachable contacts, exclusions by reason and a masked sample', async () => {
    const preview = await previewSegment(
      { db: t.db },
      {
        brandId,
        filter: { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['A', 'B', 'C', 'D'] }] },
        now: NOW,
      },
    );
    expect(preview).toMatchObject({
      matching: 6,
      reachable: 1,
      excluded: { unsubscribed: 1, no_us_number: 2, texas: 1, recently_texted: 1 },
    });
    expect(preview.sample).toHaveLength(1);
    expect(preview.sample[0]!.contactId).toBe(ids.get('ann'));
    expect(preview.sample[0]!.phone).toMatch(/^\+1415\*+\d+$/);
  });
});

describe('the count picks the same channel as the freeze when a contact has several', () => {
  it('counts each contact once, by its best SMS channel: usable, then +1, then newest', async () => {
    const brand = await createBrand(t.db);
    const group = { extra_data: { group_name: 'D' } };
    const add = async (name: string, channels: { username: string; status: string; blocked?: boolean }[]) => {
      const [first, ...rest] = channels;
      const made = await createContact(t.db, brand.id, {
        ...group,
        given_name: name,
        phone: first!.username,
        channel: { status: first!.status, extra_data: first!.blocked ? { blocked: true } : {} },
      });
      for (const c of rest)
        await t.db('contact_channels').insert({
          brand_id: brand.id,
          contact_id: made.contact.id,
          type: 'sms',
          username: c.username,
          status: c.status,
          extra_data: c.blocked ? { blocked: true } : {},
        });
    };
    // An unsubscribed old number and a subscribed new one: reachable by the new one.
    await add('two', [
      { username: usPhone('415'), status: 'unsubscribed' },
      { username: usPhone('212'), status: 'subscribed' },
    ]);
    // A subscribed but blocked number beside an unsubscribed one: neither usable, the newer counts.
    await add('blocked', [
      { username: usPhone('305'), status: 'subscribed', blocked: true },
      { username: usPhone('312'), status: 'unsubscribed' },
    ]);
    // A usable number, then a newer non-US one: the usable one wins.
    await add('foreign', [
      { username: usPhone('404'), status: 'subscribed' },
      { username: '+447700900123', status: 'subscribed' },
    ]);
    // Three unsubscribed numbers: one contact, one reason.
    await add('three', [
      { username: usPhone('206'), status: 'unsubscribed' },
      { username: usPhone('303'), status: 'unsubscribed' },
      { username: usPhone('602'), status: 'unsubscribed' },
    ]);
    const filter: FilterGroup = { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['D'] }] };
    const preview = await previewSegment({ db: t.db }, { brandId: brand.id, filter, now: NOW });
    const audience = await segmentAudience(t.db, { brandId: brand.id, filter, now: NOW });
    expect(preview).toMatchObject({ matching: 4, reachable: 2, excluded: { unsubscribed: 2, no_us_number: 0 } });
    expect(audience.filter((m) => m.excluded === null)).toHaveLength(preview.reachable);
    expect(audience.filter((m) => m.excluded === 'unsubscribed')).toHaveLength(preview.excluded.unsubscribed);
  });
});
