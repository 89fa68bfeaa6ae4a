/**
 * The workflow-automation service (an n8n-style webhook API), on the shared HTTP client:
 * `POST {AUTOMATION_BASE_URL}/webhook/{workflowId}` with a JSON body and, when set,
 * AUTOMATION_API_KEY in X-N8N-API-KEY. It answers `{ executionId }` (some versions
 * `{ execution_id }` or `{ data: { executionId } }`). 429, 5xx and network failures are retried
 * with backoff, honouring Retry-After (at most 30 s); redirects are answers, not followed. The
 * API key never appears in results or logs.
 */
import type { Logger } from '../../app/index.ts';
import { createHttpClient, HttpNetworkError, realSleep, type Sleep } from '../../http/index.ts';

const TIMEOUT_MS = 10_000;
const MAX_WAIT_MS = 30_000;

export interface AutomationClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Retries after the first try on 429, 5xx and network failures (default 2). */
  retries?: number;
  /** The first retry's backoff; it doubles with each retry (default 500 ms). */
  retryDelayMs?: number;
  logger?: Logger;
  sleep?: Sleep;
}

/** What the service made of a webhook call: accepted (2xx), refused (any other status) or unreachable. */
export type AutomationAnswer =
  | { outcome: 'accepted'; status: number; executionId?: string }
  | { outcome: 'refused'; status: number }
  | { outcome: 'unreachable' };

function executionIdOf(json: unknown): string | undefined {
  const body = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const id = body.executionId ?? body.execution_id ?? (body.data as Record<string, unknown> | undefined)?.executionId;
  return id === undefined || id === null ? undefined : String(id);
}

/** POSTs `body` to the webhook of the service's workflow `workflowId`. Never throws for what the service answers. */
export async function triggerAutomationWorkflow(
  options: AutomationClientOptions,
  workflowId: string,
  body: Record<string, unknown>,
): Promise<AutomationAnswer> {
  const http = createHttpClient({
    service: 'automation',
    baseUrl: options.baseUrl,
    logger: options.logger,
    headers: { accept: 'application/json', ...(options.apiKey ? { 'X-N8N-API-KEY': options.apiKey } : {}) },
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    retries: options.retries ?? 2,
    backoff: { baseMs: options.retryDelayMs ?? 500, maxMs: MAX_WAIT_MS },
    retryAfterCapMs: MAX_WAIT_MS,
    followRedirects: false,
    sleep: options.sleep ?? realSleep,
  });
  try {
    const response = await http.request({
      method: 'POST',
      path: `/webhook/${encodeURIComponent(workflowId)}`,
      json: body,
    });
    if (!response.ok) return { outcome: 'refused', status: response.status };
    const executionId = executionIdOf(response.json());
    return { outcome: 'accepted', status: response.status, ...(executionId === undefined ? {} : { executionId }) };
  } catch (error) {
    if (error instanceof HttpNetworkError) return { outcome: 'unreachable' };
    throw error;
  }
}
