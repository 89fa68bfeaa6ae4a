/**
 * The brand API's workflow editing routes (the panel builds and edits workflows without the CLI):
 * the templates and the rule language, create (from a template or blank), change, activate and
 * delete. Every validation message is the service's (workflowIssues, the discount rules); the
 * body schemas only check shapes, so a wrong value reaches the service and gets its words.
 *
 * Roles (spec 4 section 6: tenant and partner roles are admin and member): a member builds and
 * edits drafts and pauses; only an admin (tenant or partner admin, staff) activates a workflow or
 * deletes one, since both change what shoppers receive or lose its history.
 */
import { z } from 'zod';
import { brandRole } from '../accounts/index.ts';
import { AppError, type AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { DISCOUNT_TYPES } from '../discounts/index.ts';
import { defineRoute, idSchema, type ApiBrand, type ApiCaller, type ApiRoute } from '../http/index.ts';
import { OPT_OUT_LINE, PLACEHOLDERS } from './render.ts';
import { OPERATORS_BY_KIND, RULE_FIELDS, type Rule } from './rules.ts';
import {
  createWorkflow,
  createWorkflowFromTemplate,
  deleteWorkflow,
  getWorkflowView,
  setWorkflowState,
  updateWorkflow,
  type WorkflowFields,
} from './service.ts';
import { WORKFLOW_TEMPLATES } from './templates.ts';
import { workflowSchema } from './api.ts';
import { recordWorkflowChange, workflowDiff } from './audit.ts';

const FLOW_NOT_FOUND = { message: 'Flow not found', code: 'workflow_not_found' };
export const ADMIN_ONLY = {
  activate: 'Only a brand admin can activate a workflow.',
  delete: 'Only a brand admin can delete a workflow.',
} as const;

const ruleSchema = z.object({
  field: z.string().max(100),
  operator: z.string().max(20),
  value: z.union([z.string().max(2000), z.number(), z.array(z.union([z.string().max(200), z.number()])).max(500)]),
});

/** What the editor sends; every field optional (only what is given changes). */
const fieldsSchema = z.object({
  name: z.string().max(200).optional(),
  delay_minutes: z.union([z.number(), z.string().max(20)]).optional(),
  priority: z.union([z.number(), z.string().max(20)]).optional(),
  message: z.string().max(1600).optional().describe('the text, one paragraph per line, with placeholders'),
  timezone: z.string().max(100).optional(),
  condition: z.string().max(10).optional().describe('AND or OR: how the rules combine'),
  rules: z.array(ruleSchema).max(50).optional(),
  main_rule: ruleSchema.nullable().optional().describe('null removes it'),
  discount: z
    .object({
      type: z.string().max(20),
      value: z.number().optional(),
      duration_days: z.number().optional(),
      minimum: z.number().optional(),
      code_type: z.string().max(20).optional(),
      code_prefix: z.string().max(20).optional(),
    })
    .nullable()
    .optional()
    .describe('a new discount rule for the workflow; null sends the message without a code'),
});
type FieldsBody = z.output<typeof fieldsSchema>;

function fieldsOf(body: FieldsBody): WorkflowFields {
  const fields: WorkflowFields = {};
  if (body.name !== undefined) fields.name = body.name;
  if (body.delay_minutes !== undefined) fields.delayMinutes = body.delay_minutes;
  if (body.priority !== undefined) fields.priority = body.priority;
  if (body.message !== undefined) fields.message = body.message.replace(/\r\n/g, '\n');
  if (body.timezone !== undefined) fields.timezone = body.timezone;
  if (body.condition !== undefined) fields.condition = body.condition;
  if (body.rules !== undefined) fields.rules = body.rules as Rule[];
  if (body.main_rule !== undefined) fields.mainRule = body.main_rule as Rule | null;
  if (body.discount === null) fields.noDiscount = true;
  else if (body.discount !== undefined)
    fields.discount = {
      type: body.discount.type,
      value: body.discount.value,
      duration: body.discount.duration_days,
      minimum: body.discount.minimum,
      codeType: body.discount.code_type,
      codePrefix: body.discount.code_prefix,
    };
  return fields;
}

const permissionsSchema = z.object({
  role: z.enum(['admin', 'member']),
  activate: z.boolean(),
  delete: z.boolean(),
  reason: z.string().nullable().describe('why a control is not available to this user'),
});

async function permissionsOf(ctx: AppContext, caller: ApiCaller, brand: ApiBrand) {
  const role = await brandRole(ctx.db, { userId: caller.userId, isStaff: caller.isStaff }, brand.tenant_id);
  const admin = role === 'admin';
  return {
    role,
    activate: admin,
    delete: admin,
    reason: admin ? null : 'Only a brand admin can activate or delete a workflow.',
  };
}

async function requireAdmin(ctx: AppContext, caller: ApiCaller, brand: ApiBrand, what: keyof typeof ADMIN_ONLY) {
  if ((await permissionsOf(ctx, caller, brand)).role !== 'admin')
    throw new AppError('forbidden', ADMIN_ONLY[what], { code: 'admin_only' });
}

/** A new draft from a template (one transaction: a bad field leaves no draft behind), or blank. */
async function createFrom(
  ctx: AppContext,
  brand: ApiBrand,
  input: { template?: string; type?: string; integrationId?: number; rest: FieldsBody },
) {
  const { template, type, integrationId } = input;
  const fields = fieldsOf(input.rest);
  if (template !== undefined)
    return withTransaction(ctx.db, async (tx) => {
      const inTx = { ...ctx, db: tx };
      const { name, delayMinutes, priority, ...more } = fields;
      const created = await createWorkflowFromTemplate(inTx, {
        brandId: brand.id,
        template,
        integrationId,
        name,
        delayMinutes,
        priority,
      });
      return Object.keys(more).length ? updateWorkflow(inTx, { id: created.id, brandId: brand.id, ...more }) : created;
    });
  return createWorkflow(ctx, { brandId: brand.id, type: type ?? '', integrationId, ...fields });
}

const workflowParams = z.object({ workflowId: idSchema() });
const answer = z.object({ workflow: workflowSchema });

export function workflowEditApi(): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/workflow-editor',
      tag: 'workflows',
      summary: 'What the workflow editor offers: the templates, the rule fields and operators, discount types',
      description: "Also the caller's role and what it may do (members cannot activate or delete).",
      response: z.object({
        templates: z.array(
          z.object({
            key: z.string(),
            name: z.string(),
            type: z.string(),
            description: z.string(),
            delay_minutes: z.number().int(),
            message: z.string(),
            discount: z.object({ type: z.string(), value: z.number(), duration_days: z.number() }),
          }),
        ),
        rule_fields: z.array(z.object({ field: z.string(), kind: z.string(), operators: z.array(z.string()) })),
        discount_types: z.array(z.string()),
        placeholders: z.array(z.string()),
        opt_out_line: z.string(),
        permissions: permissionsSchema,
      }),
      handler: async ({ ctx, caller, brand }) => ({
        templates: Object.values(WORKFLOW_TEMPLATES).map((t) => ({
          key: t.key,
          name: t.name,
          type: t.type,
          description: t.description,
          delay_minutes: t.delayMinutes,
          message: t.message,
          discount: { type: t.discount.type, value: t.discount.value, duration_days: t.discount.duration },
        })),
        rule_fields: Object.entries(RULE_FIELDS).map(([field, { kind }]) => ({
          field,
          kind,
          operators: [...OPERATORS_BY_KIND[kind]],
        })),
        discount_types: [...DISCOUNT_TYPES],
        placeholders: [...PLACEHOLDERS],
        opt_out_line: OPT_OUT_LINE,
        permissions: await permissionsOf(ctx, caller, brand),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/workflows',
      tag: 'workflows',
      summary: 'Create a workflow from a template, or blank (a paused draft)',
      description:
        'With `template`: the template’s name, type, delay, message, main rule and discount, then the other fields given. Without: `type` and the fields. It stays a paused draft until activated.',
      body: fieldsSchema.extend({
        template: z.string().max(50).optional(),
        type: z.string().max(30).optional(),
        integration_id: idSchema().optional(),
      }),
      status: 201,
      response: answer,
      handler: async ({ ctx, caller, brand, body }) => {
        const { template, type, integration_id: integrationId, ...rest } = body;
        const created = await createFrom(ctx, brand, { template, type, integrationId, rest });
        await recordWorkflowChange(ctx.db, {
          brandId: brand.id,
          workflowId: created.id,
          action: 'created',
          userId: caller.userId,
          changes: template ? { template: { from: null, to: template } } : {},
        });
        return { workflow: created };
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/brands/:brandId/workflows/:workflowId',
      tag: 'workflows',
      summary: 'Change a workflow: message, delay, discount, rules (only the fields given)',
      description: 'The whole workflow is checked again before anything is written; the first problem is the message.',
      params: workflowParams,
      notFound: FLOW_NOT_FOUND,
      body: fieldsSchema,
      response: answer,
      handler: async ({ ctx, caller, brand, params, body }) => {
        const before = await getWorkflowView(ctx, { id: params.workflowId, brandId: brand.id });
        const workflow = await updateWorkflow(ctx, { id: params.workflowId, brandId: brand.id, ...fieldsOf(body) });
        await recordWorkflowChange(ctx.db, {
          brandId: brand.id,
          workflowId: workflow.id,
          action: 'updated',
          userId: caller.userId,
          changes: workflowDiff(before, workflow),
        });
        return { workflow };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/workflows/:workflowId/activate',
      tag: 'workflows',
      summary: 'Activate a workflow (admins): checked as a whole, then active and running',
      params: workflowParams,
      notFound: FLOW_NOT_FOUND,
      response: answer,
      handler: async ({ ctx, caller, brand, params }) => {
        await getWorkflowView(ctx, { id: params.workflowId, brandId: brand.id });
        await requireAdmin(ctx, caller, brand, 'activate');
        const workflow = await setWorkflowState(ctx, {
          id: params.workflowId,
          brandId: brand.id,
          transition: 'activate',
        });
        await recordWorkflowChange(ctx.db, {
          brandId: brand.id,
          workflowId: workflow.id,
          action: 'activated',
          userId: caller.userId,
        });
        return { workflow };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/brands/:brandId/workflows/:workflowId',
      tag: 'workflows',
      summary: 'Delete a workflow (admins)',
      params: workflowParams,
      notFound: FLOW_NOT_FOUND,
      response: z.object({ deleted: z.object({ id: z.number().int(), name: z.string() }) }),
      handler: async ({ ctx, caller, brand, params }) => {
        await getWorkflowView(ctx, { id: params.workflowId, brandId: brand.id });
        await requireAdmin(ctx, caller, brand, 'delete');
        const deleted = await deleteWorkflow(ctx, { id: params.workflowId, brandId: brand.id });
        await recordWorkflowChange(ctx.db, {
          brandId: brand.id,
          workflowId: deleted.id,
          action: 'deleted',
          userId: caller.userId,
          changes: { name: { from: deleted.name, to: null } },
        });
        return { deleted };
      },
    }),
  ];
}
