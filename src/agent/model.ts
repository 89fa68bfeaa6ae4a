/**
 * The model writer: with LLM_BASE_URL and LLM_MODEL set, the model writes the answer from the
 * retrieved cards only (the insights' provider: structured output, cache, retries). Its answer is
 * then checked by the grounding validator against the cards and the cart; a refused answer, or a
 * model that says the cards do not answer, escalates.
 */
import { z } from 'zod';
import type { LlmProvider } from '../insights/index.ts';
import { SMS_REPLY_MAX, type Candidate } from './rules.ts';
import { validateAnswer, type Fact } from './validate.ts';

const answerSchema = z.object({
  /** The reply to text the shopper, or null when the cards do not answer the question. */
  answer: z.string().nullable(),
  /** The ids of the cards the answer comes from. */
  card_ids: z.array(z.number().int()),
});

export const AGENT_SYSTEM_PROMPT = [
  "You answer a shopper's text message for an online store, using ONLY the knowledge-base cards given.",
  'Never state a number, price, percentage, date, discount code or link that is not written in a card or the cart.',
  `Answer in at most ${SMS_REPLY_MAX} characters, plainly, without greeting or signature.`,
  'If the cards do not answer the question, answer null. Name the ids of the cards you used.',
].join(' ');

export type ModelOutcome =
  | { kind: 'answered'; answer: string; sources: number[] }
  | { kind: 'declined' }
  | { kind: 'refused'; answer: string; invented: Fact[] };

export async function writeWithModel(
  llm: LlmProvider,
  { question, cards, cart }: { question: string; cards: Candidate[]; cart: string },
): Promise<ModelOutcome> {
  const { value } = await llm.structured({
    name: 'agent_answer',
    schema: answerSchema,
    messages: [
      { role: 'system', content: AGENT_SYSTEM_PROMPT },
      {
        role: 'user',
        content: [
          'Cards:',
          ...cards.map((c) => `[${c.cardId}] ${c.title}\n${c.content}`),
          cart ? `Cart: ${cart}` : 'Cart: none',
          `Shopper: ${question}`,
        ].join('\n\n'),
      },
    ],
  });
  const answer = value.answer?.trim();
  if (!answer) return { kind: 'declined' };
  const used = cards.filter((c) => value.card_ids.includes(c.cardId));
  const sources = (used.length > 0 ? used : cards).map((c) => c.cardId);
  const check = validateAnswer(answer, [...cards.map((c) => `${c.title}\n${c.content}`), cart]);
  if (!check.ok) return { kind: 'refused', answer, invented: check.invented };
  return { kind: 'answered', answer: answer.slice(0, SMS_REPLY_MAX), sources };
}
