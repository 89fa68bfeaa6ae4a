import type { WorkflowTemplate, WorkflowView } from '../../workflows/index.ts';

const when = (date: Date | null): string => (date ? new Date(date).toISOString() : '-');

/** One workflow: state, timing, store, rules, discount and message, under an optional heading. */
export function workflowDetail(w: WorkflowView, heading?: string): string {
  return [
    ...(heading ? [heading] : []),
    `Workflow ${w.id}: ${w.name}  (${w.type}${w.template ? `, template ${w.template}` : ''})`,
    `  state ${w.state} (status ${w.status}, ${w.is_paused ? 'paused' : 'not paused'})  delay ${w.delay_minutes} min  priority ${w.priority}  timezone ${w.timezone}`,
    `  integration ${w.brand_integration_id ?? '-'} (${w.platform ?? '-'})  window ${when(w.starts_at)} .. ${when(w.ends_at)}`,
    `  rules ${w.rules.condition ?? 'AND'}: ${(w.rules.rules ?? []).map((r) => `${r.field} ${r.operator} ${JSON.stringify(r.value)}`).join('; ') || 'none'}${w.rules.main_rule ? `  main rule: ${w.rules.main_rule.field} ${w.rules.main_rule.operator} ${JSON.stringify(w.rules.main_rule.value)}` : ''}`,
    `  discount ${w.discount ? `${w.discount.display} (${w.discount.type}, ${w.discount.code_type} code${w.discount.code_prefix ? ` ${w.discount.code_prefix}-` : ''}, ${w.discount.duration_days} days${w.discount.valid ? '' : `; invalid, default rule used: ${w.discount.reason}`})` : 'none'}`,
    `  message: ${w.message_text || '(empty)'}`,
  ].join('\n');
}

/** `workflows list`: one row per workflow, or how to start the first. */
export const workflowList = (list: WorkflowView[]): string =>
  list.length === 0
    ? 'No workflows yet. Start from a template: reclaim workflows create-from-template --brand ID --template abandoned-cart'
    : list
        .map(
          (w) =>
            `${String(w.id).padStart(6)}  ${w.name.padEnd(24)} ${w.type.padEnd(9)} ${w.state.padEnd(7)} delay ${w.delay_minutes} min  priority ${w.priority}  discount ${w.discount?.display ?? '-'}`,
        )
        .join('\n');

/** `workflows templates` as data (what --json prints). */
export const templateRows = (templates: WorkflowTemplate[]) =>
  templates.map((t) => ({
    template: t.key,
    name: t.name,
    type: t.type,
    delay_minutes: t.delayMinutes,
    discount_percent: t.discount.value,
    description: t.description,
  }));

/** `workflows templates`: one row per template. */
export const templateList = (rows: ReturnType<typeof templateRows>): string =>
  rows
    .map(
      (t) =>
        `${t.template.padEnd(15)} ${t.name.padEnd(15)} ${t.type.padEnd(9)} ${String(t.delay_minutes).padStart(6)} min  ${t.description}`,
    )
    .join('\n');
