import { beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/app/index.ts';
import {
  createKbCard,
  deleteKbCard,
  getKbCard,
  KB_MESSAGES,
  listKbCards,
  searchKbCards,
  updateKbCard,
  type KbCard,
} from '../../../src/insights/index.ts';
import { createUser } from '../../factories/accounts.ts';
import { createBrand, createWorkflow } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';

const t = useTestDatabase();
let brandId: number;
let otherBrandId: number;

/** The error a call fails with (its kind and exact message). */
async function failure(call: () => Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await call();
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  brandId = (await createBrand(t.db)).id;
  otherBrandId = (await createBrand(t.db)).id;
});

describe('KB cards: create, read, update, delete per brand', () => {
  let card: KbCard;

  it('creates a draft, manual card by default, with its author and weight', async () => {
    const author = await createUser(t.db);
    card = await createKbCard(t.db, {
      brandId,
      authorId: author.id,
      title: '  Price match  ',
      content: 'We match any lower price.',
    });
    expect(card).toMatchObject({
      brand_id: brandId,
      author_id: author.id,
      title: 'Price match',
      status: 'draft',
      source: 'manual',
      flow_id: null,
      weight: 0,
    });
    expect(await getKbCard(t.db, { brandId, id: card.id })).toEqual(card);
  });

  it('a card from a flow needs a workflow of the same brand', async () => {
    const flow = await createWorkflow(t.db, { brandId });
    const otherFlow = await createWorkflow(t.db, { brandId: otherBrandId });
    const fromFlow = await createKbCard(t.db, {
      brandId,
      title: 'Cart reminder answers',
      content: 'Your cart is saved for 7 days.',
      source: 'flow',
      flowId: flow.id,
      status: 'published',
    });
    expect(fromFlow).toMatchObject({ source: 'flow', flow_id: flow.id, status: 'published' });
    expect(await failure(() => createKbCard(t.db, { brandId, title: 'x', content: 'y', source: 'flow' }))).toEqual({
      kind: 'invalid_input',
      message: KB_MESSAGES.flowRequired,
    });
    expect(
      await failure(() =>
        createKbCard(t.db, { brandId, title: 'x', content: 'y', source: 'flow', flowId: otherFlow.id }),
      ),
    ).toEqual({ kind: 'not_found', message: 'Flow not found' });
    expect(await failure(() => updateKbCard(t.db, { brandId, id: fromFlow.id, flowId: null }))).toEqual({
      kind: 'invalid_input',
      message: KB_MESSAGES.flowRequired,
    });
    const manual = await updateKbCard(t.db, { brandId, id: fromFlow.id, source: 'manual', flowId: null });
    expect(manual).toMatchObject({ source: 'manual', flow_id: null });
  });

  it("update without an id answers 'No ID provided for update', and changes nothing", async () => {
    expect(await failure(() => updateKbCard(t.db, { brandId, title: 'Changed' }))).toEqual({
      kind: 'invalid_input',
      message: 'No ID provided for update',
    });
    expect((await getKbCard(t.db, { brandId, id: card.id })).title).toBe('Price match');
  });

  it('updates the fields given, unpublishes, and keeps the others', async () => {
    const published = await updateKbCard(t.db, { brandId, id: card.id, status: 'published', weight: 7 });
    expect(published).toMatchObject({ status: 'published', weight: 7, title: 'Price match' });
    const unpublished = await updateKbCard(t.db, { brandId, id: card.id, status: 'unpublished' });
    expect(unpublished).toMatchObject({ status: 'unpublished', weight: 7 });
    expect(Date.parse(unpublished.updated_at)).toBeGreaterThanOrEqual(Date.parse(card.updated_at));
  });

  it("another brand's card answers 'KB card not found', like a missing one", async () => {
    for (const call of [
      () => getKbCard(t.db, { brandId: otherBrandId, id: card.id }),
      () => updateKbCard(t.db, { brandId: otherBrandId, id: card.id, title: 'Hijacked' }),
      () => deleteKbCard(t.db, { brandId: otherBrandId, id: card.id }),
      () => getKbCard(t.db, { brandId, id: 987_654_321 }),
    ])
      expect(await failure(call)).toEqual({ kind: 'not_found', message: KB_MESSAGES.notFound });
    expect((await getKbCard(t.db, { brandId, id: card.id })).title).toBe('Price match');
  });

  it('refuses bad input and an unknown brand', async () => {
    expect(await failure(() => createKbCard(t.db, { brandId: 987_654_321, title: 'x', content: 'y' }))).toEqual({
      kind: 'not_found',
      message: 'Brand not found',
    });
    expect((await failure(() => createKbCard(t.db, { brandId, title: ' ', content: 'y' }))).message).toContain(
      'title is required',
    );
    expect(
      (await failure(() => createKbCard(t.db, { brandId, title: 'x', content: 'y', status: 'live' as 'draft' }))).kind,
    ).toBe('invalid_input');
  });

  it('deletes a card; a second delete answers not found', async () => {
    const doomed = await createKbCard(t.db, { brandId, title: 'Old promo', content: 'Ended.' });
    expect(await deleteKbCard(t.db, { brandId, id: doomed.id })).toEqual({ id: doomed.id, deleted: true });
    expect(await failure(() => deleteKbCard(t.db, { brandId, id: doomed.id }))).toEqual({
      kind: 'not_found',
      message: KB_MESSAGES.notFound,
    });
  });
});

describe('KB card list: 100 at most, highest weight first, with the total', () => {
  it('pages a brand with 105 cards 100 at a time and filters by status', async () => {
    const brand = (await createBrand(t.db)).id;
    await t.db('kb_cards').insert(
      Array.from({ length: 105 }, (_, i) => ({
        brand_id: brand,
        title: `Card ${i}`,
        content: 'text',
        status: i % 5 === 0 ? 'published' : 'draft',
        weight: i === 42 ? 9 : 0,
      })),
    );
    const page = await listKbCards(t.db, { brandId: brand });
    expect(page.total).toBe(105);
    expect(page.items).toHaveLength(100);
    expect(page.items[0]!.title).toBe('Card 42');
    expect(page.items[1]!.title).toBe('Card 104');
    expect((await listKbCards(t.db, { brandId: brand, offset: 100 })).items).toHaveLength(5);
    const published = await listKbCards(t.db, { brandId: brand, status: 'published' });
    expect(published.total).toBe(21);
    expect(published.items.every((c) => c.status === 'published')).toBe(true);
    expect((await failure(() => listKbCards(t.db, { brandId: brand, limit: 101 }))).kind).toBe('invalid_input');
  });
});

describe('KB card search: ranked, ignoring words of 2 characters or fewer', () => {
  let brand: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    brand = (await createBrand(t.db)).id;
    const cards = [
      ['canada', 'Shipping to Canada', 'We ship to Canada in 5 to 7 business days.', 0, 'published'],
      ['returns', 'Returns', 'Returns are free within 30 days; shipping labels are included.', 0, 'published'],
      ['sizes', 'Sizes', 'Our sizes run small: order one size up. It is OK to exchange.', 0, 'draft'],
      ['giftCards', 'Gift cards', 'They never expire.', 5, 'published'],
      ['giftWrap', 'Gift wrap', 'Free wrapping at checkout.', 0, 'published'],
    ] as const;
    for (const [key, title, content, weight, status] of cards)
      ids[key] = (await createKbCard(t.db, { brandId: brand, title, content, weight, status })).id;
    await createKbCard(t.db, { brandId: otherBrandId, title: 'Shipping', content: 'Shipping everywhere.' });
  });

  const titles = (result: Awaited<ReturnType<typeof searchKbCards>>) => result.items.map((c) => c.title);

  it('finds stemmed words, the title counting more than the content, only in the brand', async () => {
    const result = await searchKbCards(t.db, { brandId: brand, q: 'shipping' });
    expect(result).toMatchObject({ mode: 'full_text', total: 2, words: ['shipping'], ignored: [] });
    expect(titles(result)).toEqual(['Shipping to Canada', 'Returns']);
    expect(result.items[0]!.rank).toBeGreaterThan(result.items[1]!.rank);
  });

  it('ignores the short words of a question and matches on the rest', async () => {
    const result = await searchKbCards(t.db, { brandId: brand, q: 'do we ship to CA?' });
    expect(result).toMatchObject({ mode: 'full_text', words: ['ship'], ignored: ['do', 'we', 'to', 'ca'] });
    expect(titles(result)).toEqual(['Shipping to Canada', 'Returns']);
  });

  it('a search of short words only finds nothing, even where they appear', async () => {
    expect(await searchKbCards(t.db, { brandId: brand, q: 'OK' })).toEqual({
      items: [],
      total: 0,
      words: [],
      ignored: ['ok'],
      mode: 'none',
    });
  });

  it('cards that match more words rank higher; equal matches go by weight', async () => {
    expect(titles(await searchKbCards(t.db, { brandId: brand, q: 'canada shipping' }))[0]).toBe('Shipping to Canada');
    expect(titles(await searchKbCards(t.db, { brandId: brand, q: 'gift' }))).toEqual(['Gift cards', 'Gift wrap']);
    await updateKbCard(t.db, { brandId: brand, id: ids.giftCards!, weight: -1 });
    expect(titles(await searchKbCards(t.db, { brandId: brand, q: 'gift' }))).toEqual(['Gift wrap', 'Gift cards']);
  });

  it('filters by status', async () => {
    expect(titles(await searchKbCards(t.db, { brandId: brand, q: 'sizes' }))).toEqual(['Sizes']);
    expect((await searchKbCards(t.db, { brandId: brand, q: 'sizes', status: 'published' })).total).toBe(0);
  });

  it('falls back to a substring match when full-text search finds nothing', async () => {
    const result = await searchKbCards(t.db, { brandId: brand, q: 'wrapp' });
    expect(result).toMatchObject({ mode: 'fallback', total: 1 });
    expect(titles(result)).toEqual(['Gift wrap']);
    expect(result.items[0]!.rank).toBe(1);
    expect((await searchKbCards(t.db, { brandId: brand, q: 'zebra' })).total).toBe(0);
  });

  it('the fallback returns 100 cards at most', async () => {
    const many = (await createBrand(t.db)).id;
    await t
      .db('kb_cards')
      .insert(Array.from({ length: 120 }, (_, i) => ({ brand_id: many, title: `Colour ${i}`, content: 'colourway' })));
    const result = await searchKbCards(t.db, { brandId: many, q: 'lourw' });
    expect(result).toMatchObject({ mode: 'fallback', total: 120 });
    expect(result.items).toHaveLength(100);
  });
});
