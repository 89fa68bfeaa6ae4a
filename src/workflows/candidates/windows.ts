/**
 * Candidate windows (spec 1 section 4): which table a workflow type selects from and the time
 * window it selects at a given moment, with the constants. Pure; the SQL that finds candidates
 * applies the same windows.
 */
/** Cart and checkout candidates: updated within the last 3 hours (and older than the delay). */
export const CART_WINDOW_MINUTES = 180;
/** Order candidates: the look-back window is the delay plus 1 day. */
export const ORDER_LOOKBACK_EXTRA_MINUTES = 24 * 60;
/** Order candidates per run, in all. */
export const MAX_ORDER_CANDIDATES = 10_000;
/** Order candidates per brand integration per run. */
export const MAX_ORDERS_PER_INTEGRATION = 150;
/** Event candidates: customer events of the last 5 minutes. */
export const EVENT_WINDOW_MS = 300_000;
const MINUTE_MS = 60_000;

export type CandidateKind = 'cart' | 'checkout' | 'order' | 'event';
/** Which table a workflow type selects from; other types (schedule, campaign, ...) are not run here. */
export const CANDIDATE_KIND: Readonly<Record<string, CandidateKind>> = {
  cart: 'cart',
  checkout: 'checkout',
  order: 'order',
  events: 'event',
};
export const candidateKind = (workflowType: string): CandidateKind | undefined => CANDIDATE_KIND[workflowType];

export interface CandidateWindow {
  /** Inclusive lower bound on the candidate's time (updated_at, created_at or occurred_at). */
  from: Date;
  /** Inclusive upper bound. */
  to: Date;
  /** For people: "updated between 3 hours and 30 minutes ago". */
  description: string;
}

const minutesText = (minutes: number): string =>
  minutes % 60 === 0 && minutes >= 60
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** The time window a workflow selects from at `now`. Empty (from > to) when the delay exceeds 3 hours for carts. */
export function candidateWindow(kind: CandidateKind, delayMinutes: number, now: Date): CandidateWindow {
  const at = now.getTime();
  if (kind === 'event')
    return { from: new Date(at - EVENT_WINDOW_MS), to: now, description: 'events of the last 5 minutes' };
  const to = new Date(at - delayMinutes * MINUTE_MS);
  if (kind === 'order') {
    const lookBack = delayMinutes + ORDER_LOOKBACK_EXTRA_MINUTES;
    return {
      from: new Date(at - lookBack * MINUTE_MS),
      to,
      description: `placed between ${minutesText(lookBack)} and ${minutesText(delayMinutes)} ago`,
    };
  }
  return {
    from: new Date(at - CART_WINDOW_MINUTES * MINUTE_MS),
    to,
    description: `updated between ${minutesText(CART_WINDOW_MINUTES)} and ${minutesText(delayMinutes)} ago`,
  };
}

export const inWindow = (window: CandidateWindow, at: Date): boolean =>
  at.getTime() >= window.from.getTime() && at.getTime() <= window.to.getTime();
