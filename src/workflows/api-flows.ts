/**
 * The brand API's scheduled flows and tap-to-text (keyword) flows: what the forms offer (the
 * brand's segments, its texting number, the caller's role), create each (an admin's: both are
 * active at once and text shoppers), read a scheduled flow with its runs, and a keyword flow's
 * `sms:` link with its QR code (made here, as SVG and PNG, with the qrcode package; nothing leaves
 * the server). Validation messages are the services' (INVALID_CRON, INVALID_KEYWORD, KEYWORD_TAKEN).
 */
import QRCode from 'qrcode';
import { z } from 'zod';
import { requireBrandAdmin, brandRole } from '../accounts/index.ts';
import { isAppError, type AppContext } from '../app/index.ts';
import { brandSenderNumber } from '../messaging/index.ts';
import { defineRoute, idSchema, timestamp, type ApiBrand, type ApiCaller, type ApiRoute } from '../http/index.ts';
import { recordWorkflowChange, type WorkflowChanges } from './audit.ts';
import { CAMPAIGN_NOT_FOUND } from './campaigns/rules.ts';
import { createScheduledFlow, getScheduledFlow, type ScheduledFlowView } from './campaigns/scheduled.ts';
import { listSegments } from './segments/service.ts';
import { createTapToTextFlow, defaultGreeting, NO_TEXTING_NUMBER, tapLink } from './tap-to-text.ts';
import { getWorkflow } from './store.ts';

const FLOW_NOT_FOUND = { message: 'Flow not found', code: 'flow_not_found' };

const runSchema = z.object({
  run_id: z.number().int(),
  state: z.string(),
  scheduled_for: z.string().nullable(),
  targeted: z.number().int(),
  sent: z.number().int(),
  held: z.number().int(),
  failed: z.number().int(),
  skipped: z.record(z.string(), z.number().int()),
});

const scheduledSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cron: z.string().describe('crontab pattern, read in the time zone'),
  timezone: z.string(),
  state: z.string(),
  segment: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  message: z.string(),
  runs: z.array(runSchema),
});

const scheduledOut = (f: ScheduledFlowView): z.input<typeof scheduledSchema> => ({
  id: f.id,
  name: f.name,
  cron: f.cron,
  timezone: f.timezone,
  state: f.state,
  segment: f.segment,
  message: f.message,
  runs: f.runs.map((r) => ({
    run_id: r.runId,
    state: r.state,
    scheduled_for: r.scheduledFor,
    targeted: r.targeted,
    sent: r.sent,
    held: r.held,
    failed: r.failed,
    skipped: r.skipped,
  })),
});

const keywordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  keyword: z.string(),
  greeting: z.string(),
  message: z.string(),
  state: z.string(),
});

const linkSchema = z.object({
  keyword: z.string(),
  number: z.string().nullable().describe("the brand's texting number; null until it has one"),
  link: z.string().nullable().describe('sms: link with the keyword as the body'),
  qr_svg: z.string().nullable().describe('the QR code of the link, as an SVG document'),
  qr_png: z.string().nullable().describe('the QR code as a PNG data URL (1024 px), to download'),
  problem: z.string().nullable(),
});

/** The text both forms share, as the services take it (CRLF made LF, blank name and link left out). */
const flowText = (body: { message: string; name?: string; link_url?: string }) => ({
  message: body.message.replace(/\r\n/g, '\n'),
  name: body.name?.trim() || undefined,
  linkUrl: body.link_url?.trim() || undefined,
});

/** Starts a flow (an admin's: it is active at once) and records it created, with what it runs on. */
async function startFlow<F extends { id: number }>(
  ctx: AppContext,
  caller: ApiCaller,
  brand: ApiBrand,
  create: () => Promise<F>,
  changes: (flow: F) => WorkflowChanges,
): Promise<F> {
  await requireBrandAdmin(ctx.db, caller, brand.tenant_id, 'flow.start');
  const flow = await create();
  await recordWorkflowChange(ctx.db, {
    brandId: brand.id,
    workflowId: flow.id,
    action: 'created',
    userId: caller.userId,
    changes: changes(flow),
  });
  return flow;
}

export function flowsApi(): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/flow-options',
      tag: 'workflows',
      summary: 'What the scheduled-flow and keyword-flow forms offer',
      description:
        "The brand's segments (newest first), its texting number, time zone, the default greeting, and whether the caller may start a flow.",
      response: z.object({
        segments: z.array(z.object({ id: z.number().int(), name: z.string() })),
        texting_number: z.string().nullable(),
        timezone: z.string(),
        default_greeting: z.string().describe('with KEYWORD where the keyword goes'),
        can_start: z.boolean(),
        reason: z.string().nullable(),
      }),
      handler: async ({ ctx, caller, brand }) => {
        const segments = await listSegments(ctx, { brandId: brand.id });
        const role = await brandRole(ctx.db, { userId: caller.userId, isStaff: caller.isStaff }, brand.tenant_id);
        return {
          segments: segments.sort((a, b) => b.id - a.id).map((s) => ({ id: s.id, name: s.name || `Segment ${s.id}` })),
          texting_number: await brandSenderNumber(ctx.db, brand.id),
          timezone: brand.timezone,
          default_greeting: defaultGreeting(brand.name, 'KEYWORD'),
          can_start: role === 'admin',
          reason: role === 'admin' ? null : 'Only a brand admin can start a scheduled or keyword flow.',
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/scheduled-flows',
      tag: 'workflows',
      summary: 'Start a scheduled flow (admins): a text to a segment on a crontab pattern, active at once',
      body: z.object({
        segment_id: idSchema(),
        cron: z.string().max(100).describe('e.g. "0 10 * * 1": Mondays at 10:00 in the brand’s time zone'),
        message: z.string().max(1600),
        name: z.string().max(200).optional(),
        link_url: z.string().max(2000).optional(),
        smart_sending: z.boolean().optional(),
      }),
      status: 201,
      response: z.object({ flow: scheduledSchema }),
      handler: async ({ ctx, caller, brand, body }) => {
        const flow = await startFlow(
          ctx,
          caller,
          brand,
          () =>
            createScheduledFlow(ctx, {
              brandId: brand.id,
              segmentId: body.segment_id,
              cron: body.cron,
              ...flowText(body),
              smartSending: body.smart_sending,
            }),
          (f) => ({ schedule: { from: null, to: f.cron } }),
        );
        return { flow: scheduledOut(flow) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/scheduled-flows/:scheduledFlowId',
      tag: 'workflows',
      summary: 'A scheduled flow: its pattern, segment, message and runs',
      params: z.object({ scheduledFlowId: idSchema() }),
      notFound: CAMPAIGN_NOT_FOUND,
      response: z.object({ flow: scheduledSchema }),
      handler: async ({ ctx, brand, params }) => ({
        flow: scheduledOut(await getScheduledFlow(ctx, { id: params.scheduledFlowId, brandId: brand.id })),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/keyword-flows',
      tag: 'workflows',
      summary: 'Start a tap-to-text flow (admins): a keyword shoppers text, answered by a greeting asking for Y',
      body: z.object({
        keyword: z.string().max(50),
        message: z.string().max(1600).describe('the first marketing text, after Y'),
        greeting: z.string().max(1600).optional(),
        name: z.string().max(200).optional(),
        link_url: z.string().max(2000).optional(),
      }),
      status: 201,
      response: z.object({ flow: keywordSchema }),
      handler: async ({ ctx, caller, brand, body }) => {
        const flow = await startFlow(
          ctx,
          caller,
          brand,
          () =>
            createTapToTextFlow(ctx, {
              brandId: brand.id,
              keyword: body.keyword,
              greeting: body.greeting,
              ...flowText(body),
            }),
          (f) => ({ keyword: { from: null, to: f.keyword } }),
        );
        return {
          flow: {
            id: flow.id,
            name: flow.name,
            keyword: flow.keyword,
            greeting: flow.greeting,
            message: flow.message,
            state: flow.state,
          },
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/keyword-flows/:keywordFlowId/link',
      tag: 'workflows',
      summary: "A keyword flow's sms: link and its QR code",
      description: 'Without a texting number there is no link yet: `problem` says so.',
      params: z.object({ keywordFlowId: idSchema() }),
      notFound: FLOW_NOT_FOUND,
      response: linkSchema.extend({ generated_at: timestamp() }),
      handler: async ({ ctx, brand, params }) => {
        try {
          const { keyword, number, link } = await tapLink(ctx, { id: params.keywordFlowId, brandId: brand.id });
          return {
            keyword,
            number,
            link,
            qr_svg: await QRCode.toString(link, { type: 'svg', margin: 2 }),
            qr_png: await QRCode.toDataURL(link, { type: 'image/png', margin: 2, width: 1024 }),
            problem: null,
            generated_at: new Date(),
          };
        } catch (error) {
          if (!isAppError(error) || error.message !== NO_TEXTING_NUMBER) throw error;
          const flow = await getWorkflow(ctx.db, params.keywordFlowId);
          return {
            keyword: String(flow?.extra_data.keyword ?? ''),
            number: null,
            link: null,
            qr_svg: null,
            qr_png: null,
            problem: NO_TEXTING_NUMBER,
            generated_at: new Date(),
          };
        }
      },
    }),
  ];
}
