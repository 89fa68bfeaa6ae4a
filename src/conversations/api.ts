/**
 * The brand API's conversation routes: the inbox list (phone numbers masked), one conversation
 * (the shopper's whole number: the one place the panel shows it), and an agent's block of a
 * shopper (every SMS channel unsubscribed and blocked, queued texts skipped). What an agent does
 * in a conversation is in api-inbox.ts; the shopper's orders, note and channels in api-shopper.ts.
 */
import { z } from 'zod';
import { publicBaseUrl } from '../app/index.ts';
import { maskUsername } from '../contacts/index.ts';
import {
  defineRoute,
  idSchema,
  page,
  pageQuery,
  queryBoolean,
  queryTime,
  timestamp,
  type ApiRoute,
} from '../http/index.ts';
import { inboxApi } from './api-inbox.ts';
import { feedbackSchema, fileSchema, messageSchema, qualitySchema } from './api-schemas.ts';
import { shopperApi } from './api-shopper.ts';
import { blockContact } from './opt-out.ts';
import {
  CONVERSATION_CHECKOUT_STATES,
  DEFAULT_CONVERSATION_LIMIT,
  getConversation,
  listConversations,
} from './read.ts';
import type { ConversationSummary } from './store/read.ts';

const summaryShape = {
  id: z.number().int(),
  brand_id: z.number().int(),
  workflow: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  contact: z
    .object({ id: z.number().int(), given_name: z.string().nullable(), family_name: z.string().nullable() })
    .nullable(),
  channel: z
    .object({ id: z.number().int(), username: z.string(), status: z.string(), engagement_status: z.string() })
    .nullable(),
  is_hidden: z.boolean(),
  message_count: z.number().int(),
  has_response: z.boolean(),
  is_unread: z.boolean().describe('a reply newer than the last read'),
  last_read_at: timestamp().nullable(),
  checkout_state: z.string().nullable().describe("the checkout's state, else the cart's"),
  is_recovered: z.boolean().describe('linked to an order counted as recovered'),
  is_historical: z.boolean().describe('about a backfilled checkout'),
  last_message: z.object({ direction: z.string(), status: z.string(), body: z.string(), at: timestamp() }).nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
};

export const conversationSummarySchema = z.object(summaryShape);

export const conversationDetailSchema = z.object({
  ...summaryShape,
  cart_id: z.number().int().nullable(),
  checkout_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  channel_last_engaged_at: timestamp().nullable(),
  messages: z.array(messageSchema),
  feedback: z.array(feedbackSchema),
  quality: z.array(qualitySchema),
  files: z.array(fileSchema),
  discount_codes: z.array(
    z.object({
      code: z.string(),
      status: z.string(),
      starts_at: timestamp().nullable(),
      ends_at: timestamp().nullable(),
      usage_limit: z.number().int(),
    }),
  ),
  short_links: z.array(
    z.object({
      code: z.string(),
      url: z.string(),
      target_url: z.string(),
      created_at: timestamp(),
      click_count: z.number().int(),
      clicks: z.array(z.object({ clicked_at: timestamp(), user_agent: z.string().nullable() })),
    }),
  ),
  consent: z
    .object({
      status: z.string().describe('subscribed, unsubscribed or blocked'),
      source: z.string().nullable().describe('how the shopper consented (e.g. checkout, keyword)'),
      consented_at: timestamp().nullable(),
    })
    .nullable()
    .describe("the shopper's consent on the conversation's channel"),
  reply: z
    .object({
      allowed: z.boolean(),
      code: z.enum(['channel_missing', 'channel_unsubscribed', 'channel_blocked', 'non_us_number']).nullable(),
      reason: z.string().nullable().describe('why a reply cannot be sent: the message the reply route answers with'),
    })
    .describe('whether an agent may reply in this conversation'),
  previous_id: z.number().int().nullable().describe('the next newer conversation of the brand'),
  next_id: z.number().int().nullable().describe('the next older conversation of the brand'),
});

/** A list row with the shopper's number masked. */
export const maskedSummary = <T extends ConversationSummary>(row: T): T => ({
  ...row,
  channel: row.channel && { ...row.channel, username: maskUsername(row.channel.username) },
});

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

export const conversationsApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/conversations',
    tag: 'conversations',
    summary: "The brand's conversations, newest first (phone numbers masked)",
    query: z.object({
      ...pageQuery(DEFAULT_CONVERSATION_LIMIT),
      q: z
        .string()
        .max(200)
        .optional()
        .describe('digits search phone numbers partially; words search given and family names (two: first and last)'),
      is_hidden: queryBoolean().optional().describe('true: hidden only; false: visible only; unset: both'),
      workflow_id: idSchema().optional(),
      has_response: queryBoolean().optional().describe('the shopper wrote back'),
      is_unread: queryBoolean().optional().describe('a reply newer than the last read'),
      is_historical: queryBoolean().optional().describe('about a backfilled checkout'),
      checkout_state: z
        .string()
        .max(200)
        .optional()
        .describe(`any of these states, comma-separated: ${CONVERSATION_CHECKOUT_STATES.join(', ')}`),
      exclude_checkout_state: z.string().max(200).optional().describe('none of these states, comma-separated'),
      from: queryTime().optional().describe('started at or after'),
      to: queryTime().optional().describe('started before'),
    }),
    response: page(conversationSummarySchema),
    handler: async ({ ctx, brand, query }) =>
      listConversations(
        ctx.db,
        {
          brandId: brand.id,
          q: query.q,
          isHidden: query.is_hidden,
          workflow: query.workflow_id,
          hasResponse: query.has_response,
          isUnread: query.is_unread,
          isHistorical: query.is_historical,
          checkoutState: query.checkout_state,
          excludeCheckoutState: query.exclude_checkout_state,
          from: query.from?.toISOString(),
          to: query.to?.toISOString(),
          limit: query.limit,
          offset: query.offset,
        },
        { maskPhones: true },
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/conversations/:conversationId',
    tag: 'conversations',
    summary:
      'One conversation: messages, feedback, quality reviews, files, discount codes, short links and clicks, its neighbours in the list',
    params: z.object({ conversationId: idSchema() }),
    notFound: CONVERSATION_NOT_FOUND,
    response: z.object({ conversation: conversationDetailSchema }),
    handler: async ({ ctx, brand, params }) => ({
      conversation: await getConversation(ctx.db, {
        id: params.conversationId,
        brandId: brand.id,
        publicUrl: publicBaseUrl(ctx.config),
      }),
    }),
  }),
  ...inboxApi,
  ...shopperApi,
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/contacts/:contactId/block',
    tag: 'contacts',
    summary: 'Block a shopper: what STOP does, without the confirmation text',
    description:
      'Every SMS channel of the contact unsubscribed and marked blocked, its queued texts skipped. Idempotent.',
    params: z.object({ contactId: idSchema() }),
    notFound: 'Contact not found',
    response: z.object({
      contact_id: z.number().int(),
      channels: z.array(
        z.object({
          channel_id: z.number().int(),
          username: z.string().describe('masked'),
          changed: z.boolean().describe('false when it was blocked already'),
          skipped_messages: z.number().int(),
        }),
      ),
      skipped_messages: z.number().int(),
    }),
    handler: async ({ ctx, brand, params }) => {
      const result = await blockContact(ctx.db, { brandId: brand.id, contactId: params.contactId });
      return {
        contact_id: result.contactId,
        channels: result.channels.map((c) => ({
          channel_id: c.channelId,
          username: maskUsername(c.username),
          changed: c.changed,
          skipped_messages: c.skippedMessages,
        })),
        skipped_messages: result.skippedMessages,
      };
    },
  }),
];
