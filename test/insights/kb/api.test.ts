/**
 * The brand API's knowledge-base routes through the real server: cards created with the signed-in
 * user as author (a draft unless said otherwise), listed, read, changed and deleted; another
 * brand's card answers 404 like a missing one; the search ranks, ignores words of 2 characters or
 * fewer, and finds nothing of another brand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { KB_MESSAGES } from '../../../src/insights/index.ts';
import { useBrandApi } from '../../helpers/brand-api.ts';
import { seedWorld, type World } from '../../helpers/brand-api-world.ts';
import { useTestDatabase } from '../../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let other: World;
let token: string;
let cards: string;

beforeAll(async () => {
  world = await seedWorld(t.db, 'kb');
  other = await seedWorld(t.db, 'other');
  token = await api.login(world.user.email);
  cards = `/api/brands/${world.ids.brandId}/kb/cards`;
});

describe('KB cards', () => {
  it('creates a draft by the signed-in user, lists, reads, changes and deletes it', async () => {
    const created = await api.post(cards, token, { title: 'Returns', content: 'Returns are free within 30 days.' });
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json().card;
    expect(card).toMatchObject({ author_id: world.user.id, status: 'draft', source: 'manual', weight: 0 });

    const list = await api.get(`${cards}?status=draft`, token);
    expect(list.json()).toMatchObject({ total: 1, offset: 0, limit: 100 });
    expect(list.json().items[0].id).toBe(card.id);
    expect((await api.get(cards, token)).json().total).toBe(3);

    const changed = await api.call('PATCH', `${cards}/${card.id}`, token, { status: 'unpublished', weight: 7 });
    expect(changed.json().card).toMatchObject({ status: 'unpublished', weight: 7, title: 'Returns' });
    expect((await api.get(`${cards}/${card.id}`, token)).json().card.weight).toBe(7);

    const deleted = await api.call('DELETE', `${cards}/${card.id}`, token);
    expect(deleted.json()).toEqual({ id: card.id, deleted: true });
    const gone = await api.get(`${cards}/${card.id}`, token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(KB_MESSAGES.notFound);
  });

  it("answers another brand's card 404 like a missing one, and refuses a flow card without its flow", async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const theirs = await api.call(method, `${cards}/${other.spares[0]!.cardId}`, token, { weight: 1 });
      const missing = await api.call(method, `${cards}/999999999`, token, { weight: 1 });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(missing.body);
    }
    expect(await t.db('kb_cards').where({ id: other.spares[0]!.cardId }).first('weight')).toEqual({ weight: 0 });
    const flow = await api.post(cards, token, { title: 'Sizes', content: 'Runs small.', source: 'flow' });
    expect(flow.statusCode).toBe(400);
    expect(flow.json().error.message).toBe(KB_MESSAGES.flowRequired);
    const linked = await api.post(cards, token, {
      title: 'Sizes',
      content: 'Runs small.',
      source: 'flow',
      flow_id: world.ids.workflowId,
    });
    expect(linked.json().card.flow_id).toBe(world.ids.workflowId);
    const foreignFlow = await api.post(cards, token, {
      title: 'Sizes',
      content: 'Runs small.',
      source: 'flow',
      flow_id: other.ids.workflowId,
    });
    expect(foreignFlow.statusCode).toBe(404);
  });
});

describe('GET /api/brands/:brandId/kb/search', () => {
  it("ranks the brand's cards, ignores short words and never finds another brand's", async () => {
    const found = await api.get(
      `/api/brands/${world.ids.brandId}/kb/search?q=${encodeURIComponent('is shipping')}`,
      token,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ mode: 'full_text', words: ['shipping'], ignored: ['is'], total: 2 });
    for (const item of found.json().items) expect(item.title).toContain(`Card ${world.tag}`);
    expect(found.json().items[0].rank).toBeGreaterThan(0);
    expect(found.body).not.toContain(other.tag);
    const none = await api.get(`/api/brands/${world.ids.brandId}/kb/search?q=to%20be`, token);
    expect(none.json()).toMatchObject({ mode: 'none', total: 0, items: [] });
    expect((await api.get(`/api/brands/${world.ids.brandId}/kb/search`, token)).statusCode).toBe(400);
  });
});
