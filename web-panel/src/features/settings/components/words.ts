/** Settings in words for a brand: quiet hours, attribution windows, statuses. Pure. */
import type { AttributionSettings, Charge, QuietHours, StoreConnection } from '../api/types.ts';

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

const CHARGE_STATUSES: Record<string, string> = {
  pending: 'Waiting for the checkout',
  queued: 'Waiting to be billed',
  complete: 'Billed',
  in_review: 'Being checked',
};
/** A charge's state as the brand reads it ("Billed", "Waiting to be billed"). */
export const chargeStatusLabel = (status: string) => CHARGE_STATUSES[status] ?? status.replace(/_/g, ' ');

/**
 * What a charge was for, in words: a usage charge is "7% of $134.10 recovered by the conversation
 * with Dana Whitfield" (order number after it); a plan charge names the plan and the month.
 */
export function chargeInWords(
  c: Charge,
  money: (value: string | number | null) => string,
  locale = 'en-US',
): { text: string; order: string | null } {
  if (c.type === 'usage') {
    const total = c.order?.total ?? c.earnings;
    const share =
      c.percentage !== null
        ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(c.percentage)}% of ${money(total)}`
        : `A share of ${money(total)}`;
    const by = c.conversation
      ? ` recovered by the conversation with ${c.conversation.shopper_name ?? 'a shopper without a name'}`
      : ' recovered by Reclaim';
    return { text: `${share}${by}`, order: c.order?.number ? `Order ${c.order.number}` : null };
  }
  const discount = /\((\d+(?:\.\d+)?) USD off\)/.exec(c.description ?? '');
  const first = /first month/.test(c.description ?? '');
  return {
    text: `${c.plan.name} plan, ${first ? 'first month' : 'monthly'}${discount ? ` (${money(discount[1]!)} off)` : ''}`,
    order: null,
  };
}

/**
 * What a brand without a plan can and cannot do (spec: texting needs no plan; a plan's grants
 * reach a brand only while it is active or in trial; usage charges are taken under a plan, on
 * every recovered sale not charged yet).
 */
export function noPlanInWords(uncharged: { orders: number; sales: string } | undefined, money: (v: string) => string) {
  const waiting =
    uncharged && uncharged.orders > 0
      ? ` ${uncharged.orders === 1 ? '1 recovered order' : `${uncharged.orders} recovered orders`} (${money(uncharged.sales)} in sales) ${uncharged.orders === 1 ? 'waits' : 'wait'} to be charged.`
      : '';
  return [
    'No plan yet. Your workflows still text shoppers and recovered orders are still counted; nothing is charged.',
    `When you choose a plan, its monthly price starts and its share of every recovered sale not charged yet is charged, including sales recovered before.${waiting}`,
    'The features listed with a plan come with it and are off without one.',
  ];
}
