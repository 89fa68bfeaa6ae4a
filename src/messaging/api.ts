/** The brand API's messaging route: the brand's texting number, 10DLC state and sending rules. */
import { z } from 'zod';
import { defineRoute, timestamp, type ApiRoute } from '../http/index.ts';
import { textingView } from './texting.ts';

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
      ten_dlc: z.object({ status: z.string(), updated_at: timestamp().nullable() }).nullable(),
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
];
