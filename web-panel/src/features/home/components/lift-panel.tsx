/**
 * The holdout lift in one sentence: how often texted carts were recovered against carts held out
 * (never texted) in the same period, and the difference Reclaim made.
 */
import { formatPercent, hoursInWords, type Locale } from '../../../lib/format.ts';
import type { LiftStats } from '../api/types.ts';

export function liftSentence(lift: LiftStats, locale: Locale): string {
  const texted = lift.texted.rate;
  const held = lift.held_out.rate;
  if (texted === null || held === null)
    return `Not enough carts yet to compare: ${lift.texted.carts} texted and ${lift.held_out.carts} held out in this period.`;
  const points = lift.lift.absolute ?? texted - held;
  const pts = new Intl.NumberFormat(locale.locale, { maximumFractionDigits: 1 }).format(Math.abs(points * 100));
  const relative =
    lift.lift.relative === null
      ? ''
      : ` (${lift.lift.relative >= 0 ? '+' : '−'}${formatPercent(Math.abs(lift.lift.relative), locale)})`;
  const verdict = points >= 0 ? `${pts} points more` : `${pts} points fewer`;
  return (
    `Texted carts were recovered ${formatPercent(texted, locale)} of the time against ` +
    `${formatPercent(held, locale)} for carts held out and never texted: ${verdict}${relative} because of the texts.`
  );
}

export function LiftPanel({ lift, locale }: { lift: LiftStats; locale: Locale }) {
  return (
    <div className="lift">
      <p className="lift-sentence">{liftSentence(lift, locale)}</p>
      <p className="muted">
        {lift.texted.carts} texted carts, {lift.held_out.carts} held out (contact group
        {lift.holdout_groups.length > 1 ? 's' : ''} {lift.holdout_groups.join(', ')}); an order counts within{' '}
        {hoursInWords(lift.window_hours)}.
      </p>
      {lift.warnings.map((warning) => (
        <p key={warning} className="muted">
          {warning}
        </p>
      ))}
    </div>
  );
}
