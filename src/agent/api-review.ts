/**
 * The brand API of the agent reviewed by the brand's people: the agent on one conversation, a draft
 * sent or discarded, an answer marked wrong, the answers marked wrong, and an escalation answered
 * to the shopper. Any brand user may do these (the day's work, like a reply); another brand's
 * conversation, message or escalation answers 404 like a missing one.
 */
import { z } from 'zod';
import { ESCALATION_NOT_FOUND } from '../conversations/index.ts';
import { defineRoute, idSchema, timestamp, type ApiRoute } from '../http/index.ts';
import { AGENT_MODES } from './rules.ts';
import { answerEscalation, conversationAgent, listWrongAnswers, markAnswerWrong, reviewDraft } from './review.ts';
import { AGENT_MESSAGES } from './service.ts';
import { decisionSchema } from './api.ts';

const reviewedSchema = decisionSchema.extend({
  source_cards: z.array(z.object({ id: z.number().int(), title: z.string() })).describe('the sources, named'),
  marked_wrong: z.boolean().describe('a brand user marked this answer wrong'),
  why: z.string().describe('the reason, in words'),
});

const wrongSchema = z.object({
  decision_id: z.number().int(),
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  card_id: z.number().int().nullable(),
  card_title: z.string().nullable(),
  topic: z.string().describe('the question’s topic as read (empty: none)'),
  question: z.string(),
  reply: z.string().nullable(),
  note: z.string().nullable(),
  marked_by: z.string().nullable(),
  created_at: timestamp(),
});

const escalationSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  conversation_id: z.number().int().nullable(),
  question: z.string().nullable(),
  processed_question: z.string().nullable(),
  processed_response: z.string().nullable(),
  is_added_kb: z.boolean(),
  created_at: timestamp(),
});

const BASE = '/api/brands/:brandId/agent';
const messageParams = z.object({ messageId: idSchema() });

export const agentReviewApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: `${BASE}/conversations/:conversationId`,
    tag: 'agent',
    summary: 'The agent on one conversation: its mode, whether a person has it, its decisions with their sources',
    params: z.object({ conversationId: idSchema() }),
    notFound: AGENT_MESSAGES.conversationNotFound,
    response: z.object({
      conversation_id: z.number().int(),
      mode: z.enum(AGENT_MODES),
      paused: z.boolean().describe('a person replied within the pause: the agent stays out until handed back'),
      decisions: z.array(reviewedSchema),
    }),
    handler: async ({ ctx, brand, params }) =>
      conversationAgent(ctx.db, { brandId: brand.id, conversationId: params.conversationId }),
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/decisions/:messageId/draft`,
    tag: 'agent',
    summary: "Send the agent's draft (as written or edited) or discard it",
    description:
      'Sent through the send job as the agent’s reply (the agent stays on the conversation). 409 when the draft was ' +
      'already sent or discarded, or the shopper cannot be texted (the reply’s refusal).',
    params: messageParams,
    notFound: AGENT_MESSAGES.decisionNotFound,
    body: z.object({
      action: z.enum(['send', 'discard']),
      body: z.string().max(3060).optional().describe('the edited text (default: the draft as written)'),
    }),
    response: z.object({ decision: reviewedSchema.extend({ edited: z.boolean() }) }),
    handler: async ({ ctx, brand, caller, params, body }) => ({
      decision: await reviewDraft(ctx, {
        brandId: brand.id,
        messageId: params.messageId,
        userId: caller.userId,
        action: body.action,
        body: body.body,
      }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/decisions/:messageId/wrong`,
    tag: 'agent',
    summary: "Mark the agent's answer wrong: its card counts less for that topic",
    params: messageParams,
    notFound: AGENT_MESSAGES.decisionNotFound,
    body: z.object({ note: z.string().max(1000).nullable().optional() }),
    response: z.object({ decision: reviewedSchema }),
    handler: async ({ ctx, brand, caller, params, body }) => ({
      decision: await markAnswerWrong(ctx.db, {
        brandId: brand.id,
        messageId: params.messageId,
        userId: caller.userId || undefined,
        note: body.note,
      }),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/wrong-answers`,
    tag: 'agent',
    summary: 'The answers brand users marked wrong, newest first',
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
    response: z.object({ items: z.array(wrongSchema) }),
    handler: async ({ ctx, brand, query }) => ({
      items: await listWrongAnswers(ctx.db, { brandId: brand.id, limit: query.limit }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/escalations/:escalationId/answer',
    tag: 'agent',
    summary: 'Answer an escalated question: texted to the shopper, recorded as its processed response',
    description:
      'The answer is the person’s reply (the agent stays out of the conversation until handed back). Saving it as ' +
      'a KB card is POST /api/brands/:brandId/escalations/:escalationId/kb-card.',
    params: z.object({ escalationId: idSchema() }),
    notFound: ESCALATION_NOT_FOUND,
    body: z.object({ response: z.string().max(3060) }),
    response: z.object({
      escalation: escalationSchema,
      outcome: z.string().describe('sent, held, skipped or failed'),
      message_id: z.number().int(),
    }),
    handler: async ({ ctx, brand, caller, params, body }) =>
      answerEscalation(ctx, {
        brandId: brand.id,
        escalationId: params.escalationId,
        userId: caller.userId,
        response: body.response,
      }),
  }),
];
