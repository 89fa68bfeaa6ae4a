/**
 * SQL of knowledge-base cards: per-brand CRUD and the ranked search. The search runs PostgreSQL
 * full-text search (English configuration: stemmed, stop words dropped) over the title (weight A)
 * and the content (weight B), on the GIN index kb_cards_search_index, whose expression is
 * KB_VECTOR_SQL exactly (the planner uses the index only for the same expression).
 */
import type { Handle } from '../../db/index.ts';
import type { KbSource, KbStatus } from './rules.ts';

export const KB_VECTOR_SQL = `(setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B'))`;

export interface KbCardRow {
  id: number;
  brand_id: number;
  author_id: number | null;
  title: string | null;
  content: string | null;
  status: KbStatus;
  source: KbSource;
  flow_id: number | null;
  weight: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'brand_id',
  'author_id',
  'title',
  'content',
  'status',
  'source',
  'flow_id',
  'weight',
  'created_at',
  'updated_at',
];
const SELECT_SQL = COLUMNS.map((c) => `k.${c}`).join(', ');

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function toRow(raw: Record<string, unknown>): KbCardRow {
  return {
    ...(raw as unknown as KbCardRow),
    id: Number(raw.id),
    brand_id: Number(raw.brand_id),
    author_id: toNumber(raw.author_id),
    flow_id: toNumber(raw.flow_id),
  };
}

export async function brandExists(db: Handle, brandId: number): Promise<boolean> {
  return Boolean(await db('brands').where({ id: brandId }).first('id'));
}

export async function userExists(db: Handle, userId: number): Promise<boolean> {
  return Boolean(await db('users').where({ id: userId }).first('id'));
}

/** Whether the workflow (a "flow") is the brand's. */
export async function isBrandFlow(db: Handle, brandId: number, flowId: number): Promise<boolean> {
  return Boolean(await db('workflows').where({ id: flowId, brand_id: brandId }).first('id'));
}

export interface CardFilter {
  brandId: number;
  status?: KbStatus;
  source?: KbSource;
  flowId?: number;
}

/** The brand's cards, highest weight first, then newest. */
export async function listCards(
  db: Handle,
  { brandId, status, source, flowId, offset, limit }: CardFilter & { offset: number; limit: number },
): Promise<{ rows: KbCardRow[]; total: number }> {
  const base = db('kb_cards').where({ brand_id: brandId });
  if (status) base.where({ status });
  if (source) base.where({ source });
  if (flowId !== undefined) base.where({ flow_id: flowId });
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select(COLUMNS)
      .orderBy([
        { column: 'weight', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(offset)
      .limit(limit),
    base.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { rows: (rows as Record<string, unknown>[]).map(toRow), total: Number(count[0]?.count ?? 0) };
}

export async function findCard(db: Handle, brandId: number, id: number): Promise<KbCardRow | undefined> {
  const row = await db('kb_cards').where({ id, brand_id: brandId }).first(COLUMNS);
  return row ? toRow(row as Record<string, unknown>) : undefined;
}

export type NewCard = Omit<KbCardRow, 'id' | 'created_at' | 'updated_at'>;

export async function insertCard(db: Handle, card: NewCard): Promise<KbCardRow> {
  const [row] = await db('kb_cards').insert(card).returning(COLUMNS);
  return toRow(row as Record<string, unknown>);
}

export type CardPatch = Partial<Pick<KbCardRow, 'title' | 'content' | 'status' | 'source' | 'flow_id' | 'weight'>>;

export async function updateCard(
  db: Handle,
  brandId: number,
  id: number,
  patch: CardPatch,
): Promise<KbCardRow | undefined> {
  const [row] = await db('kb_cards')
    .where({ id, brand_id: brandId })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(COLUMNS);
  return row ? toRow(row as Record<string, unknown>) : undefined;
}

export async function deleteCard(db: Handle, brandId: number, id: number): Promise<boolean> {
  return (await db('kb_cards').where({ id, brand_id: brandId }).delete()) > 0;
}

export interface SearchQuery {
  brandId: number;
  words: string[];
  status?: KbStatus;
  limit: number;
}

type Ranked = { rows: Array<KbCardRow & { rank: number }>; total: number };

function ranked(raw: Record<string, unknown>[]): Ranked {
  return {
    rows: raw.map((row) => ({ ...toRow(row), rank: Math.round(Number(row.rank) * 1e6) / 1e6 })),
    total: Number(raw[0]?.total ?? 0),
  };
}

/**
 * Full-text search: a card matches when any word does (stemmed: "shipping" finds "ship"); ranked
 * by ts_rank (title words count more than content words, more words matched rank higher), then
 * weight, then newest. `total` counts every match, `rows` the first `limit`.
 */
export async function searchFullText(db: Handle, { brandId, words, status, limit }: SearchQuery): Promise<Ranked> {
  const query = words.map(() => `plainto_tsquery('english', ?)`).join(' || ');
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `with q as (select (${query}) as query)
     select ${SELECT_SQL}, ts_rank(${KB_VECTOR_SQL}, q.query) as rank, count(*) over () as total
       from kb_cards k, q
      where k.brand_id = ? ${status ? 'and k.status = ?' : ''} and ${KB_VECTOR_SQL} @@ q.query
      order by rank desc, k.weight desc, k.id desc
      limit ?`,
    [...words, brandId, ...(status ? [status] : []), limit],
  );
  return ranked(result.rows);
}

/**
 * The fallback when full-text search finds nothing (a word inside a longer one, a stop word): a
 * card whose title or content contains any word, case-insensitively; ranked by the share of the
 * words it contains, then weight, then newest.
 */
export async function searchContaining(db: Handle, { brandId, words, status, limit }: SearchQuery): Promise<Ranked> {
  // Words hold only letters, marks and digits (rules.ts searchWords): no LIKE wildcard in them.
  const patterns = words.map((word) => `%${word}%`);
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select ${SELECT_SQL},
            (select count(*) from unnest(?::text[]) p
              where coalesce(k.title, '') || ' ' || coalesce(k.content, '') ilike p)::float8 / ? as rank,
            count(*) over () as total
       from kb_cards k
      where k.brand_id = ? ${status ? 'and k.status = ?' : ''}
        and (coalesce(k.title, '') || ' ' || coalesce(k.content, '')) ilike any (?::text[])
      order by rank desc, k.weight desc, k.id desc
      limit ?`,
    [patterns, words.length, brandId, ...(status ? [status] : []), patterns, limit],
  );
  return ranked(result.rows);
}

export interface CardOrigin {
  author: { id: number; name: string } | null;
  brand_insight_id: number | null;
  escalation_id: number | null;
}

/** Who wrote each card (the user's name, else e-mail) and what it was made from (an insight, an escalation). */
export async function cardOrigins(db: Handle, brandId: number, ids: number[]): Promise<Map<number, CardOrigin>> {
  if (ids.length === 0) return new Map();
  const rows = await db('kb_cards as k')
    .leftJoin('users as u', 'u.id', 'k.author_id')
    .where('k.brand_id', brandId)
    .whereIn('k.id', ids)
    .select(
      'k.id',
      'k.author_id',
      'u.given_name',
      'u.family_name',
      'u.email',
      db.raw(`k.extra_data ->> 'brand_insight_id' as brand_insight_id`),
      db.raw(`k.extra_data ->> 'escalation_id' as escalation_id`),
    );
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return new Map(
    rows.map((r: Record<string, unknown>) => [
      Number(r.id),
      {
        author:
          r.author_id === null || r.author_id === undefined
            ? null
            : {
                id: Number(r.author_id),
                name:
                  [r.given_name, r.family_name].filter(Boolean).join(' ') ||
                  String(r.email ?? `User ${String(r.author_id)}`),
              },
        brand_insight_id: num(r.brand_insight_id),
        escalation_id: num(r.escalation_id),
      },
    ]),
  );
}
