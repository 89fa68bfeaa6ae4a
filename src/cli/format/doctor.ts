/** `reclaim doctor` for people: one line per check with its mark, the fix under it, a verdict last. */
import type { CheckStatus, DoctorReport } from '../../flows/index.ts';

const MARK: Record<CheckStatus, string> = { ok: '✓', warn: '!', problem: '✗', skipped: '-' };

export function doctorLines(report: DoctorReport): string[] {
  const width = Math.max(...report.checks.map((c) => c.name.length));
  const lines: string[] = [];
  for (const check of report.checks) {
    lines.push(`${MARK[check.status]} ${check.name.padEnd(width)}  ${check.detail}`);
    if (check.fix && check.status !== 'ok')
      lines.push(`  ${' '.repeat(width)}  ${check.status === 'skipped' ? 'hint' : 'fix'}: ${check.fix}`);
  }
  const warnings = report.warnings > 0 ? `${report.warnings} warning${report.warnings === 1 ? '' : 's'}` : '';
  lines.push(
    '',
    report.ok
      ? `Healthy: nothing to fix${warnings ? ` (${warnings})` : ''}.`
      : `${report.problems} problem${report.problems === 1 ? '' : 's'}${warnings ? `, ${warnings}` : ''}: fix the ✗ lines above, then run reclaim doctor again.`,
  );
  return lines;
}
