/**
 * What the fake OpenAI-compatible server answers to an insight batch (bench:insights and
 * eval:insights with EVAL_FAKE_LLM=1): the message understanding's reading of each message, in
 * the wire shape the batch asks for (modelAnswerSchema), the way a model would answer.
 */
import { featuresOf, NEUTRAL_SUMMARY } from '../src/insights/index.ts';
import type { ChatRequestBody } from '../test/fakes/openai.ts';

export function modelLikeAnswer(body: ChatRequestBody) {
  const payload = JSON.parse(body.messages.at(-1)!.content) as {
    insights: { id: number; topic: string | null; body: string | null; category: string; tag: string | null }[];
    messages: { message_id: number; text: string }[];
  };
  // The question each listed insight asks, read from its topic as a model would read it.
  const listed = new Map<string, number>();
  for (const i of payload.insights) {
    const f = featuresOf(i.topic ?? i.body ?? '');
    const key = `${i.tag}/${i.category}/${f.intent ?? i.id}`;
    if (!listed.has(key)) listed.set(key, i.id);
  }
  return {
    results: payload.messages.map((m) => {
      const f = featuresOf(m.text);
      const none = f.tag === null;
      const key = `${f.tag}/${f.category}/${f.intent ?? m.message_id}`;
      const link = none ? undefined : listed.get(key);
      return {
        message_id: m.message_id,
        outcome: none ? 'none' : link !== undefined ? 'link' : 'new',
        insight_id: link ?? null,
        new_key: none || link !== undefined ? null : key,
        topic: none || link !== undefined ? null : m.text.slice(0, 80),
        body: none || link !== undefined ? null : `Shoppers ask about ${f.tag}.`,
        proposed_solution: none || link !== undefined ? null : 'Answer it in the knowledge base.',
        category: f.category,
        tag: f.tag,
        summary: none ? NEUTRAL_SUMMARY : `Asks: ${m.text.slice(0, 80)}`,
        sentiment: f.sentiment,
        rewrite_topic: null,
        rewrite_body: null,
      };
    }),
  };
}
