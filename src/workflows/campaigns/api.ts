/**
 * The brand API's campaign reads: the brand's campaigns with their schedule, segment, message and
 * progress (targeted, sent, held, skipped by reason, ...), newest first; and one of them (another
 * brand's campaign is not found).
 */
import { z } from 'zod';
import { AppError, isAppError, type AppContext } from '../../app/index.ts';
import { isUsSmsNumber, normalizeUsername } from '../../contacts/index.ts';
import { defineRoute, idSchema, money, page, pageQuery, timestamp, type ApiRoute } from '../../http/index.ts';
import { rolePermissions, rolePermissionsSchema, requireBrandAdmin } from '../api-roles.ts';
import { CAMPAIGN_NOT_FOUND, MAX_CUTOFF_HOURS, PAST_SCHEDULE_WARNING } from './rules.ts';
import {
  campaignRecoveredOrders,
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  scheduleCampaign,
  testCampaign,
  updateCampaign,
  type CampaignChanges,
  type CampaignView,
} from './service.ts';

export const campaignProgressSchema = z.object({
  state: z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']),
  scheduled_for: z.string().nullable().describe('ISO time'),
  targeted: z.number().int(),
  queued: z.number().int(),
  held: z.number().int().describe('waiting for the recipient window, a state cap or the rate'),
  pending: z.number().int().describe('waiting: due now or not written yet'),
  sent: z.number().int(),
  delivered: z.number().int(),
  undelivered: z.number().int().describe('sent, then not delivered by the carrier: counted in sent and in failed'),
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
  held_by_daily_cap: z
    .object({ count: z.number().int(), until: z.string().nullable().describe('ISO time the first of them goes') })
    .nullable()
    .describe("of the held texts, those waiting for the number's daily cap (the next day, UTC); null for none"),
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
  const { scheduledFor, recoveredRevenue, estimatedFinishAt, pace, heldByDailyCap, ...progress } = c.progress;
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
      held_by_daily_cap: heldByDailyCap ?? null,
    },
  };
}

const NOT_FOUND = { message: CAMPAIGN_NOT_FOUND, code: 'flow_not_found' };
export const CAMPAIGN_ADMIN_ONLY = {
  schedule: 'Only a brand admin can schedule a campaign.',
  cancel: 'Only a brand admin can cancel a campaign.',
} as const;
const MEMBER_REASON = 'Only a brand admin can schedule or cancel a campaign.';
export const TEST_NUMBER_REQUIRED = 'Give a +1 number for the test, e.g. +1 415 555 0123.';

const discountBody = z
  .object({ type: z.string().max(20), value: z.number().optional(), duration_days: z.number().optional() })
  .nullable()
  .optional()
  .describe('a code per shopper (percentage, fixed or shipping); null: no code');

/** What a campaign is made of; every field optional on a change. */
const fieldsBody = z.object({
  name: z.string().max(200).optional(),
  message: z.string().max(1600).optional().describe('the text, with placeholders'),
  segment_id: idSchema().optional(),
  link_url: z.string().max(2000).nullable().optional().describe('where {cart_link} goes; null: no link'),
  cutoff_hours: z.number().nullable().optional().describe(`1-${MAX_CUTOFF_HOURS}; null: no cutoff`),
  smart_sending: z.boolean().optional().describe('leave out contacts texted in the last 24 h (default on)'),
  discount: discountBody,
});
type FieldsBody = z.output<typeof fieldsBody>;

function changesOf(body: FieldsBody): CampaignChanges {
  return {
    name: body.name,
    message: body.message?.replace(/\r\n/g, '\n'),
    segmentId: body.segment_id,
    linkUrl: body.link_url,
    cutoffHours: body.cutoff_hours,
    smartSending: body.smart_sending,
    discount:
      body.discount === null
        ? null
        : body.discount
          ? { type: body.discount.type, value: body.discount.value, duration: body.discount.duration_days }
          : undefined,
  };
}

const scheduleBody = z.object({
  at: z.string().max(40).describe('"now", an ISO time, or "YYYY-MM-DD HH:MM" in the brand\'s time zone'),
  confirm_past: z
    .boolean()
    .optional()
    .describe(
      `true confirms a time more than 15 minutes in the past (else 400 confirmation_required: "${PAST_SCHEDULE_WARNING}")`,
    ),
});

const campaignParams = z.object({ campaignId: idSchema() });
const answer = z.object({ campaign: campaignSchema });
const one = async (ctx: AppContext, brandId: number, id: number) => ({
  campaign: campaignOut(await getCampaign(ctx, { id, brandId })),
});

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
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/campaigns/:campaignId/orders',
      tag: 'campaigns',
      summary:
        "The campaign's recovered orders (newest first, at most 50); each one's evidence is at /orders/:id/attribution",
      params: campaignParams,
      notFound: NOT_FOUND,
      response: z.object({
        items: z.array(
          z.object({
            id: z.number().int(),
            number: z.string().nullable(),
            total: money(),
            currency: z.string(),
            recovered_at: timestamp(),
            conversation_id: z.number().int().nullable(),
          }),
        ),
      }),
      handler: async ({ ctx, brand, params }) => ({
        items: (await campaignRecoveredOrders(ctx, { id: params.campaignId, brandId: brand.id })).map((o) => ({
          ...o,
          total: o.total.toFixed(2),
        })),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/campaign-permissions',
      tag: 'campaigns',
      summary: 'What the caller may do with campaigns (members cannot schedule or cancel)',
      response: rolePermissionsSchema,
      handler: async ({ ctx, caller, brand }) =>
        rolePermissions(ctx, caller, brand, { actions: ['schedule', 'cancel'], reason: MEMBER_REASON }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/campaigns',
      tag: 'campaigns',
      summary: 'Save a new campaign as a draft: segment, message, link, discount, cutoff, smart sending',
      description: 'Nothing is sent until it is scheduled (admins). A test can be sent to a draft.',
      body: fieldsBody.extend({ segment_id: idSchema(), message: z.string().max(1600) }),
      status: 201,
      response: answer,
      handler: async ({ ctx, brand, body }) => {
        const changes = changesOf(body);
        const created = await createCampaign(ctx, {
          brandId: brand.id,
          draft: true,
          name: changes.name,
          message: changes.message ?? '',
          segmentId: body.segment_id,
          linkUrl: changes.linkUrl ?? undefined,
          cutoffHours: changes.cutoffHours ?? undefined,
          smartSending: changes.smartSending,
          discount: changes.discount ?? undefined,
        });
        return { campaign: campaignOut(created) };
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/brands/:brandId/campaigns/:campaignId',
      tag: 'campaigns',
      summary: 'Change a campaign that has not started sending (only the fields given)',
      params: campaignParams,
      notFound: NOT_FOUND,
      body: fieldsBody,
      response: answer,
      handler: async ({ ctx, brand, params, body }) => ({
        campaign: campaignOut(
          await updateCampaign(ctx, { id: params.campaignId, brandId: brand.id, changes: changesOf(body) }),
        ),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/campaigns/:campaignId/test',
      tag: 'campaigns',
      summary:
        "Send the campaign's text now to one +1 number that is a subscriber of the brand (a test: never counted)",
      description:
        'Through the same send rules (opt-out, quiet hours in the recipient’s time, state caps); the text is marked as a test and is not part of the campaign’s figures.',
      params: campaignParams,
      notFound: NOT_FOUND,
      body: z.object({ to: z.string().max(40) }),
      response: z.object({
        message_id: z.number().int(),
        body: z.string(),
        status: z.string(),
        reason: z.string().nullable(),
      }),
      handler: async ({ ctx, brand, params, body }) => {
        await getCampaign(ctx, { id: params.campaignId, brandId: brand.id });
        const phone = normalizeUsername(body.to);
        if (!isUsSmsNumber(phone)) throw new AppError('invalid_input', TEST_NUMBER_REQUIRED, { code: 'invalid_phone' });
        try {
          const sent = await testCampaign(ctx, { id: params.campaignId, brandId: brand.id, phone });
          return { message_id: sent.messageId, body: sent.body, status: sent.status, reason: sent.reason };
        } catch (error) {
          if (isAppError(error) && error.code === 'channel_not_found')
            throw new AppError(
              'invalid_input',
              `Contact channel not found: ${body.to.trim()} is not a subscriber of ${brand.name}. Text the brand’s number from it to subscribe, then send the test.`,
              { code: 'channel_not_found', cause: error },
            );
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/campaigns/:campaignId/schedule',
      tag: 'campaigns',
      summary:
        "Schedule a draft, or move a campaign that has not started sending (admins): a time in the brand's zone, or now",
      params: campaignParams,
      notFound: NOT_FOUND,
      body: scheduleBody,
      response: answer,
      handler: async ({ ctx, caller, brand, params, body }) => {
        await getCampaign(ctx, { id: params.campaignId, brandId: brand.id });
        await requireBrandAdmin(ctx, caller, brand, CAMPAIGN_ADMIN_ONLY.schedule);
        await scheduleCampaign(ctx, {
          id: params.campaignId,
          brandId: brand.id,
          at: body.at,
          confirmPast: body.confirm_past,
        });
        return one(ctx, brand.id, params.campaignId);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/campaigns/:campaignId/cancel',
      tag: 'campaigns',
      summary: 'Cancel a campaign before or during its send (admins): nothing more goes out',
      params: campaignParams,
      notFound: NOT_FOUND,
      response: z.object({ campaign: campaignSchema, skipped_messages: z.number().int() }),
      handler: async ({ ctx, caller, brand, params }) => {
        await getCampaign(ctx, { id: params.campaignId, brandId: brand.id });
        await requireBrandAdmin(ctx, caller, brand, CAMPAIGN_ADMIN_ONLY.cancel);
        const cancelled = await cancelCampaign(ctx, { id: params.campaignId, brandId: brand.id });
        return { campaign: campaignOut(cancelled), skipped_messages: cancelled.skippedMessages };
      },
    }),
  ];
}
