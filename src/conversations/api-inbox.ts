/**
 * The brand API's routes for what an agent does in a conversation: reply (the session's user is
 * the author; the same provider, quiet-hours and state rules as every text, see reply.ts), hide,
 * show and mark read, rate a message (feedback), escalate a question and answer it, review the
 * conversation (quality) and attach a file. Each maps snake_case input onto the inbox's services.
 */
import { z } from 'zod';
import { defineRoute, idSchema, page, pageQuery, queryBoolean, type ApiRoute } from '../http/index.ts';
import {
  escalationSchema,
  feedbackSchema,
  fileSchema,
  inboxStateSchema,
  messageSchema,
  qualitySchema,
} from './api-schemas.ts';
import { addConversationQuality, createConversationFile } from './annotations.ts';
import {
  createEscalation,
  DEFAULT_ESCALATION_LIMIT,
  ESCALATION_NOT_FOUND,
  getEscalation,
  listEscalations,
  updateEscalation,
} from './escalations.ts';
import { DEFAULT_FEEDBACK_LIMIT, listFeedback, upsertFeedback } from './feedback.ts';
import { CONVERSATION_NOT_FOUND, hideConversation, markConversationRead, unhideConversation } from './inbox.ts';
import { AGENT_REPLY_MAX_LENGTH, replyToConversation } from './reply.ts';

const CONVERSATION = '/api/brands/:brandId/conversations/:conversationId';
const conversationParams = z.object({ conversationId: idSchema() });
const escalationParams = z.object({ escalationId: idSchema() });

const stateRoute = (action: 'hide' | 'unhide' | 'read', summary: string): ApiRoute =>
  defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/${action}`,
    tag: 'conversations',
    summary,
    params: conversationParams,
    notFound: CONVERSATION_NOT_FOUND,
    response: z.object({ conversation: inboxStateSchema }),
    handler: async ({ ctx, brand, caller, params }) => {
      const ref = { brandId: brand.id, id: params.conversationId };
      const state =
        action === 'hide'
          ? await hideConversation(ctx.db, ref)
          : action === 'unhide'
            ? await unhideConversation(ctx.db, ref)
            : await markConversationRead(ctx.db, { ...ref, userId: caller.userId });
      return { conversation: state };
    },
  });

export const inboxApi: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/reply`,
    tag: 'conversations',
    summary: "Send an agent's text into the conversation (the signed-in user is its author)",
    description:
      'Refused (409, nothing stored) when the conversation has no text channel, the shopper unsubscribed or is blocked, ' +
      'or the number is not +1. A reply to a shopper who wrote within 24 hours is conversational (any hour, outside the ' +
      'marketing caps); otherwise it is a marketing text held by quiet hours and the state rules like every other.',
    params: conversationParams,
    notFound: CONVERSATION_NOT_FOUND,
    body: z.object({
      body: z
        .string()
        .max(AGENT_REPLY_MAX_LENGTH * 2)
        .describe('the text (trimmed; 1 to 1,530 characters)'),
    }),
    status: 201,
    response: z.object({
      message: messageSchema,
      conversational: z.boolean().describe('the shopper wrote within the last 24 hours'),
      outcome: z.enum(['sent', 'held', 'skipped', 'failed']),
    }),
    handler: async ({ ctx, brand, caller, params, body }) =>
      replyToConversation(ctx, {
        brandId: brand.id,
        id: params.conversationId,
        userId: caller.userId,
        body: body.body,
      }),
  }),
  stateRoute('hide', 'Hide the conversation from the default inbox view'),
  stateRoute('unhide', 'Show a hidden conversation again'),
  stateRoute('read', 'Mark the conversation read by the signed-in user'),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/feedback',
    tag: 'conversations',
    summary: "The brand's feedback on messages, newest first",
    query: z.object({
      ...pageQuery(DEFAULT_FEEDBACK_LIMIT, 100),
      q: z.string().max(200).optional().describe('text in the comment or in the rated message'),
    }),
    response: page(feedbackSchema),
    handler: async ({ ctx, brand, query }) =>
      listFeedback(ctx.db, { brandId: brand.id, q: query.q, offset: query.offset, limit: query.limit }),
  }),
  defineRoute({
    method: 'PUT',
    path: `${CONVERSATION}/messages/:messageId/feedback`,
    tag: 'conversations',
    summary: 'Rate a message of the conversation (one feedback per message: saving again updates it)',
    params: z.object({ conversationId: idSchema(), messageId: idSchema() }),
    notFound: CONVERSATION_NOT_FOUND,
    body: z.object({
      rating: z.number().int().min(1).max(5).nullable().optional().describe('1 (poor) to 5 (great); null clears it'),
      comment: z.string().max(2000).nullable().optional(),
    }),
    response: z.object({ feedback: feedbackSchema }),
    handler: async ({ ctx, brand, params, body }) => ({
      feedback: await upsertFeedback(ctx.db, {
        brandId: brand.id,
        conversationId: params.conversationId,
        messageId: params.messageId,
        rating: body.rating,
        comment: body.comment,
      }),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/escalations',
    tag: 'conversations',
    summary: "The brand's escalated questions, newest first",
    query: z.object({
      ...pageQuery(DEFAULT_ESCALATION_LIMIT, 500),
      conversation_id: idSchema().optional(),
      is_added_kb: queryBoolean().optional().describe('went into the knowledge base, or not'),
    }),
    response: page(escalationSchema),
    handler: async ({ ctx, brand, query }) =>
      listEscalations(ctx.db, {
        brandId: brand.id,
        conversationId: query.conversation_id,
        isAddedKb: query.is_added_kb,
        offset: query.offset,
        limit: query.limit,
      }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/escalations/:escalationId',
    tag: 'conversations',
    summary: 'One escalated question',
    params: escalationParams,
    notFound: ESCALATION_NOT_FOUND,
    response: z.object({ escalation: escalationSchema }),
    handler: async ({ ctx, brand, params }) => ({
      escalation: await getEscalation(ctx.db, { brandId: brand.id, id: params.escalationId }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/escalations`,
    tag: 'conversations',
    summary: "Escalate a question of the conversation's shopper to a person",
    params: conversationParams,
    notFound: CONVERSATION_NOT_FOUND,
    body: z.object({ question: z.string().max(5000) }),
    status: 201,
    response: z.object({ escalation: escalationSchema }),
    handler: async ({ ctx, brand, params, body }) => ({
      escalation: await createEscalation(ctx.db, {
        brandId: brand.id,
        conversationId: params.conversationId,
        question: body.question,
      }),
    }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/brands/:brandId/escalations/:escalationId',
    tag: 'conversations',
    summary: 'Answer an escalated question; say whether the answer went into the knowledge base',
    params: escalationParams,
    notFound: ESCALATION_NOT_FOUND,
    body: z.object({
      processed_question: z.string().max(5000).nullable().optional(),
      processed_response: z.string().max(5000).nullable().optional(),
      is_added_kb: z.boolean().optional(),
    }),
    response: z.object({ escalation: escalationSchema }),
    handler: async ({ ctx, brand, params, body }) => ({
      escalation: await updateEscalation(ctx.db, {
        brandId: brand.id,
        id: params.escalationId,
        processedQuestion: body.processed_question,
        processedResponse: body.processed_response,
        isAddedKb: body.is_added_kb,
      }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/quality`,
    tag: 'conversations',
    summary: 'Review the conversation (the signed-in user is the reviewer)',
    params: conversationParams,
    notFound: CONVERSATION_NOT_FOUND,
    body: z.object({ rating: z.number().int().min(1).max(5).optional(), note: z.string().max(2000).optional() }),
    status: 201,
    response: z.object({ quality: qualitySchema }),
    handler: async ({ ctx, brand, caller, params, body }) => ({
      quality: await addConversationQuality(ctx.db, {
        brandId: brand.id,
        conversationId: params.conversationId,
        userId: caller.userId,
        rating: body.rating,
        note: body.note,
      }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/files`,
    tag: 'conversations',
    summary: 'Attach a stored file (by its http(s) URL) to the conversation, or to one of its messages',
    params: conversationParams,
    notFound: CONVERSATION_NOT_FOUND,
    body: z.object({
      url: z.string().max(2000),
      name: z.string().max(255).optional(),
      type: z.string().max(255).optional().describe('media type, e.g. image/jpeg'),
      size: z.number().int().min(0).optional().describe('bytes'),
      message_id: idSchema().optional(),
    }),
    status: 201,
    response: z.object({ file: fileSchema }),
    handler: async ({ ctx, brand, params, body }) => ({
      file: await createConversationFile(ctx.db, {
        brandId: brand.id,
        conversationId: params.conversationId,
        messageId: body.message_id,
        url: body.url,
        name: body.name,
        type: body.type,
        size: body.size,
      }),
    }),
  }),
];
