import type { Explanation, WorkflowExplanation } from '../../workflows/index.ts';

function workflowLines(w: WorkflowExplanation): string[] {
  const lines = [
    `Workflow ${w.workflow.id} "${w.workflow.name}" (${w.workflow.type}, ${w.workflow.status}${w.workflow.is_paused ? ', paused' : ''}, delay ${w.workflow.delay_minutes} min): ${w.summary}`,
  ];
  if (w.now?.window)
    lines.push(
      `  window now: ${w.now.window.description} (${w.now.window.inside ? 'inside' : 'outside'}); state ${w.now.state}`,
    );
  for (const c of w.now?.checks ?? []) lines.push(`  ${c.passed ? 'ok  ' : 'FAIL'} ${c.check}: ${c.detail}`);
  return lines;
}

/** `explain`: the cart or order, then for each workflow of the brand its outcome and checks. */
export function candidateExplanation(explanation: Explanation): string {
  const s = explanation.subject;
  return [
    `${s.kind === 'cart' ? 'Cart' : 'Order'} ${s.id} (brand ${s.brand_id}, contact ${s.contact_id ?? '-'}, ${s.phone ?? 'no SMS channel'})`,
    ...(explanation.workflows.length ? explanation.workflows.flatMap(workflowLines) : ['The brand has no workflows.']),
  ].join('\n');
}
