/**
 * The funnel's steps and the candidates' outcomes, each with its label and the one-sentence
 * definition the panel shows; store/funnel.ts computes them.
 */
import { METRIC_INFO } from './store/metrics.ts';

export interface StepInfo {
  id: string;
  label: string;
  definition: string;
  lower_is_better: boolean;
}

const step = (id: string, label: string, definition: string, lowerIsBetter = false): StepInfo => ({
  id,
  label,
  definition,
  lower_is_better: lowerIsBetter,
});

/** candidates -> started -> sent -> delivered -> clicked -> replied -> recovered. */
export const FUNNEL_STEPS: readonly StepInfo[] = [
  step('candidates', 'Candidates', 'Carts, checkouts, orders and events a workflow considered in the period.'),
  step('started', 'Started', 'Conversations that started in the period.'),
  step('sent', 'Sent', 'Of those, conversations that got at least one text (sent at any time since).'),
  step('delivered', 'Delivered', 'Of those, conversations with at least one text reported delivered.'),
  step('clicked', 'Clicked', 'Of those started, conversations whose short link was visited.'),
  step(
    'replied',
    'Replied',
    'Of those started, conversations in which the shopper replied (STOP, HELP and START left out).',
  ),
  step(
    'recovered',
    'Recovered',
    'Of those started, conversations linked to an order the live feed counts as recovered.',
  ),
];

/** What a step's rate divides by: started over candidates, every later step over started; none for candidates. */
export function stepRateOf(id: string): 'candidates' | 'started' | null {
  if (id === 'candidates') return null;
  return id === 'started' ? 'candidates' : 'started';
}

/** What happened to the candidates that were not texted, and to texts that waited or were dropped. */
export const OUTCOMES: readonly StepInfo[] = [
  step('filtered_out', 'Filtered out', "Candidates the workflow's rules left out.", true),
  step('channel_missing', 'No phone', 'Candidates without a usable +1 SMS number.', true),
  step('channel_blocked', 'Blocked', 'Candidates whose number is blocked or opted out.', true),
  step(
    'recently_engaged',
    'Recently engaged',
    'Candidates texted within the re-engage period, not texted again.',
    true,
  ),
  step('holdout', 'Held out', 'Candidates in a holdout group: never texted, to measure lift.'),
  step('duplicate', 'Duplicate', 'Candidates with a conversation within the re-engage period (order workflows).', true),
  step('compliance_skipped', 'Compliance', 'Candidates skipped by a compliance rule (Texas without consent).', true),
  step(
    'quiet_hours_held',
    'Held for quiet hours',
    "Texts that waited for the shopper's sending hours (or a state's daily limit).",
    true,
  ),
  step(
    'skipped',
    'Skipped',
    'Texts never sent: opted out or blocked before sending, cart completed, or too late.',
    true,
  ),
];

/** Orders beside a funnel: the home page's order metrics, with their labels and definitions (one definition each). */
export const ORDER_FIGURES: readonly StepInfo[] = (
  ['orders', 'sales', 'recovered_orders', 'recovered_sales'] as const
).map((id) => {
  const m = METRIC_INFO.find((x) => x.id === id)!;
  return step(m.id, m.label, m.definition, m.lower_is_better);
});
