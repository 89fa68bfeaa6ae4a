/**
 * A fake n8n-style workflow-automation service on 127.0.0.1: `POST /webhook/{workflowId}` with a
 * JSON body answers 200 `{ "executionId": "…" }` for a known workflow and 404
 * `{ "code": 404, "message": "The requested webhook \"POST {id}\" is not registered." }` (n8n's
 * wording) for an unknown one. `respond(id, …)` scripts other answers (400, 500 with Retry-After,
 * a redirect); `requests` records what arrived (method, path, headers, parsed body).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AutomationRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | undefined;
}

export interface ScriptedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeAutomation {
  url: string;
  requests: AutomationRequest[];
  /** Registers a webhook (a workflow that answers 200 with an executionId). */
  register(workflowId: string): void;
  /** The next answers for this workflow id, in order (then back to the default). */
  respond(workflowId: string, ...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startFakeAutomation(): Promise<FakeAutomation> {
  const requests: AutomationRequest[] = [];
  const registered = new Set<string>();
  const scripted = new Map<string, ScriptedAnswer[]>();
  let executions = 1000;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
    const match = /^\/webhook\/([^/]+)$/.exec(path);
    if (req.method !== 'POST' || !match) return send(res, 404, { code: 404, message: 'Not Found' });
    const id = decodeURIComponent(match[1]!);
    const queue = scripted.get(id);
    const next = queue?.shift();
    if (next) return send(res, next.status, next.body, next.headers);
    if (!registered.has(id))
      return send(res, 404, {
        code: 404,
        message: `The requested webhook "POST ${id}" is not registered.`,
        hint: 'Click the Execute workflow button on the canvas, then try again.',
      });
    if (!body || typeof body !== 'object') return send(res, 400, { code: 400, message: 'Invalid JSON body' });
    executions += 1;
    return send(res, 200, { executionId: String(executions) });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    register: (id) => void registered.add(id),
    respond: (id, ...answers) => void scripted.set(id, [...(scripted.get(id) ?? []), ...answers]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
