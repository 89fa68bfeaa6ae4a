/**
 * The demo brand's last 30 days, replayed in time order: shoppers visit and leave checkouts (or
 * carts), the worker selects candidates a delay later and the real selection rules
 * (workflows' decideOutcome) decide each one's outcome, texted shoppers get their conversation
 * (conversation.ts), orders come in and the post-purchase flow picks them up three days later.
 * The worker stopped at `clock.stopAt`: what came after waits for `reclaim start`.
 */
import { isUsSmsNumber } from '../../contacts/index.ts';
import { formatDiscountValue, generateCode } from '../../discounts/index.ts';
import { brandSettings, decideOutcome, renderMessage, type CandidateFacts } from '../../workflows/index.ts';
import { candidateFacts, subscribed } from './facts.ts';
import { firstMessage, shopperActs, type Behaviour, type Sender, type StoryClock } from './conversation.ts';
import type { StorySpec, StoryWorkflow } from './spec.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, plus } from './random.ts';
import { cartUrl, checkoutUrl, lineItems, rngFor, totalOf, type Visit } from './shopping.ts';
import type { BrandStory, LineItem, StoryContact, StoryConversation, StoryOrder } from './types.ts';

type Event = { at: Date; seq: number } & (
  | { type: 'visit'; visit: Visit }
  | { type: 'process'; ref: number; visit: Visit }
  | { type: 'process_order'; order: number }
  | { type: 'order'; order: Omit<StoryOrder, 'number' | 'externalId' | 'createdAt'>; key: string }
);
type NewEvent = Event extends infer E ? (E extends Event ? Omit<E, 'seq'> : never) : never;

const SHORT_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class StoryEngine {
  readonly story: BrandStory;
  private readonly queue: Event[] = [];
  private seq = 0;
  private readonly engagements = new Map<number, Date[]>();
  private readonly brand: ReturnType<typeof brandSettings>;

  constructor(
    private readonly spec: StorySpec,
    private readonly clock: StoryClock,
    private readonly sender: Sender,
    contacts: (StoryContact & { city: string })[],
    private readonly used: { shortCodes: Set<string>; discountCodes: Set<string> },
  ) {
    this.story = { contacts, carts: [], checkouts: [], orders: [], flowEvents: [], conversations: [] };
    this.brand = brandSettings({ name: spec.name, re_engage_period: spec.reEngagePeriod, extra_data: spec.extraData });
  }

  private get contacts(): (StoryContact & { city: string })[] {
    return this.story.contacts as (StoryContact & { city: string })[];
  }

  push(event: NewEvent): void {
    const entry = { ...event, seq: this.seq++ } as Event;
    let i = this.queue.length;
    while (i > 0 && this.queue[i - 1]!.at > entry.at) i -= 1;
    this.queue.splice(i, 0, entry);
  }

  run(): BrandStory {
    while (this.queue.length > 0) {
      const event = this.queue.shift()!;
      if (event.type === 'visit') this.visit(event.visit);
      else if (event.type === 'process') this.processCart(event.ref, event.visit, event.at);
      else if (event.type === 'process_order') this.processOrder(event.order, event.at);
      else this.placeOrder(event.key, event.order, event.at);
    }
    return this.story;
  }

  private usable(contact: StoryContact, at: Date): boolean {
    return contact.phone !== null && isUsSmsNumber(contact.phone) && subscribed(contact, at);
  }

  private facts(
    kind: 'cart' | 'checkout' | 'order',
    event: number,
    contactIndex: number,
    at: Date,
    items: LineItem[],
    total: string,
  ): CandidateFacts {
    return candidateFacts(this.story, this.engagements.get(contactIndex) ?? [], {
      kind,
      event,
      contact: contactIndex,
      at,
      items,
      total,
    });
  }

  // --- events --------------------------------------------------------------------------------

  private visit(v: Visit): void {
    const { spec, story } = this;
    const contact = v.contact === null ? null : this.contacts[v.contact]!;
    const state = contact && this.usable(contact, v.at) ? 'pending' : 'no_identity';
    const isCheckout = spec.recovery.type === 'checkout';
    const url = isCheckout ? checkoutUrl(spec.site, v) : cartUrl(spec.site, v.lineItems);
    const cart =
      story.carts.push({
        externalId: v.cartToken,
        contact: v.contact,
        state,
        total: v.total,
        lineItems: v.lineItems,
        url,
        checkoutToken: isCheckout ? v.checkoutToken : null,
        createdAt: v.at,
        updatedAt: v.at,
      }) - 1;
    const ref = isCheckout
      ? story.checkouts.push({
          token: v.checkoutToken,
          cart,
          contact: v.contact,
          state,
          total: v.total,
          lineItems: v.lineItems,
          url,
          createdAt: v.at,
          updatedAt: v.at,
        }) - 1
      : cart;
    if (v.contact === null) return;
    const { rng } = v;
    const latest = this.clock.now.getTime() - MINUTE_MS;
    const quick = plus(v.at, rng.int(4, 25) * MINUTE_MS);
    if (!v.key.startsWith('fresh:') && rng.chance(0.22) && quick.getTime() <= latest) {
      // Bought right away: the checkout completes before any workflow looks at it.
      this.push({
        type: 'order',
        at: quick,
        key: `quick:${v.key}`,
        order: this.orderFrom(v.contact, cart, isCheckout ? ref : null, v.lineItems, null),
      });
      return;
    }
    if (state === 'pending') {
      const at = plus(v.at, spec.recovery.delayMinutes * MINUTE_MS + rng.int(0, 59) * 1000);
      if (at <= this.clock.stopAt) this.push({ type: 'process', at, ref, visit: v });
    } else this.maybeOrganic(v, cart, isCheckout ? ref : null, 0.05);
  }

  /** An order nobody texted for: a held-out shopper, or one the rules left alone. */
  private maybeOrganic(v: Visit, cart: number, checkout: number | null, chance: number): void {
    const limit = this.clock.now.getTime() - 3 * HOUR_MS;
    if (v.contact === null || v.at.getTime() > this.clock.now.getTime() - DAY_MS || !v.rng.chance(chance)) return;
    const at = new Date(Math.min(v.at.getTime() + v.rng.int(60, 48 * 60) * MINUTE_MS, limit));
    this.push({
      type: 'order',
      at,
      key: `organic:${v.key}`,
      order: this.orderFrom(v.contact, cart, checkout, v.lineItems, null),
    });
  }

  private orderFrom(
    contact: number,
    cart: number | null,
    checkout: number | null,
    items: LineItem[],
    code: StoryOrder['discountCode'],
  ): Omit<StoryOrder, 'number' | 'externalId' | 'createdAt'> {
    const total = Number(totalOf(items)) - Number(code?.amount ?? 0);
    return {
      contact,
      cart,
      checkout,
      state: 'complete',
      total: total.toFixed(2),
      discountCode: code,
      lineItems: items,
      cancelledAt: null,
    };
  }

  private processCart(ref: number, v: Visit, at: Date): void {
    const { spec, story } = this;
    const isCheckout = spec.recovery.type === 'checkout';
    const row = isCheckout ? story.checkouts[ref]! : story.carts[ref]!;
    if (row.state !== 'pending') return;
    row.state = 'abandoned';
    row.updatedAt = at;
    const contactIndex = v.contact!;
    const decision = decideOutcome({
      facts: this.facts(isCheckout ? 'checkout' : 'cart', ref, contactIndex, at, v.lineItems, v.total),
      brand: this.brand,
      workflow: { type: spec.recovery.type, rules: spec.recovery.rules as never },
      now: at,
    });
    const cart = isCheckout ? story.checkouts[ref]!.cart : ref;
    let conversation: number | null = null;
    if (decision.outcome === 'started') {
      conversation = this.start(spec.recovery, `${isCheckout ? 'checkout' : 'cart'}:${v.key}`, at, contactIndex, {
        cart,
        checkout: isCheckout ? ref : null,
        order: null,
        target: row.url,
        cartCreatedAt: v.at,
        product: v.lineItems[0]!.title,
        behaviour: spec.behaviour.recovery,
        conversion: (code) => this.orderFrom(contactIndex, cart, isCheckout ? ref : null, v.lineItems, code),
      });
    } else {
      this.maybeOrganic(v, cart, isCheckout ? ref : null, decision.outcome === 'holdout' ? 0.1 : 0.06);
    }
    story.flowEvents.push({
      workflow: spec.recovery.name,
      kind: isCheckout ? 'checkout' : 'cart',
      event: ref,
      contact: contactIndex,
      outcome: decision.outcome,
      reason: decision.reason,
      detail: decision.detail,
      conversation,
      at,
    });
  }

  private processOrder(orderIndex: number, at: Date): void {
    const { spec, story } = this;
    const workflow = spec.postPurchase!;
    const order = story.orders[orderIndex]!;
    const decision = decideOutcome({
      facts: this.facts('order', orderIndex, order.contact, at, order.lineItems, order.total),
      brand: this.brand,
      workflow: { type: 'order', rules: workflow.rules as never },
      now: at,
    });
    let conversation: number | null = null;
    if (decision.outcome === 'triggered') {
      const key = `order:${order.externalId}`;
      const rng = rngFor(spec.seed, `upsell:${key}`);
      const items = lineItems(rng, spec.catalog, 1);
      conversation = this.start(workflow, key, at, order.contact, {
        cart: null,
        checkout: null,
        order: orderIndex,
        target: spec.site,
        cartCreatedAt: null,
        product: order.lineItems[0]!.title,
        behaviour: spec.behaviour.postPurchase,
        conversion: (code) => this.orderFrom(order.contact, null, null, items, code),
      });
    }
    story.flowEvents.push({
      workflow: workflow.name,
      kind: 'order',
      event: orderIndex,
      contact: order.contact,
      outcome: decision.outcome,
      reason: decision.reason,
      detail: decision.detail,
      conversation,
      at,
    });
  }

  private placeOrder(key: string, order: Omit<StoryOrder, 'number' | 'externalId' | 'createdAt'>, at: Date): void {
    const { story, spec } = this;
    const index = story.orders.push({ ...order, externalId: key, number: '', createdAt: at }) - 1;
    if (order.checkout !== null) Object.assign(story.checkouts[order.checkout]!, { state: 'complete', updatedAt: at });
    if (order.cart !== null) Object.assign(story.carts[order.cart]!, { state: 'complete', updatedAt: at });
    if (order.state !== 'complete' || !spec.postPurchase) return; // a cancelled one is no candidate
    const processAt = plus(at, spec.postPurchase.delayMinutes * MINUTE_MS + rngFor(spec.seed, key).int(0, 59) * 1000);
    if (processAt <= this.clock.stopAt) this.push({ type: 'process_order', at: processAt, order: index });
  }

  // --- conversations -------------------------------------------------------------------------

  private uniqueCode(draw: () => string, used: Set<string>): string {
    let code = draw();
    while (used.has(code)) code = draw();
    used.add(code);
    return code;
  }

  private start(
    workflow: StoryWorkflow,
    key: string,
    at: Date,
    contactIndex: number,
    context: {
      cart: number | null;
      checkout: number | null;
      order: number | null;
      target: string;
      cartCreatedAt: Date | null;
      product: string;
      behaviour: Behaviour;
      conversion: (code: StoryOrder['discountCode']) => Omit<StoryOrder, 'number' | 'externalId' | 'createdAt'>;
    },
  ): number {
    const { spec, story } = this;
    const rng = rngFor(spec.seed, `conversation:${key}`);
    const contact = this.contacts[contactIndex]!;
    const shortCode = this.uniqueCode(() => rng.chars(8, SHORT_CODE_ALPHABET), this.used.shortCodes);
    const rule = workflow.discount;
    const code = rule
      ? this.uniqueCode(
          () => generateCode({ prefix: rule.prefix, platform: 'shopify' }, rng.below),
          this.used.discountCodes,
        )
      : null;
    const body = renderMessage(workflow.message as never, {
      first_name: contact.givenName,
      brand_name: spec.name,
      cart_link: `${spec.linkBaseUrl}/r/${shortCode}`,
      discount_code: code,
      discount_value: rule && code ? formatDiscountValue(rule) : null,
    });
    const recentMarketing = story.conversations
      .filter((c) => c.contact === contactIndex)
      .flatMap((c) =>
        c.messages.filter(
          (m) => m.isMarketing && m.sentAt && m.sentAt <= at && m.sentAt.getTime() > at.getTime() - DAY_MS,
        ),
      )
      .map((m) => m.sentAt!);
    const first = firstMessage(this.sender, rng, {
      body,
      at,
      contact,
      cartCreatedAt: context.cartCreatedAt,
      recentMarketing,
    });
    const conversation: StoryConversation = {
      workflow: workflow.name,
      contact: contactIndex,
      cart: context.cart,
      checkout: context.checkout,
      order: context.order,
      createdAt: at,
      hidden: true,
      messages: [first],
      link: { code: shortCode, target: context.target, clicks: [] },
      discount:
        rule && code
          ? {
              code,
              ruleWorkflow: workflow.name,
              issuedAt: at,
              endsAt: plus(at, rule.duration * DAY_MS),
              created: first.sentAt !== null,
            }
          : null,
    };
    const index = story.conversations.push(conversation) - 1;
    const acts = shopperActs(this.sender, rng, conversation, contact, context.behaviour, context.product);
    for (const message of conversation.messages)
      if (message.direction === 'incoming' && message.extra.action === 'reply')
        this.engage(contactIndex, message.createdAt);
    if (acts.orderAt) {
      const items = context.conversion(null).lineItems;
      const discount =
        acts.usedCode && rule && code
          ? {
              code,
              amount: discountAmount(rule, totalOf(items)),
              type: rule.type === 'shipping' ? 'shipping' : rule.type === 'fixed' ? 'fixed_amount' : 'percentage',
            }
          : null;
      // A few recovered orders of older conversations are refunded a day or two later.
      const refund = rngFor(spec.seed, `refund:${key}`);
      const cancelledAt =
        at.getTime() <= this.clock.now.getTime() - 6 * DAY_MS && refund.chance(0.06)
          ? plus(acts.orderAt, refund.int(20 * 60, 44 * 60) * MINUTE_MS)
          : null;
      this.push({
        type: 'order',
        at: acts.orderAt,
        key: `recovered:${key}`,
        order: { ...context.conversion(discount), state: cancelledAt ? 'cancelled' : 'complete', cancelledAt },
      });
    }
    return index;
  }

  private engage(contact: number, at: Date): void {
    const list = this.engagements.get(contact) ?? [];
    list.push(at);
    this.engagements.set(contact, list);
  }
}

function discountAmount(rule: NonNullable<StoryWorkflow['discount']>, total: string): string {
  if (rule.type === 'percentage') return ((Number(total) * rule.value) / 100).toFixed(2);
  if (rule.type === 'fixed') return Math.min(rule.value, Number(total)).toFixed(2);
  return '0.00';
}
