/**
 * A workflow's history: who changed what, and when (table workflow_changes). Written by the brand
 * API's workflow routes (the signed-in user) and the CLI's workflow commands (actor 'cli'); read
 * by the workflow page, newest first. An update records, per field that changed, what it was and
 * what it became, compared on the workflow as the API shows it (message text, delay, rules,
 * discount in words, name, priority, time zone); a field given but unchanged is not recorded.
 */
import type { Handle } from '../db/index.ts';
import type { WorkflowView } from './view.ts';

export const WORKFLOW_CHANGE_ACTIONS = ['created', 'updated', 'activated', 'paused', 'resumed', 'deleted'] as const;
export type WorkflowChangeAction = (typeof WORKFLOW_CHANGE_ACTIONS)[number];
export type WorkflowChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields a change is compared on, as the API names them. */
const TRACKED: Array<[string, (w: WorkflowView) => unknown]> = [
  ['name', (w) => w.name],
  ['message', (w) => w.message_text],
  ['delay_minutes', (w) => w.delay_minutes],
  ['priority', (w) => w.priority],
  ['timezone', (w) => w.timezone],
  ['rules', (w) => w.rules ?? null],
  ['discount', (w) => w.discount?.display ?? null],
  ['state', (w) => w.state],
];

/** What differs between two views of one workflow, per field. */
export function workflowDiff(before: WorkflowView, after: WorkflowView): WorkflowChanges {
  const out: WorkflowChanges = {};
  for (const [field, read] of TRACKED) {
    const from = read(before);
    const to = read(after);
    if (JSON.stringify(from) !== JSON.stringify(to)) out[field] = { from, to };
  }
  return out;
}

export interface WorkflowChange {
  id: number;
  workflow_id: number;
  action: WorkflowChangeAction;
  actor: 'user' | 'cli';
  user: { id: number; name: string; email: string } | null;
  changes: WorkflowChanges;
  created_at: Date;
}

export async function recordWorkflowChange(
  db: Handle,
  input: {
    brandId: number;
    workflowId: number;
    action: WorkflowChangeAction;
    /** The signed-in user; undefined for the CLI. */
    userId?: number;
    changes?: WorkflowChanges;
  },
): Promise<void> {
  // An update that changed nothing leaves no row.
  if (input.action === 'updated' && Object.keys(input.changes ?? {}).length === 0) return;
  await db('workflow_changes').insert({
    brand_id: input.brandId,
    workflow_id: input.workflowId,
    action: input.action,
    actor: input.userId === undefined ? 'cli' : 'user',
    user_id: input.userId ?? null,
    changes: JSON.stringify(input.changes ?? {}),
  });
}

export async function listWorkflowChanges(
  db: Handle,
  {
    brandId,
    workflowId,
    offset = 0,
    limit = 50,
  }: { brandId: number; workflowId: number; offset?: number; limit?: number },
): Promise<{ items: WorkflowChange[]; total: number }> {
  const base = db('workflow_changes as c').where({ 'c.brand_id': brandId, 'c.workflow_id': workflowId });
  const [{ count }] = (await base.clone().count({ count: '*' })) as Array<{ count: string | number }>;
  const rows = await base
    .clone()
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .offset(offset)
    .limit(limit)
    .select(
      'c.id',
      'c.workflow_id',
      'c.action',
      'c.actor',
      'c.user_id',
      'c.changes',
      'c.created_at',
      'u.given_name',
      'u.family_name',
      'u.email',
    );
  return {
    total: Number(count),
    items: rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      workflow_id: Number(r.workflow_id),
      action: r.action as WorkflowChangeAction,
      actor: r.actor as 'user' | 'cli',
      user:
        r.user_id === null || r.user_id === undefined
          ? null
          : {
              id: Number(r.user_id),
              name: [r.given_name, r.family_name].filter(Boolean).join(' ') || String(r.email ?? ''),
              email: String(r.email ?? ''),
            },
      changes: (r.changes ?? {}) as WorkflowChanges,
      created_at: new Date(r.created_at as string),
    })),
  };
}
