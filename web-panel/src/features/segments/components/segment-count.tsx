/**
 * The live count of a segment: how many contacts match, how many of them a campaign sent now would
 * text, and who is left out and why (the preview service's own reasons), with a masked sample.
 */
import { formatNumber, type Locale } from '../../../lib/format.ts';
import type { SegmentBuilder, SegmentCount } from '../api/types.ts';

const REASON_WORDS: Record<string, string> = {
  unsubscribed: 'Unsubscribed or blocked',
  no_us_number: 'No +1 number',
  texas: 'Texas, without Texas compliance',
  recently_texted: 'Texted in the last 24 hours (smart sending)',
  unconfirmed: 'Tap-to-text, awaiting their Y',
};

export function SegmentCountView({
  count,
  builder,
  locale,
  busy,
}: {
  count: SegmentCount;
  builder: SegmentBuilder | undefined;
  locale: Locale;
  busy?: boolean;
}) {
  const left = count.matching - count.reachable;
  const reasons = Object.entries(count.excluded).filter(([, n]) => n > 0);
  const label = (reason: string) =>
    REASON_WORDS[reason] ?? builder?.exclusions.find((e) => e.reason === reason)?.label ?? reason;
  return (
    <div className="segment-count" aria-busy={busy ? 'true' : undefined}>
      <p className="segment-count-line" data-testid="segment-count" aria-live="polite">
        <strong>{formatNumber(count.matching, locale)}</strong> match ·{' '}
        <strong data-testid="segment-reachable">{formatNumber(count.reachable, locale)}</strong> can be texted ·{' '}
        <strong>{formatNumber(left, locale)}</strong> left out
      </p>
      {reasons.length ? (
        <table className="segment-reasons">
          <caption>Left out, and why</caption>
          <tbody>
            {reasons.map(([reason, n]) => (
              <tr key={reason}>
                <th scope="row">{label(reason)}</th>
                <td className="num">{formatNumber(n, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Nobody who matches is left out.</p>
      )}
      {count.sample.length ? (
        <p className="muted">
          For example: {count.sample.map((s) => `${s.given_name ?? 'a shopper'} (${s.phone})`).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
