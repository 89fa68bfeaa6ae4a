/**
 * The agent reviewed by the brand's people, through the brand API: the agent on a conversation with
 * its sources named, a draft sent edited (once) or discarded, an answer marked wrong (the card then
 * counts less for that topic: the same question escalates) and listed for the insights page, an
 * escalation answered to the shopper and saved as a card that answers the next identical question;
 * a member may do these but not change the settings; bad input 400, another brand's ids 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { updateAgentSettings } from '../../src/agent/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { createKbCard } from '../../src/insights/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { connectInfobip, createContact, usPhone } from '../factories/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedMineAndTheirs, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
const BRAND_NUMBER = usPhone('631');
const PARIS = 'We ship to France in 6-8 business days for a flat $15.';
let mine: World;
let theirs: World;
let admin: string;
let member: string;
let b: string;

beforeAll(async () => {
  ({ mine, theirs, admin, member } = await seedMineAndTheirs(t.db, api, ['review', 'reviewtheirs']));
  b = `/api/brands/${mine.ids.brandId}`;
  await connectInfobip(t.db, mine.ids.brandId, BRAND_NUMBER, `ib-review-${mine.ids.brandId}`);
  await createKbCard(t.db, {
    brandId: mine.ids.brandId!,
    title: 'Shipping to France',
    content: PARIS,
    status: 'published',
  });
});

async function text(body: string, phone?: string) {
  const from = phone ?? String((await createContact(t.db, mine.ids.brandId!)).channel.username);
  const received = await receiveMessage(api.ctx, { from, to: BRAND_NUMBER, body, provider: 'outbox' });
  await runDueJobs(api.ctx, TASKS);
  const agent = (await api.get(`${b}/agent/conversations/${received.conversationId}`, member)).json();
  return { from, received, agent, last: agent.decisions.at(-1) };
}

describe('settings are an admin’s', () => {
  it('a member is told why not (403); an admin changes the mode', async () => {
    const refused = await api.call('PUT', `${b}/agent/settings`, member, { mode: 'auto' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only a brand admin can change the shopper agent’s settings.');
    const ok = await api.call('PUT', `${b}/agent/settings`, admin, { mode: 'draft' });
    expect(ok.json().settings.mode).toBe('draft');
  });
});

describe('draft mode', () => {
  it('shows the draft with its source named; a member sends it edited, once; the thread has the edited text', async () => {
    await updateAgentSettings(t.db, { brandId: mine.ids.brandId!, mode: 'draft' });
    const { from, received, agent, last } = await text('do you ship to france?');
    expect(agent).toMatchObject({ mode: 'draft', paused: false });
    expect(last).toMatchObject({
      decision: 'answered',
      delivery: 'draft',
      reply: PARIS,
      source_cards: [{ title: 'Shipping to France' }],
      marked_wrong: false,
    });
    const url = `${b}/agent/decisions/${received.messageId}/draft`;
    const edited = 'We ship to France in 6-8 business days for a flat $15. Tracking comes by text.';
    const sent = await api.post(url, member, { action: 'send', body: edited });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().decision).toMatchObject({ delivery: 'sent_by_person', edited: true });
    const again = await api.post(url, member, { action: 'discard' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This draft was already sent or discarded.');
    const out = await t
      .db('conversation_messages')
      .where({ conversation_id: received.conversationId, direction: 'outgoing' })
      .select('body', 'user_id');
    expect(out).toEqual([{ body: edited, user_id: null }]);
    // Sending the agent's draft is not a person taking over: the agent drafts the next answer.
    const next = await text('how long does shipping to france take', from);
    expect(next.last).toMatchObject({ decision: 'answered', delivery: 'draft' });
  });

  it('discards a draft: nothing is sent', async () => {
    const { received } = await text('do you ship to france');
    const discarded = await api.post(`${b}/agent/decisions/${received.messageId}/draft`, member, { action: 'discard' });
    expect(discarded.json().decision.delivery).toBe('discarded');
    const out = await t
      .db('conversation_messages')
      .where({ conversation_id: received.conversationId, direction: 'outgoing' });
    expect(out).toEqual([]);
  });

  it('refuses an empty edit (400) and another brand’s message (404 like a missing one)', async () => {
    const { received } = await text('ship to france?');
    const empty = await api.post(`${b}/agent/decisions/${received.messageId}/draft`, member, {
      action: 'send',
      body: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('The reply is empty.');
    const bad = await api.post(`${b}/agent/decisions/${received.messageId}/draft`, member, { action: 'publish' });
    expect(bad.statusCode).toBe(400);
    const other = await api.post(`${b}/agent/decisions/${theirs.ids.messageId}/draft`, member, { action: 'send' });
    const missing = await api.post(`${b}/agent/decisions/999999999/draft`, member, { action: 'send' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
  });
});

describe('mark wrong', () => {
  it('a member marks an answer wrong: listed with its card and question; the same question then escalates', async () => {
    await updateAgentSettings(t.db, { brandId: mine.ids.brandId!, mode: 'auto' });
    const { received, last } = await text('do you ship to france?');
    expect(last).toMatchObject({ decision: 'answered', source_cards: [{ title: 'Shipping to France' }] });
    const marked = await api.post(`${b}/agent/decisions/${received.messageId}/wrong`, member, {
      note: 'We stopped shipping to France',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().decision.marked_wrong).toBe(true);
    const list = (await api.get(`${b}/agent/wrong-answers`, member)).json().items;
    expect(list[0]).toMatchObject({
      card_title: 'Shipping to France',
      question: 'do you ship to france?',
      note: 'We stopped shipping to France',
      reply: expect.stringContaining(PARIS),
    });
    const again = await text('do you ship to france?');
    expect(again.last).toMatchObject({ decision: 'escalated' });
    const theirsList = await api.get(`/api/brands/${theirs.ids.brandId}/agent/wrong-answers`, member);
    expect(theirsList.statusCode).toBe(404);
  });

  it('refuses to mark anything but an answer (409 with the reason)', async () => {
    const { received, last } = await text('thanks!');
    expect(last.decision).toBe('silent');
    const refused = await api.post(`${b}/agent/decisions/${received.messageId}/wrong`, member, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only an answer of the agent can be marked wrong.');
  });
});

describe('escalation answered, saved as a card, the next identical question answered', () => {
  it('texts the shopper as the person, pauses the agent there, hands back; the card answers the next shopper', async () => {
    const question = 'can I pick up my order at your warehouse?';
    const { received, last } = await text(question);
    expect(last).toMatchObject({ decision: 'escalated' });
    const escalationId = last.escalation_id as number;
    const answer = 'Yes: pick-up at 12 Dock Street, weekdays 9-5.';
    const answered = await api.post(`${b}/escalations/${escalationId}/answer`, member, { response: answer });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().escalation).toMatchObject({ processed_question: question, processed_response: answer });
    const out = await t
      .db('conversation_messages')
      .where({ conversation_id: received.conversationId, direction: 'outgoing' })
      .orderBy('id')
      .pluck('body');
    expect(out.at(-1)).toBe(answer);
    const paused = (await api.get(`${b}/agent/conversations/${received.conversationId}`, member)).json();
    expect(paused.paused).toBe(true);
    await api.post(`${b}/agent/conversations/${received.conversationId}/hand-back`, member, {});
    expect((await api.get(`${b}/agent/conversations/${received.conversationId}`, member)).json().paused).toBe(false);

    const card = await api.post(`${b}/escalations/${escalationId}/kb-card`, admin, { status: 'published' });
    expect(card.statusCode, card.body).toBe(201);
    const next = await text(question);
    expect(next.last).toMatchObject({ decision: 'answered', source_cards: [{ id: card.json().card.id }] });
    expect(next.last.reply).toContain(answer);
  });

  it('refuses an empty answer (400) and another brand’s escalation (404 like a missing one)', async () => {
    const empty = await api.post(`${b}/escalations/${mine.ids.escalationId}/answer`, member, { response: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('The answer is empty.');
    const other = await api.post(`${b}/escalations/${theirs.ids.escalationId}/answer`, member, { response: 'Yes' });
    const missing = await api.post(`${b}/escalations/999999999/answer`, member, { response: 'Yes' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
  });

  it('needs a signed-in user (401 without a token)', async () => {
    const anonymous = await api.post(`${b}/escalations/${mine.ids.escalationId}/answer`, '', { response: 'Yes' });
    expect(anonymous.statusCode).toBe(401);
  });
});
