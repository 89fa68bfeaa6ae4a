/**
 * Answer schemas of the brand API's inbox routes: what leaves for the panel (undeclared fields of
 * a service's answer are dropped). Shoppers' phones, e-mails and addresses are in none of them.
 */
import { z } from 'zod';
import { money, timestamp } from '../http/index.ts';

const id = () => z.number().int();

export const messageSchema = z.object({
  id: id(),
  direction: z.string(),
  status: z.string(),
  body: z.string(),
  is_marketing: z.boolean(),
  user_id: id().nullable().describe('the brand user who wrote it (agent replies)'),
  created_at: timestamp(),
  scheduled_for: timestamp().nullable(),
  sent_at: timestamp().nullable(),
  status_reason: z.string().nullable(),
  skip_reason: z.string().nullable(),
  segments: id().nullable(),
  encoding: z.string().nullable(),
  provider: z.string().nullable(),
});

export const feedbackSchema = z.object({
  id: id(),
  conversation_id: id(),
  message_id: id(),
  rating: id().nullable().describe('1 (poor) to 5 (great)'),
  comment: z.string().nullable(),
  message_body: z.string().describe('the rated text'),
  message_direction: z.string(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const qualitySchema = z.object({
  id: id(),
  conversation_id: id(),
  user_id: id().nullable().describe('the brand user who reviewed it'),
  rating: id().nullable(),
  note: z.string().nullable(),
  created_at: timestamp(),
});

export const fileSchema = z.object({
  id: id(),
  conversation_id: id(),
  message_id: id().nullable(),
  file_id: id(),
  url: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  size: id().nullable(),
  created_at: timestamp(),
});

export const escalationSchema = z.object({
  id: id(),
  conversation_id: id().nullable(),
  question: z.string().nullable(),
  processed_question: z.string().nullable(),
  processed_response: z.string().nullable(),
  is_added_kb: z.boolean(),
  created_at: timestamp(),
});

export const inboxStateSchema = z.object({
  id: id(),
  is_hidden: z.boolean(),
  last_read_at: timestamp().nullable(),
  last_read_user_id: id().nullable(),
});

export const insightMessageSchema = z.object({
  id: id(),
  brand_insight_id: id().nullable(),
  conversation_id: id(),
  message_id: id().nullable(),
  message_body: z.string().nullable().describe("the shopper's words"),
  message_at: timestamp().nullable(),
  category: z.string().nullable(),
  tag: z.string().nullable(),
  sentiment: z.string().nullable(),
  conversation_summary: z.string().nullable(),
  created_at: timestamp(),
});

const lineItemSchema = z.object({
  title: z.string(),
  variant: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number(),
  price: z.string().nullable(),
});

export const contactRefSchema = z.object({
  id: id(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
});

export const orderSchema = z.object({
  id: id(),
  external_id: z.string(),
  number: z.string().nullable(),
  state: z.string(),
  total: money(),
  currency: z.string(),
  billing_status: z.string().nullable(),
  recovered_at: timestamp().nullable(),
  workflow_id: id().nullable(),
  discount_codes: z.array(z.string()),
  conversation_ids: z.array(id()).describe('the conversations that recovered it'),
  line_items: z.array(lineItemSchema),
  created_at: timestamp(),
});

export const checkoutSchema = z.object({
  id: id(),
  external_id: z.string(),
  cart_id: id().nullable(),
  state: z.string(),
  total_price: money(),
  currency: z.string().nullable(),
  abandoned_checkout_url: z.string().nullable(),
  is_historical: z.boolean(),
  line_items: z.array(lineItemSchema),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const cartSchema = z.object({
  id: id(),
  external_id: z.string(),
  state: z.string(),
  total: money(),
  currency: z.string(),
  line_items: z.array(lineItemSchema),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const checkoutDetailsSchema = z.object({
  checkout: checkoutSchema.nullable(),
  cart: cartSchema.nullable(),
  order: orderSchema.nullable().describe('the order placed from the checkout or cart'),
});
