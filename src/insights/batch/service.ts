/**
 * `reclaim insights batch` and the worker's insights_batch schedule: for each brand, the shoppers'
 * incoming messages of the last N days (default 5) without a message insight, read page by page
 * in time order. Opt-out, HELP and START keywords and template texts are never analysed; the
 * analyser (the model when LLM_BASE_URL and LLM_MODEL are set, else the local analyser) gives each
 * message one outcome, written with its message insight in one transaction per page:
 * linked (the insight's timestamp updated, its question and body rewritten when proposed), a new
 * insight (one per group of messages), or none with the neutral summary. A link to an id that is
 * not the brand's insight is recorded as none and logged ('Brand insight not found for the id').
 * A dry run analyses and counts but writes nothing. New insights raise a notification for the
 * brand's users and, when Slack is connected, a message in its channel.
 */
import { z } from 'zod';
import { AppError, validInput, type AppContext } from '../../app/index.ts';
import { codeMarkers, isTemplateText } from '../../analytics/index.ts';
import { matchKeyword } from '../../conversations/index.ts';
import { llmFromConfig } from '../llm/index.ts';
import { llmAnalyser } from '../analysis/llm.ts';
import { localAnalyser } from '../analysis/local.ts';
import {
  BRAND_INSIGHT_NOT_FOUND,
  DEFAULT_BATCH_DAYS,
  MAX_BATCH_DAYS,
  noneOutcome,
  type Analyser,
  type KnownInsight,
  type Outcome,
  type ShopperMessage,
} from '../analysis/rules.ts';
import { notifyNewInsights } from './notify.ts';
import {
  batchBrands,
  candidatePage,
  codePrefixes,
  contextOf,
  countCandidates,
  existingInsightIds,
  insertInsights,
  insertMessageInsights,
  lockBrandBatch,
  unanalysedMessageIds,
  knownInsights,
  touchInsights,
  type MessageInsightRow,
  type PageCursor,
} from './store.ts';

export const DEFAULT_PAGE_SIZE = 1000;
/** The brand's insights an analyser compares messages with. */
export const KNOWN_INSIGHTS_LIMIT = 1000;

export const insightsBatchInput = z.object({
  brandId: z.coerce.number().int().positive().optional(),
  days: z.coerce.number().int().min(1).max(MAX_BATCH_DAYS).default(DEFAULT_BATCH_DAYS),
  dryRun: z.boolean().default(false),
});
export type InsightsBatchInput = z.input<typeof insightsBatchInput>;

export interface BrandBatchSummary {
  brand_id: number;
  brand_name: string | null;
  analyser: string;
  dry_run: boolean;
  /** Messages analysed. */
  messages_read: number;
  /** Keywords (STOP, HELP, START) and template texts left out. */
  excluded: number;
  linked: number;
  new_insights: number;
  new_insight_messages: number;
  none: number;
  /** Left without an outcome (a malformed model answer): read again next run. */
  skipped: number;
  cached: number;
  model_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  tokens: number;
  new_insight_ids: number[];
}

export interface BatchProgress {
  brandId: number;
  brandName: string | null;
  done: number;
  total: number;
}

const emptySummary = (brandId: number, name: string | null, analyser: string, dryRun: boolean): BrandBatchSummary => ({
  brand_id: brandId,
  brand_name: name,
  analyser,
  dry_run: dryRun,
  messages_read: 0,
  excluded: 0,
  linked: 0,
  new_insights: 0,
  new_insight_messages: 0,
  none: 0,
  skipped: 0,
  cached: 0,
  model_calls: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  tokens: 0,
  new_insight_ids: [],
});

/** The analyser the configuration names: the model when configured, else the local analyser. */
export function configuredAnalyser(ctx: AppContext): Analyser {
  const llm = llmFromConfig(ctx);
  return llm ? llmAnalyser(llm, { logger: ctx.logger }) : localAnalyser;
}

/** Whether a shopper text is analysed: not a keyword (STOP, HELP, START…), not empty, not a template text. */
export const isAnalysable = (body: string, markers: readonly string[]): boolean =>
  body.trim() !== '' && matchKeyword(body) === undefined && !isTemplateText(body, markers);

export async function runInsightsBatch(
  ctx: AppContext,
  input: InsightsBatchInput,
  {
    analyser = configuredAnalyser(ctx),
    onProgress,
    now = new Date(),
  }: { analyser?: Analyser; onProgress?: (p: BatchProgress) => void; now?: Date } = {},
): Promise<{ brands: BrandBatchSummary[] }> {
  const { brandId, days, dryRun } = validInput(insightsBatchInput, input);
  const brands = await batchBrands(ctx.db, brandId);
  if (brandId !== undefined && brands.length === 0) throw new AppError('not_found', 'Brand not found');
  const since = new Date(now.getTime() - days * 86_400_000);
  const out: BrandBatchSummary[] = [];
  for (const brand of brands) {
    const summary = await brandBatch(ctx, { brandId: brand.id, name: brand.name, since, dryRun, analyser, onProgress });
    if (!dryRun && summary.new_insights > 0) await notifyNewInsights(ctx, brand.id, summary.new_insight_ids);
    out.push(summary);
  }
  return { brands: out };
}

async function brandBatch(
  ctx: AppContext,
  {
    brandId,
    name,
    since,
    dryRun,
    analyser,
    onProgress,
  }: {
    brandId: number;
    name: string | null;
    since: Date;
    dryRun: boolean;
    analyser: Analyser;
    onProgress?: (p: BatchProgress) => void;
  },
): Promise<BrandBatchSummary> {
  const log = ctx.logger.child({ brand_id: brandId, task: 'insights:batch' });
  const summary = emptySummary(brandId, name, analyser.name, dryRun);
  const markers = codeMarkers(await codePrefixes(ctx.db, brandId));
  const total = await countCandidates(ctx.db, { brandId, since });
  let known: KnownInsight[] = await knownInsights(ctx.db, brandId, KNOWN_INSIGHTS_LIMIT);
  const per = analyser.contextTexts ?? 0;
  let after: PageCursor | null = null;
  let done = 0;
  onProgress?.({ brandId, brandName: name, done, total });
  for (;;) {
    const page = await candidatePage(ctx.db, {
      brandId,
      since,
      after,
      limit: analyser.pageSize ?? DEFAULT_PAGE_SIZE,
    });
    if (page.length === 0) break;
    after = { createdAt: page.at(-1)!.created_at, id: page.at(-1)!.id };
    done += page.length;
    const kept = page.filter((m) => isAnalysable(m.body, markers));
    summary.excluded += page.length - kept.length;
    if (kept.length > 0) {
      const context = new Map<number, ShopperMessage['context']>();
      for (const row of await contextOf(ctx.db, per > 0 ? kept.map((m) => m.id) : [], per)) {
        if (row.direction === 'outgoing' && isTemplateText(row.body, markers)) continue;
        context.set(row.message_id, [
          ...(context.get(row.message_id) ?? []),
          { direction: row.direction, body: row.body },
        ]);
      }
      const messages: ShopperMessage[] = kept.map((m) => ({
        id: m.id,
        conversationId: m.conversation_id,
        body: m.body,
        context: context.get(m.id) ?? [],
      }));
      const analysis = await analyser.analyse({ insights: known, messages });
      summary.messages_read += messages.length - analysis.skipped.length;
      summary.skipped += analysis.skipped.length;
      summary.model_calls += analysis.modelCalls;
      summary.cached += analysis.cachedCalls;
      summary.prompt_tokens += analysis.promptTokens;
      summary.completion_tokens += analysis.completionTokens;
      summary.tokens = summary.prompt_tokens + summary.completion_tokens;
      const conversations = new Map(messages.map((m) => [m.id, m.conversationId]));
      const created = await record(ctx, {
        brandId,
        outcomes: analysis.outcomes,
        conversations,
        known,
        dryRun,
        summary,
        log,
      });
      known = [...created, ...known].slice(0, KNOWN_INSIGHTS_LIMIT);
    }
    onProgress?.({ brandId, brandName: name, done, total });
  }
  const { messages_read, new_insights, linked, model_calls } = summary;
  log.info({ messages_read, new_insights, linked, model_calls }, 'insight batch finished for the brand');
  log.debug({ ...summary, new_insight_ids: undefined }, 'insight batch summary');
  return summary;
}

/** Writes a page's outcomes in one transaction (nothing in a dry run); the new insights. */
async function record(
  ctx: AppContext,
  {
    brandId,
    outcomes,
    conversations,
    known,
    dryRun,
    summary,
    log,
  }: {
    brandId: number;
    outcomes: Outcome[];
    conversations: Map<number, number>;
    known: readonly KnownInsight[];
    dryRun: boolean;
    summary: BrandBatchSummary;
    log: AppContext['logger'];
  },
): Promise<KnownInsight[]> {
  return ctx.db.transaction(async (trx) => {
    if (!dryRun) {
      // Another batch of the brand may have written some of these messages since they were read:
      // wait for its page to commit, then keep only the messages still without an outcome.
      await lockBrandBatch(trx, brandId);
      const open = await unanalysedMessageIds(
        trx,
        outcomes.map((o) => o.messageId),
      );
      outcomes = outcomes.filter((o) => open.has(o.messageId));
    }
    const linkedIds = [...new Set(outcomes.flatMap((o) => (o.kind === 'linked' ? [o.insightId] : [])))];
    const existing = await existingInsightIds(trx, brandId, linkedIds);
    const checked = outcomes.map((o): Outcome => {
      if (o.kind !== 'linked' || existing.has(o.insightId)) return o;
      log.warn({ message_id: o.messageId, insight_id: o.insightId }, BRAND_INSIGHT_NOT_FOUND);
      return noneOutcome(o.messageId, o.sentiment);
    });
    const groups = new Map<string, Extract<Outcome, { kind: 'new' }>['insight']>();
    for (const o of checked) if (o.kind === 'new' && !groups.has(o.key)) groups.set(o.key, o.insight);
    for (const o of checked) {
      if (o.kind === 'linked') summary.linked += 1;
      else if (o.kind === 'new') summary.new_insight_messages += 1;
      else summary.none += 1;
    }
    summary.new_insights += groups.size;
    if (dryRun) return [];
    const keys = [...groups.keys()];
    const ids = await insertInsights(
      trx,
      brandId,
      keys.map((k) => {
        const i = groups.get(k)!;
        return {
          topic: i.topic,
          body: i.body,
          proposed_solution: i.proposedSolution,
          category: i.category,
          tag: i.tag,
        };
      }),
    );
    const idOf = new Map(keys.map((k, n) => [k, ids[n]!]));
    summary.new_insight_ids.push(...ids);
    const rewrites = new Map<number, { topic: string; body: string }>();
    for (const o of checked) if (o.kind === 'linked' && o.rewrite) rewrites.set(o.insightId, o.rewrite);
    await touchInsights(trx, brandId, [...existing], rewrites);
    const knownById = new Map(known.map((i) => [i.id, i]));
    const rows: MessageInsightRow[] = checked.map((o) => {
      const insight = o.kind === 'linked' ? knownById.get(o.insightId) : o.kind === 'new' ? o.insight : undefined;
      return {
        brand_insight_id: o.kind === 'linked' ? o.insightId : o.kind === 'new' ? idOf.get(o.key)! : null,
        conversation_id: conversations.get(o.messageId)!,
        conversation_message_id: o.messageId,
        conversation_summary: o.summary,
        category: insight?.category ?? null,
        tag: insight?.tag ?? null,
        sentiment: o.sentiment,
      };
    });
    await insertMessageInsights(trx, brandId, rows);
    return keys.map((k) => {
      const { topic, body, category, tag } = groups.get(k)!;
      return { id: idOf.get(k)!, topic, body, category, tag };
    });
  });
}
