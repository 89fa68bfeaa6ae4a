/**
 * The shopper agent's batches ('agent:decide' jobs taking several texts, decideTexts): each text
 * gets the decision it gets alone — an opted-out text, a repeated id, a text of another brand, two
 * texts of one conversation (the daily cap, the disclosure and the open escalation see the first) —
 * and the texts a brand's inbound path queued together are decided by one job run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decideTexts, updateAgentSettings } from '../../src/agent/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { createKbCard, type LlmProvider } from '../../src/insights/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { connectInfobip, createBrand, createContact, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
const DISCLOSURE = 'Automated reply; text HUMAN for a person';
const HOLDING = 'Someone from our team will text you back shortly';
const CANADA = 'We ship to Canada in 5-7 business days for a flat $12.';

async function agentBrand(name: string, maxRepliesPerDay = 5) {
  const brand = await createBrand(t.db, { name });
  const number = usPhone('629');
  await connectInfobip(t.db, brand.id, number);
  await createKbCard(t.db, { brandId: brand.id, title: 'Shipping to Canada', content: CANADA, status: 'published' });
  await updateAgentSettings(t.db, {
    brandId: brand.id,
    mode: 'auto',
    disclosure: DISCLOSURE,
    holdingReply: HOLDING,
    maxRepliesPerDay,
  });
  /** A text received through the inbound path (its job left queued). */
  const text = async (body: string, phone?: string) => {
    const from = phone ?? String((await createContact(t.db, brand.id)).channel.username);
    const received = await receiveMessage(ctx, { from, to: number, body, provider: 'outbox' });
    return { ...received, phone: from };
  };
  return { brandId: brand.id, text };
}

const outgoing = (conversationId: number) =>
  t
    .db('conversation_messages')
    .where({ conversation_id: conversationId, direction: 'outgoing' })
    .orderBy('id')
    .pluck('body');

beforeAll(async () => {
  ctx = await t.context();
});

describe('decisions in batches', () => {
  it('decides each text of a batch as alone: opted out, a repeated id, another brand, two texts of one conversation', async () => {
    const a = await agentBrand('Acme Outdoors', 1);
    const b = await agentBrand('Birch Goods');
    const stop = await a.text('STOP');
    const ask = await a.text('do you ship to canada?');
    const again = await a.text('and how long is shipping to canada?', ask.phone);
    const other = await b.text('do you ship to canada?');
    const gift = await a.text('can you gift wrap it?');
    const giftAgain = await a.text('gift wrap please, in red?', gift.phone);
    const ids = [stop, ask, again, other, gift, giftAgain, ask].map((r) => r.messageId!);
    const outcomes = await decideTexts(ctx, ids, { llm: null });
    const decision = (id: number) => {
      const o = outcomes.get(id)!;
      if ('error' in o) throw o.error;
      return o.decision!;
    };
    expect(outcomes.size).toBe(6);
    expect(decision(stop.messageId!)).toMatchObject({ decision: 'opted_out', reply: null, delivery: null });
    expect(decision(ask.messageId!)).toMatchObject({ decision: 'answered', reply: `${CANADA}\n${DISCLOSURE}` });
    // The cap of 1 reply a day counted the first text's reply, decided just before in the same batch.
    expect(decision(again.messageId!)).toMatchObject({ decision: 'escalated', reason: 'cap', reply: null });
    expect(decision(other.messageId!)).toMatchObject({ brand_id: b.brandId, decision: 'answered', delivery: 'queued' });
    // The second question joins the first's open escalation: one escalation, one holding reply.
    const first = decision(gift.messageId!);
    expect(first).toMatchObject({ decision: 'escalated', reply: `${HOLDING}\n${DISCLOSURE}`, delivery: 'queued' });
    expect(decision(giftAgain.messageId!)).toMatchObject({
      decision: 'escalated',
      escalation_id: first.escalation_id,
      reply: null,
    });
    expect(await t.db('conversation_escalations').where({ conversation_id: gift.conversationId })).toHaveLength(1);
    expect(await outgoing(stop.conversationId!)).toEqual([expect.stringMatching(/unsubscribed/i)]);
    expect(await outgoing(ask.conversationId!)).toEqual([`${CANADA}\n${DISCLOSURE}`]);
    // One decision per text, whatever the repeats.
    expect(await t.db('agent_decisions').whereIn('message_id', ids).count({ n: '*' })).toEqual([{ n: '6' }]);
    const rerun = await decideTexts(ctx, ids, { llm: null });
    expect([...rerun.values()].map((o) => ('decision' in o ? o.decision!.id : null))).toEqual(
      [...new Set(ids)].sort((x, y) => x - y).map((id) => decision(id).id),
    );
  });

  it('texts queued together by the inbound path wait in the brand’s lanes and are decided a batch a job, an unsubscribed channel getting no reply', async () => {
    const a = await agentBrand('Cedar Supply');
    const texts = [];
    for (let i = 0; i < 12; i += 1) texts.push(await a.text(`do you ship to canada? (${i})`));
    await t
      .db('contact_channels')
      .where({ brand_id: a.brandId, username: texts[0]!.phone })
      .update({ status: 'unsubscribed' });
    // The brand's 12 texts wait in its 8 lanes' jobs, each job a batch of the texts queued to it.
    const { rows: queued } = await t.db.raw<{ rows: { n: number }[] }>(
      `select json_array_length(payload) as n from graphile_worker._private_jobs where key like ?`,
      [`agent:decide:${a.brandId}:%`],
    );
    expect(queued).toHaveLength(8);
    expect(queued.reduce((sum, j) => sum + Number(j.n), 0)).toBe(12);
    await runDueJobs(ctx, TASKS);
    const decisions = await t
      .db('agent_decisions')
      .whereIn(
        'message_id',
        texts.map((x) => x.messageId!),
      )
      .orderBy('message_id');
    expect(decisions.map((d) => [d.decision, d.delivery])).toEqual([
      ['answered', 'not_sent'],
      ...texts.slice(1).map(() => ['answered', 'queued']),
    ]);
    expect(decisions[0].delivery_reason).toMatch(/unsubscribed/i);
    expect(await outgoing(texts[0]!.conversationId!)).toEqual([]);
  });

  it('a text that fails leaves the others of its batch decided, and its conversation’s later texts undecided', async () => {
    const a = await agentBrand('Dune Outfitters');
    const failing = await a.text('do you ship to canada?');
    const later = await a.text('and to alaska?', failing.phone);
    const chat = await a.text('thanks!');
    // A model that is down: only the question reaches it (small talk is decided without it).
    const llm = {
      model: 'fake',
      structured: async () => {
        throw new Error('the model is down');
      },
    } as unknown as LlmProvider;
    const outcomes = await decideTexts(ctx, [failing.messageId!, later.messageId!, chat.messageId!], { llm });
    expect(outcomes.get(failing.messageId!)).toEqual({
      error: expect.objectContaining({ message: 'the model is down' }),
    });
    expect(outcomes.get(later.messageId!)).toEqual({ error: expect.any(Error) });
    expect(outcomes.get(chat.messageId!)).toMatchObject({ decision: { decision: 'silent' } });
    const recorded = await t
      .db('agent_decisions')
      .whereIn('message_id', [failing.messageId!, later.messageId!, chat.messageId!])
      .pluck('message_id');
    expect(recorded.map(Number)).toEqual([chat.messageId]);
  });
});
