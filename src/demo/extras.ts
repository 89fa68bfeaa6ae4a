/**
 * What people did around the demo's conversations, as rows: notifications (global, tenant- and
 * user-addressed, some read), agents' feedback on answers, escalated questions and knowledge-base
 * cards. The insights are not written here: the insights batch reads the shoppers' texts (seed.ts).
 */
import { causeKeys, engagedConversationText } from '../notifications/index.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './story/random.ts';
import type { BrandStory, StoryMessage } from './story/index.ts';
import type { DemoRow } from './store/rows.ts';
import type { TalkIds } from './store/talk.ts';
import { DEMO_KB as KB } from './kb.ts';

export interface ExtrasInput {
  key: string;
  brandId: number;
  tenantId: number;
  /** The brand's member (feedback, KB authors, their notifications), when it has one. */
  userId: number | null;
  recoveryWorkflowId: number;
  /** The brand's plan and when it renews, when it has a subscription. */
  planName: string | null;
  renewsAt: Date | null;
  /** The brand's time zone: dates in notification texts are its days. */
  timezone: string;
  story: BrandStory;
  talk: TalkIds;
  now: Date;
}

export interface ExtraRows {
  notifications: (DemoRow & { readBy?: number })[];
  feedback: DemoRow[];
  escalations: DemoRow[];
  kbCards: DemoRow[];
}

interface Located {
  conversation: number;
  conversationId: number;
  messageId: number;
  message: StoryMessage;
}

/** Messages of the story with their ids, newest first. */
function messagesWhere(input: ExtrasInput, test: (m: StoryMessage) => boolean): Located[] {
  const out: Located[] = [];
  input.story.conversations.forEach((c, i) =>
    c.messages.forEach((message, k) => {
      if (test(message))
        out.push({
          conversation: i,
          conversationId: input.talk.conversations[i]!,
          messageId: input.talk.messages[i]![k]!,
          message,
        });
    }),
  );
  return out.sort((a, b) => +b.message.createdAt - +a.message.createdAt);
}

const before = (now: Date, ms: number): Date => new Date(now.getTime() - ms);
const notLater = (at: Date, now: Date): Date => (at > now ? now : at);

const FEEDBACK: readonly [number, string | null][] = [
  [5, 'Clear and friendly'],
  [4, 'Good; could link the size guide'],
  [2, 'Missed that the code does not stack with the sale'],
  [5, null],
  [3, 'A bit long for a text'],
  [5, 'Answered within minutes'],
];

const ESCALATIONS = [
  {
    question: 'can i change the shipping address after i order??',
    processed_question: 'Can the shipping address be changed after the order is placed?',
    processed_response: 'Yes, until the order ships: reply with the new address or email the support team.',
    is_added_kb: true,
  },
  {
    question: 'do you price match? found the boots cheaper elsewhere',
    processed_question: 'Does the store match competitors’ prices?',
    processed_response: 'Price matching is under review; an agent follows up by e-mail.',
    is_added_kb: false,
  },
  {
    question: 'Can I pick it up at the Portland store instead',
    processed_question: 'Is in-store pickup available in Portland?',
    processed_response: null,
    is_added_kb: false,
  },
] as const;

export function extraRows(input: ExtrasInput): ExtraRows {
  const { now, brandId, userId } = input;
  const answers = messagesWhere(input, (m) => m.byAgent === true);
  const questions = messagesWhere(input, (m) => m.direction === 'incoming' && m.topic !== undefined);
  const replies = messagesWhere(input, (m) => m.direction === 'incoming' && m.extra.action === 'reply');
  const engaged = replies.filter((r, i) => replies.findIndex((o) => o.conversationId === r.conversationId) === i);

  const notifications: ExtraRows['notifications'] = [];
  if (userId !== null) {
    engaged.slice(0, 3).forEach((r, i) =>
      notifications.push({
        type: 'system',
        // The words the product's own notification uses; the conversation is the link (extra_data).
        ...engagedConversationText({ reply: r.message.body }),
        user_id: userId,
        brand_id: brandId,
        extra_data: { conversation_id: r.conversationId },
        dedupe_key: causeKeys.engagedConversation(r.conversationId),
        created_at: notLater(new Date(r.message.createdAt.getTime() + MINUTE_MS), now),
        ...(i === 2 ? { readBy: userId } : {}),
      }),
    );
    notifications.push({
      type: 'security',
      title: 'New sign-in to your account',
      body: 'Your account signed in from a new device. If this was not you, reset your password.',
      user_id: userId,
      created_at: before(now, 2 * DAY_MS + 3 * HOUR_MS),
      readBy: userId,
    });
  }
  notifications.push(
    input.planName && input.renewsAt
      ? {
          type: 'reminder',
          title: `Your ${input.planName} plan renews on ${new Intl.DateTimeFormat('en-US', {
            timeZone: input.timezone,
            month: 'long',
            day: 'numeric',
          }).format(input.renewsAt)}`,
          body: 'Usage charges for recovered orders are invoiced with the renewal.',
          extra_data: { renews_at: input.renewsAt.toISOString() },
          tenant_id: input.tenantId,
          brand_id: brandId,
          created_at: before(now, 20 * HOUR_MS),
        }
      : {
          type: 'reminder',
          title: 'Choose a plan to keep recovering carts',
          body: 'Recovered orders are waiting to be billed: subscribe to a plan to keep your workflows running.',
          tenant_id: input.tenantId,
          brand_id: brandId,
          created_at: before(now, 20 * HOUR_MS),
        },
  );

  const feedback = answers.slice(0, FEEDBACK.length).map((a, i) => ({
    brand_id: brandId,
    conversation_id: a.conversationId,
    message_id: a.messageId,
    rating: FEEDBACK[i]![0],
    comment: FEEDBACK[i]![1],
    created_at: notLater(new Date(a.message.createdAt.getTime() + 26 * HOUR_MS), now),
    updated_at: notLater(new Date(a.message.createdAt.getTime() + 26 * HOUR_MS), now),
  }));

  const escalations =
    input.key === 'nw'
      ? questions.slice(0, ESCALATIONS.length).map((q, i) => ({
          brand_id: brandId,
          conversation_id: q.conversationId,
          ...ESCALATIONS[i]!,
          created_at: notLater(new Date(q.message.createdAt.getTime() + 5 * MINUTE_MS), now),
        }))
      : [];

  const kbCards = (KB[input.key] ?? []).map(([title, content, status, source, weight, ofFlow], i) => ({
    brand_id: brandId,
    author_id: source === 'manual' || source === 'escalation' ? userId : null,
    title,
    content,
    status,
    source,
    weight,
    flow_id: ofFlow ? input.recoveryWorkflowId : null,
    created_at: before(now, (40 - i * 3) * DAY_MS),
    updated_at: before(now, (12 - i) * DAY_MS),
  }));

  return { notifications, feedback, escalations, kbCards };
}

/** Notifications for everyone (no user, no tenant) and for the staff. */
export function globalNotifications(
  now: Date,
  staffId: number,
  partnered: { brand: string; partner: string }[],
): (DemoRow & { readBy?: number })[] {
  return [
    {
      type: 'announcement',
      title: 'Conversation search is here',
      body: 'Search the inbox by a shopper’s phone digits or name, and filter by recovered checkouts.',
      created_at: before(now, 9 * DAY_MS),
    },
    {
      type: 'system',
      title: 'Delivery delays on one carrier are resolved',
      body: 'Texts to one mobile carrier were delayed by up to 20 minutes; every queued text has been delivered.',
      created_at: before(now, 17 * DAY_MS),
      readBy: staffId,
    },
    ...partnered.map(({ brand, partner }) => ({
      type: 'system',
      title: `${brand} is managed by ${partner}`,
      body: 'The partner’s members can see the brand’s conversations and stats.',
      user_id: staffId,
      created_at: before(now, 34 * DAY_MS),
    })),
  ];
}
