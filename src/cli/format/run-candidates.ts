import type { RunCandidatesResult } from '../../workflows/index.ts';

const outcomeText = (outcomes: Record<string, number>): string =>
  Object.entries(outcomes)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${o} ${n}`)
    .join(', ') || 'no candidates';

/** `run-candidates`: each workflow's outcomes and whom it texted, then the total. */
export function candidateRun(result: RunCandidatesResult): string {
  const lines = result.dry_run ? ['Dry run: nothing was changed.'] : [];
  if (result.workflows.length === 0)
    lines.push('No runnable workflows (active, unpaused, within starts_at/ends_at, on a connected store).');
  for (const w of result.workflows) {
    lines.push(
      `Workflow ${w.id} "${w.name}" (${w.type}, brand ${w.brand_id}): ${w.skipped ? `skipped: ${w.skipped}` : outcomeText(w.outcomes)}${w.failed ? `, ${w.failed} failed (retried next run)` : ''}`,
    );
    const texted = w.texted.map(
      (t) =>
        `${t.kind} ${t.id}${t.phone ? ` ${t.phone}` : ''}${t.conversation_id ? ` (conversation ${t.conversation_id})` : ''}`,
    );
    if (texted.length)
      lines.push(
        `  ${result.dry_run ? 'would text' : 'texted'}: ${texted.join(', ')}${w.outcomes.started + w.outcomes.triggered > texted.length ? ', …' : ''}`,
      );
  }
  lines.push(
    `${result.started} conversation(s) ${result.dry_run ? 'would be started' : 'started'} in ${(result.took_ms / 1000).toFixed(1)} s.`,
  );
  return lines.join('\n');
}
