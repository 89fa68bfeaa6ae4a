/** "Why was this shopper texted, or not?": the explain API's answer per workflow, in words, loaded on demand. */
import { useState } from 'react';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Locale } from '../../../lib/format.ts';
import { useExplanation, type ExplainSubject } from '../api/get-explain.ts';
import { checkInWords, reasonInWords, verdictOf } from './explain-words.ts';

const TONE = { good: 'pill pill-recovered', neutral: 'pill', warn: 'pill pill-warn' } as const;

export function ExplainPanel({
  brandId,
  subject,
  locale,
}: {
  brandId: number;
  subject: ExplainSubject | null;
  locale: Pick<Locale, 'locale' | 'timezone'>;
}) {
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
        {explanation.data?.workflows.map((w) => {
          const verdict = verdictOf(w);
          // The checks as they stand now explain a decision still to come; under a recorded
          // outcome they would contradict it (a shopper texted then, who replied since).
          const checks = w.reason.code === 'recorded' ? [] : (w.now?.checks ?? []);
          return (
            <li key={w.workflow.id}>
              <strong>{w.workflow.name}</strong> <span className={TONE[verdict.tone]}>{verdict.label}</span>
              <p>{reasonInWords(w, locale)}</p>
              {checks.length > 0 ? (
                <ul className="checks" aria-label={`The checks of ${w.workflow.name} as they stand now`}>
                  {checks.map((c) => {
                    const words = checkInWords(c, locale);
                    return (
                      <li key={c.check}>
                        {words.passed ? '✓' : '✗'}{' '}
                        <span className="visually-hidden">{words.passed ? 'Met' : 'Not met'}</span> {words.name}:{' '}
                        {words.text}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </StatePanel>
  );
}
