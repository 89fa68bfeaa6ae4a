/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1: `POST /v1/chat/completions` with
 * `Authorization: Bearer …`, answering the real shape: `{id, object: 'chat.completion', model,
 * choices: [{index, message: {role: 'assistant', content | tool_calls}, finish_reason}], usage:
 * {prompt_tokens, completion_tokens, total_tokens}}`. What the "model" answers comes from the
 * test's `answer(request)`; errors come as `{error: {message, type, code}}` like OpenAI's.
 *
 * `supports` says what the server accepts: 'json_schema' (response_format and tools), 'tools'
 * (a response_format of type json_schema is refused with 400), or 'none' (both refused with 400).
 * `faults` are consumed one per request, first: '429' (with Retry-After: 0), 'malformed' (content
 * that is not JSON), 'out_of_schema' (JSON that does not fit: `{}`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, sendJson, startServer, type RecordedRequest } from './server.ts';

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  tool_choice?: unknown;
}

export type Fault = '429' | 'malformed' | 'out_of_schema';

export interface FakeOpenAi {
  /** The LLM_BASE_URL: `http://127.0.0.1:{port}/v1`. */
  baseUrl: string;
  requests: RecordedRequest<ChatRequestBody>[];
  /** Chat-completion calls answered 200. */
  completions: number;
  supports: 'json_schema' | 'tools' | 'none';
  faults: Fault[];
  /** Tokens every answer reports; 'estimate': the request's and the answer's characters / 4. */
  usage: { prompt_tokens: number; completion_tokens: number } | 'estimate';
  /** What the model answers to a request (serialised as the content or the tool call's arguments). */
  answer: (body: ChatRequestBody) => unknown;
  close(): Promise<void>;
}

export const FAKE_LLM_KEY = 'sk-test-fake-llm-key';
export const FAKE_LLM_MODEL = 'fake-model-1';

const error = (res: ServerResponse, status: number, message: string, headers = {}): void =>
  sendJson(res, status, { error: { message, type: 'invalid_request_error', code: null } }, headers);

function usageOf(usage: FakeOpenAi['usage'], body: ChatRequestBody, answer: string) {
  const { prompt_tokens, completion_tokens } =
    usage === 'estimate'
      ? {
          prompt_tokens: Math.ceil(body.messages.reduce((n, m) => n + m.content.length, 0) / 4),
          completion_tokens: Math.ceil(answer.length / 4),
        }
      : usage;
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

export async function startFakeOpenAi(answer: (body: ChatRequestBody) => unknown = () => ({})): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    completions: 0,
    supports: 'json_schema',
    faults: [],
    usage: { prompt_tokens: 100, completion_tokens: 20 },
    answer,
    close: async () => {},
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = (await readRequest(req, 'json')) as RecordedRequest<ChatRequestBody>;
    fake.requests.push(request);
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') return error(res, 404, 'Not found');
    if (request.headers.authorization !== `Bearer ${FAKE_LLM_KEY}`)
      return error(res, 401, 'Incorrect API key provided');
    const body = request.body;
    if (request.malformed || !body?.model || !Array.isArray(body.messages)) return error(res, 400, 'Invalid body');
    if (body.response_format?.type === 'json_schema' && fake.supports !== 'json_schema')
      return error(
        res,
        400,
        "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
      );
    if (body.tools && fake.supports === 'none') return error(res, 400, `${body.model} does not support tools`);
    const fault = fake.faults.shift();
    if (fault === '429') return error(res, 429, 'Rate limit reached', { 'retry-after': '0' });
    const value =
      fault === 'malformed'
        ? 'Sure! Here is the answer'
        : fault === 'out_of_schema'
          ? '{}'
          : JSON.stringify(fake.answer(body));
    fake.completions += 1;
    const toolName = body.tools?.[0]?.function.name;
    const message = toolName
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: `call_${fake.completions}`, type: 'function', function: { name: toolName, arguments: value } },
          ],
        }
      : { role: 'assistant', content: value };
    sendJson(res, 200, {
      id: `chatcmpl-${fake.completions}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, finish_reason: toolName ? 'tool_calls' : 'stop' }],
      usage: usageOf(fake.usage, body, value),
    });
  };
  const server = await startServer(handle);
  fake.baseUrl = `${server.url}/v1`;
  fake.close = server.close;
  return fake;
}
