/**
 * Reading conversations (spec 3 section 7, "Data access"; section 5, "Conversation search"):
 * a filtered list (default limit 100) and one conversation with its messages, feedback, quality
 * reviews, files, discount codes, short links and clicks, and the previous and next conversation ids.
 *
 * Order: newest first (created_at, then id). "previous" is the conversation listed just above
 * (newer), "next" the one just below (older), among the brand's conversations that the same
 * filters select (all of them without filters).
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import { maskUsername } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { codesOfConversation } from '../discounts/index.ts';
import { flagSchema, idSchema, instantSchema, listOf, pageSchema, parseServiceInput, type Page } from './input.ts';
import { replyAvailability } from './reply.ts';
import { parseConversationSearch } from './search.ts';
import {
  filesOfConversation,
  qualityOfConversation,
  type ConversationFileView,
  type QualityView,
} from './store/annotations.ts';
import { feedbackOfConversation, type FeedbackView } from './store/feedback.ts';
import { RECOVERED_STATE, type ConversationQuery } from './store/filters.ts';
import {
  findConversationHead,
  listConversationSummaries,
  messagesOfConversation,
  neighbourIds,
  shortLinksOfConversation,
  type ConversationHead,
  type ConversationMessageView,
  type ConversationSummary,
} from './store/read.ts';

export type { ConversationMessageView, ConversationSummary } from './store/read.ts';

export const DEFAULT_CONVERSATION_LIMIT = 100;
export const MAX_CONVERSATION_LIMIT = 500;
/** The checkout states the list filters on: a checkout's (or cart's) own states, and 'recovered'. */
export const CONVERSATION_CHECKOUT_STATES = [
  'pending',
  'abandoned',
  'no_identity',
  'complete',
  'empty',
  RECOVERED_STATE,
] as const;

const checkoutStates = listOf(z.enum(CONVERSATION_CHECKOUT_STATES));

/** The inbox filters (spec 3 section 7, "Data access"), all optional but the brand. */
export const conversationFiltersSchema = z.object({
  brandId: idSchema,
  /** One conversation id. */
  id: idSchema.optional(),
  /** Any of these states; 'recovered' is a conversation linked to an order the live feed counts as recovered. */
  checkoutState: checkoutStates.optional(),
  /** None of these states ('recovered' as above). */
  excludeCheckoutState: checkoutStates.optional(),
  /** About a backfilled (historical) checkout, or not. */
  isHistorical: flagSchema.optional(),
  /** A workflow id. */
  workflow: idSchema.optional(),
  /** The shopper wrote back (an incoming message), or not. */
  hasResponse: flagSchema.optional(),
  /** An incoming message newer than the conversation's last read, or not. */
  isUnread: flagSchema.optional(),
  /** Digits search phone numbers partially; words search given and family names ("first last"). */
  q: z.string().max(200).optional(),
  /** Created at or after (ISO 8601). */
  from: instantSchema.optional(),
  /** Created before (ISO 8601). */
  to: instantSchema.optional(),
  isHidden: flagSchema.optional(),
});

export const listConversationsSchema = conversationFiltersSchema.extend(
  pageSchema(DEFAULT_CONVERSATION_LIMIT, MAX_CONVERSATION_LIMIT),
);
export type ListConversationsInput = z.input<typeof listConversationsSchema>;

/** One conversation; the filters (optional) are the inbox view its previous and next are taken from. */
export const getConversationSchema = conversationFiltersSchema.extend({
  id: idSchema,
  /** Base of short link urls (`{publicUrl}/r/{code}`). */
  publicUrl: z.string().max(2000).optional(),
});
export type GetConversationInput = z.input<typeof getConversationSchema>;

export interface ConversationDetail extends ConversationHead {
  messages: ConversationMessageView[];
  feedback: FeedbackView[];
  quality: QualityView[];
  files: ConversationFileView[];
  discount_codes: Array<{
    code: string;
    status: string;
    starts_at: string | null;
    ends_at: string | null;
    usage_limit: number;
  }>;
  short_links: Array<{
    code: string;
    url: string;
    target_url: string;
    created_at: string;
    click_count: number;
    clicks: Array<{ clicked_at: string; user_agent: string | null }>;
  }>;
  previous_id: number | null;
  next_id: number | null;
  /** The shopper's consent on the conversation's channel: subscribed, unsubscribed or blocked, how and when. */
  consent: { status: string; source: string | null; consented_at: string | null } | null;
  /** Whether an agent may reply, and why not (the words the reply route refuses with). */
  reply: ReturnType<typeof replyAvailability>;
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());
const nonEmpty = <T>(values: T[] | undefined): T[] | undefined => (values && values.length > 0 ? values : undefined);

/** The store query of parsed filters ('Value must be a numeric string' for a bad phone search). */
function queryOf(filters: z.output<typeof conversationFiltersSchema>): ConversationQuery {
  return {
    brandId: filters.brandId,
    id: filters.id,
    checkoutStates: nonEmpty(filters.checkoutState),
    excludeCheckoutStates: nonEmpty(filters.excludeCheckoutState),
    isHistorical: filters.isHistorical,
    workflowId: filters.workflow,
    hasResponse: filters.hasResponse,
    isUnread: filters.isUnread,
    isHidden: filters.isHidden,
    search: parseConversationSearch(filters.q),
    from: filters.from,
    to: filters.to,
  };
}

/**
 * The brand's conversations, newest first, with every filter of spec 3 section 7 and the total
 * that match. `maskPhones` shows shoppers' numbers as +1415***0123 (lists in the brand API).
 */
export async function listConversations(
  db: Handle,
  input: ListConversationsInput,
  { maskPhones = false }: { maskPhones?: boolean } = {},
): Promise<Page<ConversationSummary>> {
  const parsed = parseServiceInput(listConversationsSchema, input);
  const page = await listConversationSummaries(db, { ...queryOf(parsed), limit: parsed.limit, offset: parsed.offset });
  const items = maskPhones
    ? page.items.map((c) =>
        c.channel ? { ...c, channel: { ...c.channel, username: maskUsername(c.channel.username) } } : c,
      )
    : page.items;
  return { items, total: page.total, offset: parsed.offset, limit: parsed.limit };
}

/**
 * One conversation of the brand ('Conversation not found' when it is unknown or another brand's),
 * with its messages, codes, links and clicks, and its previous and next among the conversations
 * the filters select. Short link urls are `{publicUrl}/r/{code}`.
 */
export async function getConversation(db: Handle, input: GetConversationInput): Promise<ConversationDetail> {
  const parsed = parseServiceInput(getConversationSchema, input);
  const { id, brandId } = parsed;
  const head = await findConversationHead(db, { id, brandId });
  if (!head) throw new AppError('not_found', 'Conversation not found');
  const messages = await messagesOfConversation(db, id);
  const codes = await codesOfConversation(db, id);
  const links = await shortLinksOfConversation(db, id);
  const base = (parsed.publicUrl ?? '').replace(/\/+$/, '');

  return {
    ...head,
    messages,
    feedback: await feedbackOfConversation(db, id),
    quality: await qualityOfConversation(db, id),
    files: await filesOfConversation(db, id),
    discount_codes: codes.map((d) => ({
      code: d.code,
      status: d.status,
      starts_at: iso(d.starts_at),
      ends_at: iso(d.ends_at),
      usage_limit: Number(d.usage_limit),
    })),
    short_links: links.map((l) => ({
      code: l.code,
      url: `${base}/r/${l.code}`,
      target_url: l.target_url,
      created_at: l.created_at,
      click_count: l.clicks.length,
      clicks: l.clicks,
    })),
    ...(await neighbourIds(db, id, queryOf({ ...parsed, id: undefined }))),
    consent: head.channel
      ? {
          status: head.channel_blocked ? 'blocked' : head.channel.status,
          source: head.consent_source,
          consented_at: head.consented_at,
        }
      : null,
    reply: replyAvailability({
      channel_id: head.channel?.id ?? null,
      channel_type: head.channel_type,
      username: head.channel?.username ?? null,
      channel_status: head.channel?.status ?? null,
      blocked: head.channel_blocked,
    }),
  };
}

/** The brand of a conversation (operators' CLI, which may name a conversation without its brand). */
export async function brandOfConversation(db: Handle, id: number): Promise<number> {
  const head = await findConversationHead(db, { id: parseServiceInput(idSchema, id) });
  if (!head) throw new AppError('not_found', 'Conversation not found');
  return head.brand_id;
}
