/**
 * SQL of the shopper agent: its settings per brand, what a decision reads (the text, its
 * conversation, cart and workflow, the people who replied, the discount it may offer) and the
 * retrieval over the brand's published knowledge-base cards (PostgreSQL full-text search on the
 * cards' stored search_vector, English stems, and its GIN index). The decisions themselves are in
 * store-decisions.ts.
 */
import { preparedRaw, type Handle } from '../db/index.ts';
import type { AgentMode } from './rules.ts';

export interface SettingsRow {
  brand_id: number;
  mode: AgentMode;
  disclosure: string | null;
  holding_reply: string | null;
  max_replies_per_day: number;
  human_pause_hours: number;
  updated_at: Date | null;
}

export async function readSettings(db: Handle, brandId: number): Promise<SettingsRow | undefined> {
  const row = await db('agent_settings').where({ brand_id: brandId }).first();
  return row ? { ...row, brand_id: Number(row.brand_id) } : undefined;
}

export async function writeSettings(
  db: Handle,
  brandId: number,
  patch: Partial<Omit<SettingsRow, 'brand_id' | 'updated_at'>>,
): Promise<SettingsRow> {
  const [row] = await db('agent_settings')
    .insert({ brand_id: brandId, ...patch, updated_at: db.fn.now() })
    .onConflict('brand_id')
    .merge({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return { ...row, brand_id: Number(row.brand_id) };
}

export async function brandExists(db: Handle, brandId: number): Promise<boolean> {
  return Boolean(await db('brands').where({ id: brandId }).first('id'));
}

/**
 * A shopper text and everything its decision reads, in one round trip: the text, its conversation's
 * cart and workflow, the last text sent before it, the brand's agent settings, whether it already has
 * a decision, whether a person at the brand is handling the conversation (a brand user's reply within
 * the settings' pause before `at`, later than the last hand-back), and the agent's replies there.
 */
export interface TextToDecide {
  id: number;
  brand_id: number;
  conversation_id: number;
  body: string;
  created_at: Date;
  action: string;
  agents_response: unknown;
  cart_products: string[];
  cart_ordered: boolean;
  cart_text: string;
  last_outgoing: string | null;
  /** The brand's stored settings (undefined: none stored, the defaults apply). */
  settings: SettingsRow | undefined;
  decided: boolean;
  person_replied: boolean;
  replies_today: number;
  replies_ever: number;
  /** The text's words with their stems, as questionWords reads them. */
  words: { word: string; lexeme: string | null }[];
  /** The conversation's open escalation (openEscalation), if any. */
  open_escalation: number | null;
}

/** A PostgreSQL array literal of ids (numbers only), bound as one value. */
export const idArray = (ids: number[]): string => `{${ids.map((id) => String(Math.trunc(id))).join(',')}}`;

/** findText for several texts in one round trip (the texts found, in id order). */
export async function findTexts(db: Handle, messageIds: number[], at = new Date()): Promise<TextToDecide[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await preparedRaw<Record<string, unknown>>(
    db,
    `select m.id, m.brand_id, m.conversation_id, m.body, m.created_at,
            coalesce(m.extra_data ->> 'action', 'reply') as action,
            w.action -> 'agents_response' as agents_response,
            coalesce((select jsonb_agg(distinct t) from jsonb_path_query(ca.data, 'strict $.**.title') t
                       where jsonb_typeof(t) = 'string'), '[]'::jsonb) as cart_products,
            (c.order_id is not null or ca.state = 'complete') as cart_ordered,
            coalesce(ca.data::text, '') as cart_text,
            (select o.body from conversation_messages o
              where o.conversation_id = m.conversation_id and o.direction = 'outgoing' and o.id < m.id
              order by o.id desc limit 1) as last_outgoing,
            to_jsonb(s) as settings,
            exists (select 1 from agent_decisions d where d.message_id = m.id) as decided,
            exists (select 1 from conversation_messages p
                      left join agent_conversations a on a.conversation_id = p.conversation_id
                     where p.conversation_id = m.conversation_id and p.direction = 'outgoing'
                       and p.user_id is not null
                       and p.created_at > ?::timestamptz - make_interval(hours => coalesce(s.human_pause_hours, 24))
                       and p.created_at <= ?::timestamptz
                       and (a.handed_back_at is null or p.created_at > a.handed_back_at)) as person_replied,
            (select count(*) filter (where r.created_at > ?::timestamptz - interval '24 hours')
               from agent_decisions r
              where r.conversation_id = m.conversation_id and r.reply_message_id is not null) as replies_today,
            (select count(*) from agent_decisions r
              where r.conversation_id = m.conversation_id and r.reply_message_id is not null) as replies_ever,
            (select coalesce(json_agg(json_build_array(d.token, d.lexemes[1]) order by d.n), '[]'::json)
               from ts_debug('english', m.body) with ordinality
                    as d(alias, description, token, dictionaries, dictionary, lexemes, n)
              where d.alias not in ('blank')) as words,
            (select e.id from conversation_escalations e
              where e.conversation_id = m.conversation_id and e.processed_response is null
              order by e.id desc limit 1) as open_escalation
       from conversation_messages m
       join conversations c on c.id = m.conversation_id
       left join workflows w on w.id = c.workflow_id
       left join carts ca on ca.id = c.cart_id
       left join agent_settings s on s.brand_id = m.brand_id
      where m.id = any(?::bigint[]) and m.direction = 'incoming'
      order by m.id`,
    [at, at, at, idArray(messageIds)],
  );
  return rows.map((row) => {
    const settings = row.settings as SettingsRow | null;
    return {
      ...(row as unknown as TextToDecide),
      id: Number(row.id),
      brand_id: Number(row.brand_id),
      conversation_id: Number(row.conversation_id),
      cart_products: (row.cart_products as unknown[]).map(String),
      cart_ordered: Boolean(row.cart_ordered),
      settings: settings ? { ...settings, brand_id: Number(settings.brand_id) } : undefined,
      decided: Boolean(row.decided),
      person_replied: Boolean(row.person_replied),
      replies_today: Number(row.replies_today),
      replies_ever: Number(row.replies_ever),
      words: (row.words as [string, string | null][]).map(([token, lexeme]) => ({
        word: token.toLowerCase(),
        lexeme: lexeme ?? null,
      })),
      open_escalation: row.open_escalation === null ? null : Number(row.open_escalation),
    };
  });
}

/**
 * Whether a person at the brand is handling the conversation: a brand user's reply within the last
 * `hours` before `at`, later than the last hand-back.
 */
export async function personReplied(
  db: Handle,
  { conversationId, at, hours }: { conversationId: number; at: Date; hours: number },
): Promise<boolean> {
  const row = await db('conversation_messages as m')
    .leftJoin('agent_conversations as a', 'a.conversation_id', 'm.conversation_id')
    .where('m.conversation_id', conversationId)
    .where('m.direction', 'outgoing')
    .whereNotNull('m.user_id')
    .where('m.created_at', '>', new Date(at.getTime() - hours * 3_600_000))
    .where('m.created_at', '<=', at)
    .where((q) => void q.whereNull('a.handed_back_at').orWhereRaw('m.created_at > a.handed_back_at'))
    .first('m.id');
  return Boolean(row);
}

/** The question's words as written (lower case) with their English stems; stop words have none. */
export async function questionWords(db: Handle, text: string): Promise<{ word: string; lexeme: string | null }[]> {
  const { rows } = await db.raw<{ rows: { token: string; lexemes: string[] | null }[] }>(
    `select token, lexemes from ts_debug('english', ?) where alias not in ('blank')`,
    [text],
  );
  return rows.map((r) => ({ word: r.token.toLowerCase(), lexeme: r.lexemes?.[0] ?? null }));
}

export interface CardMatch {
  id: number;
  title: string;
  content: string;
  lexemes: string[];
  title_lexemes: string[];
  weight: number;
  rank: number;
  /** Answers from the card on the question's topic marked wrong. */
  marks: number;
}

export type CardQuery = { brandId: number; lexemes: string[]; prefixes?: string[]; limit: number; topic?: string };

/** The to_tsquery('simple') text of a card query; '' when it has no word. */
function tsQuery({ lexemes, prefixes = [] }: Pick<CardQuery, 'lexemes' | 'prefixes'>): string {
  const clean = (l: string): string => l.replace(/[^\p{L}\p{N}]/gu, '');
  const words = [...new Set(lexemes.map(clean).filter(Boolean))];
  const starts = [...new Set(prefixes.map(clean).filter(Boolean))];
  return [...words.map((w) => `'${w}'`), ...starts.map((p) => `'${p}':*`)].join(' | ');
}

/**
 * The brand's published cards sharing any of the lexemes (or a word starting with one of the
 * prefixes: a misspelled word still finds its card), best ts_rank first (then weight, newest),
 * each with its answers on the topic marked wrong.
 */
export async function matchingCards(db: Handle, query: CardQuery): Promise<CardMatch[]> {
  return (await matchingCardsOf(db, [query]))[0]!;
}

/** matchingCards for several questions in one statement, in the order given. */
export async function matchingCardsOf(db: Handle, queries: CardQuery[]): Promise<CardMatch[][]> {
  const out = queries.map((): CardMatch[] => []);
  const asked = queries.flatMap((q, i) => {
    const query = tsQuery(q);
    return query ? [{ i, brand_id: q.brandId, query, topic: q.topic ?? '', lim: q.limit }] : [];
  });
  if (asked.length === 0) return out;
  const { rows } = await preparedRaw<Record<string, unknown>>(
    db,
    `select q.i, m.*
       from jsonb_to_recordset(?::jsonb) as q(i int, brand_id bigint, query text, topic text, lim int)
       cross join lateral (
         select k.id, k.weight, coalesce(k.title, '') as title, coalesce(k.content, '') as content,
                tsvector_to_array(k.search_vector) as lexemes, k.title_lexemes,
                ts_rank(k.search_vector, to_tsquery('simple', q.query)) as rank,
                (select count(*) from agent_feedback f
                  where f.brand_id = k.brand_id and f.card_id = k.id and f.topic = q.topic) as marks
           from kb_cards k
          where k.brand_id = q.brand_id and k.status = 'published'
            and k.search_vector @@ to_tsquery('simple', q.query)
          order by rank desc, k.weight desc, k.id desc
          limit q.lim) m
      order by q.i, m.rank desc, m.weight desc, m.id desc`,
    [JSON.stringify(asked)],
  );
  for (const r of rows) {
    const { i, ...card } = r;
    out[Number(i)]!.push({
      ...(card as unknown as CardMatch),
      id: Number(r.id),
      weight: Number(r.weight),
      rank: Number(r.rank),
      marks: Number(r.marks),
    });
  }
  return out;
}

/** The text of the given cards of the brand (the sources a model answer is checked against). */
export async function cardTexts(db: Handle, brandId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db('kb_cards').where({ brand_id: brandId }).whereIn('id', ids).select('id', 'title', 'content');
  return new Map(rows.map((r) => [Number(r.id), `${r.title ?? ''}\n${r.content ?? ''}`]));
}

/**
 * What the conversation's discount rule allows: the workflow's rule, the code it made for the
 * conversation (not failed), and whether an agent reply of the conversation already carried it.
 */
export async function discountOffer(
  db: Handle,
  conversationId: number,
): Promise<{
  rule: { type: 'percentage' | 'fixed' | 'shipping'; value: number } | null;
  code: string | null;
  offeredBefore: boolean;
}> {
  const row = await db('conversations as c')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .leftJoin('discount_rules as r', 'r.id', 'w.discount_rule_id')
    .where('c.id', conversationId)
    .first(
      'r.type',
      'r.value',
      db.raw(`(select d.code from discount_codes d
                where d.conversation_id = c.id and d.discount_rule_id = r.id and d.status <> 'failed'
                order by d.id desc limit 1) as code`),
    );
  const rule = row?.type ? { type: row.type, value: Number(row.value) } : null;
  const code = rule && row?.code ? String(row.code) : null;
  const offered = code
    ? await db('agent_decisions')
        .where({ conversation_id: conversationId })
        .whereNotNull('reply')
        .where((q) => void q.where('delivery', 'queued').orWhere('delivery', 'sent_by_person'))
        .whereRaw('upper(reply) like ?', [`%${code.toUpperCase()}%`])
        .first('id')
    : undefined;
  return { rule, code, offeredBefore: Boolean(offered) };
}
