/**
 * What changed in a workflow and when: one line per change, newest first, with who made it (a
 * user by name, or "the command line") and each field's old and new value in words.
 */
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useWorkflowChanges, type WorkflowChange } from '../api/get-workflow-changes.ts';

const ACTIONS: Record<WorkflowChange['action'], string> = {
  created: 'created it',
  updated: 'changed',
  activated: 'activated it',
  paused: 'paused it',
  resumed: 'resumed it',
  deleted: 'deleted it',
};

const FIELDS: Record<string, string> = {
  name: 'the name',
  message: 'the message',
  delay_minutes: 'the delay',
  priority: 'the priority',
  timezone: 'the time zone',
  rules: 'the rules',
  discount: 'the discount',
  state: 'the state',
  template: 'the template',
  schedule: 'the schedule',
  keyword: 'the keyword',
};

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length > 80 ? `“${value.slice(0, 80)}…”` : `“${value}”`;
  return 'other rules';
}

function fieldLine(field: string, change: { from: unknown; to: unknown }): string {
  const label = FIELDS[field] ?? field.replace(/_/g, ' ');
  if (field === 'delay_minutes') return `${label} from ${String(change.from)} to ${String(change.to)} minutes`;
  if (field === 'rules') return label;
  return `${label} from ${shown(change.from)} to ${shown(change.to)}`;
}

export function WorkflowHistory({ brand, workflowId }: { brand: Brand; workflowId: number }) {
  const changes = useWorkflowChanges(brand.id, workflowId);
  return (
    <section className="section card" aria-labelledby="wf-history">
      <h2 id="wf-history">What changed, and when</h2>
      <StatePanel
        loading={changes.isPending}
        error={changes.error}
        onRetry={() => void changes.refetch()}
        empty={changes.data?.items.length === 0}
        emptyMessage="No changes recorded yet (changes are recorded from the panel and the command line)."
        label="the history"
      >
        <ol className="history" data-testid="workflow-history">
          {changes.data?.items.map((c) => {
            const who = c.actor === 'cli' ? 'The command line' : (c.user?.name ?? 'A former user');
            const fields = Object.entries(c.changes).filter(([f]) => c.action === 'updated' || f === 'template');
            return (
              <li key={c.id}>
                <time dateTime={c.created_at}>{formatDateTime(c.created_at, brand)}</time> <strong>{who}</strong>{' '}
                {ACTIONS[c.action]}
                {c.action === 'updated' ? ' ' : null}
                {c.action === 'updated' ? fields.map(([f, v]) => fieldLine(f, v)).join('; ') : null}
                {c.action === 'created' && fields.length ? ` from the template ${shown(c.changes.template?.to)}` : null}
                .
              </li>
            );
          })}
        </ol>
      </StatePanel>
    </section>
  );
}
