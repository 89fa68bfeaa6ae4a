/**
 * The demo story of one brand (pure: no I/O, no clock of its own, no Math.random): 30 days of
 * shoppers, checkouts or carts, workflow outcomes, conversations and orders ending at `clock.now`,
 * the same rows on every run for the same seed. The seed (../seed.ts) writes it.
 */
import { helpReply, optOutConfirmation } from '../../conversations/index.ts';
import type { StoryClock } from './conversation.ts';
import { StoryEngine } from './engine.ts';
import type { StorySpec } from './spec.ts';
import { makeContacts } from './people.ts';
import { MINUTE_MS, Rng } from './random.ts';
import { planShopping, rngFor, strayCarts } from './shopping.ts';
import type { BrandStory } from './types.ts';

export type { StorySpec, StoryWorkflow } from './spec.ts';
export type { Behaviour, StoryClock } from './conversation.ts';
export type * from './types.ts';

/** Codes the demo has handed out, shared by its brands (short links are unique across brands). */
export interface UsedCodes {
  shortCodes: Set<string>;
  discountCodes: Set<string>;
}

export function buildStory(
  spec: StorySpec & { supportEmail: string | null; supportPhone: string | null; orderNumberFrom: number },
  clock: StoryClock,
  used: UsedCodes = { shortCodes: new Set(), discountCodes: new Set() },
): BrandStory {
  const rng = new Rng(spec.seed);
  const contacts = makeContacts(rng, spec.people);
  let sent = 0;
  const sender = {
    clock,
    brandTimeZone: spec.timeZone,
    catalog: spec.catalog,
    texasCompliance: spec.extraData.texas_compliance === true,
    helpReply: helpReply({
      brandName: spec.name,
      supportEmail: spec.supportEmail,
      supportPhone: spec.supportPhone,
      website: spec.site,
    }),
    optOutReply: optOutConfirmation(spec.name),
    providerId: () => `demo-${spec.key}-${String((sent += 1)).padStart(6, '0')}`,
  };
  // Discount codes are unique per brand; short links across the demo.
  const engine = new StoryEngine(spec, clock, sender, contacts, {
    shortCodes: used.shortCodes,
    discountCodes: new Set(),
  });
  const shopping = { seed: spec.seed, catalog: spec.catalog, now: clock.now, freshMinutesAgo: spec.freshMinutesAgo };
  const { visits, orders } = planShopping(shopping, contacts);
  for (const visit of visits) engine.push({ type: 'visit', at: visit.at, visit });
  for (const order of orders) {
    const draw = rngFor(spec.seed, `state:${order.key}`).next();
    const recent = order.at.getTime() > clock.now.getTime() - 2 * 24 * 60 * MINUTE_MS;
    const state = draw < 0.04 ? 'cancelled' : recent && draw < 0.12 ? 'pending' : 'complete';
    const total = order.lineItems.reduce((sum, item) => sum + Number(item.line_price), 0).toFixed(2);
    engine.push({
      type: 'order',
      at: order.at,
      key: order.key,
      order: {
        contact: order.contact,
        cart: null,
        checkout: null,
        state,
        total,
        discountCode: null,
        lineItems: order.lineItems,
        cancelledAt: null,
      },
    });
  }
  const story = engine.run();

  for (const { visit, emptied } of strayCarts(shopping, spec.strays)) {
    story.carts.push({
      externalId: visit.cartToken,
      contact: null,
      state: emptied ? 'empty' : 'no_identity',
      total: emptied ? '0.00' : visit.total,
      lineItems: emptied ? [] : visit.lineItems,
      url: `${spec.site}/cart`,
      checkoutToken: null,
      createdAt: visit.at,
      updatedAt: emptied ? new Date(visit.at.getTime() + 7 * MINUTE_MS) : visit.at,
    });
  }

  // Order numbers and ids in the order the shop received them.
  const byTime = story.orders
    .map((order, index) => ({ order, index }))
    .sort((a, b) => +a.order.createdAt - +b.order.createdAt);
  byTime.forEach(({ order }, rank) => {
    order.number = `#${spec.orderNumberFrom + rank}`;
    order.externalId = String(5_700_000_000 + (spec.seed % 1000) * 100_000 + rank + 1);
  });

  // A contact exists from the first time the store saw the shopper.
  const first = new Map<number, number>();
  const seen = (contact: number | null, at: Date): void => {
    if (contact === null) return;
    first.set(contact, Math.min(first.get(contact) ?? Infinity, at.getTime()));
  };
  story.carts.forEach((cart) => seen(cart.contact, cart.createdAt));
  story.orders.forEach((order) => seen(order.contact, order.createdAt));
  story.contacts.forEach((contact, index) => {
    const at = first.get(index) ?? clock.now.getTime() - 31 * 24 * 60 * MINUTE_MS;
    contact.createdAt = new Date(at - rngFor(spec.seed, `seen:${index}`).int(2, 600) * MINUTE_MS);
  });
  return story;
}
