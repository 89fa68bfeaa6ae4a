/**
 * The funnel's steps and the candidates' outcomes, each with its label and the one-sentence
 * definition the panel shows; store/funnel.ts computes them.
 */
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

/** Orders beside a funnel. */
export const ORDER_FIGURES: readonly StepInfo[] = [
  step('orders', 'Orders', 'Orders placed in the period, cancelled ones left out.'),
  step('sales', 'Sales', 'The total of those orders.'),
  step('recovered_orders', 'Recovered orders', 'Orders placed in the period that the live feed counts as recovered.'),
  step('recovered_sales', 'Recovered sales', 'The total of the recovered orders.'),
];
