/**
 * The brand API's knowledge-base routes: a brand's cards (list up to 100, read, create with the
 * signed-in user as author, update, delete) and the ranked search (words of 2 characters or fewer
 * ignored; a substring fallback of up to 100 cards when full-text search finds nothing). A card of
 * another brand answers 404 'KB card not found' exactly like a missing one.
 */
import { z } from 'zod';
import { defineRoute, idSchema, page, pageQuery, timestamp, wholeNumber, type ApiRoute } from '../../http/index.ts';
import {
  KB_FALLBACK_SEARCH_LIMIT,
  KB_LIST_LIMIT,
  KB_MESSAGES,
  KB_QUERY_MAX,
  KB_SOURCES,
  KB_STATUSES,
} from './rules.ts';
import { createKbCard, deleteKbCard, getKbCard, listKbCards, searchKbCards, updateKbCard } from './service.ts';

const cardShape = {
  id: z.number().int(),
  author_id: z.number().int().nullable(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(KB_STATUSES),
  source: z.enum(KB_SOURCES),
  flow_id: z.number().int().nullable().describe('the workflow a card from a flow is for'),
  weight: z.number().int().describe('orders cards the search ranks alike, highest first'),
  created_at: timestamp(),
  updated_at: timestamp(),
};
export const kbCardSchema = z.object(cardShape);

const CARDS = '/api/brands/:brandId/kb/cards';
const cardParams = z.object({ cardId: idSchema() });
const fields = {
  title: z.string().max(255),
  content: z.string().max(20_000),
  status: z.enum(KB_STATUSES),
  source: z.enum(KB_SOURCES),
  flow_id: idSchema().nullable(),
  weight: z.number().int(),
};

export const kbApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: CARDS,
    tag: 'knowledge base',
    summary: "The brand's KB cards (every status unless one is asked for), highest weight first, then newest",
    query: z.object({
      ...pageQuery(KB_LIST_LIMIT, KB_LIST_LIMIT),
      status: z.enum(KB_STATUSES).optional(),
      source: z.enum(KB_SOURCES).optional(),
      flow_id: idSchema().optional(),
    }),
    response: page(kbCardSchema),
    handler: async ({ ctx, brand, query }) => ({
      ...(await listKbCards(ctx.db, {
        brandId: brand.id,
        status: query.status,
        source: query.source,
        flowId: query.flow_id,
        offset: query.offset,
        limit: query.limit,
      })),
      offset: query.offset,
      limit: query.limit,
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/kb/search',
    tag: 'knowledge base',
    summary: "Search the brand's KB cards, best first",
    description:
      'Words of 2 characters or fewer are ignored (a search with no other word finds nothing). PostgreSQL full-text ' +
      'search first; when it finds nothing, the cards containing any word (at most 100).',
    query: z.object({
      q: z.string().max(KB_QUERY_MAX),
      status: z.enum(KB_STATUSES).optional(),
      limit: wholeNumber({ min: 1, max: KB_FALLBACK_SEARCH_LIMIT })
        .prefault(KB_FALLBACK_SEARCH_LIMIT)
        .describe('cards at most'),
    }),
    response: z.object({
      items: z.array(z.object({ ...cardShape, rank: z.number() })),
      total: z.number().int(),
      words: z.array(z.string()).describe('the words searched for'),
      ignored: z.array(z.string()).describe('words of 2 characters or fewer'),
      mode: z.enum(['full_text', 'fallback', 'none']),
    }),
    handler: async ({ ctx, brand, query }) => searchKbCards(ctx.db, { brandId: brand.id, ...query }),
  }),
  defineRoute({
    method: 'GET',
    path: `${CARDS}/:cardId`,
    tag: 'knowledge base',
    summary: 'One KB card',
    params: cardParams,
    notFound: KB_MESSAGES.notFound,
    response: z.object({ card: kbCardSchema }),
    handler: async ({ ctx, brand, params }) => ({
      card: await getKbCard(ctx.db, { brandId: brand.id, id: params.cardId }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: CARDS,
    tag: 'knowledge base',
    summary: 'Add a KB card (a draft from the signed-in user unless said otherwise)',
    body: z.object({
      title: fields.title,
      content: fields.content,
      status: fields.status.optional(),
      source: fields.source.optional(),
      flow_id: fields.flow_id.optional().describe("required when source is 'flow'"),
      weight: fields.weight.optional(),
    }),
    status: 201,
    response: z.object({ card: kbCardSchema }),
    handler: async ({ ctx, brand, caller, body }) => ({
      card: await createKbCard(ctx.db, {
        brandId: brand.id,
        authorId: caller.userId,
        title: body.title,
        content: body.content,
        status: body.status,
        source: body.source,
        flowId: body.flow_id,
        weight: body.weight,
      }),
    }),
  }),
  defineRoute({
    method: 'PATCH',
    path: `${CARDS}/:cardId`,
    tag: 'knowledge base',
    summary: 'Change the given fields of a KB card (flow_id null unlinks it from its workflow)',
    params: cardParams,
    notFound: KB_MESSAGES.notFound,
    body: z.object({
      title: fields.title.optional(),
      content: fields.content.optional(),
      status: fields.status.optional(),
      source: fields.source.optional(),
      flow_id: fields.flow_id.optional(),
      weight: fields.weight.optional(),
    }),
    response: z.object({ card: kbCardSchema }),
    handler: async ({ ctx, brand, params, body }) => ({
      card: await updateKbCard(ctx.db, {
        brandId: brand.id,
        id: params.cardId,
        title: body.title,
        content: body.content,
        status: body.status,
        source: body.source,
        flowId: body.flow_id,
        weight: body.weight,
      }),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    path: `${CARDS}/:cardId`,
    tag: 'knowledge base',
    summary: 'Delete a KB card',
    params: cardParams,
    notFound: KB_MESSAGES.notFound,
    response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
    handler: async ({ ctx, brand, params }) => deleteKbCard(ctx.db, { brandId: brand.id, id: params.cardId }),
  }),
];
