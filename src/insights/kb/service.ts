/**
 * Knowledge-base cards per brand (spec 1): list (limit 100), read, create, update ('No ID provided
 * for update'), delete, and a ranked search that ignores words of 2 characters or fewer, falling
 * back to a substring match (100 cards at most) when full-text search finds nothing. Every input is
 * a zod schema exported beside its function; the HTTP API reuses them. Every call names the brand,
 * and a card of another brand answers 'KB card not found' exactly like a missing one.
 */
import { z } from 'zod';
import { AppError, validInput } from '../../app/index.ts';
import type { Handle } from '../../db/index.ts';
import { FLOW_NOT_FOUND } from '../../workflows/index.ts';
import {
  KB_CONTENT_MAX,
  KB_FALLBACK_SEARCH_LIMIT,
  KB_LIST_LIMIT,
  KB_MESSAGES,
  KB_QUERY_MAX,
  KB_SOURCES,
  KB_STATUSES,
  KB_TITLE_MAX,
  KB_WEIGHT_RANGE,
  searchWords,
  type KbSource,
  type KbStatus,
} from './rules.ts';
import {
  brandExists,
  deleteCard,
  findCard,
  insertCard,
  isBrandFlow,
  listCards,
  searchContaining,
  searchFullText,
  updateCard,
  userExists,
  type CardPatch,
  type KbCardRow,
} from './store.ts';

export interface KbCard {
  id: number;
  brand_id: number;
  author_id: number | null;
  title: string | null;
  content: string | null;
  status: KbStatus;
  source: KbSource;
  flow_id: number | null;
  weight: number;
  created_at: string;
  updated_at: string;
}

export interface RankedKbCard extends KbCard {
  /** Full text: PostgreSQL's ts_rank; fallback: the share of the words the card contains (0-1). */
  rank: number;
}

const toCard = (row: KbCardRow): KbCard => ({
  id: row.id,
  brand_id: row.brand_id,
  author_id: row.author_id,
  title: row.title,
  content: row.content,
  status: row.status,
  source: row.source,
  flow_id: row.flow_id,
  weight: Number(row.weight),
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

const id = z.coerce.number().int().positive();
const title = z.string().trim().min(1, 'title is required').max(KB_TITLE_MAX);
const content = z.string().trim().min(1, 'content is required').max(KB_CONTENT_MAX);
const weight = z.coerce.number().int().min(KB_WEIGHT_RANGE.min).max(KB_WEIGHT_RANGE.max);

async function checkFlow(db: Handle, brandId: number, source: KbSource, flowId: number | null): Promise<void> {
  if (source === 'flow' && flowId === null)
    throw new AppError('invalid_input', KB_MESSAGES.flowRequired, { code: 'flow_required' });
  if (flowId !== null && !(await isBrandFlow(db, brandId, flowId))) throw new AppError('not_found', FLOW_NOT_FOUND);
}

/** 'Brand not found' for a brand that does not exist, so a list of nothing is never a typo's answer. */
async function requireBrand(db: Handle, brandId: number): Promise<void> {
  if (!(await brandExists(db, brandId))) throw new AppError('not_found', KB_MESSAGES.brandNotFound);
}

/** A card that is not found: 'Brand not found' when the brand itself does not exist. */
async function cardNotFound(db: Handle, brandId: number): Promise<AppError> {
  if (!(await brandExists(db, brandId))) return new AppError('not_found', KB_MESSAGES.brandNotFound);
  return new AppError('not_found', KB_MESSAGES.notFound);
}

async function requireCard(db: Handle, brandId: number, cardId: number): Promise<KbCardRow> {
  const card = await findCard(db, brandId, cardId);
  if (!card) throw await cardNotFound(db, brandId);
  return card;
}

export const listKbCardsInput = z.object({
  brandId: id,
  status: z.enum(KB_STATUSES).optional(),
  source: z.enum(KB_SOURCES).optional(),
  flowId: id.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(KB_LIST_LIMIT).default(KB_LIST_LIMIT),
});
export type ListKbCardsInput = z.input<typeof listKbCardsInput>;

/** The brand's cards (any status unless one is asked for), highest weight first, then newest; a
 * flow asked for must be the brand's ('Flow not found'). */
export async function listKbCards(db: Handle, input: ListKbCardsInput): Promise<{ items: KbCard[]; total: number }> {
  const query = validInput(listKbCardsInput, input);
  await requireBrand(db, query.brandId);
  if (query.flowId !== undefined && !(await isBrandFlow(db, query.brandId, query.flowId)))
    throw new AppError('not_found', FLOW_NOT_FOUND);
  const { rows, total } = await listCards(db, query);
  return { items: rows.map(toCard), total };
}

export const getKbCardInput = z.object({ brandId: id, id });
export type GetKbCardInput = z.input<typeof getKbCardInput>;

export async function getKbCard(db: Handle, input: GetKbCardInput): Promise<KbCard> {
  const { brandId, id: cardId } = validInput(getKbCardInput, input);
  return toCard(await requireCard(db, brandId, cardId));
}

export const createKbCardInput = z.object({
  brandId: id,
  authorId: id.optional(),
  title,
  content,
  status: z.enum(KB_STATUSES).default('draft'),
  source: z.enum(KB_SOURCES).default('manual'),
  /** The workflow the card is for; required when source is 'flow'. */
  flowId: id.nullable().optional(),
  weight: weight.default(0),
});
export type CreateKbCardInput = z.input<typeof createKbCardInput>;

/** A new card of the brand: a draft from a person unless said otherwise. */
export async function createKbCard(db: Handle, input: CreateKbCardInput): Promise<KbCard> {
  const card = validInput(createKbCardInput, input);
  await requireBrand(db, card.brandId);
  if (card.authorId !== undefined && !(await userExists(db, card.authorId)))
    throw new AppError('not_found', KB_MESSAGES.authorNotFound);
  const flowId = card.flowId ?? null;
  await checkFlow(db, card.brandId, card.source, flowId);
  const row = await insertCard(db, {
    brand_id: card.brandId,
    author_id: card.authorId ?? null,
    title: card.title,
    content: card.content,
    status: card.status,
    source: card.source,
    flow_id: flowId,
    weight: card.weight,
  });
  return toCard(row);
}

export const updateKbCardInput = z.object({
  brandId: id,
  /** Optional in the schema so that its absence answers the spec's 'No ID provided for update'. */
  id: id.optional(),
  title: title.optional(),
  content: content.optional(),
  status: z.enum(KB_STATUSES).optional(),
  source: z.enum(KB_SOURCES).optional(),
  flowId: id.nullable().optional(),
  weight: weight.optional(),
});
export type UpdateKbCardInput = z.input<typeof updateKbCardInput>;

/** Changes the given fields of a card; `flowId: null` unlinks it from its workflow. */
export async function updateKbCard(db: Handle, input: UpdateKbCardInput): Promise<KbCard> {
  if (input === undefined || input === null || (input as { id?: unknown }).id === undefined)
    throw new AppError('invalid_input', KB_MESSAGES.noIdForUpdate, { code: 'no_id' });
  const { brandId, id: cardId, flowId, ...fields } = validInput(updateKbCardInput, input);
  const current = await requireCard(db, brandId, cardId!);
  const patch: CardPatch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (flowId !== undefined) patch.flow_id = flowId;
  await checkFlow(db, brandId, patch.source ?? current.source, flowId !== undefined ? flowId : current.flow_id);
  if (Object.keys(patch).length === 0) return toCard(current);
  return toCard((await updateCard(db, brandId, cardId!, patch))!);
}

export const deleteKbCardInput = z.object({ brandId: id, id });
export type DeleteKbCardInput = z.input<typeof deleteKbCardInput>;

export async function deleteKbCard(db: Handle, input: DeleteKbCardInput): Promise<{ id: number; deleted: true }> {
  const { brandId, id: cardId } = validInput(deleteKbCardInput, input);
  if (!(await deleteCard(db, brandId, cardId))) throw await cardNotFound(db, brandId);
  return { id: cardId, deleted: true };
}

export const searchKbCardsInput = z.object({
  brandId: id,
  q: z.string().max(KB_QUERY_MAX),
  status: z.enum(KB_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(KB_FALLBACK_SEARCH_LIMIT).default(KB_FALLBACK_SEARCH_LIMIT),
});
export type SearchKbCardsInput = z.input<typeof searchKbCardsInput>;

export interface KbSearchResult {
  items: RankedKbCard[];
  total: number;
  /** The words searched for, and those ignored for being 2 characters or fewer. */
  words: string[];
  ignored: string[];
  /** 'full_text' ranked; 'fallback' substring match; 'none' when no word was left to search for. */
  mode: 'full_text' | 'fallback' | 'none';
}

/**
 * The brand's cards matching a search, best first. Words of 2 characters or fewer are ignored; a
 * search with no other word finds nothing. Full-text search first; when it finds nothing, the
 * cards containing any word (up to 100).
 */
export async function searchKbCards(db: Handle, input: SearchKbCardsInput): Promise<KbSearchResult> {
  const { brandId, q, status, limit } = validInput(searchKbCardsInput, input);
  await requireBrand(db, brandId);
  const { words, ignored } = searchWords(q);
  if (words.length === 0) return { items: [], total: 0, words, ignored, mode: 'none' };
  const query = { brandId, words, status, limit };
  let mode: KbSearchResult['mode'] = 'full_text';
  let found = await searchFullText(db, query);
  if (found.total === 0) {
    mode = 'fallback';
    found = await searchContaining(db, query);
  }
  return {
    items: found.rows.map((row) => ({ ...toCard(row), rank: row.rank })),
    total: found.total,
    words,
    ignored,
    mode,
  };
}
