/** "Why was this shopper texted, or not?": the explain API's answer per workflow, loaded on demand. */
import { useState } from 'react';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import { useExplanation, type ExplainSubject } from '../api/get-explain.ts';

export function ExplainPanel({ brandId, subject }: { brandId: number; subject: ExplainSubject | null }) {
  const [open, setOpen] = useState(false);
  const explanation = useExplanation(brandId, subject, open);
  if (!subject)
    return <p className="muted">This conversation is about no cart or order, so there is nothing to explain.</p>;
  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Why was this shopper texted or not?
      </button>
    );
  return (
    <StatePanel
      loading={explanation.isPending}
      error={explanation.error}
      onRetry={() => void explanation.refetch()}
      empty={explanation.data?.workflows.length === 0}
      emptyMessage="The brand has no workflows."
      minHeight={80}
      label="the explanation"
    >
      <ul className="explain" aria-label="Why this shopper was texted or not">
        {explanation.data?.workflows.map((w) => (
          <li key={w.workflow.id}>
            <strong>{w.workflow.name}</strong>{' '}
            <span className={w.texted ? 'pill pill-recovered' : 'pill'}>{w.texted ? 'Texted' : 'Not texted'}</span>
            <p>{w.summary}</p>
            {w.now && w.now.checks.length > 0 ? (
              <ul className="checks">
                {w.now.checks.map((c) => (
                  <li key={c.check}>
                    {c.passed ? 'Passed' : 'Failed'}: {c.detail}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </StatePanel>
  );
}
