/**
 * What the fake OpenAI-compatible server answers to an insight batch (bench:insights and
 * eval:insights with EVAL_FAKE_LLM=1): the message understanding's reading of each message, in
 * the wire shape the batch asks for (modelAnswerSchema), the way a model would answer.
 */
import { featuresOf, NEUTRAL_SUMMARY } from '../src/insights/index.ts';
import type { ChatRequestBody } from '../test/fakes/openai.ts';

export function modelLikeAnswer(body: ChatRequestBody) {
  const payload = JSON.parse(body.messages.at(-1)!.content) as { messages: { message_id: number; text: string }[] };
  return {
    results: payload.messages.map((m) => {
      const f = featuresOf(m.text);
      const none = f.tag === null;
      return {
        message_id: m.message_id,
        outcome: none ? 'none' : 'new',
        insight_id: null,
        new_key: none ? null : `${f.tag}/${f.category}/${f.intent ?? m.message_id}`,
        topic: none ? null : m.text.slice(0, 80),
        body: none ? null : `Shoppers ask about ${f.tag}.`,
        proposed_solution: none ? null : 'Answer it in the knowledge base.',
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
