/**
 * The brand API's routes for the shopper beside a conversation: the contact's note, deleting a
 * (subscribed) channel, the contact's orders and order history, a cart's or checkout's details
 * with the order placed from it, and the shopper messages behind the brand's insights. No phone,
 * e-mail or address of the shopper is in any answer.
 */
import { z } from 'zod';
import { defineRoute, idSchema, page, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import { checkoutDetailsSchema, contactRefSchema, insightMessageSchema, orderSchema } from './api-schemas.ts';
import { deleteChannel, setContactNote } from './contact-actions.ts';
import { INSIGHT_CATEGORIES, listMessageInsights } from './insights.ts';
import { checkoutDetails, contactOrders, DEFAULT_ORDER_LIMIT, orderHistory } from './shopper.ts';

const CONTACT_NOT_FOUND = 'Contact not found';
const contactParams = z.object({ contactId: idSchema() });

export const shopperApi: ApiRoute[] = [
  defineRoute({
    method: 'PUT',
    path: '/api/brands/:brandId/contacts/:contactId/note',
    tag: 'contacts',
    summary: "Set the agents' note on a shopper (empty or null removes it)",
    params: contactParams,
    notFound: CONTACT_NOT_FOUND,
    body: z.object({ note: z.string().max(5000).nullable() }),
    response: z.object({ contact_id: z.number().int(), note: z.string().nullable(), updated_at: timestamp() }),
    handler: async ({ ctx, brand, params, body }) => {
      const saved = await setContactNote(ctx.db, { brandId: brand.id, contactId: params.contactId, note: body.note });
      return { contact_id: saved.contactId, note: saved.note, updated_at: saved.updatedAt };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/brands/:brandId/channels/:channelId',
    tag: 'contacts',
    summary: "Delete a shopper's subscribed channel",
    description: 'An unsubscribed or blocked channel is kept (409): it keeps the opt-out in force.',
    params: z.object({ channelId: idSchema() }),
    notFound: 'Contact channel not found',
    response: z.object({ channel_id: z.number().int(), deleted: z.literal(true) }),
    handler: async ({ ctx, brand, params }) => {
      const result = await deleteChannel(ctx.db, { brandId: brand.id, channelId: params.channelId });
      return { channel_id: result.channelId, deleted: result.deleted };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/contacts/:contactId/orders',
    tag: 'contacts',
    summary: "The shopper's orders, newest first, with line items and the conversations that recovered them",
    params: contactParams,
    notFound: CONTACT_NOT_FOUND,
    query: z.object(pageQuery(DEFAULT_ORDER_LIMIT, 100)),
    response: page(orderSchema).extend({ contact: contactRefSchema }),
    handler: async ({ ctx, brand, params, query }) =>
      contactOrders(ctx.db, { brandId: brand.id, contactId: params.contactId, ...query }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/contacts/:contactId/order-history',
    tag: 'contacts',
    summary: 'What the shopper has bought: totals per currency and the 10 latest orders',
    params: contactParams,
    notFound: CONTACT_NOT_FOUND,
    response: z.object({
      contact: contactRefSchema,
      totals: z.array(
        z.object({
          currency: z.string(),
          orders: z.number().int(),
          spent: z.string().describe('sum of the complete orders'),
          cancelled: z.number().int(),
          first_order_at: timestamp().nullable(),
          last_order_at: timestamp().nullable(),
        }),
      ),
      recent: z.array(orderSchema),
    }),
    handler: async ({ ctx, brand, params }) => orderHistory(ctx.db, { brandId: brand.id, contactId: params.contactId }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/carts/:cartId',
    tag: 'orders',
    summary: 'A cart with its latest checkout and the order placed from them',
    params: z.object({ cartId: idSchema() }),
    notFound: 'Cart not found',
    response: checkoutDetailsSchema,
    handler: async ({ ctx, brand, params }) => checkoutDetails(ctx.db, { brandId: brand.id, cartId: params.cartId }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/checkouts/:checkoutId',
    tag: 'orders',
    summary: 'A checkout with its cart and the order placed from them',
    params: z.object({ checkoutId: idSchema() }),
    notFound: 'Checkout not found',
    response: checkoutDetailsSchema,
    handler: async ({ ctx, brand, params }) =>
      checkoutDetails(ctx.db, { brandId: brand.id, checkoutId: params.checkoutId }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/insights/messages',
    tag: 'insights',
    summary: "The shopper messages behind the brand's insights, newest first",
    description: 'By one brand insight (brand_insight_id), or by category (and tag); one of them is required.',
    query: z.object({
      ...pageQuery(100, 500),
      brand_insight_id: idSchema().optional(),
      category: z.enum(INSIGHT_CATEGORIES).optional(),
      tag: z.string().max(100).optional().describe('e.g. shipping, returns, price, sizing'),
    }),
    response: page(insightMessageSchema),
    handler: async ({ ctx, brand, query }) =>
      listMessageInsights(ctx.db, {
        brandId: brand.id,
        brandInsightId: query.brand_insight_id,
        category: query.category,
        tag: query.tag,
        offset: query.offset,
        limit: query.limit,
      }),
  }),
];
