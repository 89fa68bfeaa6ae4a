/**
 * Workflow use cases: create (by hand or from a template), update, activate, pause, resume,
 * delete, show and list. Each validates the whole workflow before it writes, in one transaction;
 * bad input changes nothing.
 */
import { AppError, type AppContext } from '../app/index.ts';
import { withTransaction, type Handle, type Tx } from '../db/index.ts';
import {
  DEFAULT_DISCOUNT_DURATION_DAYS,
  DEFAULT_DISCOUNT_PERCENT,
  getDiscountRule,
  insertDiscountRule,
  type DiscountRuleRow,
} from '../discounts/index.ts';
import { textToBlocks, type MessageBlock } from './render.ts';
import {
  DEFAULT_DELAY_MINUTES,
  DEFAULT_TIMEZONE,
  DEFAULT_WORKFLOW_NAMES,
  type Rule,
  type WorkflowRules,
  type WorkflowType,
} from './rules.ts';
import {
  brandStoreIntegrations,
  deleteWorkflowRow,
  getBrand,
  getIntegrationSummary,
  getWorkflow,
  insertWorkflow,
  listWorkflows,
  updateWorkflowRow,
  type WorkflowRow,
  type WorkflowWrite,
} from './store.ts';
import { isTemplateKey, WORKFLOW_TEMPLATES } from './templates.ts';
import { assertValidWorkflow, type WorkflowAction } from './validation.ts';
import { toView, type WorkflowView } from './view.ts';

export type { WorkflowView } from './view.ts';

type Ctx = Pick<AppContext, 'db' | 'logger'>;

export interface DiscountInput {
  type: string;
  /** Percent or money; percentage defaults to 15 (spec 1 section 9), shipping to 0. */
  value?: number;
  duration?: number;
  codeType?: string;
  codePrefix?: string;
  minimum?: number;
}

export interface WorkflowFields {
  name?: string;
  status?: string;
  delayMinutes?: number | string;
  /** The choice order between the store's cart and checkout workflows (highest first; default 0). */
  priority?: number | string;
  message?: string | MessageBlock[];
  timezone?: string;
  startsAt?: Date | null;
  endsAt?: Date | null;
  condition?: string;
  rules?: Rule[];
  /** null removes it. */
  mainRule?: Rule | null;
  /** A new discount rule for this workflow (the action becomes a discount). */
  discount?: DiscountInput;
  /** An existing discount rule of the brand (the action becomes a discount). */
  discountRuleId?: number;
  /** Back to a plain message (update only). */
  noDiscount?: boolean;
  externalId?: string | null;
}

export interface CreateWorkflowOptions extends WorkflowFields {
  brandId: number;
  type: string;
  integrationId?: number;
}

const FLOW_NOT_FOUND = 'Flow not found';

async function requireBrand(db: Handle, brandId: number): Promise<{ id: number; name: string; timezone: string }> {
  const brand = await getBrand(db, brandId);
  if (!brand) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  return brand;
}

/** The workflow's store integration: the one named, else the brand's only (or only connected) one. */
async function resolveIntegration(db: Handle, brandId: number, integrationId?: number): Promise<number> {
  if (integrationId !== undefined) {
    const integration = await getIntegrationSummary(db, integrationId);
    if (!integration || integration.brand_id !== brandId)
      throw new AppError('not_found', 'Brand integration not found', { code: 'integration_not_found' });
    if (!['shopify', 'bigcommerce'].includes(integration.slug))
      throw new AppError('invalid_input', 'Ecommerce integration not supported', { code: 'integration_not_supported' });
    return integration.id;
  }
  const all = await brandStoreIntegrations(db, brandId);
  const connected = all.filter((i) => i.status === 'connected' && i.is_enabled);
  const pick = all.length === 1 ? all[0] : connected.length === 1 ? connected[0] : undefined;
  if (!pick)
    throw new AppError('invalid_input', 'Brand integration ID is required', {
      code: 'integration_required',
      details: { integrations: all.map((i) => ({ id: i.id, platform: i.slug, status: i.status })) },
    });
  return pick.id;
}

/** The discount_rules row a new discount would be (validated before it is written). */
export function discountRow(
  brandId: number,
  input: DiscountInput,
): DiscountRuleRow & {
  brand_id: number;
  type: string;
  value: number;
  duration: number;
  extra_data: Record<string, unknown>;
} {
  const value =
    input.value ??
    (input.type === 'percentage' ? DEFAULT_DISCOUNT_PERCENT : input.type === 'shipping' ? 0 : Number.NaN);
  const extra: Record<string, unknown> = {
    type: input.codeType ?? 'dynamic',
    category: input.type === 'shipping' ? 'shipping' : 'order',
  };
  if (input.codePrefix !== undefined) extra.code_prefix = input.codePrefix;
  if (input.minimum !== undefined) extra.minimum = input.minimum;
  return {
    brand_id: brandId,
    type: input.type,
    value,
    duration: input.duration ?? DEFAULT_DISCOUNT_DURATION_DAYS,
    extra_data: extra,
  };
}

async function insertRule(tx: Tx, row: ReturnType<typeof discountRow>): Promise<number> {
  try {
    return await insertDiscountRule(tx, row);
  } catch (error) {
    throw new AppError('internal', 'Failed to create discount rule', { cause: error });
  }
}

const actionFor = (row: DiscountRuleRow | null): WorkflowAction =>
  row ? { type: 'discount', discount: { type: String(row.type), value: Number(row.value) } } : { type: 'message' };

const blocksOf = (message: string | MessageBlock[]): MessageBlock[] =>
  typeof message === 'string' ? textToBlocks(message) : message;

/** Applies the fields to a (new or current) workflow, validates the result, and returns the columns to write. */
async function applyFields(
  tx: Tx,
  current: WorkflowWrite & { brand_id: number },
  fields: WorkflowFields,
  currentRule: DiscountRuleRow | null,
): Promise<WorkflowWrite> {
  const write: WorkflowWrite = {};
  if (fields.name !== undefined) write.name = fields.name.trim();
  if (fields.status !== undefined) write.status = fields.status;
  if (fields.delayMinutes !== undefined) write.delay_minutes = fields.delayMinutes as number;
  if (fields.priority !== undefined) write.priority = fields.priority as number;
  if (fields.message !== undefined) write.message = blocksOf(fields.message);
  if (fields.timezone !== undefined) write.timezone = fields.timezone.trim();
  if (fields.startsAt !== undefined) write.starts_at = fields.startsAt;
  if (fields.endsAt !== undefined) write.ends_at = fields.endsAt;
  if (fields.externalId !== undefined) write.external_id = fields.externalId;
  if (fields.condition !== undefined || fields.rules !== undefined || fields.mainRule !== undefined) {
    const rules: WorkflowRules = { condition: 'AND', rules: [], ...(current.rules ?? {}) };
    if (fields.condition !== undefined) rules.condition = fields.condition.toUpperCase();
    if (fields.rules !== undefined) rules.rules = fields.rules;
    if (fields.mainRule === null) delete rules.main_rule;
    else if (fields.mainRule !== undefined) rules.main_rule = fields.mainRule;
    write.rules = rules;
  }

  // Which discount rule the workflow ends up with (nothing is written before validation passes).
  let rule = currentRule;
  let ruleId: number | null | undefined;
  let newRule: ReturnType<typeof discountRow> | undefined;
  if (fields.discount) {
    newRule = discountRow(current.brand_id, fields.discount);
    rule = newRule;
  } else if (fields.discountRuleId !== undefined) {
    const found = await getDiscountRule(tx, fields.discountRuleId);
    if (!found || found.brand_id !== current.brand_id)
      throw new AppError('not_found', 'No discount rule found', { code: 'discount_rule_not_found' });
    rule = found;
    ruleId = found.id;
  } else if (fields.noDiscount) {
    rule = null;
    ruleId = null;
  }
  const changesDiscount = newRule !== undefined || ruleId !== undefined;
  const action = changesDiscount ? actionFor(rule) : current.action;
  assertValidWorkflow({ ...current, ...write, action, discountRule: rule });
  if (newRule) ruleId = await insertRule(tx, newRule);
  if (changesDiscount) {
    write.discount_rule_id = ruleId ?? null;
    write.action = action;
  }
  if (write.delay_minutes !== undefined) write.delay_minutes = Number(write.delay_minutes);
  if (write.priority !== undefined) write.priority = Number(write.priority);
  return write;
}

export async function createWorkflow(ctx: Ctx, options: CreateWorkflowOptions): Promise<WorkflowView> {
  return withTransaction(ctx.db, async (tx) => {
    const brand = await requireBrand(tx, options.brandId);
    const type = options.type as WorkflowType;
    const base: WorkflowWrite & { brand_id: number } = {
      brand_id: brand.id,
      type,
      name: options.name ?? DEFAULT_WORKFLOW_NAMES[type] ?? '',
      status: 'draft',
      is_paused: true,
      delay_minutes: DEFAULT_DELAY_MINUTES,
      message: [],
      rules: { condition: 'AND', rules: [] },
      action: { type: 'message' },
      timezone: DEFAULT_TIMEZONE,
    };
    const write = await applyFields(tx, base, { ...options, name: options.name ?? base.name }, null);
    // The integration is checked after the fields, so a bad field is reported first.
    const integrationId = await resolveIntegration(tx, brand.id, options.integrationId);
    const id = await insertWorkflow(tx, { ...base, ...write, brand_integration_id: integrationId });
    return toView(tx, (await getWorkflow(tx, id))!);
  });
}

export interface TemplateOptions {
  brandId: number;
  template: string;
  delayMinutes?: number | string;
  priority?: number | string;
  integrationId?: number;
  name?: string;
}

/** A workflow from a template: its name, type, delay, message, main rule and a 10% discount; a paused draft. */
export async function createWorkflowFromTemplate(
  ctx: Ctx,
  { brandId, template, delayMinutes, priority, integrationId, name }: TemplateOptions,
): Promise<WorkflowView> {
  if (!isTemplateKey(template))
    throw new AppError('not_found', 'No template workflow found', { code: 'template_not_found' });
  const t = WORKFLOW_TEMPLATES[template];
  return withTransaction(ctx.db, async (tx) => {
    const brand = await requireBrand(tx, brandId);
    const base: WorkflowWrite & { brand_id: number } = {
      brand_id: brand.id,
      type: t.type,
      template: t.key,
      name: t.name,
      status: 'draft',
      is_paused: true,
      delay_minutes: t.delayMinutes,
      message: [],
      rules: { condition: 'AND', rules: [] },
      action: { type: 'message' },
      timezone: DEFAULT_TIMEZONE,
    };
    const write = await applyFields(
      tx,
      base,
      {
        name: name ?? t.name,
        delayMinutes: delayMinutes ?? t.delayMinutes,
        priority,
        message: t.message,
        mainRule: t.mainRule,
        discount: {
          type: t.discount.type,
          value: t.discount.value,
          duration: t.discount.duration,
          codeType: 'dynamic',
        },
      },
      null,
    );
    const integration = await resolveIntegration(tx, brand.id, integrationId);
    const id = await insertWorkflow(tx, { ...base, ...write, brand_integration_id: integration });
    return toView(tx, (await getWorkflow(tx, id))!);
  });
}

/** The workflow, the brand's when a brand is given; 'Brand not found' when that brand does not exist. */
async function requireWorkflow(db: Handle, id: number, brandId?: number): Promise<WorkflowRow> {
  const row = await getWorkflow(db, id);
  if (!row || (brandId !== undefined && row.brand_id !== brandId)) {
    if (brandId !== undefined) await requireBrand(db, brandId);
    throw new AppError('not_found', FLOW_NOT_FOUND, { code: 'workflow_not_found' });
  }
  return row;
}

/**
 * The brand and the workflow a command is limited to: a brand that does not exist is 'Brand not
 * found'; a workflow that does not exist, or is not the brand's, 'Flow not found'. An undefined id
 * is not checked.
 */
export async function requireWorkflowScope(
  db: Handle,
  { brandId, workflowId }: { brandId?: number; workflowId?: number },
): Promise<void> {
  if (brandId !== undefined) await requireBrand(db, brandId);
  if (workflowId !== undefined) await requireWorkflow(db, workflowId, brandId);
}

const currentWrite = (row: WorkflowRow): WorkflowWrite & { brand_id: number } => ({ ...row, brand_id: row.brand_id });

export async function updateWorkflow(
  ctx: Ctx,
  { id, brandId, integrationId, ...fields }: WorkflowFields & { id: number; brandId?: number; integrationId?: number },
): Promise<WorkflowView> {
  return withTransaction(ctx.db, async (tx) => {
    const row = await requireWorkflow(tx, id, brandId);
    const rule = row.discount_rule_id ? ((await getDiscountRule(tx, row.discount_rule_id)) ?? null) : null;
    const write = await applyFields(tx, currentWrite(row), fields, rule);
    if (integrationId !== undefined)
      write.brand_integration_id = await resolveIntegration(tx, row.brand_id, integrationId);
    await updateWorkflowRow(tx, id, write);
    return toView(tx, (await getWorkflow(tx, id))!);
  });
}

export type WorkflowTransition = 'activate' | 'pause' | 'resume';

/** activate: checked again as a whole, then active and unpaused; pause / resume only flip is_paused. */
export async function setWorkflowState(
  ctx: Ctx,
  { id, brandId, transition }: { id: number; brandId?: number; transition: WorkflowTransition },
): Promise<WorkflowView> {
  return withTransaction(ctx.db, async (tx) => {
    const row = await requireWorkflow(tx, id, brandId);
    if (transition === 'activate') {
      const rule = row.discount_rule_id ? ((await getDiscountRule(tx, row.discount_rule_id)) ?? null) : null;
      assertValidWorkflow({ ...row, status: 'active', discountRule: rule }, { activating: true });
      if (!row.brand_integration_id)
        throw new AppError('invalid_input', 'Brand integration ID is required', { code: 'integration_required' });
      await updateWorkflowRow(tx, id, { status: 'active', is_paused: false });
    } else if (transition === 'resume') {
      if (row.status === 'draft')
        throw new AppError('invalid_input', 'This workflow is a draft: activate it to start it.', {
          code: 'workflow_is_draft',
          cliMessage: `Workflow ${id} is a draft; activate it to start it (reclaim workflows activate ${id})`,
        });
      await updateWorkflowRow(tx, id, { is_paused: false });
    } else {
      await updateWorkflowRow(tx, id, { is_paused: true });
    }
    ctx.logger.info({ brand_id: row.brand_id, workflow_id: id, transition }, 'workflow state changed');
    return toView(tx, (await getWorkflow(tx, id))!);
  });
}

export async function deleteWorkflow(
  ctx: Ctx,
  { id, brandId }: { id: number; brandId?: number },
): Promise<{ id: number; name: string }> {
  return withTransaction(ctx.db, async (tx) => {
    const row = await requireWorkflow(tx, id, brandId);
    await deleteWorkflowRow(tx, id);
    return { id, name: row.name };
  });
}

export async function getWorkflowView(
  ctx: Ctx,
  { id, brandId }: { id: number; brandId?: number },
): Promise<WorkflowView> {
  return toView(ctx.db, await requireWorkflow(ctx.db, id, brandId));
}

export async function listWorkflowViews(ctx: Ctx, { brandId }: { brandId: number }): Promise<WorkflowView[]> {
  await requireBrand(ctx.db, brandId);
  const rows = await listWorkflows(ctx.db, { brandId });
  return Promise.all(rows.map((row) => toView(ctx.db, row)));
}
