/**
 * SQL behind reading conversations: the filtered list, one conversation with its messages, short
 * links and clicks, and its neighbours in list order. Rows come with the conversation's contact,
 * channel and workflow.
 */
import type { Handle } from '../../db/index.ts';
import type { ConversationSearch } from '../search.ts';

type Row = Record<string, unknown>;

export interface ConversationQuery {
  brandId: number;
  /** true: only hidden; false: only visible; undefined: both. */
  hidden?: boolean;
  search?: ConversationSearch;
  workflowId?: number;
  /** true: only conversations with an incoming message; false: only without. */
  hasResponse?: boolean;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export interface ConversationSummary {
  id: number;
  brand_id: number;
  workflow: { id: number; name: string } | null;
  contact: { id: number; given_name: string | null; family_name: string | null } | null;
  channel: { id: number; username: string; status: string; engagement_status: string } | null;
  is_hidden: boolean;
  message_count: number;
  has_response: boolean;
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
}

export interface ConversationMessageView {
  id: number;
  direction: string;
  status: string;
  body: string;
  is_marketing: boolean;
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

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value);
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function baseQuery(db: Handle, filter: ConversationQuery) {
  const query = db('conversations as c')
    .leftJoin('contacts as ct', 'ct.id', 'c.contact_id')
    .leftJoin('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .where('c.brand_id', filter.brandId);
  if (filter.hidden !== undefined) void query.where('c.is_hidden', filter.hidden);
  if (filter.workflowId !== undefined) void query.where('c.workflow_id', filter.workflowId);
  if (filter.from) void query.where('c.created_at', '>=', filter.from);
  if (filter.to) void query.where('c.created_at', '<', filter.to);
  if (filter.hasResponse !== undefined) {
    const incoming = db('conversation_messages as im')
      .whereRaw('im.conversation_id = c.id')
      .where('im.direction', 'incoming');
    void (filter.hasResponse ? query.whereExists(incoming) : query.whereNotExists(incoming));
  }
  const search = filter.search;
  if (search?.kind === 'phone') void query.where('ch.username', 'like', `%${escapeLike(search.digits)}%`);
  if (search?.kind === 'name') {
    const [first, ...rest] = search.words;
    if (rest.length > 0)
      void query
        .whereILike('ct.given_name', `${escapeLike(first!)}%`)
        .whereILike('ct.family_name', `${escapeLike(rest.join(' '))}%`);
    else
      void query.where(
        (w) =>
          void w
            .whereILike('ct.given_name', `%${escapeLike(first!)}%`)
            .orWhereILike('ct.family_name', `%${escapeLike(first!)}%`),
      );
  }
  return query;
}

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
  'c.created_at',
  'c.updated_at',
];

function withMessageFacts(db: Handle) {
  return [
    db.raw('(select count(*) from conversation_messages m where m.conversation_id = c.id) as message_count'),
    db.raw(
      `exists (select 1 from conversation_messages m where m.conversation_id = c.id and m.direction = 'incoming') as has_response`,
    ),
    db.raw(`(select json_build_object('direction', m.direction, 'status', m.status, 'body', m.body, 'at', coalesce(m.sent_at, m.scheduled_for, m.created_at))
               from conversation_messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) as last_message`),
  ];
}

/** One page of the brand's conversations, newest first (created_at, then id), and how many match. */
export async function listConversationSummaries(
  db: Handle,
  filter: ConversationQuery,
): Promise<{ conversations: ConversationSummary[]; total: number }> {
  const base = baseQuery(db, filter);
  const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
  const rows = await base
    .select([...SUMMARY_COLUMNS, ...withMessageFacts(db)])
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(filter.limit)
    .offset(filter.offset);
  return { conversations: rows.map(summary), total: Number(count) };
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
    .where('c.id', id)
    .first([
      ...SUMMARY_COLUMNS,
      'c.cart_id',
      'c.checkout_id',
      'c.order_id',
      'ch.last_engaged_at',
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
  };
}

/** The conversation's messages, oldest first. */
export async function messagesOfConversation(db: Handle, conversationId: number): Promise<ConversationMessageView[]> {
  const messages = await db('conversation_messages')
    .where({ conversation_id: conversationId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return messages.map((m: Row) => ({
    id: Number(m.id),
    direction: String(m.direction),
    status: String(m.status),
    body: String(m.body),
    is_marketing: Boolean(m.is_marketing),
    created_at: iso(m.created_at)!,
    scheduled_for: iso(m.scheduled_for),
    sent_at: iso(m.sent_at),
    status_reason: (m.status_reason as string | null) ?? null,
    skip_reason:
      typeof (m.extra_data as Row)?.skip_reason === 'string' ? ((m.extra_data as Row).skip_reason as string) : null,
    segments: num(m.segments),
    encoding: (m.encoding as string | null) ?? null,
    provider: (m.provider as string | null) ?? null,
  }));
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

/** Neighbours in list order within the brand: previous = newer, next = older (compared in SQL: timestamps keep microseconds). */
export async function neighbourIds(
  db: Handle,
  id: number,
  brandId: number,
): Promise<{ previous_id: number | null; next_id: number | null }> {
  const self = '(select created_at, id from conversations where id = ?)';
  const newer = await db('conversations')
    .where('brand_id', brandId)
    .whereRaw(`(created_at, id) > ${self}`, [id])
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .first('id');
  const older = await db('conversations')
    .where('brand_id', brandId)
    .whereRaw(`(created_at, id) < ${self}`, [id])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id');
  return { previous_id: num(newer?.id), next_id: num(older?.id) };
}
