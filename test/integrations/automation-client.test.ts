import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerAutomationWorkflow } from '../../src/integrations/index.ts';
import { startFakeAutomation, type FakeAutomation } from '../fakes/automation.ts';

let fake: FakeAutomation;
const API_KEY = 'n8n-client-key-0123456789';

beforeAll(async () => {
  fake = await startFakeAutomation();
  fake.register('wf-known');
});
afterAll(async () => fake.close());

const options = (waits: number[] = []) => ({
  baseUrl: `${fake.url}/`,
  apiKey: API_KEY,
  sleep: async (ms: number) => void waits.push(ms),
});

describe('the automation-service client', () => {
  it('POSTs the body to /webhook/{id} with the API key and returns the execution id', async () => {
    const before = fake.requests.length;
    const answer = await triggerAutomationWorkflow(options(), 'wf-known', { data: { id: 1 } });
    expect(answer).toEqual({ outcome: 'accepted', status: 200, executionId: expect.stringMatching(/^\d+$/) });
    expect(fake.requests.slice(before)).toMatchObject([
      { method: 'POST', path: '/webhook/wf-known', body: { data: { id: 1 } } },
    ]);
    expect(fake.requests.at(-1)!.headers['x-n8n-api-key']).toBe(API_KEY);
  });

  it('an unknown workflow is refused with its status, not retried', async () => {
    const before = fake.requests.length;
    expect(await triggerAutomationWorkflow(options(), 'wf-missing', {})).toEqual({ outcome: 'refused', status: 404 });
    expect(fake.requests.length - before).toBe(1);
  });

  it('429 and 5xx are retried: Retry-After in seconds or as a date, at most 30 s, else a doubling backoff', async () => {
    const waits: number[] = [];
    fake.respond(
      'wf-known',
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 503, headers: { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() } },
    );
    expect(await triggerAutomationWorkflow(options(waits), 'wf-known', {})).toMatchObject({ outcome: 'accepted' });
    expect(waits).toEqual([3_000, 30_000]);

    waits.length = 0;
    fake.respond('wf-known', { status: 500 }, { status: 502 }, { status: 500 });
    expect(await triggerAutomationWorkflow({ ...options(waits), retryDelayMs: 5 }, 'wf-known', {})).toEqual({
      outcome: 'refused',
      status: 500,
    });
    expect(waits).toEqual([5, 10]);
  });

  it('a service nobody answers at is unreachable', async () => {
    const waits: number[] = [];
    const answer = await triggerAutomationWorkflow(
      { ...options(waits), baseUrl: 'http://127.0.0.1:1' },
      'wf-known',
      {},
    );
    expect([answer, waits]).toEqual([{ outcome: 'unreachable' }, [500, 1_000]]);
  });
});
