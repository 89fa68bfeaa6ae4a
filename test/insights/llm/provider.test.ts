import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isAppError } from '../../../src/app/index.ts';
import {
  AI_CACHE_TTL_SECONDS,
  createLlmProvider,
  LlmOutputError,
  MODEL_DOES_NOT_SUPPORT_TOOL_CALLS,
  type LlmProvider,
} from '../../../src/insights/index.ts';
import { FAKE_LLM_KEY, FAKE_LLM_MODEL, startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai.ts';
import { useTestDatabase } from '../../helpers/db.ts';

const t = useTestDatabase();
let fake: FakeOpenAi;
const schema = z.object({ topic: z.string(), sentiment: z.enum(['positive', 'negative', 'neutral']) });
let n = 0;
/** A fresh question each time, so the cache of an earlier test does not answer it. */
const ask = () => [{ role: 'user' as const, content: `question ${++n} ${Date.now()}` }];
const provider = (): LlmProvider =>
  createLlmProvider({
    baseUrl: fake.baseUrl,
    apiKey: FAKE_LLM_KEY,
    model: FAKE_LLM_MODEL,
    db: t.db,
    sleep: async () => {},
  });

beforeAll(async () => {
  fake = await startFakeOpenAi(() => ({ topic: 'Shipping times', sentiment: 'neutral' }));
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.supports = 'json_schema';
  fake.faults = [];
  fake.requests = [];
  fake.completions = 0;
});

describe('structured answers from an OpenAI-compatible endpoint', () => {
  it('asks with a strict json_schema generated from the zod schema and reads the content', async () => {
    const result = await provider().structured({ name: 'insight', schema, messages: ask() });
    expect(result).toEqual({
      value: { topic: 'Shipping times', sentiment: 'neutral' },
      usage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 },
      cached: false,
      calls: 1,
    });
    const body = fake.requests[0]!.body;
    expect(body.model).toBe(FAKE_LLM_MODEL);
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'insight',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            topic: { type: 'string' },
            sentiment: { type: 'string', enum: ['positive', 'negative', 'neutral'] },
          },
          required: ['topic', 'sentiment'],
          additionalProperties: false,
        },
      },
    });
  });

  it('falls back to a forced tool call when the server refuses response formats', async () => {
    fake.supports = 'tools';
    const llm = provider();
    const result = await llm.structured({ name: 'insight', schema, messages: ask() });
    expect(result.value).toEqual({ topic: 'Shipping times', sentiment: 'neutral' });
    expect(result.calls).toBe(1);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.tool_choice).toEqual({ type: 'function', function: { name: 'insight' } });
    // The mode found is kept: the next question goes straight to a tool call.
    await llm.structured({ name: 'insight', schema, messages: ask() });
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]!.body.response_format).toBeUndefined();
  });

  it("gives 'Model does not support tool calls' when the server supports neither", async () => {
    fake.supports = 'none';
    const error = await provider()
      .structured({ name: 'insight', schema, messages: ask() })
      .catch((e: unknown) => e);
    expect(isAppError(error) && error.message).toBe(MODEL_DOES_NOT_SUPPORT_TOOL_CALLS);
    expect(fake.completions).toBe(0);
  });

  it('asks once more after a malformed answer', async () => {
    fake.faults = ['malformed'];
    const result = await provider().structured({ name: 'insight', schema, messages: ask() });
    expect(result.value.topic).toBe('Shipping times');
    expect(result.calls).toBe(2);
    expect(result.usage.totalTokens).toBe(240);
  });

  it('gives up after the retry: LlmOutputError, with the tokens spent', async () => {
    fake.faults = ['malformed', 'out_of_schema'];
    const error = await provider()
      .structured({ name: 'insight', schema, messages: ask() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmOutputError);
    expect((error as LlmOutputError).calls).toBe(2);
    expect((error as LlmOutputError).usage.totalTokens).toBe(240);
  });

  it('retries a 429 through the shared HTTP client', async () => {
    fake.faults = ['429'];
    const result = await provider().structured({ name: 'insight', schema, messages: ask() });
    expect(result.value.sentiment).toBe('neutral');
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });

  it('caches an answer for 86,400 s under the hash of its exact input: the same input makes no call', async () => {
    const messages = ask();
    await provider().structured({ name: 'insight', schema, messages });
    const again = await provider().structured({ name: 'insight', schema, messages });
    expect(again).toMatchObject({ cached: true, calls: 0, usage: { totalTokens: 0 } });
    expect(fake.completions).toBe(1);
    const row = await t.db('ai_cache').orderBy('created_at', 'desc').first();
    const ttl = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 1000;
    expect(Math.round(ttl)).toBe(AI_CACHE_TTL_SECONDS);
    // A different input is a different key.
    await provider().structured({
      name: 'insight',
      schema,
      messages: [...messages, { role: 'user', content: 'more' }],
    });
    expect(fake.completions).toBe(2);
  });
});
