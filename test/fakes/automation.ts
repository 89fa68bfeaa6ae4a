/**
 * A fake n8n-style workflow-automation service on 127.0.0.1: `POST /webhook/{workflowId}` with a
 * JSON body answers 200 `{ "executionId": "…" }` for a known workflow and 404
 * `{ "code": 404, "message": "The requested webhook \"POST {id}\" is not registered." }` (n8n's
 * wording) for an unknown one. `respond(id, …)` scripts other answers (400, 500 with Retry-After,
 * a redirect); `requests` records what arrived.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, sendJson, startServer, type RecordedRequest } from './server.ts';

export interface ScriptedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeAutomation {
  url: string;
  requests: RecordedRequest[];
  /** Registers a webhook (a workflow that answers 200 with an executionId). */
  register(workflowId: string): void;
  /** The next answers for this workflow id, in order (then back to the default). */
  respond(workflowId: string, ...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startFakeAutomation(): Promise<FakeAutomation> {
  const requests: RecordedRequest[] = [];
  const registered = new Set<string>();
  const scripted = new Map<string, ScriptedAnswer[]>();
  let executions = 1000;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = await readRequest(req, 'json');
    requests.push(request);
    const { path, body } = request;
    const match = /^\/webhook\/([^/]+)$/.exec(path);
    if (request.method !== 'POST' || !match) return sendJson(res, 404, { code: 404, message: 'Not Found' });
    const id = decodeURIComponent(match[1]!);
    const queue = scripted.get(id);
    const next = queue?.shift();
    if (next) return sendJson(res, next.status, next.body, next.headers);
    if (!registered.has(id))
      return sendJson(res, 404, {
        code: 404,
        message: `The requested webhook "POST ${id}" is not registered.`,
        hint: 'Click the Execute workflow button on the canvas, then try again.',
      });
    if (!body || typeof body !== 'object') return sendJson(res, 400, { code: 400, message: 'Invalid JSON body' });
    executions += 1;
    return sendJson(res, 200, { executionId: String(executions) });
  };

  const server = await startServer(handle, (_error, res) => sendJson(res, 500, { message: 'fake failed' }));
  return {
    url: server.url,
    requests,
    register: (id) => void registered.add(id),
    respond: (id, ...answers) => void scripted.set(id, [...(scripted.get(id) ?? []), ...answers]),
    close: server.close,
  };
}
