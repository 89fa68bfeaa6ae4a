/**
 * The brand API's workflow routes: the list (with stats when a stats source is given), one
 * workflow, pause and resume, and why a cart's or an order's shopper was or was not texted.
 */
import { z } from 'zod';
import type { AppContext } from '../app/index.ts';
import { defineRoute, idSchema, page, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import { listWorkflowChanges, recordWorkflowChange, WORKFLOW_CHANGE_ACTIONS } from './audit.ts';
import { explainCandidate } from './explain.ts';
import { getWorkflowView, listWorkflowViews, setWorkflowState, type WorkflowView } from './service.ts';

const FLOW_NOT_FOUND = { message: 'Flow not found', code: 'workflow_not_found' };

export const workflowSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  brand_integration_id: z.number().int().nullable(),
  platform: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  template: z.string().nullable(),
  status: z.string(),
  is_paused: z.boolean(),
  state: z.enum(['draft', 'paused', 'active']),
  delay_minutes: z.number().int(),
  timezone: z.string(),
  starts_at: timestamp().nullable(),
  ends_at: timestamp().nullable(),
  message: z.array(z.unknown()).describe('the message as rich-text blocks'),
  message_text: z.string(),
  rules: z.unknown().describe('the rules the candidates must pass'),
  action: z.unknown().describe('message or discount'),
  discount: z
    .object({
      rule_id: z.number().int(),
      type: z.string(),
      value: z.number(),
      duration_days: z.number(),
      display: z.string(),
      code_type: z.string(),
      code_prefix: z.string().nullable(),
      valid: z.boolean(),
      reason: z.string().nullable(),
    })
    .nullable(),
  external_id: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

const check = z.object({
  check: z.string(),
  passed: z.boolean(),
  detail: z.string(),
  facts: z
    .object({
      code: z.string().optional(),
      at: z.string().optional(),
      days: z.number().optional(),
      count: z.number().int().optional(),
      group: z.string().optional(),
    })
    .optional()
    .describe("the detail's facts as machine values"),
});

const explainReason = z
  .object({
    code: z.enum([
      'recorded',
      'not_applicable',
      'not_running',
      'state',
      'not_yet_candidate',
      'outside_window',
      'next_run',
      'other_workflow_first',
    ]),
    outcome: z.string().nullable(),
    why: z.string().nullable(),
    at: timestamp().nullable(),
    conversation_id: z.number().int().nullable(),
    state: z.string().nullable(),
    wanted_state: z.string().nullable(),
    other_workflow: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .describe('what decided, as machine values (the summary without its prose)');

const explanationSchema = z.object({
  subject: z.object({
    kind: z.enum(['cart', 'order']),
    id: z.number().int(),
    brand_id: z.number().int(),
    contact_id: z.number().int().nullable(),
    phone: z.string().nullable().describe('masked'),
  }),
  workflows: z.array(
    z.object({
      workflow: z.object({
        id: z.number().int(),
        name: z.string(),
        type: z.string(),
        status: z.string(),
        is_paused: z.boolean(),
        delay_minutes: z.number().int(),
      }),
      candidate: z.object({ kind: z.string(), id: z.number().int() }).nullable(),
      texted: z.boolean(),
      decided_by: z.string(),
      summary: z.string(),
      reason: explainReason,
      recorded: z
        .object({
          outcome: z.string(),
          reason: z.string().nullable(),
          detail: z.string().nullable(),
          at: timestamp(),
          conversation_id: z.number().int().nullable(),
        })
        .nullable(),
      now: z
        .object({
          runnable: z.boolean(),
          runnable_problem: z.string().nullable(),
          state: z.string().nullable(),
          window: z
            .object({ from: timestamp(), to: timestamp(), description: z.string(), inside: z.boolean() })
            .nullable(),
          outcome: z.string().nullable(),
          reason: z.string().nullable(),
          checks: z.array(check),
        })
        .nullable(),
    }),
  ),
});

/**
 * Where the workflow list's stats come from (the analytics domain sits above workflows, so the
 * composition root hands it in): its extra query fields, the schema of one workflow's stats, and
 * the read, keyed by workflow id.
 */
export interface WorkflowStatsSource<Q extends z.ZodRawShape = z.ZodRawShape> {
  query: Q;
  schema: z.ZodType;
  read(
    ctx: AppContext,
    input: { brandId: number; workflowIds: number[]; query: z.output<z.ZodObject<Q>> },
  ): Promise<Map<number, unknown>>;
}

function listRoute(stats?: WorkflowStatsSource): ApiRoute {
  const item = workflowSchema.extend({ stats: stats ? stats.schema.nullable() : z.null() });
  return defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/workflows',
    tag: 'workflows',
    summary: stats ? "The brand's workflows with their stats" : "The brand's workflows",
    description: 'Newest first.',
    query: z.object({ ...pageQuery(100), ...stats?.query }),
    response: page(item),
    handler: async ({ ctx, brand, query }) => {
      const all = (await listWorkflowViews(ctx, { brandId: brand.id })).sort(
        (a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id,
      );
      const workflows = all.slice(query.offset, query.offset + query.limit);
      const figures = stats
        ? await stats.read(ctx, { brandId: brand.id, workflowIds: workflows.map((w) => w.id), query })
        : new Map<number, unknown>();
      const items = workflows.map((w: WorkflowView) => ({ ...w, stats: figures.get(w.id) ?? null }));
      return { items, total: all.length, offset: query.offset, limit: query.limit };
    },
  });
}

const workflowParams = z.object({ workflowId: idSchema() });

const transition = (name: 'pause' | 'resume', summary: string): ApiRoute =>
  defineRoute({
    method: 'POST',
    path: `/api/brands/:brandId/workflows/:workflowId/${name}`,
    tag: 'workflows',
    summary,
    params: workflowParams,
    notFound: FLOW_NOT_FOUND,
    response: z.object({ workflow: workflowSchema }),
    handler: async ({ ctx, caller, brand, params }) => {
      const workflow = await setWorkflowState(ctx, { id: params.workflowId, brandId: brand.id, transition: name });
      await recordWorkflowChange(ctx.db, {
        brandId: brand.id,
        workflowId: workflow.id,
        action: name === 'pause' ? 'paused' : 'resumed',
        userId: caller.userId,
      });
      return { workflow };
    },
  });

const explainRoute = (kind: 'cart' | 'order'): ApiRoute =>
  defineRoute({
    method: 'GET',
    path: `/api/brands/:brandId/${kind}s/:${kind}Id/explain`,
    tag: 'explain',
    summary: `Why the shopper of a${kind === 'order' ? 'n order' : ' cart'} was or was not texted, per workflow`,
    description:
      'For each workflow of the brand: the recorded outcome when there is one, and the rules as they stand now.',
    params: z.object({ [`${kind}Id`]: idSchema() }),
    notFound: kind === 'cart' ? 'Cart not found' : 'Order not found',
    response: explanationSchema,
    handler: async ({ ctx, brand, params }) => {
      const id = (params as Record<string, number>)[`${kind}Id`]!;
      return explainCandidate(ctx.db, {
        ...(kind === 'cart' ? { cartId: id } : { orderId: id }),
        brandId: brand.id,
        config: ctx.config,
      });
    },
  });

/** The workflow routes; `stats` adds each workflow's figures to the list. */
export function workflowsApi(options: { stats?: WorkflowStatsSource } = {}): ApiRoute[] {
  return [
    listRoute(options.stats),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/workflows/:workflowId',
      tag: 'workflows',
      summary: 'One workflow: message, rules and discount',
      params: workflowParams,
      notFound: FLOW_NOT_FOUND,
      response: z.object({ workflow: workflowSchema }),
      handler: async ({ ctx, brand, params }) => ({
        workflow: await getWorkflowView(ctx, { id: params.workflowId, brandId: brand.id }),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/workflows/:workflowId/changes',
      tag: 'workflows',
      summary: "The workflow's history: who changed what, and when, newest first",
      description:
        'One entry per change made in the panel or the CLI (actor `cli`, no user). `changes` holds, per field, what it was and what it became.',
      params: workflowParams,
      notFound: FLOW_NOT_FOUND,
      query: z.object({ ...pageQuery(50, 200) }),
      response: page(
        z.object({
          id: z.number().int(),
          action: z.enum(WORKFLOW_CHANGE_ACTIONS),
          actor: z.enum(['user', 'cli']),
          user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
          changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
          created_at: timestamp(),
        }),
      ),
      handler: async ({ ctx, brand, params, query }) => {
        await getWorkflowView(ctx, { id: params.workflowId, brandId: brand.id });
        const found = await listWorkflowChanges(ctx.db, {
          brandId: brand.id,
          workflowId: params.workflowId,
          offset: query.offset,
          limit: query.limit,
        });
        return { ...found, offset: query.offset, limit: query.limit };
      },
    }),
    transition('pause', 'Pause a workflow (it selects nobody until resumed)'),
    transition('resume', 'Resume a paused workflow'),
    explainRoute('cart'),
    explainRoute('order'),
  ];
}
