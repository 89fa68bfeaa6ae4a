/**
 * A metric's change against the previous period, for people: "+12.5%" for counts and money
 * (relative), "+2.1 pts" for rates (a difference of shares), and whether that is good news:
 * for a metric where lower is better (opt-out rate) a rise is bad. The server computes the
 * change; this only words and colours it. Never colour alone: the arrow and words say it too.
 */
import type { Unit } from '../../../lib/format.ts';

export interface ChangeView {
  /** "+12.5%", "−3.0 pts", "No change", "New" (no previous value to compare with). */
  text: string;
  direction: 'up' | 'down' | 'flat' | 'none';
  tone: 'good' | 'bad' | 'neutral';
  /** For screen readers: "up 12.5% on the previous period". */
  spoken: string;
}

export function describeChange(
  change: number | null,
  unit: Unit,
  lowerIsBetter: boolean,
  locale = 'en-US',
): ChangeView {
  if (change === null)
    return { text: 'New', direction: 'none', tone: 'neutral', spoken: 'no previous figure to compare with' };
  const rounded = unit === 'rate' ? Math.round(change * 1000) / 10 : Math.round(change * 1000) / 10;
  if (rounded === 0)
    return { text: 'No change', direction: 'flat', tone: 'neutral', spoken: 'no change on the previous period' };
  const direction = rounded > 0 ? 'up' : 'down';
  const magnitude = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.abs(rounded),
  );
  const sign = rounded > 0 ? '+' : '−';
  const amount = unit === 'rate' ? `${magnitude} pts` : `${magnitude}%`;
  const better = (direction === 'up') !== lowerIsBetter;
  return {
    text: `${sign}${amount}`,
    direction,
    tone: better ? 'good' : 'bad',
    spoken: `${direction} ${amount.replace('pts', 'points')} on the previous period`,
  };
}
