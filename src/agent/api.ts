/**
 * The brand API of the shopper agent: its settings (read, change), its decisions (a list, one
 * explained) and the hand back of a conversation a person took over. Scoped to the brand like every
 * route: another brand's message or conversation answers 404 like a missing one.
 */
import { z } from 'zod';
import { requireBrandAdmin } from '../accounts/index.ts';
import { defineRoute, idSchema, timestamp, type ApiRoute } from '../http/index.ts';
import { AGENT_MODES, DECISIONS } from './rules.ts';
import {
  AGENT_MESSAGES,
  explainDecision,
  getAgentSettings,
  handBackConversation,
  listAgentDecisions,
  updateAgentSettings,
} from './service.ts';

const settingsSchema = z.object({
  brand_id: z.number().int(),
  mode: z.enum(AGENT_MODES).describe('off: no decisions; draft: replies wait for a person; auto: replies are sent'),
  disclosure: z.string().nullable().describe('added to the first agent reply of a conversation'),
  holding_reply: z.string().nullable().describe('sent when the agent escalates (auto mode)'),
  max_replies_per_day: z.number().int().describe('agent replies per conversation in 24 hours at most'),
  human_pause_hours: z.number().int().describe('how long a person’s reply keeps the agent out'),
});

export const decisionSchema = z.object({
  decision_id: z.number().int(),
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  decision: z.enum(DECISIONS),
  reply: z.string().nullable(),
  sources: z.array(z.number().int()).describe('KB card ids'),
  confidence: z.number(),
  reason: z.string(),
  mode: z.enum(AGENT_MODES),
  delivery: z.string().nullable().describe('queued, draft or not_sent'),
  delivery_reason: z.string().nullable(),
  reply_message_id: z.number().int().nullable(),
  escalation_id: z.number().int().nullable(),
  writer: z.enum(['offline', 'model']),
  created_at: timestamp(),
});

const BASE = '/api/brands/:brandId/agent';

export const agentApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: `${BASE}/settings`,
    tag: 'agent',
    summary: "The shopper agent's settings",
    response: z.object({ settings: settingsSchema }),
    handler: async ({ ctx, brand }) => ({ settings: await getAgentSettings(ctx.db, { brandId: brand.id }) }),
  }),
  defineRoute({
    method: 'PUT',
    path: `${BASE}/settings`,
    tag: 'agent',
    summary: "Change the shopper agent's settings (the given fields; an empty text clears one)",
    description: 'An admin’s: a member gets 403 with the reason.',
    body: z.object({
      mode: z.enum(AGENT_MODES).optional(),
      disclosure: z.string().max(160).nullable().optional(),
      holding_reply: z.string().max(160).nullable().optional(),
      max_replies_per_day: z.number().int().min(0).max(100).optional(),
      human_pause_hours: z.number().int().min(1).max(720).optional(),
    }),
    response: z.object({ settings: settingsSchema }),
    handler: async ({ ctx, brand, caller, body }) => {
      await requireBrandAdmin(ctx.db, caller, brand.tenant_id, 'agent.settings');
      return {
        settings: await updateAgentSettings(ctx.db, {
          brandId: brand.id,
          mode: body.mode,
          disclosure: body.disclosure,
          holdingReply: body.holding_reply,
          maxRepliesPerDay: body.max_replies_per_day,
          humanPauseHours: body.human_pause_hours,
        }),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/decisions`,
    tag: 'agent',
    summary: "The agent's decisions on shopper texts, newest first",
    query: z.object({
      since: z.string().datetime({ offset: true }).optional(),
      conversation_id: idSchema().optional(),
      decision: z.enum(DECISIONS).optional(),
    }),
    response: z.object({ items: z.array(decisionSchema) }),
    handler: async ({ ctx, brand, query }) => ({
      items: await listAgentDecisions(ctx.db, {
        brandId: brand.id,
        since: query.since,
        conversationId: query.conversation_id,
        decision: query.decision,
      }),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/decisions/:messageId`,
    tag: 'agent',
    summary: 'The decision on one shopper text, explained in words',
    params: z.object({ messageId: idSchema() }),
    notFound: AGENT_MESSAGES.decisionNotFound,
    response: z.object({ decision: decisionSchema.extend({ explanation: z.array(z.string()) }) }),
    handler: async ({ ctx, brand, params }) => ({
      decision: await explainDecision(ctx.db, { brandId: brand.id, messageId: params.messageId }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/conversations/:conversationId/hand-back`,
    tag: 'agent',
    summary: 'Hand a conversation a person took over back to the agent',
    params: z.object({ conversationId: idSchema() }),
    notFound: AGENT_MESSAGES.conversationNotFound,
    response: z.object({ conversation_id: z.number().int(), handed_back_at: timestamp() }),
    handler: async ({ ctx, brand, caller, params }) =>
      handBackConversation(ctx.db, {
        brandId: brand.id,
        conversationId: params.conversationId,
        userId: caller.userId || undefined,
      }),
  }),
];
