/**
 * Plans: whole-USD monthly price, usage percentage, status, features and discount code in
 * extra_data, external ids per gateway. Creating a plan adds its read permission; a custom plan is
 * made from a published one and copies its plan permissions (spec 1 section 6).
 */
import {
  addPlanReadPermission,
  copyPlanPermissions,
  customPlanName,
  planBaseName,
  visiblePlans,
} from '../accounts/index.ts';
import { AppError } from '../app/index.ts';
import type { Db, Handle, Tx } from '../db/index.ts';
import {
  assertNoProblems,
  BILLING_ERRORS,
  customPlanFormProblems,
  parsePrice,
  parseRate,
  type Gateway,
} from './rules.ts';
import { findPlan, insertPlan, listAllPlans, planGateways, setPlanGatewayId, type Plan } from './store/plans.ts';

export interface ListedPlan extends Omit<Plan, 'extra_data' | 'created_at'> {
  features: string[];
  discount_code: string | null;
  gateways: Partial<Record<Gateway, string | null>>;
}

const featuresOf = (plan: { extra_data?: Record<string, unknown> }): string[] =>
  Array.isArray(plan.extra_data?.features) ? (plan.extra_data.features as unknown[]).map(String) : [];

async function describe(db: Handle, plans: Plan[]): Promise<ListedPlan[]> {
  const gateways = await planGateways(
    db,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.price,
    usage_charge_percentage: plan.usage_charge_percentage,
    status: plan.status,
    frequency: plan.frequency,
    features: featuresOf(plan),
    discount_code: typeof plan.extra_data.discount_code === 'string' ? plan.extra_data.discount_code : null,
    gateways: Object.fromEntries(gateways.filter((g) => g.plan_id === plan.id).map((g) => [g.gateway, g.external_id])),
  }));
}

/** Every plan (ops view), or what one user may see (published, read:plans:{id}, the named plan). */
export async function listPlans(
  db: Db,
  { userId, planName }: { userId?: number; planName?: string } = {},
): Promise<ListedPlan[]> {
  if (userId === undefined && planName === undefined) return describe(db, await listAllPlans(db));
  const visible = new Set((await visiblePlans(db, { userId, planName })).map((plan) => plan.id));
  return describe(
    db,
    (await listAllPlans(db)).filter((plan) => visible.has(plan.id)),
  );
}

export interface NewPlan {
  name: string;
  description?: string | null;
  price: number | string;
  rate: number | string;
  status?: 'published' | 'draft';
  features?: string[];
  discountCode?: string | null;
  /** External ids the plan already has at a gateway (e.g. a Stripe price made by hand). */
  gateways?: Partial<Record<Gateway, string>>;
}

/** Creates a plan and its read permission in one transaction. */
export async function createPlan(db: Handle, input: NewPlan): Promise<ListedPlan> {
  const name = input.name?.trim();
  if (!name) throw new AppError('invalid_input', 'Name is required', { code: 'invalid_form' });
  const price = parsePrice(input.price);
  const rate = parseRate(input.rate);
  // Inside a caller's transaction this is a savepoint.
  return db.transaction(async (tx) => {
    const plan = await insertPlan(tx, {
      name,
      description: input.description ?? null,
      price,
      usage_charge_percentage: rate,
      status: input.status ?? 'published',
      extra_data: {
        features: (input.features ?? []).map((f) => f.trim()).filter(Boolean),
        ...(input.discountCode ? { discount_code: input.discountCode } : {}),
      },
    });
    await addPlanReadPermission(tx, plan.id);
    for (const [gateway, externalId] of Object.entries(input.gateways ?? {}))
      await setPlanGatewayId(tx, plan.id, gateway as Gateway, externalId);
    return (await describe(tx, [plan]))[0]!;
  });
}

/**
 * A custom plan from a published (or custom) one: same features and description, the given price
 * and rate, named '<base name> - $<price>/<rate>%', status custom; it gets its own read permission
 * and the plan permissions of the published plan with the same base name.
 */
export async function createCustomPlan(
  db: Handle,
  input: { planId?: number | string | null; rate?: number | string | null; price?: number | string | null },
): Promise<ListedPlan> {
  assertNoProblems(customPlanFormProblems(input));
  const price = parsePrice(input.price);
  const rate = parseRate(input.rate);
  const run = async (tx: Tx): Promise<ListedPlan> => {
    const base = await findPlan(tx, Number(input.planId));
    if (!base) throw new AppError('not_found', BILLING_ERRORS.planNotFound, { code: 'plan_not_found' });
    if (base.status !== 'published' && base.status !== 'custom')
      throw new AppError('invalid_input', BILLING_ERRORS.invalidPlan, {
        code: 'invalid_plan',
        details: { status: base.status },
      });
    const plan = await insertPlan(tx, {
      name: customPlanName(planBaseName(base.name), price, rate),
      description: base.description,
      price,
      usage_charge_percentage: rate,
      status: 'custom',
      extra_data: { features: featuresOf(base), duplicated_from: base.id },
    });
    await addPlanReadPermission(tx, plan.id);
    await copyPlanPermissions(tx, { customPlanId: plan.id });
    return (await describe(tx, [plan]))[0]!;
  };
  // Inside a caller's transaction this is a savepoint.
  return db.transaction(run);
}
