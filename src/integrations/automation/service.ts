/**
 * The workflow-automation service's calls of spec 1 section 7, on an n8n-style API:
 * - webhooks (POST /webhook/{path}, JSON): scrape brand knowledge ({ website }), recommendations,
 *   concepts, the ad generator; the image scrape is multipart form data (no JSON content type);
 * - the public API (/api/v1, X-N8N-API-KEY): executions/{id} (status; includeData=true for the
 *   results), workflows (create, get, put, activate) and credentials.
 * PUT keeps the workflow's existing name and merges its settings (n8n's PUT replaces the whole
 * workflow, so the current one is read first). A refusal throws an `upstream` AppError whose message
 * is what failed and the service's own message ('Workflow update failed: …'); an unreachable
 * service throws 'The automation service could not be reached'. The API key never appears in errors.
 */
import { AppError, type Logger } from '../../app/index.ts';
import { createHttpClient, HttpNetworkError, type HttpClient, type HttpRequest, type Sleep } from '../../http/index.ts';

/** The webhook paths of the service's workflows, overridable per deployment. */
export const DEFAULT_AUTOMATION_WEBHOOKS = {
  scrape: 'scrape-brand-knowledge',
  recommendations: 'generate-recommendations',
  imageScrape: 'image-scrape',
  concepts: 'generate-concepts',
  adGenerator: 'ad-generator',
};

export interface AutomationServiceOptions {
  baseUrl: string;
  apiKey?: string;
  webhooks?: Partial<typeof DEFAULT_AUTOMATION_WEBHOOKS>;
  timeoutMs?: number;
  retries?: number;
  logger?: Logger;
  sleep?: Sleep;
}

export interface AutomationExecution {
  id: string;
  status: string;
  finished: boolean;
  workflowId: string | null;
  startedAt: string | null;
  stoppedAt: string | null;
  /** With includeData: the run's data (node outputs). */
  data?: unknown;
}

export interface AutomationWorkflow {
  id: string;
  name: string;
  active: boolean;
  nodes: unknown[];
  connections: Record<string, unknown>;
  settings: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** The service's own words from an error answer: n8n's `message` (and `hint`), else the status. */
function serviceMessage(body: unknown, status: number): string {
  const b = (body && typeof body === 'object' ? body : {}) as Json;
  const message = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : undefined;
  return message ? message : `HTTP ${status}`;
}

export interface AutomationService {
  scrapeBrandKnowledge(input: { website: string } & Json): Promise<unknown>;
  generateRecommendations(input: Json): Promise<unknown>;
  /** Multipart: each field a string or a file ({ name, type, data }). */
  imageScrape(fields: Record<string, string | { name: string; type: string; data: Buffer }>): Promise<unknown>;
  generateConcepts(input: Json): Promise<unknown>;
  triggerAdGenerator(input: Json): Promise<unknown>;
  getExecution(id: string, options?: { includeData?: boolean }): Promise<AutomationExecution>;
  createWorkflow(input: {
    name: string;
    nodes: unknown[];
    connections: Json;
    settings?: Json;
  }): Promise<AutomationWorkflow>;
  getWorkflow(id: string): Promise<AutomationWorkflow>;
  updateWorkflow(
    id: string,
    patch: { nodes?: unknown[]; connections?: Json; settings?: Json },
  ): Promise<AutomationWorkflow>;
  activateWorkflow(id: string): Promise<AutomationWorkflow>;
  createCredential(input: {
    name: string;
    type: string;
    data: Json;
  }): Promise<{ id: string; name: string; type: string }>;
}

export function createAutomationService(options: AutomationServiceOptions): AutomationService {
  const webhooks = { ...DEFAULT_AUTOMATION_WEBHOOKS, ...options.webhooks };
  const http: HttpClient = createHttpClient({
    service: 'automation',
    baseUrl: options.baseUrl,
    logger: options.logger,
    headers: { accept: 'application/json', ...(options.apiKey ? { 'X-N8N-API-KEY': options.apiKey } : {}) },
    timeoutMs: options.timeoutMs ?? 30_000,
    retries: options.retries ?? 2,
    followRedirects: false,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });

  async function call(what: string, request: HttpRequest): Promise<unknown> {
    let response;
    try {
      response = await http.request(request);
    } catch (error) {
      if (error instanceof HttpNetworkError)
        throw new AppError('upstream', 'The automation service could not be reached', {
          code: 'automation_unreachable',
          cause: error,
        });
      throw error;
    }
    if (!response.ok)
      throw new AppError(
        response.status === 404 ? 'not_found' : 'upstream',
        `${what} failed: ${serviceMessage(response.json() ?? response.body.slice(0, 300), response.status)}`,
        {
          code: 'automation_refused',
          details: { status: response.status },
        },
      );
    return response.json();
  }

  const hook = (what: string, path: string, json: unknown) =>
    call(what, { method: 'POST', path: `/webhook/${encodeURIComponent(path)}`, json });

  const toWorkflow = (body: unknown): AutomationWorkflow => {
    const w = (body ?? {}) as Json;
    return {
      id: String(w.id),
      name: String(w.name ?? ''),
      active: Boolean(w.active),
      nodes: Array.isArray(w.nodes) ? w.nodes : [],
      connections: (w.connections as Json | undefined) ?? {},
      settings: (w.settings as Json | undefined) ?? {},
    };
  };
  const workflowPath = (id: string) => `/api/v1/workflows/${encodeURIComponent(id)}`;

  return {
    scrapeBrandKnowledge: (input) => hook('Brand knowledge scrape', webhooks.scrape, input),
    generateRecommendations: (input) => hook('Recommendation generation', webhooks.recommendations, input),
    imageScrape: (fields) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields))
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
      return call('Image scrape', {
        method: 'POST',
        path: `/webhook/${encodeURIComponent(webhooks.imageScrape)}`,
        multipart: form,
      });
    },
    generateConcepts: (input) => hook('Concept generation', webhooks.concepts, input),
    triggerAdGenerator: (input) => hook('Ad generation', webhooks.adGenerator, input),
    async getExecution(id, { includeData = false } = {}) {
      const e = (await call('Execution lookup', {
        path: `/api/v1/executions/${encodeURIComponent(id)}`,
        ...(includeData ? { query: { includeData: 'true' } } : {}),
      })) as Json;
      return {
        id: String(e.id),
        status: String(e.status ?? (e.finished ? 'success' : 'running')),
        finished: Boolean(e.finished),
        workflowId: e.workflowId === undefined || e.workflowId === null ? null : String(e.workflowId),
        startedAt: typeof e.startedAt === 'string' ? e.startedAt : null,
        stoppedAt: typeof e.stoppedAt === 'string' ? e.stoppedAt : null,
        ...(includeData ? { data: e.data } : {}),
      };
    },
    createWorkflow: async (input) =>
      toWorkflow(
        await call('Workflow creation', {
          method: 'POST',
          path: '/api/v1/workflows',
          json: {
            name: input.name,
            nodes: input.nodes,
            connections: input.connections,
            settings: input.settings ?? {},
          },
        }),
      ),
    getWorkflow: async (id) => toWorkflow(await call('Workflow lookup', { path: workflowPath(id) })),
    async updateWorkflow(id, patch) {
      const current = toWorkflow(await call('Workflow lookup', { path: workflowPath(id) }));
      return toWorkflow(
        await call('Workflow update', {
          method: 'PUT',
          path: workflowPath(id),
          json: {
            name: current.name,
            nodes: patch.nodes ?? current.nodes,
            connections: patch.connections ?? current.connections,
            settings: { ...current.settings, ...patch.settings },
          },
        }),
      );
    },
    activateWorkflow: async (id) =>
      toWorkflow(await call('Workflow activation', { method: 'POST', path: `${workflowPath(id)}/activate` })),
    async createCredential(input) {
      const c = (await call('Credential creation', {
        method: 'POST',
        path: '/api/v1/credentials',
        json: input,
      })) as Json;
      return { id: String(c.id), name: String(c.name ?? input.name), type: String(c.type ?? input.type) };
    },
  };
}
