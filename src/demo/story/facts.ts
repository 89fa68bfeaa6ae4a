/**
 * What run-candidates knows of a candidate at the moment it decides, read from the story so far:
 * the channel's consent and last engagement, the shopper's conversations (outreach, re-engage
 * period) and orders, the cart's products. Only what happened before `at` counts.
 */
import { lineItemFacts, type CandidateFacts } from '../../workflows/index.ts';
import type { BrandStory, LineItem, StoryContact, StoryConversation } from './types.ts';

/** Subscribed at `at`: not opted out before the story, nor by a STOP before `at`. */
export const subscribed = (contact: StoryContact, at: Date): boolean =>
  !contact.optedOutBefore && !(contact.optedOutAt && contact.optedOutAt <= at);

export function candidateFacts(
  story: BrandStory,
  engagements: Date[],
  c: {
    kind: 'cart' | 'checkout' | 'order';
    event: number;
    contact: number;
    at: Date;
    items: LineItem[];
    total: string;
  },
): CandidateFacts {
  const { kind, at } = c;
  const contact = story.contacts[c.contact]!;
  const conversations = story.conversations.filter((x) => x.contact === c.contact && x.createdAt <= at);
  const sent = (x: StoryConversation) =>
    x.messages.some((m) => m.direction === 'outgoing' && m.sentAt !== null && m.sentAt <= at);
  const answered = (x: StoryConversation) => x.messages.some((m) => m.direction === 'incoming' && m.createdAt <= at);
  const engaged = engagements.filter((d) => d <= at);
  const { productIds, collectionIds } = lineItemFacts(c.items);
  const orders = story.orders.filter(
    (o) =>
      o.contact === c.contact &&
      o.createdAt <= at &&
      (o.state !== 'cancelled' || (o.cancelledAt !== null && o.cancelledAt > at)),
  );
  return {
    kind,
    eventId: c.event,
    contactId: c.contact,
    contactGroup: contact.group,
    channel: contact.phone
      ? {
          id: c.contact,
          username: contact.phone,
          status: subscribed(contact, at) ? 'subscribed' : 'unsubscribed',
          blocked: false,
          lastEngagedAt: engaged.length ? new Date(Math.max(...engaged.map((d) => d.getTime()))) : null,
        }
      : null,
    province: contact.province,
    rule: {
      cartTotal: kind === 'order' ? null : Number(c.total),
      orderTotal: kind === 'order' ? Number(c.total) : null,
      productIds,
      collectionIds,
      orderCount: kind === 'order' ? orders.length : undefined,
      tags: [],
      contactGroup: contact.group,
    },
    outreach: {
      replied: conversations.some(answered),
      conversationsWithSentOutgoing: conversations.filter((x) => sent(x) && !answered(x)).length,
    },
    lastConversationAt: conversations.length
      ? new Date(Math.max(...conversations.map((x) => x.createdAt.getTime())))
      : null,
  };
}
