import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationService, type AutomationService } from '../../src/integrations/index.ts';
import { N8N_API_KEY, startFakeN8n, type FakeN8n } from '../fakes/automation-api.ts';

let fake: FakeN8n;
let service: AutomationService;

beforeAll(async () => {
  fake = await startFakeN8n();
  service = createAutomationService({ baseUrl: fake.url, apiKey: N8N_API_KEY, sleep: async () => undefined });
});
afterAll(async () => fake?.close());

describe('the automation service: webhooks', () => {
  it('scrape, recommendations, concepts and the ad generator POST JSON to their webhooks', async () => {
    fake.webhook('scrape-brand-knowledge', (body) => ({ executionId: '501', received: body }));
    fake.webhook('generate-recommendations', () => ({ recommendations: ['Free shipping over $50'] }));
    fake.webhook('generate-concepts', () => ({ concepts: [{ headline: 'Back in stock' }] }));
    fake.webhook('ad-generator', () => ({ executionId: '502' }));
    expect(await service.scrapeBrandKnowledge({ website: 'https://northwind.example' })).toEqual({
      executionId: '501',
      received: { website: 'https://northwind.example' },
    });
    expect(await service.generateRecommendations({ brandId: 4 })).toEqual({
      recommendations: ['Free shipping over $50'],
    });
    expect(await service.generateConcepts({ brandId: 4 })).toEqual({ concepts: [{ headline: 'Back in stock' }] });
    expect(await service.triggerAdGenerator({ conceptId: 1 })).toEqual({ executionId: '502' });
    expect(fake.requests.find((r) => r.path === '/webhook/scrape-brand-knowledge')!.headers['content-type']).toContain(
      'application/json',
    );
  });

  it('the image scrape is multipart form data, not JSON', async () => {
    fake.webhook('image-scrape', (_body, parts) => ({ files: parts?.map((p) => p.filename ?? p.name) }));
    const answer = await service.imageScrape({
      website: 'https://northwind.example',
      image: { name: 'hero.png', type: 'image/png', data: Buffer.from('fake-png-bytes') },
    });
    expect(answer).toEqual({ files: ['website', 'hero.png'] });
    const sent = fake.requests.find((r) => r.path === '/webhook/image-scrape')!;
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.parts).toEqual([
      { name: 'website', size: 25, value: 'https://northwind.example' },
      { name: 'image', filename: 'hero.png', contentType: 'image/png', size: 14 },
    ]);
  });

  it("an unregistered webhook fails with n8n's own message", async () => {
    await expect(service.generateConcepts({})).resolves.toBeDefined();
    const other = createAutomationService({ baseUrl: fake.url, webhooks: { concepts: 'missing' } });
    await expect(other.generateConcepts({})).rejects.toThrow(
      'Concept generation failed: The requested webhook "POST missing" is not registered.',
    );
  });
});

describe('the automation service: executions, workflows, credentials', () => {
  it('an execution: status, and with includeData=true its results', async () => {
    fake.executions.set('77', {
      id: '77',
      finished: true,
      mode: 'webhook',
      status: 'success',
      startedAt: '2026-11-24T10:00:00.000Z',
      stoppedAt: '2026-11-24T10:00:04.000Z',
      workflowId: 'wf1',
      data: { resultData: { runData: { Scrape: [{ data: { main: [[{ json: { faq: 3 } }]] } }] } } },
    });
    const status = await service.getExecution('77');
    expect(status).toEqual({
      id: '77',
      status: 'success',
      finished: true,
      workflowId: 'wf1',
      startedAt: '2026-11-24T10:00:00.000Z',
      stoppedAt: '2026-11-24T10:00:04.000Z',
    });
    const full = await service.getExecution('77', { includeData: true });
    expect(full.data).toMatchObject({ resultData: { runData: { Scrape: expect.any(Array) } } });
    expect(fake.requests.at(-1)!.query.get('includeData')).toBe('true');
    await expect(service.getExecution('404')).rejects.toThrow('Execution lookup failed: Not Found');
  });

  it('PUT keeps the name and merges settings; activate; a refused activation carries the service message', async () => {
    const created = await service.createWorkflow({
      name: 'Brand 4 cart events',
      nodes: [{ name: 'Webhook', type: 'n8n-nodes-base.webhook' }],
      connections: {},
      settings: { timezone: 'America/New_York', saveDataErrorExecution: 'all' },
    });
    expect(created).toMatchObject({ name: 'Brand 4 cart events', active: false });
    const updated = await service.updateWorkflow(created.id, { settings: { executionTimeout: 120 } });
    expect(updated.name).toBe('Brand 4 cart events');
    expect(updated.settings).toEqual({
      timezone: 'America/New_York',
      saveDataErrorExecution: 'all',
      executionTimeout: 120,
    });
    const put = fake.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(Object.keys(put.body as object).sort()).toEqual(['connections', 'name', 'nodes', 'settings']);
    expect((await service.activateWorkflow(created.id)).active).toBe(true);

    const empty = await service.createWorkflow({ name: 'Empty', nodes: [], connections: {} });
    await expect(service.activateWorkflow(empty.id)).rejects.toThrow(
      'Workflow activation failed: Workflow has no node to start the workflow',
    );
    await expect(service.getWorkflow('nope')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Workflow lookup failed: Not Found',
    });
  });

  it('credentials are created; a missing API key fails with the service message and never shows a key', async () => {
    const credential = await service.createCredential({
      name: 'Slack brand 4',
      type: 'slackApi',
      data: { accessToken: 'xoxb-1' },
    });
    expect(credential).toMatchObject({ name: 'Slack brand 4', type: 'slackApi', id: expect.any(String) });
    expect(fake.credentials.at(-1)).toMatchObject({ data: { accessToken: 'xoxb-1' } });
    const keyless = createAutomationService({ baseUrl: fake.url });
    await expect(keyless.getWorkflow('wf1')).rejects.toThrow("Workflow lookup failed: 'X-N8N-API-KEY' header required");
    const unreachable = createAutomationService({ baseUrl: 'http://127.0.0.1:9', apiKey: N8N_API_KEY, retries: 0 });
    const error = (await unreachable.getExecution('1').catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('The automation service could not be reached');
    expect(JSON.stringify(error)).not.toContain(N8N_API_KEY);
  });
});
