/**
 * The explain API's structured reasons in a brand's words: why a workflow texted the shopper or
 * not, and each check, with times in the brand's time zone and periods as durations. The API keeps
 * its machine values (outcome, reason codes, ISO times); nothing here shows one as it is.
 */
import { durationInWords, formatDateTime, formatDay, stateInWords, type Locale } from '../../../lib/format.ts';
import type { Explanation } from '../api/types.ts';

export type WorkflowExplanation = Explanation['workflows'][number];
export type ExplainCheck = NonNullable<WorkflowExplanation['now']>['checks'][number];
type Where = Pick<Locale, 'locale' | 'timezone'>;

/** What an outcome means for the shopper. */
export const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  started: 'a conversation was started',
  triggered: 'the order follow-up was sent',
  filtered_out: 'left out by a rule',
  channel_missing: 'there was no number to text',
  channel_blocked: 'the shopper had opted out or was blocked',
  recently_engaged: 'the shopper had replied to a text recently',
  holdout: 'held out on purpose, to measure the lift',
  duplicate: 'another of the shopper’s carts or orders was texted instead',
};

/** The machine reasons of a decision, as the cause. */
export const WHY_WORDS: Readonly<Record<string, string>> = {
  no_contact: 'the shopper left no phone number',
  no_channel: 'the shopper has no number to text',
  not_us_number: 'the number is not a US number',
  blocked: 'the shopper is blocked',
  unsubscribed: 'the shopper opted out',
  texas: 'the shopper is in Texas and the brand has not turned on Texas compliance',
  same_contact: 'another cart or order of the same shopper was chosen in the same run',
  re_engage_period: 'the shopper had a conversation within the re-engage period',
  recently_engaged: 'the shopper replied to a text recently',
  outreach_limit: 'three texts in a row went unanswered, so outreach stopped',
  rules: 'the shopper does not match the workflow’s rules',
  holdout: 'the shopper is in the holdout group',
  other_workflow_chosen: 'another workflow texts this cart',
  draft: 'the workflow is a draft',
  paused: 'the workflow is paused',
  not_started: 'the workflow has not started yet',
  ended: 'the workflow has ended',
  no_store: 'the workflow has no store connected',
  store_not_connected: 'the store is not connected',
  type_not_selecting: 'this kind of workflow does not text about carts or orders',
  no_checkout: 'the cart never reached checkout',
  other_kind: 'the workflow follows another kind of event',
};

const CANDIDATE_WORDS: Readonly<Record<string, string>> = {
  cart: 'carts',
  checkout: 'checkouts',
  order: 'orders',
  pending: 'still open',
  complete: 'completed',
};

const words = (table: Readonly<Record<string, string>>, value: string | null | undefined): string =>
  value ? (table[value] ?? stateInWords(value).toLowerCase()) : '';

/** The badge: Texted, Not texted, Not yet, Does not apply. */
export function verdictOf(w: WorkflowExplanation): { label: string; tone: 'good' | 'neutral' | 'warn' } {
  if (w.texted) return { label: 'Texted', tone: 'good' };
  if (w.reason.code === 'not_applicable') return { label: 'Does not apply', tone: 'neutral' };
  if (w.reason.code === 'not_yet_candidate' || (w.reason.code === 'next_run' && w.reason.outcome === 'started'))
    return { label: 'Not yet', tone: 'neutral' };
  return { label: 'Not texted', tone: 'warn' };
}

/** One sentence: why this workflow texted the shopper, or did not. */
export function reasonInWords(w: WorkflowExplanation, where: Where): string {
  const r = w.reason;
  switch (r.code) {
    case 'recorded': {
      const when = r.at ? ` on ${formatDateTime(r.at, where)}` : '';
      if (w.texted) return `Texted${when}: ${words(OUTCOME_WORDS, r.outcome)}.`;
      const cause = r.why ? `: ${words(WHY_WORDS, r.why)}` : '';
      return `Not texted${when}, ${words(OUTCOME_WORDS, r.outcome)}${cause}.`;
    }
    case 'not_applicable':
      return `Does not apply: ${words(WHY_WORDS, r.why)}.`;
    case 'not_running':
      return `Not texted: ${words(WHY_WORDS, r.why)}${r.at ? ` (${r.why === 'ended' ? 'it ended' : 'it starts'} ${formatDateTime(r.at, where)})` : ''}.`;
    case 'state':
      return `Not texted: the workflow texts about ${words(CANDIDATE_WORDS, r.wanted_state)} ${
        r.wanted_state === 'complete' ? 'orders' : 'carts'
      }, and this one is ${stateInWords(r.state).toLowerCase()}.`;
    case 'not_yet_candidate':
      return `Not yet: the workflow waits ${durationInWords(w.workflow.delay_minutes)}, so the shopper can be texted from ${
        r.at ? formatDateTime(r.at, where) : 'later'
      }.`;
    case 'outside_window':
      return 'Not texted: the cart was never picked up while the workflow was looking for it.';
    case 'other_workflow_first':
      return `Not texted: ${r.other_workflow ? `the workflow “${r.other_workflow.name}”` : 'another workflow'} texts this cart instead (one reminder per cart).`;
    case 'next_run':
      return r.outcome === 'started' || r.outcome === 'triggered'
        ? 'Not yet texted: the next run will text the shopper.'
        : `Not yet texted, and the next run will not text either: ${words(WHY_WORDS, r.why) || words(OUTCOME_WORDS, r.outcome)}.`;
  }
}

const CHECK_NAMES: Readonly<Record<string, string>> = {
  channel: 'A number to text',
  consent: 'Consent',
  texas: 'Texas rules',
  duplicate: 'Not texted twice',
  recently_engaged: 'No recent reply',
  outreach: 'Outreach limit',
  rules: 'The workflow’s rules',
  holdout: 'Holdout group',
};

/** A check as "A number to text: passed" with the reason in words. */
export function checkInWords(c: ExplainCheck, where: Where): { name: string; passed: boolean; text: string } {
  const f = c.facts ?? {};
  const days = f.days !== undefined ? durationInWords(f.days * 1440) : '';
  const day = f.at ? formatDay(f.at, where) : '';
  let text: string;
  switch (c.check) {
    case 'channel':
      text = c.passed ? 'The shopper has a US number to text.' : `${stateInWords(words(WHY_WORDS, f.code))}.`;
      break;
    case 'consent':
      text = c.passed ? 'The shopper is subscribed.' : `${stateInWords(words(WHY_WORDS, f.code))}.`;
      break;
    case 'texas':
      text = c.passed
        ? 'Texas rules do not stop this text.'
        : 'The shopper is in Texas and the brand has not turned on Texas compliance.';
      break;
    case 'duplicate':
      text = c.passed
        ? days
          ? `No other conversation with the shopper in the last ${days}.`
          : 'No other cart or order of the shopper is texted.'
        : f.code === 're_engage_period'
          ? `The shopper had a conversation on ${day}, within the re-engage period of ${days}.`
          : 'Another cart or order of the same shopper was texted in the same run.';
      break;
    case 'recently_engaged':
      text = c.passed
        ? day
          ? `The shopper last replied on ${day}, more than ${days} ago.`
          : 'The shopper has never replied to a text.'
        : `The shopper replied on ${day}, within ${days}: shoppers who replied recently are not texted again.`;
      break;
    case 'outreach':
      text = c.passed
        ? 'Fewer than three texts in a row went unanswered.'
        : `${f.count ?? 3} conversations in a row went unanswered: outreach stops after three.`;
      break;
    case 'rules':
      text = c.passed
        ? 'The shopper matches the workflow’s rules.'
        : 'The shopper does not match the workflow’s rules.';
      break;
    case 'holdout':
      text = c.passed
        ? 'The shopper is not in the holdout group.'
        : `The shopper is in holdout group ${f.group ?? ''}, kept untexted to measure the lift.`.replace(' ,', ',');
      break;
    default:
      text = c.passed ? 'Passed.' : 'Not met.';
  }
  return { name: CHECK_NAMES[c.check] ?? stateInWords(c.check), passed: c.passed, text };
}
