import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import {
  EVENT_PROCESSOR_MESSAGES,
  FLOW_NOT_FOUND,
  processExternalEvent,
  runCandidates,
} from '../../../src/workflows/index.ts';
import { startFakeAutomation, type FakeAutomation } from '../../fakes/automation.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { outcomesOf, seedStore, shopper } from '../../helpers/candidates-seed.ts';

const t = useTestDatabase();
let ctx: AppContext;
let fake: FakeAutomation;
const API_KEY = 'n8n-test-key-0123456789';

beforeAll(async () => {
  fake = await startFakeAutomation();
  ctx = await t.context({ AUTOMATION_BASE_URL: fake.url, AUTOMATION_API_KEY: API_KEY });
});
afterAll(async () => {
  await fake.close();
});

async function eventWorkflow(externalId: string): Promise<Awaited<ReturnType<typeof seedStore>>> {
  return seedStore(t.db, {
    type: 'events',
    delay: 0,
    discount: false,
    workflow: { external_id: externalId, name: 'Browse abandonment' },
  });
}

async function customerEvent(brandId: number, contactId: number | null, ageMs: number, now: Date): Promise<number> {
  const [row] = await t
    .db('customer_events')
    .insert({
      brand_id: brandId,
      contact_id: contactId,
      event_type: 'viewed_product',
      external_id: `ev-${Math.random()}`,
      payload: JSON.stringify({ product_id: 8001 }),
      occurred_at: new Date(now.getTime() - ageMs),
    })
    .returning('id');
  return Number(row.id);
}

describe('event workflows', () => {
  it('hands events of the last 5 minutes to the automation webhook, once', async () => {
    const now = new Date();
    const store = await eventWorkflow('wf-browse-1');
    fake.register('wf-browse-1');
    const { contactId } = await shopper(t.db, store.brandId, {}, now);
    const recent = await customerEvent(store.brandId, contactId, 299_000, now);
    const old = await customerEvent(store.brandId, contactId, 301_000, now);
    const sent = fake.requests.length;

    const result = await runCandidates(ctx, { workflowId: store.workflowId, now });
    expect(result.workflows[0]!.outcomes.started).toBe(1);
    const requests = fake.requests.slice(sent);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/webhook/wf-browse-1' });
    expect(requests[0]!.headers['x-n8n-api-key']).toBe(API_KEY);
    expect(requests[0]!.body).toMatchObject({
      timestamp: new Date(now.getTime() - 299_000).toISOString(),
      data: { id: recent, type: 'viewed_product', contact_id: contactId, payload: { product_id: 8001 } },
      flow: { id: store.workflowId, external_id: 'wf-browse-1', type: 'events', name: 'Browse abandonment' },
    });

    expect(await outcomesOf(t.db, store.workflowId)).toEqual({ [recent]: 'started' });
    const event = await t.db('flow_events').where({ workflow_id: store.workflowId, event_id: recent }).first();
    expect(event.extra_data.execution_id).toMatch(/^\d+$/);
    expect(
      await t.db('workflow_goal_state_change_events').where({ workflow_id: store.workflowId }).pluck('state'),
    ).toEqual(['started']);
    expect(old).toBeGreaterThan(0);

    await runCandidates(ctx, { workflowId: store.workflowId, now });
    expect(fake.requests.length - sent).toBe(1);
  });

  it('a refused event is recorded as filtered_out with the processor message', async () => {
    const now = new Date();
    const store = await eventWorkflow('wf-unknown-2');
    const id = await customerEvent(store.brandId, null, 1_000, now);
    await runCandidates(ctx, { workflowId: store.workflowId, now });
    const event = await t.db('flow_events').where({ workflow_id: store.workflowId, event_id: id }).first();
    expect(event).toMatchObject({ state: 'filtered_out', reason: 'automation_failed' });
    expect(event.extra_data.detail).toBe(EVENT_PROCESSOR_MESSAGES.notFound);
  });

  it('without AUTOMATION_BASE_URL the workflow is skipped and its events stay unrecorded', async () => {
    const plain = await t.context();
    const now = new Date();
    const store = await eventWorkflow('wf-unset-3');
    await customerEvent(store.brandId, null, 1_000, now);
    const result = await runCandidates(plain, { workflowId: store.workflowId, now });
    expect(result.workflows[0]!.skipped).toBe('AUTOMATION_BASE_URL is not set');
    expect(await outcomesOf(t.db, store.workflowId)).toEqual({});
  });
});

describe('the external-event flow processor', () => {
  beforeAll(async () => {
    for (const id of ['wf-404', 'wf-400', 'wf-500', 'wf-302', 'wf-429', 'wf-ok']) await eventWorkflow(id);
    fake.register('wf-ok');
    fake.register('wf-429');
  });
  const client = () => ({ baseUrl: fake.url, apiKey: API_KEY, retries: 1, retryDelayMs: 5 });
  const event = (externalId: string) => ({ externalId, data: { id: 1 }, timestamp: new Date('2026-11-22T10:00:00Z') });

  it('succeeds with the executionId', async () => {
    const result = await processExternalEvent(t.db, client(), event('wf-ok'));
    expect(result.success).toBe(true);
    expect(result.executionId).toMatch(/^\d+$/);
  });

  it.each([
    [
      'wf-404',
      { status: 404, body: { code: 404, message: 'The requested webhook "POST wf-404" is not registered.' } },
      EVENT_PROCESSOR_MESSAGES.notFound,
    ],
    ['wf-400', { status: 400, body: { message: 'Bad request' } }, EVENT_PROCESSOR_MESSAGES.invalidRequest],
    ['wf-500', { status: 500, body: { message: 'Error in workflow' } }, EVENT_PROCESSOR_MESSAGES.serverError],
    [
      'wf-302',
      { status: 302, body: {}, headers: { location: 'http://127.0.0.1:1/elsewhere' } },
      EVENT_PROCESSOR_MESSAGES.generic,
    ],
  ])('%s gives its failure message', async (id, answer, message) => {
    fake.respond(id, answer, answer);
    const result = await processExternalEvent(t.db, client(), event(id));
    expect(result).toMatchObject({ success: false, message });
  });

  it('retries a 429 after Retry-After, then succeeds', async () => {
    const before = fake.requests.length;
    fake.respond('wf-429', { status: 429, body: { message: 'Too many requests' }, headers: { 'retry-after': '0' } });
    const result = await processExternalEvent(t.db, client(), event('wf-429'));
    expect(result.success).toBe(true);
    expect(fake.requests.length - before).toBe(2);
  });

  it('a closed port is a connection error', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await processExternalEvent(
      t.db,
      { baseUrl: `http://127.0.0.1:${port}`, retries: 0 },
      event('wf-ok'),
    );
    expect(result).toEqual({ success: false, message: EVENT_PROCESSOR_MESSAGES.connection });
  });

  it('an unknown external id is Flow not found, and nothing is posted', async () => {
    const before = fake.requests.length;
    expect(await processExternalEvent(t.db, client(), event('wf-nobody'))).toEqual({
      success: false,
      message: FLOW_NOT_FOUND,
    });
    expect(fake.requests.length).toBe(before);
  });
});
