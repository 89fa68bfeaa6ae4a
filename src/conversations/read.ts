/**
 * Reading conversations (spec 3 section 7, "Data access"; section 5, "Conversation search"):
 * a filtered list (default limit 100) and one conversation with its messages, discount codes,
 * short links and clicks, and the previous and next conversation ids.
 *
 * Order: newest first (created_at, then id). "previous" is the conversation listed just above
 * (newer), "next" the one just below (older), among all conversations of the same brand.
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { codesOfConversation } from '../discounts/index.ts';
import { parseConversationSearch } from './search.ts';
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

export interface ConversationFilter {
  brandId: number;
  /** true: only hidden; false: only visible; undefined: both. */
  hidden?: boolean;
  q?: string;
  workflowId?: number;
  /** true: only conversations with an incoming message; false: only without. */
  hasResponse?: boolean;
  from?: Date;
  to?: Date;
  limit?: number;
  offset?: number;
}

export interface ConversationDetail extends ConversationHead {
  messages: ConversationMessageView[];
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
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** The brand's conversations, newest first, with the filters of spec 3 section 7 that are cheap here. */
export async function listConversations(
  db: Handle,
  filter: ConversationFilter,
): Promise<{ conversations: ConversationSummary[]; total: number; limit: number; offset: number }> {
  const limit = filter.limit ?? DEFAULT_CONVERSATION_LIMIT;
  const offset = filter.offset ?? 0;
  const { q, ...rest } = filter;
  const page = await listConversationSummaries(db, { ...rest, search: parseConversationSearch(q), limit, offset });
  return { conversations: page.conversations, total: page.total, limit, offset };
}

/**
 * One conversation ('Conversation not found' when it is unknown, or not the given brand's).
 * Short link urls are `{publicUrl}/r/{code}`.
 */
export async function getConversation(
  db: Handle,
  { id, brandId, publicUrl = '' }: { id: number; brandId?: number; publicUrl?: string },
): Promise<ConversationDetail> {
  const head = await findConversationHead(db, { id, brandId });
  if (!head) throw new AppError('not_found', 'Conversation not found');
  const messages = await messagesOfConversation(db, id);
  const codes = await codesOfConversation(db, id);
  const links = await shortLinksOfConversation(db, id);
  const base = publicUrl.replace(/\/+$/, '');

  return {
    ...head,
    messages,
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
    ...(await neighbourIds(db, id, head.brand_id)),
  };
}
