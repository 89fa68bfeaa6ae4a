import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideText, handBackConversation, listAgentDecisions, updateAgentSettings } from '../../src/agent/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage, replyToConversation, updateEscalation } from '../../src/conversations/index.ts';
import { createKbCard, createLlmProvider, promoteEscalation } from '../../src/insights/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { createUser } from '../factories/accounts.ts';
import { FAKE_LLM_KEY, FAKE_LLM_MODEL, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';
import { connectInfobip, createBrand, createContact, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
let userId: number;
const BRAND_NUMBER = usPhone('629');
const DISCLOSURE = 'Automated reply; text HUMAN for a person';
const HOLDING = 'Good question — someone from our team will text you back shortly';
const CANADA = 'We ship to Canada in 5-7 business days for a flat $12.';

beforeAll(async () => {
  ctx = await t.context();
  const brand = await createBrand(t.db, { name: 'Acme Outdoors', support_email: 'help@acme.test' });
  brandId = brand.id;
  userId = (await createUser(t.db)).id;
  await connectInfobip(t.db, brandId, BRAND_NUMBER);
  await createKbCard(t.db, { brandId, title: 'Shipping to Canada', content: CANADA, status: 'published' });
  await createKbCard(t.db, { brandId, title: 'Gift wrap', content: 'Gift wrap is $5 a box.', status: 'draft' });
  await updateAgentSettings(t.db, { brandId, mode: 'auto', disclosure: DISCLOSURE, holdingReply: HOLDING });
});

/** A shopper of the brand; each text goes through the inbound path and the queued jobs run. */
async function shopper() {
  const { channel } = await createContact(t.db, brandId);
  const phone = String(channel.username);
  const text = async (body: string) => {
    const received = await receiveMessage(ctx, { from: phone, to: BRAND_NUMBER, body, provider: 'outbox' });
    await runDueJobs(ctx, TASKS);
    const [decision] = await listAgentDecisions(t.db, { brandId, conversationId: received.conversationId! }).then(
      (all) => all.filter((d) => d.message_id === received.messageId),
    );
    return { received, decision };
  };
  const sent = async (conversationId: number) =>
    t
      .db('conversation_messages')
      .where({ conversation_id: conversationId, direction: 'outgoing' })
      .orderBy('id')
      .select('body', 'status', 'user_id', 'is_marketing');
  return { phone, channelId: channel.id, text, sent };
}

describe('the shopper agent, through the inbound path and the worker', () => {
  it('answers from the published card, sends it through the send job, with the disclosure in the first reply only', async () => {
    const s = await shopper();
    const first = await s.text('do you ship to canada?');
    expect(first.decision).toMatchObject({
      decision: 'answered',
      reply: `${CANADA}\n${DISCLOSURE}`,
      delivery: 'queued',
      mode: 'auto',
    });
    expect(first.decision!.sources).toHaveLength(1);
    const second = await s.text('how long is shipping to canada');
    expect(second.decision).toMatchObject({ decision: 'answered', reply: CANADA });
    expect(await s.sent(first.received.conversationId!)).toEqual([
      { body: `${CANADA}\n${DISCLOSURE}`, status: 'sent', user_id: null, is_marketing: false },
      { body: CANADA, status: 'sent', user_id: null, is_marketing: false },
    ]);
  });

  it('never answers from a draft card, and escalates with the holding reply: a conversation_escalations row and a notification', async () => {
    const s = await shopper();
    const { received, decision } = await s.text('do you offer gift wrap?');
    expect(decision).toMatchObject({ decision: 'escalated', reply: `${HOLDING}\n${DISCLOSURE}`, delivery: 'queued' });
    const escalation = await t
      .db('conversation_escalations')
      .where({ conversation_id: received.conversationId })
      .first();
    expect(escalation).toMatchObject({ question: 'do you offer gift wrap?', is_added_kb: false });
    const note = await t
      .db('notifications')
      .where({ brand_id: brandId })
      .whereRaw(`extra_data->>'kind' = 'agent_escalation'`);
    expect(note.map((n) => n.title)).toContain('A shopper needs an answer from your team');
  });

  it('HUMAN, agent, person always escalate, even when a card would answer', async () => {
    for (const body of ['HUMAN', 'can I talk to an agent about shipping to canada', 'a person please']) {
      const s = await shopper();
      const { decision } = await s.text(body);
      expect([body, decision!.decision, decision!.reason]).toEqual([body, 'escalated', 'person']);
    }
  });

  it('opt-out handling comes first: STOP is confirmed by it, recorded opted_out, and the agent sends nothing', async () => {
    const s = await shopper();
    const { received, decision } = await s.text('STOP');
    expect(decision).toMatchObject({ decision: 'opted_out', reply: null });
    const out = await s.sent(received.conversationId!);
    expect(out).toHaveLength(1);
    expect(out[0]!.body).toMatch(/unsubscribed/i);
  });

  it('stays silent on small talk', async () => {
    const s = await shopper();
    const { received, decision } = await s.text('thanks!');
    expect(decision).toMatchObject({ decision: 'silent', reply: null });
    expect(await s.sent(received.conversationId!)).toEqual([]);
  });

  it('a person’s reply takes the conversation over until it is handed back', async () => {
    const s = await shopper();
    const first = await s.text('do you ship to canada?');
    const conversationId = first.received.conversationId!;
    await replyToConversation(ctx, { brandId, id: conversationId, userId, body: 'Hi, Jo here — yes we do!' });
    expect((await s.text('great, and to canada by express?')).decision).toMatchObject({ decision: 'human' });
    await handBackConversation(t.db, { brandId, conversationId, userId });
    expect((await s.text('how long does shipping to canada take?')).decision).toMatchObject({
      decision: 'answered',
      reply: CANADA,
    });
  });

  it('sends at most the daily cap of agent replies per conversation, then escalates without a reply', async () => {
    await updateAgentSettings(t.db, { brandId, maxRepliesPerDay: 2 });
    try {
      const s = await shopper();
      const decisions = [];
      for (let i = 0; i < 3; i += 1) decisions.push((await s.text(`do you ship to canada? (${i})`)).decision!);
      expect(decisions.map((d) => [d.decision, d.reason, d.delivery])).toEqual([
        ['answered', 'card', 'queued'],
        ['answered', 'card', 'queued'],
        ['escalated', 'cap', null],
      ]);
    } finally {
      await updateAgentSettings(t.db, { brandId, maxRepliesPerDay: 5 });
    }
  });

  it('an escalated question saved as a KB card is answered from it the next time', async () => {
    const a = await shopper();
    const question = 'can you gift wrap my order?';
    const first = await a.text(question);
    expect(first.decision!.decision).toBe('escalated');
    await updateEscalation(t.db, {
      brandId,
      id: first.decision!.escalation_id!,
      processedQuestion: 'Can you gift wrap my order?',
      processedResponse: 'Yes: every order can be gift wrapped at checkout for $4.',
    });
    const card = await promoteEscalation(t.db, { brandId, id: first.decision!.escalation_id!, status: 'published' });
    const b = await shopper();
    expect((await b.text(question)).decision).toMatchObject({
      decision: 'answered',
      sources: [card.id],
      reply: `Yes: every order can be gift wrapped at checkout for $4.\n${DISCLOSURE}`,
    });
  });

  it('in draft mode the answer waits for a person: recorded as a draft, nothing queued', async () => {
    await updateAgentSettings(t.db, { brandId, mode: 'draft' });
    try {
      const s = await shopper();
      const { received, decision } = await s.text('do you ship to canada?');
      expect(decision).toMatchObject({ decision: 'answered', delivery: 'draft', mode: 'draft' });
      expect(await s.sent(received.conversationId!)).toEqual([]);
    } finally {
      await updateAgentSettings(t.db, { brandId, mode: 'auto' });
    }
  });

  it('with the agent off nothing is decided, and a decided text is never decided twice', async () => {
    await updateAgentSettings(t.db, { brandId, mode: 'off' });
    const s = await shopper();
    const off = await s.text('do you ship to canada?');
    expect(off.decision).toBeUndefined();
    await updateAgentSettings(t.db, { brandId, mode: 'auto' });
    const again = await decideText(ctx, { messageId: off.received.messageId! }, { llm: null });
    expect(again!.decision).toBe('answered');
    expect((await decideText(ctx, { messageId: off.received.messageId! }, { llm: null }))!.reply_message_id).toBe(
      again!.reply_message_id,
    );
  });
});

describe('with a model (a fake OpenAI-compatible server): it writes from the cards, the validator checks it', () => {
  let fake: FakeOpenAi;
  let answer: { answer: string | null; card_ids: number[] };
  beforeAll(async () => {
    fake = await startFakeOpenAi(() => answer);
  });
  afterAll(async () => fake.close());
  const llm = () =>
    createLlmProvider({
      baseUrl: fake.baseUrl,
      apiKey: FAKE_LLM_KEY,
      model: FAKE_LLM_MODEL,
      db: t.db,
      sleep: async () => {},
    });
  const canadaCard = async () =>
    Number((await t.db('kb_cards').where({ brand_id: brandId, title: 'Shipping to Canada' }).first()).id);

  it('a grounded answer passes and is sent, its sources the cards the model named', async () => {
    const s = await shopper();
    const received = await receiveMessage(ctx, {
      from: s.phone,
      to: BRAND_NUMBER,
      body: 'do you ship to canada?',
      provider: 'outbox',
    });
    answer = { answer: 'Yes! Canada orders take 5-7 business days, $12 flat.', card_ids: [await canadaCard()] };
    const decision = await decideText(ctx, { messageId: received.messageId! }, { llm: llm() });
    expect(decision).toMatchObject({
      decision: 'answered',
      writer: 'model',
      reply: `Yes! Canada orders take 5-7 business days, $12 flat.\n${DISCLOSURE}`,
      sources: [await canadaCard()],
      delivery: 'queued',
    });
    const request = fake.requests.at(-1)!.body;
    expect(request.messages[1]!.content).toContain(CANADA);
    expect(request.messages[1]!.content).not.toContain('Gift wrap is $5');
  });

  it('an answer inventing a price is refused and escalated, and nothing it wrote is sent', async () => {
    const s = await shopper();
    const received = await receiveMessage(ctx, {
      from: s.phone,
      to: BRAND_NUMBER,
      body: 'how much is shipping to canada?',
      provider: 'outbox',
    });
    answer = { answer: 'Shipping to Canada is $9.99 and takes 5-7 business days.', card_ids: [await canadaCard()] };
    const decision = await decideText(ctx, { messageId: received.messageId! }, { llm: llm() });
    expect(decision).toMatchObject({ decision: 'escalated', reason: 'invalid_model_answer', writer: 'model' });
    expect(decision!.reply).toBe(`${HOLDING}\n${DISCLOSURE}`);
    expect(await s.sent(received.conversationId!)).toEqual([
      { body: `${HOLDING}\n${DISCLOSURE}`, status: 'queued', user_id: null, is_marketing: false },
    ]);
    expect(
      await t.db('conversation_escalations').where({ conversation_id: received.conversationId }).first(),
    ).toMatchObject({
      question: 'how much is shipping to canada?',
    });
  });
});
