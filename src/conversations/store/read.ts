/**
 * SQL behind reading conversations: the filtered list, one conversation with its messages, short
 * links and clicks, and its neighbours in list order. Rows come with the conversation's contact,
 * channel and workflow.
 */
import type { Handle } from '../../db/index.ts';
import {
  CHECKOUT_STATE_SQL,
  filteredConversations,
  HAS_RESPONSE_SQL,
  RECOVERED_COLUMN_SQL,
  UNREAD_SQL,
  type ConversationQuery,
} from './filters.ts';

export type { ConversationQuery } from './filters.ts';

type Row = Record<string, unknown>;

export interface ConversationSummary {
  id: number;
  brand_id: number;
  workflow: { id: number; name: string } | null;
  contact: { id: number; given_name: string | null; family_name: string | null } | null;
  channel: { id: number; username: string; status: string; engagement_status: string } | null;
  is_hidden: boolean;
  message_count: number;
  has_response: boolean;
  /** An incoming message newer than the last read. */
  is_unread: boolean;
  last_read_at: string | null;
  /** The checkout's state, else the cart's (null without either). */
  checkout_state: string | null;
  /** Linked to an order the live feed counts as recovered. */
  is_recovered: boolean;
  is_historical: boolean;
  last_message: { direction: string; status: string; body: string; at: string } | null;
  created_at: string;
  updated_at: string;
}

/** A summary with the conversation's subject and the channel's last engagement. */
export interface ConversationHead extends ConversationSummary {
  cart_id: number | null;
  checkout_id: number | null;
  order_id: number | null;
  channel_last_engaged_at: string | null;
  /** The channel's type and block flag (what decides whether a reply may be sent). */
  channel_type: string | null;
  channel_blocked: boolean;
  /** How the shopper consented to texts (the store's checkbox, a keyword, ...) and when. */
  consent_source: string | null;
  consented_at: string | null;
}

export interface ConversationMessageView {
  id: number;
  direction: string;
  status: string;
  body: string;
  is_marketing: boolean;
  /** The brand user who wrote it (agent replies), else null. */
  user_id: number | null;
  created_at: string;
  scheduled_for: string | null;
  sent_at: string | null;
  status_reason: string | null;
  skip_reason: string | null;
  segments: number | null;
  encoding: string | null;
  provider: string | null;
}

export interface ShortLinkWithClicks {
  code: string;
  target_url: string;
  created_at: string;
  clicks: Array<{ clicked_at: string; user_agent: string | null }>;
}

const iso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value);
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const summary = (row: Row): ConversationSummary => {
  const last = row.last_message as { direction: string; status: string; body: string; at: string } | null;
  return {
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    workflow: row.workflow_id === null ? null : { id: Number(row.workflow_id), name: String(row.workflow_name ?? '') },
    contact:
      row.contact_id === null
        ? null
        : {
            id: Number(row.contact_id),
            given_name: (row.given_name as string | null) ?? null,
            family_name: (row.family_name as string | null) ?? null,
          },
    channel:
      row.contact_channel_id === null || row.username === null
        ? null
        : {
            id: Number(row.contact_channel_id),
            username: String(row.username),
            status: String(row.channel_status),
            engagement_status: String(row.engagement_status),
          },
    is_hidden: Boolean(row.is_hidden),
    message_count: Number(row.message_count),
    has_response: Boolean(row.has_response),
    is_unread: Boolean(row.is_unread),
    last_read_at: iso(row.last_read_at),
    checkout_state: row.checkout_state ? String(row.checkout_state) : null,
    is_recovered: Boolean(row.is_recovered),
    is_historical: Boolean(row.is_historical),
    last_message: last ? { ...last, at: new Date(last.at).toISOString() } : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
};

const SUMMARY_COLUMNS = [
  'c.id',
  'c.brand_id',
  'c.workflow_id',
  'w.name as workflow_name',
  'c.contact_id',
  'ct.given_name',
  'ct.family_name',
  'c.contact_channel_id',
  'ch.username',
  'ch.status as channel_status',
  'ch.engagement_status',
  'c.is_hidden',
  'c.last_read_at',
  'c.created_at',
  'c.updated_at',
];

function withMessageFacts(db: Handle) {
  return [
    db.raw('(select count(*) from conversation_messages m where m.conversation_id = c.id) as message_count'),
    db.raw(`${HAS_RESPONSE_SQL} as has_response`),
    db.raw(`${UNREAD_SQL} as is_unread`),
    db.raw(`${RECOVERED_COLUMN_SQL} as is_recovered`),
    db.raw(`nullif(${CHECKOUT_STATE_SQL}, '') as checkout_state`),
    db.raw('coalesce(co.is_historical, false) as is_historical'),
    db.raw(`(select json_build_object('direction', m.direction, 'status', m.status, 'body', m.body, 'at', coalesce(m.sent_at, m.scheduled_for, m.created_at))
               from conversation_messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) as last_message`),
  ];
}

/** One page of the brand's conversations, newest first (created_at, then id), and how many match. */
export async function listConversationSummaries(
  db: Handle,
  filter: ConversationQuery & { limit: number; offset: number },
): Promise<{ items: ConversationSummary[]; total: number }> {
  const base = filteredConversations(db, filter);
  const [{ count }] = await filteredConversations(db, filter, { join: [] }).count<{ count: string }[]>({ count: '*' });
  const rows = await base
    .select([...SUMMARY_COLUMNS, ...withMessageFacts(db)])
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(summary), total: Number(count) };
}

/** One conversation (of the brand, when given); undefined when there is none. */
export async function findConversationHead(
  db: Handle,
  { id, brandId }: { id: number; brandId?: number },
): Promise<ConversationHead | undefined> {
  const query = db('conversations as c')
    .leftJoin('contacts as ct', 'ct.id', 'c.contact_id')
    .leftJoin('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .leftJoin('checkouts as co', 'co.id', 'c.checkout_id')
    .leftJoin('carts as ca', 'ca.id', 'c.cart_id')
    .where('c.id', id)
    .first([
      ...SUMMARY_COLUMNS,
      'c.cart_id',
      'c.checkout_id',
      'c.order_id',
      'ch.last_engaged_at',
      'ch.type as channel_type',
      'ch.consent_source',
      'ch.consented_at',
      db.raw(`coalesce(ch.extra_data -> 'blocked' = 'true'::jsonb, false) as channel_blocked`),
      ...withMessageFacts(db),
    ]);
  if (brandId !== undefined) void query.where('c.brand_id', brandId);
  const row = (await query) as Row | undefined;
  if (!row) return undefined;
  return {
    ...summary(row),
    cart_id: num(row.cart_id),
    checkout_id: num(row.checkout_id),
    order_id: num(row.order_id),
    channel_last_engaged_at: iso(row.last_engaged_at),
    channel_type: (row.channel_type as string | null) ?? null,
    channel_blocked: Boolean(row.channel_blocked),
    consent_source: (row.consent_source as string | null) ?? null,
    consented_at: iso(row.consented_at),
  };
}

const messageView = (m: Row): ConversationMessageView => ({
  id: Number(m.id),
  direction: String(m.direction),
  status: String(m.status),
  body: String(m.body),
  is_marketing: Boolean(m.is_marketing),
  user_id: num(m.user_id),
  created_at: iso(m.created_at)!,
  scheduled_for: iso(m.scheduled_for),
  sent_at: iso(m.sent_at),
  status_reason: (m.status_reason as string | null) ?? null,
  skip_reason:
    typeof (m.extra_data as Row)?.skip_reason === 'string' ? ((m.extra_data as Row).skip_reason as string) : null,
  segments: num(m.segments),
  encoding: (m.encoding as string | null) ?? null,
  provider: (m.provider as string | null) ?? null,
});

/** The conversation's messages, oldest first. */
export async function messagesOfConversation(db: Handle, conversationId: number): Promise<ConversationMessageView[]> {
  const messages = await db('conversation_messages')
    .where({ conversation_id: conversationId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return messages.map(messageView);
}

/** One message of the brand; undefined when there is none. */
export async function findMessage(
  db: Handle,
  { brandId, id }: { brandId: number; id: number },
): Promise<(ConversationMessageView & { conversation_id: number }) | undefined> {
  const row = (await db('conversation_messages').where({ id, brand_id: brandId }).first()) as Row | undefined;
  return row ? { ...messageView(row), conversation_id: Number(row.conversation_id) } : undefined;
}

/** The conversation's short links in creation order, each with its clicks (oldest first). */
export async function shortLinksOfConversation(db: Handle, conversationId: number): Promise<ShortLinkWithClicks[]> {
  const links = await db('short_links').where({ conversation_id: conversationId }).orderBy('id');
  const clicks =
    links.length === 0
      ? []
      : await db('link_clicks')
          .whereIn(
            'short_link_id',
            links.map((l: Row) => l.id as number),
          )
          .orderBy([{ column: 'clicked_at' }, { column: 'id' }]);
  return links.map((l: Row) => ({
    code: String(l.code),
    target_url: String(l.target_url),
    created_at: iso(l.created_at)!,
    clicks: clicks
      .filter((c: Row) => String(c.short_link_id) === String(l.id))
      .map((c: Row) => ({
        clicked_at: iso(c.clicked_at)!,
        user_agent: (c.user_agent as string | null) ?? null,
      })),
  }));
}

/**
 * Neighbours in list order among the conversations matching `filter` (the inbox's current view):
 * previous = newer, next = older (compared in SQL: timestamps keep microseconds).
 */
export async function neighbourIds(
  db: Handle,
  id: number,
  filter: ConversationQuery,
): Promise<{ previous_id: number | null; next_id: number | null }> {
  const self = '(select created_at, id from conversations where id = ?)';
  const newer = await filteredConversations(db, { ...filter, id: undefined }, { join: [] })
    .whereRaw(`(c.created_at, c.id) > ${self}`, [id])
    .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }])
    .first('c.id');
  const older = await filteredConversations(db, { ...filter, id: undefined }, { join: [] })
    .whereRaw(`(c.created_at, c.id) < ${self}`, [id])
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .first('c.id');
  return { previous_id: num(newer?.id), next_id: num(older?.id) };
}
