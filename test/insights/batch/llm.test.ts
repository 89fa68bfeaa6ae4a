import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { isAppError } from '../../../src/app/index.ts';
import {
  BRAND_INSIGHT_NOT_FOUND,
  MODEL_DOES_NOT_SUPPORT_TOOL_CALLS,
  NEUTRAL_SUMMARY,
  runInsightsBatch,
} from '../../../src/insights/index.ts';
import { createBrand } from '../../factories/index.ts';
import {
  FAKE_LLM_KEY,
  FAKE_LLM_MODEL,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
} from '../../fakes/openai.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { agent, conversationWith, messageInsights, shopper } from './seed.ts';

const t = useTestDatabase();
let fake: FakeOpenAi;
let ctx: AppContext;

interface Payload {
  insights: { id: number; topic: string }[];
  messages: { message_id: number; text: string; before: string[] }[];
}
const payloadOf = (body: ChatRequestBody): Payload => JSON.parse(body.messages.at(-1)!.content) as Payload;
const result = (message_id: number, fields: Record<string, unknown>) => ({
  message_id,
  outcome: 'none',
  insight_id: null,
  new_key: null,
  topic: null,
  body: null,
  proposed_solution: null,
  category: null,
  tag: null,
  summary: NEUTRAL_SUMMARY,
  sentiment: 'neutral',
  rewrite_topic: null,
  rewrite_body: null,
  ...fields,
});

/** A "model": Canada questions share a new insight, "expensive" links to the first insight listed, "ghost" links to a missing id. */
function model(body: ChatRequestBody) {
  const { insights, messages } = payloadOf(body);
  return {
    results: messages.map((m) => {
      if (/canada/i.test(m.text))
        return result(m.message_id, {
          outcome: 'new',
          new_key: 'canada',
          topic: 'Do you ship to Canada?',
          body: 'Shoppers ask whether we deliver to Canada.',
          proposed_solution: 'List Canada among the shipping destinations.',
          category: 'product',
          tag: 'shipping',
          summary: 'Asks about shipping to Canada.',
        });
      if (/expensive/i.test(m.text))
        return result(m.message_id, {
          outcome: 'link',
          insight_id: insights[0]?.id ?? null,
          summary: 'Finds shipping too expensive.',
          sentiment: 'negative',
          rewrite_topic: 'Why is shipping so expensive?',
          rewrite_body: 'Shipping costs stop shoppers at checkout.',
        });
      if (/ghost/i.test(m.text)) return result(m.message_id, { outcome: 'link', insight_id: 987_654_321 });
      return result(m.message_id, { sentiment: 'positive' });
    }),
  };
}

let brandId: number;
let insightId: number;

async function freshBrand(): Promise<void> {
  brandId = (await createBrand(t.db)).id;
  const [row] = await t
    .db('brand_insights')
    .insert({ brand_id: brandId, category: 'blocker', tag: 'shipping', topic: 'Shipping cost', body: 'Too high.' })
    .returning('id');
  insightId = Number(row.id);
}

beforeAll(async () => {
  fake = await startFakeOpenAi(model);
  ctx = await t.context({ LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: FAKE_LLM_KEY, LLM_MODEL: FAKE_LLM_MODEL });
});
afterAll(async () => fake.close());
beforeEach(async () => {
  fake.supports = 'json_schema';
  fake.faults = [];
  fake.requests = [];
  fake.completions = 0;
  await freshBrand();
});

describe('insights batch with an OpenAI-compatible model', () => {
  it('sends the messages in one batch with their context and the insights, and records the three outcomes', async () => {
    const ids = await conversationWith(t.db, brandId, [
      agent('Hi! Anything I can help with before you check out?'),
      shopper('Do you ship to Canada?'),
      shopper('Shipping is too expensive'),
      shopper('thanks'),
    ]);
    const more = await conversationWith(t.db, brandId, [shopper('Can I get it delivered in Canada?')]);
    const { brands } = await runInsightsBatch(ctx, { brandId });
    expect(brands[0]).toMatchObject({
      analyser: `llm:${FAKE_LLM_MODEL}`,
      messages_read: 4,
      linked: 1,
      new_insights: 1,
      new_insight_messages: 2,
      none: 1,
      model_calls: 1,
      cached: 0,
      tokens: 120,
    });
    const sent = payloadOf(fake.requests[0]!.body);
    expect(sent.insights.map((i) => i.id)).toEqual([insightId]);
    expect(sent.messages.find((m) => m.message_id === ids[1])!.before).toEqual([
      'agent: Hi! Anything I can help with before you check out?',
    ]);
    const rows = await messageInsights(t.db, [...ids, ...more]);
    expect(rows.get(ids[1]!)!.brand_insight_id).toBe(rows.get(more[0]!)!.brand_insight_id);
    expect(rows.get(ids[1]!)).toMatchObject({
      summary: 'Asks about shipping to Canada.',
      tag: 'shipping',
      category: 'product',
    });
    expect(rows.get(ids[2]!)).toMatchObject({ brand_insight_id: insightId, sentiment: 'negative' });
    expect(rows.get(ids[3]!)).toMatchObject({ brand_insight_id: null, summary: NEUTRAL_SUMMARY });
    expect(await t.db('brand_insights').where({ id: insightId }).first()).toMatchObject({
      topic: 'Why is shipping so expensive?',
      body: 'Shipping costs stop shoppers at checkout.',
    });
  });

  it(`'${BRAND_INSIGHT_NOT_FOUND}': asked again once with the list restated, then recorded as none`, async () => {
    const [ghost] = await conversationWith(t.db, brandId, [shopper('ghost question')]);
    const { brands } = await runInsightsBatch(ctx, { brandId });
    expect(brands[0]).toMatchObject({ messages_read: 1, none: 1, linked: 0, model_calls: 2 });
    expect(fake.requests[1]!.body.messages[0]!.content).toContain(`${BRAND_INSIGHT_NOT_FOUND}: 987654321`);
    expect(fake.requests[1]!.body.messages[0]!.content).toContain(`Link only to these insight ids: ${insightId}`);
    expect((await messageInsights(t.db, [ghost!])).get(ghost!)).toMatchObject({
      brand_insight_id: null,
      summary: NEUTRAL_SUMMARY,
    });
  });

  it('works with a server that supports a forced tool call and not response formats', async () => {
    fake.supports = 'tools';
    await conversationWith(t.db, brandId, [shopper('Do you ship to Canada?')]);
    const { brands } = await runInsightsBatch(ctx, { brandId });
    expect(brands[0]).toMatchObject({ new_insights: 1, model_calls: 1 });
    expect(fake.requests.at(-1)!.body.tools![0]!.function.name).toBe('insight_batch');
  });

  it("fails with 'Model does not support tool calls' when the server supports neither, saving nothing", async () => {
    fake.supports = 'none';
    await conversationWith(t.db, brandId, [shopper('Do you ship to Canada?')]);
    const error = await runInsightsBatch(ctx, { brandId }).catch((e: unknown) => e);
    expect(isAppError(error) && error.message).toBe(MODEL_DOES_NOT_SUPPORT_TOOL_CALLS);
    expect(await t.db('conversation_message_insights').where({ brand_id: brandId })).toHaveLength(0);
  });

  it('a malformed answer is asked again once, then the messages are skipped and read by the next run', async () => {
    const [id] = await conversationWith(t.db, brandId, [shopper('Do you ship to Canada?')]);
    fake.faults = ['malformed', 'out_of_schema'];
    expect((await runInsightsBatch(ctx, { brandId })).brands[0]).toMatchObject({
      messages_read: 0,
      skipped: 1,
      model_calls: 2,
    });
    expect((await messageInsights(t.db, [id!])).size).toBe(0);
    expect((await runInsightsBatch(ctx, { brandId })).brands[0]).toMatchObject({
      messages_read: 1,
      skipped: 0,
      new_insights: 1,
    });
  });

  it('a 429 is retried; a second run over the same messages is answered from the AI cache', async () => {
    await conversationWith(t.db, brandId, [shopper('Do you ship to Canada?'), shopper('thanks')]);
    fake.faults = ['429'];
    const first = (await runInsightsBatch(ctx, { brandId, dryRun: true })).brands[0]!;
    expect(first).toMatchObject({ model_calls: 1, cached: 0, new_insights: 1, none: 1 });
    expect(fake.requests).toHaveLength(2);
    const second = (await runInsightsBatch(ctx, { brandId, dryRun: true })).brands[0]!;
    expect(second).toMatchObject({ model_calls: 0, cached: 1, tokens: 0, new_insights: 1, none: 1 });
    expect(fake.requests).toHaveLength(2);
  });
});
