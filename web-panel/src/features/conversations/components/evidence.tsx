/**
 * For a recovered order, why the brand is billed, in words: "Billed because: a text at 2:02 PM
 * PST and a click at 2:05 PM PST within the 120-hour window." from the attribution API's evidence.
 */
import { formatTime, formatDateTime, type Locale } from '../../../lib/format.ts';
import type { EvidenceItem, OrderAttribution } from '../api/types.ts';

const KIND: Record<string, string> = {
  message: 'a text',
  click: 'a click',
  reply: 'a reply from the shopper',
  discount_code: 'the discount code',
};

const join = (parts: string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;

/** One piece of evidence: "a click at 2:05 PM PST" (the day too when it is not the order's day). */
function piece(item: EvidenceItem, orderAt: string, locale: Pick<Locale, 'locale' | 'timezone'>): string {
  const sameDay =
    new Intl.DateTimeFormat('en-CA', { timeZone: locale.timezone }).format(new Date(item.at)) ===
    new Intl.DateTimeFormat('en-CA', { timeZone: locale.timezone }).format(new Date(orderAt));
  const when = sameDay ? formatTime(item.at, locale) : formatDateTime(item.at, locale);
  const what = item.kind === 'discount_code' && item.code ? `the code ${item.code}` : (KIND[item.kind] ?? item.kind);
  return `${what} at ${when}`;
}

/**
 * The sentence for an order's attribution; null when there is no decision to explain. Counted
 * evidence is grouped by its window: "a text at 2:02 PM PST and a click at 2:05 PM PST within the
 * 120-hour window, and the code X at 2:00 PM PST within the 720-hour window".
 */
export function evidenceSentence(a: OrderAttribution, locale: Pick<Locale, 'locale' | 'timezone'>): string | null {
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
      `${join(items.map((i) => piece(i, a.order.created_at, locale)))} within the ${window}-hour window`,
  );
  const lead = a.billed ? 'Billed because' : 'Recovered because';
  return `${lead}: ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')}, and ${parts[parts.length - 1]}`}.`;
}

export function Evidence({ attribution, locale }: { attribution: OrderAttribution; locale: Locale }) {
  const sentence = evidenceSentence(attribution, locale);
  return (
    <div className="evidence">
      <p className="evidence-sentence">{sentence ?? attribution.summary}</p>
      {sentence ? <p className="muted">{attribution.summary}</p> : null}
      {attribution.decision && attribution.decision.items.length > 0 ? (
        <ul className="evidence-items">
          {attribution.decision.items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <span className={item.counted ? 'pill pill-recovered' : 'pill'}>
                {item.counted ? 'Counted' : 'Not counted'}
              </span>{' '}
              {piece(item, attribution.order.created_at, locale)}, {Math.round(item.hours_before * 10) / 10} h before
              the order — {item.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
