/**
 * The brand API's knowledge-base routes: a brand's cards (list up to 100, read, create with the
 * signed-in user as author, update, delete) and the ranked search (words of 2 characters or fewer
 * ignored; a substring fallback of up to 100 cards when full-text search finds nothing). A card of
 * another brand answers 404 'KB card not found' exactly like a missing one.
 */
import { z } from 'zod';
import { requireBrandAdmin, type AdminAction } from '../../accounts/index.ts';
import type { AppContext } from '../../app/index.ts';
import { ESCALATION_NOT_FOUND } from '../../conversations/index.ts';
import { BRAND_INSIGHT_NOT_FOUND } from '../analysis/rules.ts';
import { promoteEscalation, promoteInsight } from '../batch/promote.ts';
import {
  defineRoute,
  type ApiBrand,
  type ApiCaller,
  idSchema,
  page,
  pageQuery,
  timestamp,
  wholeNumber,
  type ApiRoute,
} from '../../http/index.ts';
import {
  KB_FALLBACK_SEARCH_LIMIT,
  KB_LIST_LIMIT,
  KB_MESSAGES,
  KB_QUERY_MAX,
  KB_SOURCES,
  KB_STATUSES,
} from './rules.ts';
import {
  createKbCard,
  deleteKbCard,
  getKbCard,
  listKbCards,
  searchKbCards,
  updateKbCard,
  type KbCard,
} from './service.ts';
import { cardOrigins } from './store.ts';

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
  author: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('who wrote it'),
  brand_insight_id: z.number().int().nullable().describe('the insight a card from an insight was made from'),
  escalation_id: z.number().int().nullable().describe('the escalated question a card was made from'),
};
export const kbCardSchema = z.object(cardShape);

/** Cards with who wrote them and what they came from. */
async function withOrigins<T extends KbCard>(ctx: AppContext, brandId: number, cards: T[]) {
  const origins = await cardOrigins(
    ctx.db,
    brandId,
    cards.map((c) => c.id),
  );
  return cards.map((c) => ({
    ...c,
    ...(origins.get(c.id) ?? { author: null, brand_insight_id: null, escalation_id: null }),
  }));
}
const oneWithOrigin = async (ctx: AppContext, brandId: number, card: KbCard) =>
  (await withOrigins(ctx, brandId, [card]))[0]!;

/** The role rules of a card's write (accounts, ADMIN_ACTIONS): a member writes and edits drafts. */
async function requireCardRole(
  ctx: AppContext,
  caller: ApiCaller,
  brand: ApiBrand,
  action: AdminAction | undefined,
): Promise<void> {
  if (action) await requireBrandAdmin(ctx.db, caller, brand.tenant_id, action);
}
const LIVE = new Set(['published']);
function patchAction(card: KbCard, status: string | undefined, changesText: boolean): AdminAction | undefined {
  if (status !== undefined && status !== card.status && (LIVE.has(status) || LIVE.has(card.status)))
    return 'kb.publish';
  if (LIVE.has(card.status) && changesText) return 'kb.edit_published';
  return undefined;
}

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
    handler: async ({ ctx, brand, query }) => {
      const found = await listKbCards(ctx.db, {
        brandId: brand.id,
        status: query.status,
        source: query.source,
        flowId: query.flow_id,
        offset: query.offset,
        limit: query.limit,
      });
      return {
        items: await withOrigins(ctx, brand.id, found.items),
        total: found.total,
        offset: query.offset,
        limit: query.limit,
      };
    },
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
    handler: async ({ ctx, brand, query }) => {
      const found = await searchKbCards(ctx.db, { brandId: brand.id, ...query });
      return { ...found, items: await withOrigins(ctx, brand.id, found.items) };
    },
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
      card: await oneWithOrigin(ctx, brand.id, await getKbCard(ctx.db, { brandId: brand.id, id: params.cardId })),
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
    handler: async ({ ctx, brand, caller, body }) => {
      await requireCardRole(ctx, caller, brand, body.status === 'published' ? 'kb.publish' : undefined);
      const card = await createKbCard(ctx.db, {
        brandId: brand.id,
        authorId: caller.userId,
        title: body.title,
        content: body.content,
        status: body.status,
        source: body.source,
        flowId: body.flow_id,
        weight: body.weight,
      });
      return { card: await oneWithOrigin(ctx, brand.id, card) };
    },
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
    handler: async ({ ctx, caller, brand, params, body }) => {
      const current = await getKbCard(ctx.db, { brandId: brand.id, id: params.cardId });
      const { status, ...rest } = body;
      const changesText = Object.values(rest).some((v) => v !== undefined);
      await requireCardRole(ctx, caller, brand, patchAction(current, status, changesText));
      const card = await updateKbCard(ctx.db, {
        brandId: brand.id,
        id: params.cardId,
        title: body.title,
        content: body.content,
        status: body.status,
        source: body.source,
        flowId: body.flow_id,
        weight: body.weight,
      });
      return { card: await oneWithOrigin(ctx, brand.id, card) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${CARDS}/:cardId`,
    tag: 'knowledge base',
    summary: 'Delete a KB card',
    params: cardParams,
    notFound: KB_MESSAGES.notFound,
    response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
    handler: async ({ ctx, caller, brand, params }) => {
      await getKbCard(ctx.db, { brandId: brand.id, id: params.cardId });
      await requireCardRole(ctx, caller, brand, 'kb.delete');
      return deleteKbCard(ctx.db, { brandId: brand.id, id: params.cardId });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/insights/:brandInsightId/kb-card',
    tag: 'knowledge base',
    summary: 'Make an insight a KB card (a draft unless said otherwise; the same card when it already is one)',
    description: 'Publishing it at once is an admin’s.',
    params: z.object({ brandInsightId: idSchema() }),
    notFound: BRAND_INSIGHT_NOT_FOUND,
    body: z.object({ status: fields.status.optional() }),
    response: z.object({ card: kbCardSchema, created: z.boolean() }),
    handler: async ({ ctx, caller, brand, params, body }) => {
      const status = body.status ?? 'draft';
      await requireCardRole(ctx, caller, brand, status === 'published' ? 'kb.publish' : undefined);
      const { card, created } = await promoteInsight(ctx.db, {
        brandId: brand.id,
        id: params.brandInsightId,
        status,
        authorId: caller.userId,
      });
      return { card: await oneWithOrigin(ctx, brand.id, card), created };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/escalations/:escalationId/kb-card',
    tag: 'knowledge base',
    summary: 'Make an answered escalation a KB card (its question as the title, its answer as the text)',
    description: 'The escalation is marked added to the knowledge base. Publishing it at once is an admin’s.',
    params: z.object({ escalationId: idSchema() }),
    notFound: ESCALATION_NOT_FOUND,
    body: z.object({ status: fields.status.optional() }),
    status: 201,
    response: z.object({ card: kbCardSchema }),
    handler: async ({ ctx, caller, brand, params, body }) => {
      const status = body.status ?? 'draft';
      await requireCardRole(ctx, caller, brand, status === 'published' ? 'kb.publish' : undefined);
      const card = await promoteEscalation(ctx.db, {
        brandId: brand.id,
        id: params.escalationId,
        status,
        authorId: caller.userId,
      });
      return { card: await oneWithOrigin(ctx, brand.id, card) };
    },
  }),
];
