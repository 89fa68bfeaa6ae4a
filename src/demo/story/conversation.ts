/**
 * One texted shopper: the workflow's first message as the send job handles it (the real quiet-hour
 * and state rules decide when it goes out, through messaging's decideSend), its delivery report,
 * and what the shopper does next: clicks, questions an agent answers, HELP, STOP, an order.
 *
 * Determinism: everything a shopper does follows the send time, which the quiet hours move by up
 * to 13 hours depending on the clock. Shoppers act only in conversations started more than a day
 * ago, and within bounds that keep every act in the past whatever the hold was, so the same rows
 * exist on every run (only the times move).
 */
import { matchKeyword } from '../../conversations/index.ts';
import { decideSend } from '../../messaging/index.ts';
import { FOLLOW_UPS, HELP_WORDS, OPT_OUT_WORDS, QUESTIONS, THANKS, USER_AGENTS, fill } from './catalog.ts';
import { DAY_MS, MINUTE_MS, plus, type Rng } from './random.ts';
import type { StoryContact, StoryConversation, StoryMessage, Topic } from './types.ts';

export interface StoryClock {
  now: Date;
  /** The last moment the worker ran: later work waits for `reclaim start`. */
  stopAt: Date;
}

export interface Sender {
  clock: StoryClock;
  brandTimeZone: string;
  /** The store's catalog (what shoppers ask about). */
  catalog: string;
  /** brands.extra_data.texas_compliance: Texas shoppers get marketing texts only with it. */
  texasCompliance: boolean;
  /** The brand's HELP answer and STOP confirmation. */
  helpReply: string;
  optOutReply: string;
  /** A provider message id, unique across the demo. */
  providerId(): string;
}

const TOPICS: readonly Topic[] = ['shipping', 'sizes', 'returns', 'price', 'payment', 'materials'];

const delivered = (at: Date, rng: Rng): Pick<StoryMessage, 'status' | 'statusReason' | 'extra'> => {
  const doneAt = plus(at, rng.int(3, 50) * 1000).toISOString();
  const draw = rng.next();
  if (draw < 0.04)
    return {
      status: 'undelivered',
      statusReason:
        'UNDELIVERABLE_NOT_DELIVERED: Message sent not delivered (EC_ABSENT_SUBSCRIBER: The handset is switched off or out of coverage)',
      extra: {
        delivery: {
          status: 'UNDELIVERABLE_NOT_DELIVERED',
          group: 'UNDELIVERABLE',
          error: 'EC_ABSENT_SUBSCRIBER',
          done_at: doneAt,
        },
      },
    };
  if (draw < 0.06)
    return {
      status: 'failed',
      statusReason:
        'REJECTED_DESTINATION: Message rejected by the destination network (EC_UNKNOWN_SUBSCRIBER: Unknown subscriber)',
      extra: {
        delivery: {
          status: 'REJECTED_DESTINATION',
          group: 'REJECTED',
          error: 'EC_UNKNOWN_SUBSCRIBER',
          done_at: doneAt,
        },
      },
    };
  // Some carriers never report: the message stays sent.
  if (draw < 0.09) return { status: 'sent', statusReason: null, extra: {} };
  return {
    status: 'delivered',
    statusReason: null,
    extra: { delivery: { status: 'DELIVERED_TO_HANDSET', group: 'DELIVERED', error: null, done_at: doneAt } },
  };
};

/** An outgoing message the provider took at `at` (a delivery report follows unless it is very recent). */
function sentMessage(
  sender: Sender,
  rng: Rng,
  at: Date,
  fields: Partial<StoryMessage> & { body: string },
): StoryMessage {
  const report =
    at.getTime() > sender.clock.stopAt.getTime() - 10 * MINUTE_MS
      ? { status: 'sent' as const, statusReason: null, extra: {} }
      : delivered(at, rng);
  return {
    direction: 'outgoing',
    createdAt: fields.createdAt ?? at,
    scheduledFor: fields.scheduledFor ?? at,
    sentAt: at,
    provider: 'infobip',
    providerMessageId: sender.providerId(),
    isMarketing: false,
    ...fields,
    status: report.status,
    statusReason: report.statusReason,
    extra: { send_attempts: 1, ...fields.extra, ...report.extra },
  };
}

const incoming = (
  sender: Sender,
  at: Date,
  body: string,
  extra: Record<string, unknown>,
  topic?: Topic,
): StoryMessage => ({
  direction: 'incoming',
  status: 'received',
  body,
  createdAt: at,
  scheduledFor: null,
  sentAt: at,
  statusReason: null,
  provider: 'infobip',
  providerMessageId: sender.providerId(),
  isMarketing: false,
  extra,
  ...(topic ? { topic } : {}),
});

export interface FirstMessageInput {
  body: string;
  at: Date;
  contact: StoryContact;
  /** When the cart or checkout was created (cart reminders end 48 h after it). */
  cartCreatedAt: Date | null;
  /** The shopper's marketing texts of the last 24 h (Florida, Oklahoma and Maryland cap them). */
  recentMarketing: Date[];
}

/** The workflow message: sent, held for the clock (and maybe still waiting), or not handled yet. */
export function firstMessage(sender: Sender, rng: Rng, input: FirstMessageInput): StoryMessage {
  const { at, contact } = input;
  const waiting: StoryMessage = {
    direction: 'outgoing',
    status: 'auto_queued',
    body: input.body,
    createdAt: at,
    scheduledFor: at,
    sentAt: null,
    statusReason: null,
    provider: null,
    providerMessageId: null,
    isMarketing: true,
    extra: { workflow_message: true },
  };
  if (at > sender.clock.stopAt) return waiting;
  const decision = decideSend({
    now: at,
    to: contact.phone!,
    channelTimezone: contact.timeZone,
    brandTimezone: sender.brandTimeZone,
    isMarketing: true,
    marketingSentLast24h: input.recentMarketing,
    cartCreatedAt: input.cartCreatedAt,
    texasCompliance: sender.texasCompliance,
    province: contact.province,
  });
  // The selection rules keep these out, so this is not expected; the send job would skip it so.
  if (decision.action === 'skip')
    return {
      ...waiting,
      status: 'agent_skipped',
      statusReason: `${decision.reason}: ${decision.detail}`,
      extra: { ...waiting.extra, skip_reason: decision.reason },
    };
  const hold =
    decision.action === 'hold'
      ? {
          hold: {
            reason: decision.reason,
            until: decision.until!.toISOString(),
            time_zone: decision.timeZone,
            time_zone_source: decision.timeZoneSource,
            state: decision.state ?? null,
          },
        }
      : {};
  const sendAt = decision.action === 'hold' ? decision.until! : at;
  if (sendAt > sender.clock.stopAt)
    return {
      ...waiting,
      scheduledFor: sendAt,
      statusReason: `${decision.reason}: ${decision.detail}`,
      extra: { ...waiting.extra, ...hold },
    };
  return sentMessage(sender, rng, plus(sendAt, rng.int(2, 40) * 1000), {
    body: input.body,
    createdAt: at,
    scheduledFor: at,
    isMarketing: true,
    extra: { workflow_message: true, ...hold },
  });
}

export interface Behaviour {
  click: number;
  question: number;
  stop: number;
  help: number;
  /** Chance of an order without any other sign, after a click, after a question. */
  convert: { base: number; clicked: number; asked: number };
  useCode: number;
}

export interface ShopperActs {
  /** When the shopper ordered (null: no order), and whether with the conversation's code. */
  orderAt: Date | null;
  usedCode: boolean;
}

/**
 * What the shopper does after the first message (appended to the conversation): only for a
 * delivered message of a conversation started more than a day ago; see the file comment.
 */
export function shopperActs(
  sender: Sender,
  rng: Rng,
  conversation: StoryConversation,
  contact: StoryContact & { city: string },
  behaviour: Behaviour,
  product: string,
): ShopperActs {
  const first = conversation.messages[0]!;
  const none = { orderAt: null, usedCode: false };
  const { now } = sender.clock;
  if ((first.status !== 'delivered' && first.status !== 'sent') || first.sentAt === null) return none;
  if (conversation.createdAt.getTime() > now.getTime() - DAY_MS) return none;
  const sentAt = first.sentAt;
  const longAgo = conversation.createdAt.getTime() <= now.getTime() - 4 * DAY_MS;
  const say = (message: StoryMessage): void => void conversation.messages.push(message);
  const values = { product, city: contact.city };

  const draw = rng.next();
  const kind =
    draw < behaviour.stop
      ? 'stop'
      : draw < behaviour.stop + behaviour.help
        ? 'help'
        : draw < behaviour.stop + behaviour.help + behaviour.question
          ? 'question'
          : 'none';
  let anchor = sentAt;

  if (kind === 'stop' || kind === 'help') {
    const words = kind === 'stop' ? OPT_OUT_WORDS : HELP_WORDS;
    const body = rng.pick(words);
    const keyword = matchKeyword(body);
    const at = plus(sentAt, rng.int(1, 120) * MINUTE_MS);
    const reply = kind === 'stop' ? sender.optOutReply : sender.helpReply;
    const action = keyword?.kind ?? 'reply';
    say(incoming(sender, at, body, { action, keyword: keyword?.keyword, reply_status: 'sent', reply_body: reply }));
    say(
      sentMessage(sender, rng, plus(at, rng.int(1, 4) * 1000), {
        body: reply,
        extra: { transactional: true, ...(kind === 'stop' ? { allow_unsubscribed: true } : {}) },
      }),
    );
    if (kind === 'stop') {
      contact.optedOutAt = at;
      return none;
    }
  }

  const clicked = rng.chance(behaviour.click);
  if (clicked && conversation.link) {
    const at = plus(sentAt, rng.int(2, 180) * MINUTE_MS);
    conversation.link.clicks.push({
      at,
      userAgent: rng.pick(USER_AGENTS),
      ipHash: rng.chars(64, '0123456789abcdef'),
    });
    if (at > anchor) anchor = at;
  }

  let asked = false;
  if (kind === 'question') {
    asked = true;
    const topic = rng.pick(TOPICS);
    const at = plus(sentAt, rng.int(3, 240) * MINUTE_MS);
    const [question, answer] = rng.pick(QUESTIONS[sender.catalog]![topic]);
    say(incoming(sender, at, fill(question, values), { action: 'reply' }, topic));
    engage(contact, at);
    conversation.hidden = false;
    const answeredAt = plus(at, rng.int(4, 40) * MINUTE_MS);
    say(
      sentMessage(sender, rng, answeredAt, {
        body: fill(answer, values),
        byAgent: true,
        topic,
        extra: { agent_reply: true },
      }),
    );
    anchor = answeredAt;
    if (rng.chance(0.5)) {
      const followAt = plus(answeredAt, rng.int(2, 30) * MINUTE_MS);
      say(incoming(sender, followAt, rng.pick(FOLLOW_UPS), { action: 'reply' }));
      engage(contact, followAt);
      anchor = followAt;
    }
  }

  const chance = asked ? behaviour.convert.asked : clicked ? behaviour.convert.clicked : behaviour.convert.base;
  if (!rng.chance(chance)) return none;
  const orderAt = plus(anchor, rng.int(15, longAgo ? 60 * 60 : 90) * MINUTE_MS);
  const usedCode = conversation.discount !== null && rng.chance(behaviour.useCode);
  if (!asked && rng.chance(0.3)) {
    const at = plus(orderAt, rng.int(1, 20) * MINUTE_MS);
    say(incoming(sender, at, rng.pick(THANKS), { action: 'reply' }));
    engage(contact, at);
    conversation.hidden = false;
  }
  return { orderAt, usedCode };
}

function engage(contact: StoryContact, at: Date): void {
  if (!contact.lastEngagedAt || contact.lastEngagedAt < at) contact.lastEngagedAt = at;
}
