/** Billing SQL: plans and their ids at each gateway. Ids come back as numbers. */
import type { Handle } from '../../db/index.ts';
import type { Gateway } from '../rules.ts';

type Json = Record<string, unknown>;

export interface Plan {
  id: number;
  name: string;
  description: string | null;
  price: number;
  usage_charge_percentage: number;
  status: string;
  frequency: string;
  extra_data: Json;
  created_at: Date;
}

const planOf = (row: Json): Plan => ({
  ...(row as unknown as Plan),
  id: Number(row.id),
  usage_charge_percentage: Number(row.usage_charge_percentage),
});

export async function insertPlan(
  tx: Handle,
  plan: {
    name: string;
    description?: string | null;
    price: number;
    usage_charge_percentage: number;
    status: string;
    extra_data?: Json;
  },
): Promise<Plan> {
  const [row] = await tx('plans')
    .insert({ ...plan, frequency: 'MONTHLY', extra_data: plan.extra_data ?? {} })
    .returning('*');
  return planOf(row as Json);
}

export async function findPlan(db: Handle, id: number): Promise<Plan | undefined> {
  const row = await db('plans').where({ id }).first();
  return row ? planOf(row as Json) : undefined;
}

export async function listAllPlans(db: Handle): Promise<Plan[]> {
  return (await db('plans').orderBy([{ column: 'status', order: 'desc' }, 'price', 'id'])).map((row) =>
    planOf(row as Json),
  );
}

export async function planGateways(
  db: Handle,
  planIds: number[],
): Promise<{ plan_id: number; gateway: Gateway; external_id: string | null }[]> {
  if (planIds.length === 0) return [];
  const rows = await db('plan_gateways')
    .whereIn('plan_id', planIds)
    .orderBy(['plan_id', 'gateway'])
    .select('plan_id', 'gateway', 'external_id');
  return rows.map((row) => ({ ...row, plan_id: Number(row.plan_id) }));
}

export async function planGatewayId(db: Handle, planId: number, gateway: Gateway): Promise<string | null> {
  const row = await db('plan_gateways')
    .where({ plan_id: planId, gateway })
    .first<{ external_id: string | null } | undefined>('external_id');
  return row?.external_id ?? null;
}

export async function setPlanGatewayId(
  db: Handle,
  planId: number,
  gateway: Gateway,
  externalId: string | null,
): Promise<void> {
  await db('plan_gateways')
    .insert({ plan_id: planId, gateway, external_id: externalId })
    .onConflict(['plan_id', 'gateway'])
    .merge({ external_id: externalId, updated_at: db.fn.now() });
}
