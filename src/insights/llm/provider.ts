/**
 * The LLM provider: structured answers from an OpenAI-compatible chat-completions endpoint.
 *
 * `structured({ name, schema, messages })` sends the messages with the JSON schema generated from
 * the zod schema, as a `json_schema` response format (strict). A server that refuses response
 * formats is asked again with one forced tool call; a server that refuses tools too gives 'Model does
 * not support tool calls'. The mode found is kept for the provider's life. An answer that is not
 * JSON or does not fit the schema is asked for once more, then LlmOutputError. Every call goes
 * through the shared HTTP client (timeouts, retries on 429 and 5xx honouring Retry-After), and a
 * valid answer is cached under the hash of its exact input for 86,400 s: the same input again makes
 * no call.
 */
import type { z } from 'zod';
import { AppError, type AppContext, type Logger } from '../../app/index.ts';
import type { Handle } from '../../db/index.ts';
import { createHttpClient, type HttpClient, type Sleep } from '../../http/index.ts';
import {
  AI_CACHE_TTL_SECONDS,
  addUsage,
  answerText,
  cacheKey,
  chatRequest,
  errorText,
  jsonSchemaOf,
  MALFORMED_RETRIES,
  MODEL_DOES_NOT_SUPPORT_TOOL_CALLS,
  NO_USAGE,
  readAnswer,
  refusesSchema,
  refusesTools,
  usageOf,
  type LlmMessage,
  type LlmUsage,
  type StructuredMode,
} from './rules.ts';
import { readCache, writeCache } from './store.ts';

export interface StructuredRequest<S extends z.ZodType> {
  /** Names the answer (the json_schema name or the tool's name) and the call in logs. */
  name: string;
  /** Validates the answer; the JSON schema sent is generated from it. */
  schema: S;
  messages: readonly LlmMessage[];
}

export interface StructuredResult<T> {
  value: T;
  /** Tokens of the calls made for this answer (zero when it came from the cache). */
  usage: LlmUsage;
  /** True when the answer came from the AI cache. */
  cached: boolean;
  /** HTTP calls made (a retried malformed answer and a mode fallback count). */
  calls: number;
}

export interface LlmProvider {
  readonly model: string;
  structured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<StructuredResult<z.output<S>>>;
}

/** An answer that stayed malformed or out of schema after its retry. */
export class LlmOutputError extends AppError {
  readonly usage: LlmUsage;
  readonly calls: number;
  constructor(name: string, reason: string, usage: LlmUsage, calls: number) {
    super('upstream', `The model's answer to ${name} did not match its schema (${reason})`, {
      code: 'llm_malformed',
      details: { name, reason },
    });
    this.name = 'LlmOutputError';
    this.usage = usage;
    this.calls = calls;
  }
}

export interface LlmProviderOptions {
  /** Up to and including /v1, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The AI cache lives in this database; without one nothing is cached. */
  db?: Handle;
  logger?: Logger;
  /** Start with this mode (default json_schema, falling back to tool). */
  mode?: StructuredMode;
  cacheTtlSeconds?: number;
  timeoutMs?: number;
  retries?: number;
  sleep?: Sleep;
}

/** Per attempt: structured answers of a batch can take a while. */
export const LLM_TIMEOUT_MS = 120_000;

export function createLlmProvider(options: LlmProviderOptions): LlmProvider {
  const http: HttpClient = createHttpClient({
    service: 'llm',
    baseUrl: options.baseUrl,
    logger: options.logger,
    headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
    timeoutMs: options.timeoutMs ?? LLM_TIMEOUT_MS,
    retries: options.retries ?? 2,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const log = options.logger?.child({ service: 'llm' });
  const ttl = options.cacheTtlSeconds ?? AI_CACHE_TTL_SECONDS;
  let mode: StructuredMode = options.mode ?? 'json_schema';

  /** One call in the current mode: the answer's body and usage; falls back from json_schema to tool once. */
  async function call(name: string, jsonSchema: Record<string, unknown>, messages: readonly LlmMessage[]) {
    for (;;) {
      const response = await http.request({
        method: 'POST',
        path: '/chat/completions',
        json: chatRequest({ model: options.model, name, jsonSchema, messages, mode }),
        operation: name,
      });
      if (response.ok) return { body: response.json(), mode };
      const text = errorText(response.json(), response.body);
      if (mode === 'json_schema' && refusesSchema(response.status, text) && !refusesTools(response.status, text)) {
        log?.info({ name }, 'the model refuses response formats: asking with a tool call');
        mode = 'tool';
        continue;
      }
      if (mode === 'tool' && refusesTools(response.status, text))
        throw new AppError('upstream', MODEL_DOES_NOT_SUPPORT_TOOL_CALLS, { code: 'llm_no_tools' });
      throw new AppError('upstream', `The model answered ${response.status}: ${text}`, {
        code: 'llm_error',
        details: { status: response.status },
      });
    }
  }

  async function structured<S extends z.ZodType>({
    name,
    schema,
    messages,
  }: StructuredRequest<S>): Promise<StructuredResult<z.output<S>>> {
    const jsonSchema = jsonSchemaOf(schema);
    const key = cacheKey({ model: options.model, name, jsonSchema, messages });
    if (options.db) {
      const hit = readAnswer(JSON.stringify((await readCache(options.db, key)) ?? null), schema);
      if (hit.ok && hit.value !== null) return { value: hit.value, usage: NO_USAGE, cached: true, calls: 0 };
    }
    let usage = NO_USAGE;
    let calls = 0;
    let reason = '';
    for (let attempt = 0; attempt <= MALFORMED_RETRIES; attempt += 1) {
      const answer = await call(name, jsonSchema, messages);
      calls += 1;
      usage = addUsage(usage, usageOf(answer.body));
      const read = readAnswer(answerText(answer.body, answer.mode), schema);
      if (read.ok) {
        if (options.db) await writeCache(options.db, key, read.value, ttl);
        return { value: read.value, usage, cached: false, calls };
      }
      reason = read.reason;
      log?.warn({ name, attempt: attempt + 1, reason }, 'malformed model answer');
    }
    throw new LlmOutputError(name, reason, usage, calls);
  }

  return { model: options.model, structured };
}

/** The provider the configuration names (LLM_BASE_URL and LLM_MODEL), or undefined for the local analyser. */
export function llmFromConfig(ctx: Pick<AppContext, 'config' | 'logger'> & { db?: Handle }): LlmProvider | undefined {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = ctx.config;
  if (!LLM_BASE_URL || !LLM_MODEL) return undefined;
  return createLlmProvider({
    baseUrl: LLM_BASE_URL,
    apiKey: LLM_API_KEY,
    model: LLM_MODEL,
    db: ctx.db,
    logger: ctx.logger,
  });
}
