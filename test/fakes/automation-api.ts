/**
 * A fake n8n (the workflow-automation service) on 127.0.0.1, in n8n's wire format:
 * - webhooks: POST /webhook/{path}; a registered path answers 200 with what its handler returns;
 *   an unknown one 404 `{ code: 404, message: 'The requested webhook "POST {path}" is not registered.' }`.
 *   Multipart bodies are parsed into `parts` (name, filename, content type, size).
 * - public API /api/v1 behind X-N8N-API-KEY (401 `{ message: "'X-N8N-API-KEY' header required" }`):
 *   GET executions/{id}[?includeData=true]; POST/GET/PUT workflows[/{id}], POST workflows/{id}/activate;
 *   POST credentials. Errors are `{ message }` with 400 or 404, as n8n answers them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, sendJson, startServer, type Json, type RecordedRequest } from './server.ts';

export const N8N_API_KEY = 'n8n-api-key-abcdef0123';

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  size: number;
  value?: string;
}

export interface FakeN8n {
  url: string;
  requests: (RecordedRequest & { parts?: MultipartPart[] })[];
  webhook(path: string, answer: (body: unknown, parts?: MultipartPart[]) => unknown): void;
  workflows: Map<string, Json>;
  executions: Map<string, Json>;
  credentials: Json[];
  close(): Promise<void>;
}

function parseMultipart(raw: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) return [];
  const text = raw.toString('latin1');
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head = '', ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const body = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
      return {
        name,
        size: Buffer.byteLength(body, 'latin1'),
        ...(filename ? { filename } : { value: body }),
        ...(type ? { contentType: type } : {}),
      };
    });
}

export async function startFakeN8n(): Promise<FakeN8n> {
  const requests: FakeN8n['requests'] = [];
  const hooks = new Map<string, (body: unknown, parts?: MultipartPart[]) => unknown>();
  const workflows = new Map<string, Json>();
  const executions = new Map<string, Json>();
  const credentials: Json[] = [];
  let ids = 100;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const contentType = String(req.headers['content-type'] ?? '');
    const multipart = contentType.startsWith('multipart/form-data');
    const request: FakeN8n['requests'][number] = await readRequest(req, multipart ? 'raw' : 'json');
    if (multipart) request.parts = parseMultipart(Buffer.from(request.raw, 'utf8'), contentType);
    requests.push(request);
    const { method, path } = request;

    const hook = /^\/webhook\/(.+)$/.exec(path);
    if (hook) {
      const answer = hooks.get(decodeURIComponent(hook[1]!));
      if (method !== 'POST' || !answer)
        return sendJson(res, 404, {
          code: 404,
          message: `The requested webhook "${method} ${hook[1]}" is not registered.`,
        });
      return sendJson(res, 200, answer(request.body, request.parts));
    }

    if (!path.startsWith('/api/v1/')) return sendJson(res, 404, { message: 'not found' });
    if (request.headers['x-n8n-api-key'] !== N8N_API_KEY)
      return sendJson(res, 401, { message: "'X-N8N-API-KEY' header required" });
    const body = (request.body ?? {}) as Json;

    const execution = /^\/api\/v1\/executions\/([^/]+)$/.exec(path);
    if (execution && method === 'GET') {
      const found = executions.get(execution[1]!);
      if (!found) return sendJson(res, 404, { message: 'Not Found' });
      const { data, ...rest } = found;
      return sendJson(res, 200, request.query.get('includeData') === 'true' ? { ...rest, data } : rest);
    }
    if (path === '/api/v1/workflows' && method === 'POST') {
      if (typeof body.name !== 'string' || !Array.isArray(body.nodes) || !body.connections || !body.settings)
        return sendJson(res, 400, { message: "request/body must have required property 'settings'" });
      const id = `wf${(ids += 1)}`;
      workflows.set(id, { id, active: false, ...body });
      return sendJson(res, 200, workflows.get(id));
    }
    const workflow = /^\/api\/v1\/workflows\/([^/]+)(\/activate)?$/.exec(path);
    if (workflow) {
      const found = workflows.get(workflow[1]!);
      if (!found) return sendJson(res, 404, { message: 'Not Found' });
      if (workflow[2] && method === 'POST') {
        if ((found.nodes as unknown[]).length === 0)
          return sendJson(res, 400, {
            message:
              'Workflow has no node to start the workflow - at least one trigger, poller or webhook node is required',
          });
        found.active = true;
        return sendJson(res, 200, found);
      }
      if (method === 'GET') return sendJson(res, 200, found);
      if (method === 'PUT') {
        const allowed = new Set(['name', 'nodes', 'connections', 'settings', 'staticData']);
        const extra = Object.keys(body).find((k) => !allowed.has(k));
        if (extra) return sendJson(res, 400, { message: 'request/body must NOT have additional properties' });
        if (typeof body.name !== 'string')
          return sendJson(res, 400, { message: "request/body must have required property 'name'" });
        const updated = { ...found, ...body };
        workflows.set(found.id as string, updated);
        return sendJson(res, 200, updated);
      }
    }
    if (path === '/api/v1/credentials' && method === 'POST') {
      if (typeof body.type !== 'string' || !body.data)
        return sendJson(res, 400, { message: "request/body must have required property 'type'" });
      const created = {
        id: String((ids += 1)),
        name: body.name,
        type: body.type,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      };
      credentials.push({ ...created, data: body.data });
      return sendJson(res, 200, created);
    }
    return sendJson(res, 404, { message: 'not found' });
  };

  const server = await startServer(handle);
  return {
    url: server.url,
    requests,
    webhook: (path, answer) => void hooks.set(path, answer),
    workflows,
    executions,
    credentials,
    close: server.close,
  };
}
