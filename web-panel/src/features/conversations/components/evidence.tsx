/**
 * For a recovered order, why the brand is billed, in words: "Billed because: a text at 2:02 PM
 * PST and a click at 2:05 PM PST, inside the 5-day window." from the attribution API's structured
 * evidence (kinds, times, windows in hours, reason codes). No id, ISO time or raw hours is shown.
 */
import { formatDateTime, formatTime, hoursInWords, sameDay, type Locale } from '../../../lib/format.ts';
import type { EvidenceItem, OrderAttribution } from '../api/types.ts';

type Where = Pick<Locale, 'locale' | 'timezone'>;

const KIND: Record<string, string> = {
  message: 'a text',
  click: 'a click',
  reply: 'a reply from the shopper',
  discount_code: 'the discount code',
};
const KIND_NOUN: Record<string, string> = { message: 'text', click: 'click', reply: 'reply', discount_code: 'code' };
const KIND_PLURAL: Record<string, string> = {
  message: 'Texts',
  click: 'Clicks',
  reply: 'Replies',
  discount_code: 'Discount codes',
};

const join = (parts: string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;

/** A window as an adjective: 120 hours → "5-day", 36 → "36-hour", 0.5 → "30-minute". */
export function windowWords(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return `${hours / 24}-day`;
  if (hours >= 1 && Number.isInteger(hours)) return `${hours}-hour`;
  return `${Math.round(hours * 60)}-minute`;
}

/** One piece of evidence: "a click at 2:05 PM PST" (the day too when it is not the order's day). */
function piece(item: EvidenceItem, orderAt: string, where: Where): string {
  const when = sameDay(item.at, orderAt, where.timezone) ? formatTime(item.at, where) : formatDateTime(item.at, where);
  const what = item.kind === 'discount_code' && item.code ? `the code ${item.code}` : (KIND[item.kind] ?? 'evidence');
  return `${what} at ${when}`;
}

/** Why one piece of evidence counts or not, from its reason code. */
export function reasonWords(item: EvidenceItem): string {
  const window = `the ${windowWords(item.window_hours)} ${KIND_NOUN[item.kind] ?? ''} window`.replace('  ', ' ');
  switch (item.reason_code) {
    case 'inside_window':
      return `inside ${window}`;
    case 'outside_window':
      return `outside ${window}`;
    case 'after_order':
      return 'after the order';
    case 'kind_off':
      return `${(KIND_PLURAL[item.kind] ?? 'These').toLowerCase()} do not count for this brand`;
    case 'not_under_code_only':
      return 'only discount codes count for this brand';
    case 'no_workflow':
      return 'the conversation is not from a workflow';
    case 'keyword_reply':
      return 'a keyword reply (such as STOP or HELP), not interest';
    case 'not_delivered':
      return 'the text was not delivered';
    case 'team_reply':
      return 'a reply by your team, not a marketing text';
    case 'service_message':
      return 'a service message (an opt-out or help answer)';
    default:
      return item.counted ? 'counted' : 'not counted';
  }
}

/**
 * The sentence for an order's attribution; null when there is no counted evidence. Counted
 * evidence is grouped by its window: "a text at 2:02 PM PST and a click at 2:05 PM PST, inside the
 * 5-day window, and the code X at 2:00 PM PST, inside the 30-day window".
 */
export function evidenceSentence(a: OrderAttribution, where: Where): string | null {
  const decision = a.decision;
  if (!decision) return null;
  const counted = decision.items.filter((i) => i.counted).sort((x, y) => x.at.localeCompare(y.at));
  if (counted.length === 0) return null;
  const groups = new Map<number, EvidenceItem[]>();
  for (const item of counted) {
    const window = item.window_hours ?? decision.window_hours ?? 0;
    groups.set(window, [...(groups.get(window) ?? []), item]);
  }
  const parts = [...groups].map(
    ([window, items]) =>
      `${join(items.map((i) => piece(i, a.order.created_at, where)))}, inside the ${windowWords(window)} window`,
  );
  const lead = a.billed ? 'Billed because' : 'Recovered because';
  return `${lead}: ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join('; ')}; and ${parts[parts.length - 1]}`}.`;
}

/** The decision in one line: billed or not, by which conversation, or why not. */
export function decisionWords(a: OrderAttribution, conversationId: number | null): string {
  const d = a.decision;
  const by =
    d?.conversation_id == null
      ? ''
      : d.conversation_id === conversationId
        ? ' by this conversation'
        : ' by another conversation with this shopper';
  if (!d) {
    if (a.order.state === 'pending')
      return 'Not billed yet: the order is pending; it is decided when the order completes.';
    if (a.order.state === 'cancelled') return 'Not billed: the order was cancelled.';
    return 'Not billed: not decided yet.';
  }
  if (d.recovered) {
    if (a.billed) return `Billed: recovered${by}.`;
    if (a.order.state === 'cancelled') return `Not billed: recovered${by}, but the order was cancelled afterwards.`;
    return `Recovered${by}; not billed.`;
  }
  if (d.rule === 'no_evidence')
    return `Not billed: no text, click, reply or discount code in the ${hoursInWords((d.hard_cap_days ?? 30) * 24)} before the order.`;
  if (d.rule === 'outside_window') return 'Not billed: the texts and clicks came too long before the order to count.';
  return 'Not billed: none of the evidence counts under your attribution settings.';
}

/** Hours before the order, in words: "42 minutes before the order". */
const before = (hours: number): string =>
  hours < 0 ? `${hoursInWords(-hours)} after the order` : `${hoursInWords(hours)} before the order`;

export function Evidence({
  attribution,
  locale,
  conversationId = null,
}: {
  attribution: OrderAttribution;
  locale: Locale;
  conversationId?: number | null;
}) {
  const sentence = evidenceSentence(attribution, locale);
  return (
    <div className="evidence">
      <p className="evidence-sentence">{decisionWords(attribution, conversationId)}</p>
      {sentence ? <p className="muted evidence-because">{sentence}</p> : null}
      {attribution.decision && attribution.decision.items.length > 0 ? (
        <ul className="evidence-items">
          {attribution.decision.items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <span className={item.counted ? 'pill pill-recovered' : 'pill'}>
                {item.counted ? 'Counted' : 'Not counted'}
              </span>{' '}
              {piece(item, attribution.order.created_at, locale)}, {before(item.hours_before)}: {reasonWords(item)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
