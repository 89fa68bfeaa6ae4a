// The LLM provider: structured answers (zod-validated, cached 86,400 s) from an OpenAI-compatible endpoint.
export {
  createLlmProvider,
  llmFromConfig,
  LlmOutputError,
  LLM_TIMEOUT_MS,
  type LlmProvider,
  type LlmProviderOptions,
  type StructuredRequest,
  type StructuredResult,
} from './provider.ts';
export {
  AI_CACHE_TTL_SECONDS,
  MODEL_DOES_NOT_SUPPORT_TOOL_CALLS,
  MALFORMED_RETRIES,
  NO_USAGE,
  addUsage,
  cacheKey,
  jsonSchemaOf,
  type LlmMessage,
  type LlmRole,
  type LlmUsage,
  type StructuredMode,
} from './rules.ts';
export { pruneCache } from './store.ts';
