// Insights: the knowledge base (kb/), the LLM provider (llm/) and the insight pipeline. The knowledge
// base lives in this layer, above workflows and conversations: a card can be made for a workflow
// (source 'flow', flow_id) or from an escalated question, and the agent's answers read it.
export {
  KB_STATUSES,
  KB_SOURCES,
  KB_LIST_LIMIT,
  KB_FALLBACK_SEARCH_LIMIT,
  KB_MIN_WORD_LENGTH,
  KB_MESSAGES,
  searchWords,
  type KbStatus,
  type KbSource,
  type SearchWords,
} from './kb/rules.ts';
export {
  listKbCards,
  listKbCardsInput,
  getKbCard,
  getKbCardInput,
  createKbCard,
  createKbCardInput,
  updateKbCard,
  updateKbCardInput,
  deleteKbCard,
  deleteKbCardInput,
  searchKbCards,
  searchKbCardsInput,
  type KbCard,
  type RankedKbCard,
  type KbSearchResult,
  type ListKbCardsInput,
  type GetKbCardInput,
  type CreateKbCardInput,
  type UpdateKbCardInput,
  type DeleteKbCardInput,
  type SearchKbCardsInput,
} from './kb/service.ts';
export { kbApi, kbCardSchema } from './kb/api.ts';
export { KB_VECTOR_SQL } from './kb/store.ts';

// The LLM provider (llm/): structured answers validated by a zod schema, from an OpenAI-compatible
// endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL), cached 86,400 s in ai_cache. Ads reuse it.
export {
  createLlmProvider,
  llmFromConfig,
  LlmOutputError,
  LLM_TIMEOUT_MS,
  AI_CACHE_TTL_SECONDS,
  MODEL_DOES_NOT_SUPPORT_TOOL_CALLS,
  MALFORMED_RETRIES,
  NO_USAGE,
  addUsage,
  cacheKey,
  jsonSchemaOf,
  pruneCache,
  type LlmProvider,
  type LlmProviderOptions,
  type StructuredRequest,
  type StructuredResult,
  type LlmMessage,
  type LlmRole,
  type LlmUsage,
  type StructuredMode,
} from './llm/index.ts';

// Insight analysis: the three outcomes of spec 4 section 4, the local analyser (no model), the
// model analyser, and the evaluation against fixtures/insights.
export {
  INSIGHT_CATEGORIES,
  INSIGHT_TAGS,
  SENTIMENTS,
  NEUTRAL_SUMMARY,
  BRAND_INSIGHT_NOT_FOUND,
  DEFAULT_BATCH_DAYS,
  MAX_BATCH_DAYS,
  modelAnswerSchema,
  type InsightCategory,
  type InsightTag,
  type Sentiment,
  type ShopperMessage,
  type KnownInsight,
  type ProposedInsight,
  type Outcome,
  type Analysis,
  type Analyser,
} from './analysis/rules.ts';
export {
  localAnalyser,
  analyseLocally,
  featuresOf,
  LINK_THRESHOLD,
  GROUP_THRESHOLD,
  INTENT_CONFIDENCE,
  type MessageFeatures,
  type GroupingOptions,
} from './analysis/local.ts';
export { llmAnalyser, batchPrompt, LLM_BATCH_SIZE, LLM_MAX_INSIGHTS, SYSTEM_PROMPT } from './analysis/llm.ts';
export {
  asShopperMessages,
  evaluate,
  EVAL_TARGETS,
  fromLabelled,
  type Evaluation,
  type LabelledMessage,
} from './analysis/evaluate.ts';

// Message understanding: topic, stage, sentiment, question, small talk, opt-out, request for a
// person, product and order, each with a confidence (linear models shipped in model.json).
export {
  understand,
  understandWith,
  knownIntents,
  wordIntentWeight,
  isGenericWord,
  intentProbabilities,
  ORDERED_STAGE_FLOOR,
  type Understanding,
  type ConversationContext,
  type Scored,
} from './understanding/understand.ts';
export {
  labelledSet,
  parseBatch,
  partOf,
  textId,
  normalForm,
  heldOutHash,
  groupsSchema,
  SPLIT_SEED,
  HELD_OUT_PERCENT,
  SMALL_TALK,
  type LabelledText,
  type GroupTable,
} from './understanding/dataset.ts';
export { trainedFiles, readLabelled, trainOn, SETTINGS as TRAIN_SETTINGS } from './understanding/training.ts';

// The insight batch (`reclaim insights batch`, the insights_batch schedule).
export {
  runInsightsBatch,
  insightsBatchInput,
  configuredAnalyser,
  isAnalysable,
  DEFAULT_PAGE_SIZE,
  type InsightsBatchInput,
  type BrandBatchSummary,
  type BatchProgress,
} from './batch/service.ts';
export { newInsightsSlackText } from './batch/notify.ts';
export {
  promoteInsight,
  promoteInsightInput,
  processEscalations,
  processEscalationsInput,
  promoteEscalation,
  promoteEscalationInput,
  ESCALATION_NOT_PROCESSED,
  type PromoteInsightInput,
  type ProcessEscalationsInput,
  type PromoteEscalationInput,
} from './batch/promote.ts';
