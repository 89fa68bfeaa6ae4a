/**
 * The knowledge base from insights (spec 1 KB cards, spec 3 escalations):
 * - promoteInsight: a brand insight becomes a KB card (source 'insight', a draft unless said
 *   otherwise, weight the number of messages behind it unless given); promoting it again gives the
 *   same card. A missing insight (or another brand's) is 'Brand insight not found for the id'.
 * - processEscalations: escalated questions without a processed_question get one (the question
 *   cleaned up) and a processed_response (the best published KB card's text, else the proposed
 *   solution for its tag), through the model when configured, else by the local rules.
 * - promoteEscalation: a processed escalation becomes a KB card (source 'escalation') and is marked
 *   is_added_kb.
 */
import { z } from 'zod';
import { AppError, validInput, type AppContext } from '../../app/index.ts';
import { getEscalation, listEscalations, updateEscalation, type EscalationView } from '../../conversations/index.ts';
import type { Handle } from '../../db/index.ts';
import { llmFromConfig, type LlmProvider } from '../llm/index.ts';
import { featuresOf } from '../analysis/local.ts';
import { BRAND_INSIGHT_NOT_FOUND, excerpt } from '../analysis/rules.ts';
import { proposedSolution } from '../analysis/wording.ts';
import { createKbCard, getKbCard, searchKbCards, type KbCard } from '../kb/service.ts';
import { KB_WEIGHT_RANGE, KB_STATUSES } from '../kb/rules.ts';
import { cardOfInsight, findInsight, markCardEscalation, markCardInsight } from './store.ts';

const id = z.coerce.number().int().positive();

export const promoteInsightInput = z.object({
  brandId: id,
  id,
  status: z.enum(KB_STATUSES).default('draft'),
  weight: z.coerce.number().int().min(KB_WEIGHT_RANGE.min).max(KB_WEIGHT_RANGE.max).optional(),
  authorId: id.optional(),
});
export type PromoteInsightInput = z.input<typeof promoteInsightInput>;

export async function promoteInsight(
  db: Handle,
  input: PromoteInsightInput,
): Promise<{ card: KbCard; created: boolean }> {
  const { brandId, id: insightId, status, weight, authorId } = validInput(promoteInsightInput, input);
  return db.transaction(async (trx) => {
    const insight = await findInsight(trx, brandId, insightId);
    if (!insight) throw new AppError('not_found', BRAND_INSIGHT_NOT_FOUND);
    const existing = await cardOfInsight(trx, brandId, insightId);
    if (existing !== undefined) return { card: await getKbCard(trx, { brandId, id: existing }), created: false };
    const content = [insight.body, insight.proposed_solution].filter((t) => t && t.trim()).join('\n\n');
    const card = await createKbCard(trx, {
      brandId,
      authorId,
      title: (insight.topic ?? '').trim() || excerpt(content, 120) || `Insight ${insightId}`,
      content: content || (insight.topic ?? `Insight ${insightId}`),
      status,
      source: 'insight',
      weight: weight ?? Math.min(KB_WEIGHT_RANGE.max, insight.messages),
    });
    await markCardInsight(trx, card.id, insightId);
    return { card, created: true };
  });
}

const escalationAnswer = z.object({ processed_question: z.string(), processed_response: z.string() });

const cleanQuestion = (text: string): string => {
  const first = excerpt(text, 200);
  return first ? first[0]!.toUpperCase() + first.slice(1) : first;
};

/** The local answer: the best published card of the brand for the question, else the proposed solution for its tag. */
async function localAnswer(db: Handle, brandId: number, question: string): Promise<string> {
  const found = await searchKbCards(db, { brandId, q: question.slice(0, 500), status: 'published', limit: 1 });
  const card = found.items[0];
  if (card?.content) return card.content;
  const { tag, category } = featuresOf(question);
  return proposedSolution(tag ?? 'new', category ?? 'product');
}

async function modelAnswer(llm: LlmProvider, question: string, draft: string) {
  const { value } = await llm.structured({
    name: 'escalation',
    schema: escalationAnswer,
    messages: [
      {
        role: 'system',
        content:
          "Rewrite a shopper's escalated question as a short, general FAQ question, and write the answer an agent should give, using the draft answer when it fits. No names, order numbers or phone numbers.",
      },
      { role: 'user', content: JSON.stringify({ question, draft_answer: draft }) },
    ],
  });
  return value;
}

export const processEscalationsInput = z.object({
  brandId: id,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ProcessEscalationsInput = z.input<typeof processEscalationsInput>;

/** Gives the brand's unprocessed escalations their processed question and response. */
export async function processEscalations(
  ctx: AppContext,
  input: ProcessEscalationsInput,
  { llm = llmFromConfig(ctx) }: { llm?: LlmProvider } = {},
): Promise<{ processed: EscalationView[] }> {
  const { brandId, limit } = validInput(processEscalationsInput, input);
  const { items } = await listEscalations(ctx.db, { brandId, limit: 500 });
  const waiting = items.filter((e) => e.processed_question === null && e.question?.trim()).slice(0, limit);
  const processed: EscalationView[] = [];
  for (const escalation of waiting) {
    const question = escalation.question!;
    const draft = await localAnswer(ctx.db, brandId, question);
    const answer = llm
      ? await modelAnswer(llm, question, draft)
      : { processed_question: cleanQuestion(question), processed_response: draft };
    processed.push(
      await updateEscalation(ctx.db, {
        brandId,
        id: escalation.id,
        processedQuestion: answer.processed_question,
        processedResponse: answer.processed_response,
      }),
    );
  }
  return { processed };
}

export const promoteEscalationInput = z.object({
  brandId: id,
  id,
  status: z.enum(KB_STATUSES).default('draft'),
  weight: z.coerce.number().int().min(KB_WEIGHT_RANGE.min).max(KB_WEIGHT_RANGE.max).default(0),
  authorId: id.optional(),
});
export type PromoteEscalationInput = z.input<typeof promoteEscalationInput>;

export const ESCALATION_NOT_PROCESSED =
  'The escalation has no processed question and response yet: they appear after the next insights run.';
const ESCALATION_NOT_PROCESSED_CLI =
  'The escalation has no processed question and response yet: run `reclaim insights escalations` first.';

/** A processed escalation becomes a KB card (source 'escalation'); the escalation is marked added to the KB. */
export async function promoteEscalation(db: Handle, input: PromoteEscalationInput): Promise<KbCard> {
  const { brandId, id: escalationId, status, weight, authorId } = validInput(promoteEscalationInput, input);
  return db.transaction(async (trx) => {
    const escalation = await getEscalation(trx, { brandId, id: escalationId });
    if (!escalation.processed_question?.trim() || !escalation.processed_response?.trim())
      throw new AppError('invalid_input', ESCALATION_NOT_PROCESSED, {
        code: 'not_processed',
        cliMessage: ESCALATION_NOT_PROCESSED_CLI,
      });
    const card = await createKbCard(trx, {
      brandId,
      authorId,
      title: escalation.processed_question.slice(0, 255),
      content: escalation.processed_response,
      status,
      source: 'escalation',
      weight,
    });
    await updateEscalation(trx, { brandId, id: escalationId, isAddedKb: true });
    await markCardEscalation(trx, card.id, escalationId);
    return card;
  });
}
