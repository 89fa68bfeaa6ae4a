/**
 * The brand API's messaging routes: the brand's texting number, 10DLC state and sending rules; what
 * the composer needs to count a text as it will be sent (the short link's real length, sample
 * values, the price of a segment).
 */
import { z } from 'zod';
import { publicBaseUrl } from '../app/index.ts';
import { defineRoute, timestamp, type ApiRoute } from '../http/index.ts';
import { textingView } from './texting.ts';

/** A short link's code: 8 characters, as conversations make them. */
const SAMPLE_LINK_CODE = 'Ab3dE5gH';

export const messagingApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/texting',
    tag: 'messaging',
    summary: "The brand's texting number, its 10DLC registration when known, and the quiet-hours rules",
    response: z.object({
      number: z.string().nullable().describe("the brand's own number or sender id texts go out from"),
      number_source: z.enum(['sms_integration', 'support_phone']).nullable(),
      integration: z.object({ provider: z.string(), status: z.string(), is_enabled: z.boolean() }).nullable(),
      ten_dlc: z
        .object({
          status: z.string(),
          updated_at: timestamp().nullable(),
          failed_from: z.string().nullable().describe('campaign_approval_pending: the carriers rejected the campaign'),
        })
        .nullable(),
      quiet_hours: z.object({
        start: z.string().describe("HH:MM, the shopper's local time"),
        end: z.string(),
        strict_states: z.array(z.string()),
        strict_end: z.string(),
        strict_limit: z.number().int().describe('marketing texts per number in strict states'),
        strict_limit_hours: z.number(),
        cart_reminder_max_hours: z.number(),
        texas_compliance: z.boolean().describe('whether Texas shoppers may get marketing texts'),
      }),
    }),
    handler: async ({ ctx, brand }) => textingView(ctx.db, brand.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/texting/composer',
    tag: 'messaging',
    summary: 'What the composer counts a text with: a short link as sent, sample values, the price of a segment',
    description:
      'The short link has the real base URL and code length; the samples are typical lengths for the placeholders. The price is SMS_SEGMENT_PRICE_USD, null when it is not set.',
    response: z.object({
      link_example: z.string().describe('a short link as texts carry it'),
      sample: z.object({
        first_name: z.string(),
        brand_name: z.string(),
        discount_code: z.string(),
        discount_value: z.string(),
      }),
      segment_price: z.object({ amount: z.string(), currency: z.literal('USD') }).nullable(),
    }),
    handler: async ({ ctx, brand }) => ({
      link_example: `${publicBaseUrl(ctx.config)}/r/${SAMPLE_LINK_CODE}`,
      sample: { first_name: 'Alex', brand_name: brand.name, discount_code: 'LR-K7QX2M', discount_value: '10%' },
      segment_price: ctx.config.SMS_SEGMENT_PRICE_USD
        ? { amount: ctx.config.SMS_SEGMENT_PRICE_USD, currency: 'USD' as const }
        : null,
    }),
  }),
];
