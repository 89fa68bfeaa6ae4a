/**
 * The LLM provider's rules (spec 3): structured outputs, the AI cache of 86,400 s and the error
 * 'Model does not support tool calls'. Pure: the wire shapes of OpenAI-compatible chat completions,
 * the JSON schema sent for a zod schema, the cache key of an exact input, and how an answer is read.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Spec 3 section 9: AI call results are cached for 86400 s. */
export const AI_CACHE_TTL_SECONDS = 86_400;
/** Spec 3 section 8, verbatim. */
export const MODEL_DOES_NOT_SUPPORT_TOOL_CALLS = 'Model does not support tool calls';
/** A malformed or out-of-schema answer is asked for again this many times. */
export const MALFORMED_RETRIES = 1;

export type LlmRole = 'system' | 'user' | 'assistant';
export interface LlmMessage {
  role: LlmRole;
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export const NO_USAGE: LlmUsage = Object.freeze({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

export const addUsage = (a: LlmUsage, b: LlmUsage): LlmUsage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
  totalTokens: a.totalTokens + b.totalTokens,
});

/** How the answer is asked to follow the schema: a json_schema response format, or one forced tool call. */
export type StructuredMode = 'json_schema' | 'tool';

/** The JSON schema of a zod schema, as strict structured outputs want it (no $schema key). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** A function name as OpenAI accepts it: letters, digits, _ and -, at most 64. */
export const schemaName = (name: string): string => name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'answer';

/** The chat-completions request body for one structured call. */
export function chatRequest({
  model,
  name,
  jsonSchema,
  messages,
  mode,
  temperature = 0,
}: {
  model: string;
  name: string;
  jsonSchema: Record<string, unknown>;
  messages: readonly LlmMessage[];
  mode: StructuredMode;
  temperature?: number;
}): Record<string, unknown> {
  const fn = schemaName(name);
  const base = { model, messages, temperature };
  if (mode === 'json_schema')
    return {
      ...base,
      response_format: { type: 'json_schema', json_schema: { name: fn, schema: jsonSchema, strict: true } },
    };
  return {
    ...base,
    tools: [
      {
        type: 'function',
        function: { name: fn, description: `Answer with ${fn}`, parameters: jsonSchema, strict: true },
      },
    ],
    tool_choice: { type: 'function', function: { name: fn } },
  };
}

/** The cache key of an exact input: the model, the mode-independent request and the schema. */
export function cacheKey(input: {
  model: string;
  name: string;
  jsonSchema: Record<string, unknown>;
  messages: readonly LlmMessage[];
}): string {
  const text = JSON.stringify([input.model, input.name, input.jsonSchema, input.messages]);
  return `llm:${createHash('sha256').update(text).digest('hex')}`;
}

const usageWire = z
  .object({
    prompt_tokens: z.number().int().min(0).optional(),
    completion_tokens: z.number().int().min(0).optional(),
    total_tokens: z.number().int().min(0).optional(),
  })
  .loose();

const completionWire = z
  .object({
    choices: z
      .array(
        z
          .object({
            message: z
              .object({
                content: z.string().nullable().optional(),
                tool_calls: z
                  .array(z.object({ function: z.object({ name: z.string(), arguments: z.string() }).loose() }).loose())
                  .nullable()
                  .optional(),
              })
              .loose(),
          })
          .loose(),
      )
      .min(1),
    usage: usageWire.nullable().optional(),
  })
  .loose();

export function usageOf(body: unknown): LlmUsage {
  const parsed = z.object({ usage: usageWire.nullable().optional() }).loose().safeParse(body);
  const usage = parsed.success ? parsed.data.usage : undefined;
  const promptTokens = usage?.prompt_tokens ?? 0;
  const completionTokens = usage?.completion_tokens ?? 0;
  return { promptTokens, completionTokens, totalTokens: usage?.total_tokens ?? promptTokens + completionTokens };
}

/**
 * The JSON text of an answer: the message's content (json_schema mode), or the arguments of its
 * tool call (tool mode). Undefined when the answer carries neither.
 */
export function answerText(body: unknown, mode: StructuredMode): string | undefined {
  const parsed = completionWire.safeParse(body);
  if (!parsed.success) return undefined;
  const message = parsed.data.choices[0]!.message;
  if (mode === 'tool') return message.tool_calls?.[0]?.function.arguments ?? message.content ?? undefined;
  return message.content ?? message.tool_calls?.[0]?.function.arguments ?? undefined;
}

/** Reads an answer against its schema: the value, or why it does not fit. */
export function readAnswer<S extends z.ZodType>(
  text: string | undefined,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; reason: string } {
  if (text === undefined) return { ok: false, reason: 'no content' };
  let json: unknown;
  try {
    // Some servers wrap JSON in a fenced block.
    json = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const checked = schema.safeParse(json);
  if (!checked.success) return { ok: false, reason: `out of schema: ${checked.error.issues[0]?.path.join('.') ?? ''}` };
  return { ok: true, value: checked.data };
}

/** The error text of a 4xx answer (OpenAI: {error: {message}}; others: {message} or {detail}). */
export function errorText(body: unknown, raw: string): string {
  const parsed = z
    .object({
      error: z.union([z.string(), z.object({ message: z.string().optional() }).loose()]).optional(),
      message: z.string().optional(),
      detail: z.string().optional(),
    })
    .loose()
    .safeParse(body);
  if (parsed.success) {
    const { error, message, detail } = parsed.data;
    const text = typeof error === 'string' ? error : (error?.message ?? message ?? detail);
    if (text) return text;
  }
  return raw.slice(0, 300);
}

/** A refusal of structured outputs: a 400/422 whose text names response_format or json_schema. */
export const refusesSchema = (status: number, text: string): boolean =>
  (status === 400 || status === 422) && /response_format|json_schema|structured output|schema/i.test(text);

/** A refusal of tools: a 400/422 whose text names tools or function calling. */
export const refusesTools = (status: number, text: string): boolean =>
  (status === 400 || status === 422) && /tool|function/i.test(text);
