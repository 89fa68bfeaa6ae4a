/**
 * The agent reviewed by the brand's people: one conversation's decisions with their sources named
 * and whether a person has it (the panel's agent panel); a draft sent as written, sent edited, or
 * discarded, once; an answer marked wrong (the agent trusts that card less for that topic, and the
 * insights page lists it); an escalation answered, which texts the shopper as the person's reply
 * and records the spec's processed question and response (saving it as a KB card is the knowledge
 * base's route).
 */
import { z } from 'zod';
import { AppError, validInput, type AppContext } from '../app/index.ts';
import {
  getEscalation,
  queueAgentReply,
  replyToConversation,
  updateEscalation,
  type EscalationView,
} from '../conversations/index.ts';
import type { Handle } from '../db/index.ts';
import { DEFAULT_SETTINGS, effectiveMode, feedbackTopic, REASONS, type AgentMode, type ReasonCode } from './rules.ts';
import { AGENT_MESSAGES, decisionView, getAgentSettings, type DecisionView } from './service.ts';
import { personReplied } from './store.ts';
import {
  cardTitles,
  closeDraft,
  conversationOfBrand,
  findDecision,
  insertWrongMark,
  listDecisionRows,
  listWrongMarks,
  type WrongMarkRow,
} from './store-decisions.ts';

export const REVIEW_MESSAGES = {
  notAnAnswer: 'Only an answer of the agent can be marked wrong.',
  notADraft: 'This draft was already sent or discarded.',
  noShopper: 'This question came from no conversation: there is no shopper to text.',
} as const;

const id = z.coerce.number().int().positive();

/** A decision as the panel draws it: its sources named, and whether it was marked wrong. */
export interface ReviewedDecision extends DecisionView {
  source_cards: Array<{ id: number; title: string }>;
  marked_wrong: boolean;
  /** The reason in words. */
  why: string;
}

export interface ConversationAgent {
  conversation_id: number;
  /** The brand's mode narrowed by the conversation's workflow. */
  mode: AgentMode;
  /** A person at the brand replied within the pause and nobody handed it back: the agent stays out. */
  paused: boolean;
  decisions: ReviewedDecision[];
}

async function reviewed(db: Handle, brandId: number, rows: DecisionView[]): Promise<ReviewedDecision[]> {
  const titles = await cardTitles(db, brandId, [...new Set(rows.flatMap((r) => r.sources))]);
  const decisionIds = rows.map((r) => r.decision_id);
  const marks = new Set(
    (await listWrongMarks(db, { brandId, decisionIds, limit: decisionIds.length || 1 })).map((m) => m.decision_id),
  );
  return rows.map((r) => ({
    ...r,
    source_cards: r.sources.filter((s) => titles.has(s)).map((s) => ({ id: s, title: titles.get(s)! })),
    marked_wrong: marks.has(r.decision_id),
    why: REASONS[r.reason as ReasonCode] ?? r.reason,
  }));
}

export const conversationAgentInput = z.object({ brandId: id, conversationId: id });

/** The agent on one conversation: its mode, whether a person has it, its decisions oldest first. */
export async function conversationAgent(
  db: Handle,
  input: z.input<typeof conversationAgentInput>,
  now = new Date(),
): Promise<ConversationAgent> {
  const { brandId, conversationId } = validInput(conversationAgentInput, input);
  if (!(await conversationOfBrand(db, { brandId, conversationId })))
    throw new AppError('not_found', AGENT_MESSAGES.conversationNotFound);
  const settings = await getAgentSettings(db, { brandId });
  const workflow = await db('conversations as c')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .where('c.id', conversationId)
    .first<{ agents_response: unknown }>(db.raw(`w.action -> 'agents_response' as agents_response`));
  const rows = await listDecisionRows(db, { brandId, conversationId, limit: 200 });
  const paused = await personReplied(db, {
    conversationId,
    at: now,
    hours: settings.human_pause_hours ?? DEFAULT_SETTINGS.humanPauseHours,
  });
  return {
    conversation_id: conversationId,
    mode: effectiveMode(settings.mode, workflow?.agents_response),
    paused,
    decisions: await reviewed(db, brandId, rows.reverse().map(decisionView)),
  };
}

export const markWrongInput = z.object({
  brandId: id,
  messageId: id,
  userId: id.optional(),
  note: z.string().trim().max(500, 'At most 500 characters.').nullable().optional(),
});

/** Marks the agent's answer to a shopper text wrong: its card counts less for the question's topic from now on. */
export async function markAnswerWrong(db: Handle, input: z.input<typeof markWrongInput>): Promise<ReviewedDecision> {
  const { brandId, messageId, userId, note } = validInput(markWrongInput, input);
  const row = await findDecision(db, { brandId, messageId });
  if (!row) throw new AppError('not_found', AGENT_MESSAGES.decisionNotFound);
  if (row.decision !== 'answered')
    throw new AppError('conflict', REVIEW_MESSAGES.notAnAnswer, { code: 'not_an_answer' });
  const topic = feedbackTopic((row.reading as { topic?: { value: string | null } }).topic);
  await insertWrongMark(db, {
    brandId,
    decisionId: row.id,
    cardId: row.sources[0] ?? null,
    topic,
    note: note || null,
    userId: userId ?? null,
  });
  return (await reviewed(db, brandId, [decisionView(row)]))[0]!;
}

export const wrongAnswersInput = z.object({ brandId: id, limit: z.coerce.number().int().min(1).max(200).default(50) });

/** The brand's answers marked wrong, newest first (the insights page). */
export async function listWrongAnswers(db: Handle, input: z.input<typeof wrongAnswersInput>): Promise<WrongMarkRow[]> {
  const { brandId, limit } = validInput(wrongAnswersInput, input);
  return listWrongMarks(db, { brandId, limit });
}

export const reviewDraftInput = z.object({
  brandId: id,
  messageId: id,
  userId: id,
  action: z.enum(['send', 'discard']),
  body: z.string().trim().min(1, 'The reply is empty.').max(1530).optional(),
});

/**
 * Sends the agent's draft (as written, or as the person edited it) through the send job as the
 * agent's reply (the agent stays on), or discards it. A draft is closed once.
 */
export async function reviewDraft(
  ctx: AppContext,
  input: z.input<typeof reviewDraftInput>,
  now = new Date(),
): Promise<ReviewedDecision & { edited: boolean }> {
  const { brandId, messageId, userId, action, body } = validInput(reviewDraftInput, input);
  const row = await findDecision(ctx.db, { brandId, messageId });
  if (!row) throw new AppError('not_found', AGENT_MESSAGES.decisionNotFound);
  if (row.delivery !== 'draft' || row.reply === null)
    throw new AppError('conflict', REVIEW_MESSAGES.notADraft, { code: 'not_a_draft' });
  const text = body ?? row.reply;
  const edited = text !== row.reply.trim();
  await ctx.db.transaction(async (tx) => {
    if (action === 'discard') {
      if (!(await closeDraft(tx, { id: row.id, delivery: 'discarded', userId })))
        throw new AppError('conflict', REVIEW_MESSAGES.notADraft, { code: 'not_a_draft' });
      return;
    }
    const { messageId: replyMessageId } = await queueAgentReply(tx, {
      brandId,
      conversationId: row.conversation_id,
      body: text,
      now,
      extra: { agent_decision_id: row.id, agent_sources: row.sources, reviewed_by: userId, edited },
    });
    if (!(await closeDraft(tx, { id: row.id, delivery: 'sent_by_person', userId, replyMessageId })))
      throw new AppError('conflict', REVIEW_MESSAGES.notADraft, { code: 'not_a_draft' });
  });
  const after = (await findDecision(ctx.db, { brandId, messageId }))!;
  return { ...(await reviewed(ctx.db, brandId, [decisionView(after)]))[0]!, edited: action === 'send' && edited };
}

export const answerEscalationInput = z.object({
  brandId: id,
  escalationId: id,
  userId: id,
  response: z.string().trim().min(1, 'The answer is empty.').max(1530),
});

/**
 * Answers an escalated question: the answer is texted to the shopper as the person's reply (the
 * agent then stays out of that conversation until handed back) and recorded as the escalation's
 * processed response, its question as the processed question unless one was written.
 */
export async function answerEscalation(
  ctx: AppContext,
  input: z.input<typeof answerEscalationInput>,
): Promise<{ escalation: EscalationView; outcome: string; message_id: number }> {
  const { brandId, escalationId, userId, response } = validInput(answerEscalationInput, input);
  const escalation = await getEscalation(ctx.db, { brandId, id: escalationId });
  if (escalation.conversation_id === null)
    throw new AppError('conflict', REVIEW_MESSAGES.noShopper, { code: 'no_shopper' });
  const sent = await replyToConversation(ctx, { brandId, id: escalation.conversation_id, userId, body: response });
  const saved = await updateEscalation(ctx.db, {
    brandId,
    id: escalationId,
    processedQuestion: escalation.processed_question ?? escalation.question,
    processedResponse: response,
  });
  return { escalation: saved, outcome: sent.outcome, message_id: sent.message.id };
}
