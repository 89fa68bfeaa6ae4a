/** Settings in words for a brand: quiet hours, attribution windows, statuses. Pure. */
import type { AttributionSettings, QuietHours, StoreConnection } from '../api/types.ts';

const STATE_NAMES: Record<string, string> = { FL: 'Florida', OK: 'Oklahoma', MD: 'Maryland', TX: 'Texas' };

/** "08:00" -> "8:00 AM" in the locale. */
export function clockTime(hhmm: string, locale = 'en-US'): string {
  const [h, m] = hhmm.split(':').map(Number);
  const at = new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0));
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(at);
}

const names = (codes: string[], locale: string) =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(codes.map((c) => STATE_NAMES[c] ?? c));

/** The quiet-hours rules as sentences, in the order a brand asks about them. */
export function quietHoursInWords(q: QuietHours, locale = 'en-US'): string[] {
  return [
    `Marketing texts go out only between ${clockTime(q.start, locale)} and ${clockTime(q.end, locale)} in the shopper's own time zone (as known for their number, else from its area code, else your store's time zone); a text due outside those hours waits until they open again.`,
    `Shoppers in ${names(q.strict_states, locale)}: until ${clockTime(q.strict_end, locale)} only, and at most ${q.strict_limit} marketing texts in ${q.strict_limit_hours} hours.`,
    `A cart reminder is never sent more than ${q.cart_reminder_max_hours} hours after the cart.`,
    q.texas_compliance
      ? 'Texas shoppers receive marketing texts (Texas registration is on for this brand).'
      : 'Texas shoppers receive no marketing texts (Texas registration is not on for this brand).',
    'Replies to STOP, HELP and START are sent at any hour.',
  ];
}

const hours = (n: number, locale: string) => {
  if (n > 0 && n % 24 === 0)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(n / 24);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(n);
};

const MODELS: Record<string, string> = {
  last_touch: 'Last touch: an order is credited to the latest text, click or reply before it.',
  first_touch: 'First touch: an order is credited to the first text, click or reply before it.',
  code_only: 'Code only: an order counts only when it uses a Reclaim discount code.',
};

/** The attribution model and each kind of evidence's window, as rows of a definition list. */
export function attributionInWords(a: AttributionSettings, locale = 'en-US'): Array<{ term: string; text: string }> {
  const window = (n: number, what: string) =>
    n > 0 ? `An order within ${hours(n, locale)} after ${what} counts.` : `Not counted.`;
  return [
    { term: 'Model', text: MODELS[a.type] ?? a.type },
    { term: 'A text', text: window(a.windows.message, 'a text') },
    { term: 'A click', text: window(a.windows.click, 'a click on the link') },
    { term: 'A reply', text: window(a.windows.reply, 'a reply') },
    { term: 'A discount code', text: window(a.windows.discount_code, 'the code was sent') },
    { term: 'Limit', text: `Nothing later than ${hours(a.hard_cap_days * 24, locale)} after a text is credited.` },
  ];
}

/** "Connected", "Disconnected — reconnect from your store's admin", with health first when there is one. */
export function connectionInWords(c: StoreConnection): { label: string; healthy: boolean; detail: string } {
  if (c.status === 'disconnected')
    return {
      label: 'Disconnected',
      healthy: false,
      detail: 'Reclaim receives no carts or orders. Reinstall the app from your store to reconnect.',
    };
  if (c.status === 'pending_setup')
    return { label: 'Setting up', healthy: false, detail: 'The installation has not finished yet.' };
  if (!c.is_enabled)
    return { label: 'Connected, turned off', healthy: false, detail: 'Events from the store are not processed.' };
  if (c.health) return { label: 'Connected, needs attention', healthy: false, detail: c.health };
  return { label: 'Connected', healthy: true, detail: 'Carts, checkouts and orders arrive.' };
}

const SUBSCRIPTION_STATUSES: Record<string, string> = {
  active: 'Active',
  in_trial: 'In trial',
  past_due: 'Past due: the last payment failed',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete: payment not finished',
  paused: 'Paused',
  cancelled: 'Cancelled',
  expired: 'Expired',
  declined: 'Declined',
  pending_setup: 'Waiting for payment details',
};
export const subscriptionStatusLabel = (status: string) => SUBSCRIPTION_STATUSES[status] ?? status;
