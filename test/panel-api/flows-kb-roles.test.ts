/**
 * The panel's write routes of issue 31's second half: scheduled and keyword flows, the knowledge
 * base (add, edit, publish, delete, cards from insights and escalations, who wrote them), the
 * workflow history, and the role rules: a member gets 403 with the reason for what is an admin's.
 * Another brand's ids answer 404 like missing ones (the isolation table covers every route too).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { brandSenderNumber } from '../../src/messaging/index.ts';
import { createSegment } from '../../src/workflows/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedMineAndTheirs, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let mine: World;
let theirs: World;
let admin: string;
let member: string;
let memberName: string;
let segmentId: number;
let b: string;

beforeAll(async () => {
  const seeded = await seedMineAndTheirs(t.db, api, ['roles', 'others']);
  ({ mine, theirs, admin, member } = seeded);
  const user = seeded.memberUser;
  memberName = `${user.given_name} ${user.family_name}`;
  b = `/api/brands/${mine.ids.brandId}`;
  const segment = await createSegment(api.ctx, {
    brandId: mine.ids.brandId!,
    name: 'Repeat buyers',
    filter: { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 2 }] },
  });
  segmentId = segment.id;
});

describe('GET /api/brands/:brandId/role', () => {
  it('an admin may do everything; a member is told why not', async () => {
    const asAdmin = (await api.get(`${b}/role`, admin)).json();
    expect(asAdmin.role).toBe('admin');
    expect(asAdmin.actions.every((a: { allowed: boolean }) => a.allowed)).toBe(true);
    const asMember = (await api.get(`${b}/role`, member)).json();
    expect(asMember.role).toBe('member');
    expect(asMember.actions).toContainEqual({
      action: 'kb.delete',
      allowed: false,
      reason: 'Only a brand admin can delete a KB card.',
    });
  });
});

describe('scheduled flows', () => {
  const body = () => ({ segment_id: segmentId, cron: '0 10 * * 1', message: 'New this week: {cart_link}' });

  it('offers the brand’s segments; a member may not start one (403 with the reason)', async () => {
    const options = (await api.get(`${b}/flow-options`, member)).json();
    expect(options.segments).toContainEqual({ id: segmentId, name: 'Repeat buyers' });
    expect(options).toMatchObject({
      can_start: false,
      reason: 'Only a brand admin can start a scheduled or keyword flow.',
    });
    const refused = await api.post(`${b}/scheduled-flows`, member, body());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only a brand admin can start a scheduled or keyword flow.');
  });

  it('a bad pattern is the service’s message; another brand’s segment is not found', async () => {
    const bad = await api.post(`${b}/scheduled-flows`, admin, { ...body(), cron: 'every monday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid schedule pattern');
    const theirSegment = await createSegment(api.ctx, {
      brandId: theirs.ids.brandId!,
      name: 'Theirs',
      filter: { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] },
    });
    const foreign = await api.post(`${b}/scheduled-flows`, admin, { ...body(), segment_id: theirSegment.id });
    expect(foreign.statusCode).toBe(404);
  });

  it('an admin starts one: active, its pattern and segment, and a "created" line in its history by the admin', async () => {
    const created = await api.post(`${b}/scheduled-flows`, admin, body());
    expect(created.statusCode, created.body).toBe(201);
    const flow = created.json().flow;
    expect(flow).toMatchObject({
      cron: '0 10 * * 1',
      state: 'active',
      segment: { id: segmentId, name: 'Repeat buyers' },
      runs: [],
    });
    const read = (await api.get(`${b}/scheduled-flows/${flow.id}`, member)).json();
    expect(read.flow.message).toBe('New this week: {cart_link}');
    const other = await api.get(`/api/brands/${mine.ids.brandId}/scheduled-flows/${mine.ids.workflowId}`, admin);
    expect(other.statusCode).toBe(404);
    const history = (await api.get(`${b}/workflows/${flow.id}/changes`, member)).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      action: 'created',
      actor: 'user',
      user: { id: mine.user.id },
      changes: { schedule: { from: null, to: '0 10 * * 1' } },
    });
  });
});

describe('keyword flows', () => {
  it('a bad keyword and a taken one get the service’s messages; the link carries the keyword', async () => {
    const bad = await api.post(`${b}/keyword-flows`, admin, { keyword: 'STOP', message: 'Hi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'A keyword is 2 to 20 letters or digits, and not a reserved word (STOP, HELP, START, Y, YES and their synonyms)',
    );
    const created = await api.post(`${b}/keyword-flows`, admin, { keyword: 'summer', message: 'Welcome! {cart_link}' });
    expect(created.statusCode, created.body).toBe(201);
    const flow = created.json().flow;
    expect(flow).toMatchObject({ keyword: 'SUMMER', state: 'active' });
    expect(flow.greeting).toContain('Thanks for texting SUMMER! Reply Y');
    const taken = await api.post(`${b}/keyword-flows`, admin, { keyword: 'SUMMER', message: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('The keyword is already used by an active tap-to-text flow of the brand');
    const member403 = await api.post(`${b}/keyword-flows`, member, { keyword: 'WINTER', message: 'Hi' });
    expect(member403.statusCode).toBe(403);

    const link = (await api.get(`${b}/keyword-flows/${flow.id}/link`, member)).json();
    const number = await brandSenderNumber(t.db, mine.ids.brandId!);
    if (number) {
      expect(link).toMatchObject({ keyword: 'SUMMER', number, link: `sms:${number}?&body=SUMMER`, problem: null });
      expect(link.qr_svg).toMatch(/^<svg/);
      expect(link.qr_png).toMatch(/^data:image\/png;base64,/);
    } else {
      expect(link).toMatchObject({
        keyword: 'SUMMER',
        link: null,
        qr_png: null,
        problem: 'The brand has no texting number yet',
      });
    }
    const cartFlow = await api.get(`${b}/keyword-flows/${mine.ids.workflowId}/link`, admin);
    expect(cartFlow.statusCode).toBe(404);
    expect(cartFlow.json().error.message).toBe('Flow not found');
  });
});

describe('the workflow history', () => {
  it('records a change of the delay with its old and new value, and who made it', async () => {
    const created = (await api.post(`${b}/workflows`, member, { template: 'abandoned-cart' })).json().workflow;
    await api.call('PATCH', `${b}/workflows/${created.id}`, member, { delay_minutes: 45 });
    await api.call('PATCH', `${b}/workflows/${created.id}`, member, { delay_minutes: 45 });
    const history = (await api.get(`${b}/workflows/${created.id}/changes`, admin)).json();
    expect(history.total).toBe(2);
    expect(history.items[0]).toMatchObject({
      action: 'updated',
      user: { name: memberName },
      changes: { delay_minutes: { from: 30, to: 45 } },
    });
    expect(history.items[1]).toMatchObject({ action: 'created', changes: { template: { to: 'abandoned-cart' } } });
    const foreign = await api.get(`/api/brands/${mine.ids.brandId}/workflows/${theirs.ids.workflowId}/changes`, admin);
    expect(foreign.statusCode).toBe(404);
    const rows = await t.db('workflow_changes').where({ workflow_id: created.id });
    expect(rows).toHaveLength(2);
  });
});

describe('the knowledge base', () => {
  it('a member writes a draft (its author), cannot publish, change a published card or delete; an admin can', async () => {
    const added = await api.post(`${b}/kb/cards`, member, { title: 'Shipping', content: 'Ships in 2 days.' });
    expect(added.statusCode).toBe(201);
    const card = added.json().card;
    expect(card).toMatchObject({ status: 'draft', source: 'manual', author: { name: memberName } });
    const publish = await api.call('PATCH', `${b}/kb/cards/${card.id}`, member, { status: 'published' });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error.message).toBe('Only a brand admin can publish or unpublish a KB card.');
    const publishedAtOnce = await api.post(`${b}/kb/cards`, member, { title: 'X', content: 'Y', status: 'published' });
    expect(publishedAtOnce.statusCode).toBe(403);
    const edited = await api.call('PATCH', `${b}/kb/cards/${card.id}`, member, { content: 'Ships in 1 day.' });
    expect(edited.json().card.content).toBe('Ships in 1 day.');
    expect((await api.call('PATCH', `${b}/kb/cards/${card.id}`, admin, { status: 'published' })).statusCode).toBe(200);
    const late = await api.call('PATCH', `${b}/kb/cards/${card.id}`, member, { content: 'Ships today.' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe('Only a brand admin can change a published KB card.');
    const del = await api.call('DELETE', `${b}/kb/cards/${card.id}`, member);
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe('Only a brand admin can delete a KB card.');
    expect((await api.call('DELETE', `${b}/kb/cards/${card.id}`, admin)).statusCode).toBe(200);
    expect(await t.db('kb_cards').where({ id: card.id }).first()).toBeUndefined();
  });

  it('an insight becomes a draft card once (the same card the second time), with its source', async () => {
    const url = `${b}/insights/${mine.ids.brandInsightId}/kb-card`;
    const first = await api.post(url, member, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      created: true,
      card: {
        source: 'insight',
        status: 'draft',
        brand_insight_id: mine.ids.brandInsightId,
        author: { name: memberName },
      },
    });
    const again = (await api.post(url, member, {})).json();
    expect(again).toMatchObject({ created: false, card: { id: first.json().card.id } });
    const foreign = await api.post(`${b}/insights/${theirs.ids.brandInsightId}/kb-card`, member, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Brand insight not found for the id');
  });

  it('an escalation needs an answer first, then becomes a card and is marked added', async () => {
    const url = `${b}/escalations/${mine.ids.escalationId}/kb-card`;
    await t.db('conversation_escalations').where({ id: mine.ids.escalationId }).update({ processed_question: null });
    const early = await api.post(url, member, {});
    expect(early.statusCode).toBe(400);
    await api.call('PATCH', `${b}/escalations/${mine.ids.escalationId}`, member, {
      processed_question: 'Can I return it?',
      processed_response: 'Yes, within 30 days.',
    });
    const made = await api.post(url, member, {});
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().card).toMatchObject({
      title: 'Can I return it?',
      content: 'Yes, within 30 days.',
      source: 'escalation',
      escalation_id: mine.ids.escalationId,
      author: { name: memberName },
    });
    const escalation = await t.db('conversation_escalations').where({ id: mine.ids.escalationId }).first('is_added_kb');
    expect(escalation.is_added_kb).toBe(true);
  });
});
