/**
 * The brand API's campaign reads: the brand's campaigns with their schedule, segment, message and
 * progress (targeted, sent, held, skipped by reason, ...), newest first; and one of them (another
 * brand's campaign is not found).
 */
import { z } from 'zod';
import { defineRoute, idSchema, page, pageQuery, type ApiRoute } from '../../http/index.ts';
import { CAMPAIGN_NOT_FOUND } from './rules.ts';
import { getCampaign, listCampaigns, type CampaignView } from './service.ts';

export const campaignProgressSchema = z.object({
  state: z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']),
  scheduled_for: z.string().nullable().describe('ISO time'),
  targeted: z.number().int(),
  queued: z.number().int(),
  held: z.number().int().describe('waiting for the recipient window, a state cap or the rate'),
  pending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.record(z.string(), z.number().int()).describe('left out at freeze or send time, by reason'),
  clicked: z.number().int(),
  replied: z.number().int(),
  recovered: z.number().int(),
  recovered_revenue: z.string().describe("the recovered orders' total, in the brand's currency"),
  estimated_finish_at: z
    .string()
    .nullable()
    .describe(
      "ISO time the texts not sent yet will have gone out at the brand's number's pace (rate and daily cap); null when none is left or the provider has no pace",
    ),
  pace: z
    .object({ per_second: z.number(), per_day: z.number().int() })
    .nullable()
    .describe("the brand's number's pace: texts per second and per day (its 10DLC tier, its setting or the default)"),
});

export const campaignSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  segment: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  message: z.string(),
  link_url: z.string().nullable(),
  cutoff_hours: z.number().int().nullable(),
  smart_sending: z.boolean(),
  discount: z.string().nullable(),
  progress: campaignProgressSchema,
});

/** A campaign as the brand API gives it (snake_case, money as text like every other answer). */
export function campaignOut(c: CampaignView): z.infer<typeof campaignSchema> {
  const { scheduledFor, recoveredRevenue, estimatedFinishAt, pace, ...progress } = c.progress;
  return {
    id: c.id,
    brand_id: c.brandId,
    name: c.name,
    timezone: c.timezone,
    segment: c.segment,
    message: c.message,
    link_url: c.linkUrl,
    cutoff_hours: c.cutoffHours,
    smart_sending: c.smartSending,
    discount: c.discount,
    progress: {
      ...progress,
      scheduled_for: scheduledFor,
      recovered_revenue: recoveredRevenue.toFixed(2),
      estimated_finish_at: estimatedFinishAt ?? null,
      pace: pace ? { per_second: pace.perSecond, per_day: pace.perDay } : null,
    },
  };
}

export function campaignsApi(): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/campaigns',
      tag: 'campaigns',
      summary: "The brand's campaigns with their progress",
      description: 'Newest first.',
      query: z.object({ ...pageQuery(100) }),
      response: page(campaignSchema),
      handler: async ({ ctx, brand, query }) => {
        const all = (await listCampaigns(ctx, { brandId: brand.id })).sort((a, b) => b.id - a.id);
        return {
          items: all.slice(query.offset, query.offset + query.limit).map(campaignOut),
          total: all.length,
          offset: query.offset,
          limit: query.limit,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/campaigns/:campaignId',
      tag: 'campaigns',
      summary: 'One campaign of the brand with its progress',
      params: z.object({ campaignId: idSchema() }),
      notFound: CAMPAIGN_NOT_FOUND,
      response: campaignSchema,
      handler: async ({ ctx, brand, params }) =>
        campaignOut(await getCampaign(ctx, { id: params.campaignId, brandId: brand.id })),
    }),
  ];
}
