/**
 * Store facts: the brand's FAQ, terms, shipping and returns pages, served by a small local HTTP
 * server, read into published KB cards of source `import` (one per section), which the agent then
 * answers a shopper from; a refresh updates changed sections, removes gone ones, keeps a card the
 * brand unpublished unpublished; a page that answers 500 leaves its cards; the daily schedule runs it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStoreFacts, listAgentDecisions, updateAgentSettings } from '../../src/agent/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { DEFAULT_SCHEDULES, enqueueJob, runDueJobs } from '../../src/jobs/index.ts';
import { connectInfobip, createBrand, createContact, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let server: Server;
let base: string;
let brandId: number;
const BRAND_NUMBER = usPhone('633');
const pages = new Map<string, { status: number; body: string }>();
const html = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body><nav>Home</nav>${body}</body></html>`;

const FAQ = html(`
  <h1>Frequently asked questions</h1>
  <h2>Do you ship to Mexico?</h2><p>Yes: we ship to Mexico in 6-9 business days for a flat $18.</p>
  <h2>Can I change my order?</h2><p>Within 2 hours of ordering, reply to your confirmation e-mail.</p>`);
const SHIPPING = html(`
  <h1>Shipping policy</h1>
  <h3>International orders</h3><p>International orders ship within 2 business days.</p><ul><li>Duties are paid by the buyer.</li></ul>
  <h3>Express delivery</h3><p>Express delivery in the US takes 1-2 business days for $24.</p>`);

beforeAll(async () => {
  server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    res.writeHead(page?.status ?? 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await t.context({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
  const brand = await createBrand(t.db, {
    name: 'Facts Outfitters',
    faq_page_url: `${base}/faq`,
    tos_url: `${base}/terms`,
    extra_data: JSON.stringify({
      shipping_policy_url: `${base}/policies/shipping`,
      returns_policy_url: `${base}/policies/returns`,
    }),
  });
  brandId = brand.id;
  pages.set('/faq', { status: 200, body: FAQ });
  pages.set('/terms', { status: 200, body: html('<p>By ordering you accept these terms.</p>') });
  pages.set('/policies/shipping', { status: 200, body: SHIPPING });
  pages.set('/policies/returns', {
    status: 200,
    body: html('<h2>Returns</h2><p>Returns are free within 45 days.</p>'),
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const cards = () =>
  t.db('kb_cards').where({ brand_id: brandId }).orderBy('id').select('title', 'content', 'status', 'source');

describe('store facts read into KB cards', () => {
  it('one published import card per section, named by the page where the heading does not say it', async () => {
    const result = await importStoreFacts(ctx, { brandId });
    expect(result.map((r) => [r.kind, r.added, r.problem])).toEqual([
      ['faq', 2, null],
      ['terms', 1, null],
      ['shipping', 2, null],
      ['returns', 1, null],
    ]);
    expect(await cards()).toEqual([
      {
        title: 'Do you ship to Mexico?',
        content: 'Yes: we ship to Mexico in 6-9 business days for a flat $18.',
        status: 'published',
        source: 'import',
      },
      {
        title: 'Can I change my order?',
        content: 'Within 2 hours of ordering, reply to your confirmation e-mail.',
        status: 'published',
        source: 'import',
      },
      {
        title: 'Terms of service',
        content: 'By ordering you accept these terms.',
        status: 'published',
        source: 'import',
      },
      {
        title: 'Shipping policy: International orders',
        content: 'International orders ship within 2 business days. Duties are paid by the buyer.',
        status: 'published',
        source: 'import',
      },
      {
        title: 'Shipping policy: Express delivery',
        content: 'Express delivery in the US takes 1-2 business days for $24.',
        status: 'published',
        source: 'import',
      },
      {
        title: 'Returns policy: Returns',
        content: 'Returns are free within 45 days.',
        status: 'published',
        source: 'import',
      },
    ]);
  });

  it('the agent answers a shopper from an imported card', async () => {
    await connectInfobip(t.db, brandId, BRAND_NUMBER, `ib-facts-${brandId}`);
    await updateAgentSettings(t.db, { brandId, mode: 'auto' });
    const { channel } = await createContact(t.db, brandId);
    const received = await receiveMessage(ctx, {
      from: String(channel.username),
      to: BRAND_NUMBER,
      body: 'do you ship to mexico?',
      provider: 'outbox',
    });
    await runDueJobs(ctx, TASKS);
    const [decision] = await listAgentDecisions(t.db, { brandId, conversationId: received.conversationId! });
    expect(decision).toMatchObject({ decision: 'answered' });
    expect(decision!.reply).toContain('we ship to Mexico in 6-9 business days for a flat $18');
  });

  it('a refresh changes what changed, removes what is gone, keeps an unpublished card unpublished; a failing page keeps its cards', async () => {
    await t
      .db('kb_cards')
      .where({ brand_id: brandId, title: 'Can I change my order?' })
      .update({ status: 'unpublished' });
    pages.set('/faq', {
      status: 200,
      body: html(`
      <h2>Do you ship to Mexico?</h2><p>Yes: we ship to Mexico in 5-7 business days for a flat $15.</p>
      <h2>Can I change my order?</h2><p>Within 2 hours of ordering, reply to your confirmation e-mail.</p>`),
    });
    pages.set('/policies/shipping', { status: 500, body: 'oops' });
    pages.set('/policies/returns', { status: 200, body: html('<p>Returns are free within 60 days.</p>') });
    const result = await importStoreFacts(ctx, { brandId });
    expect(result.map((r) => [r.kind, r.added, r.updated, r.removed, r.unchanged, r.problem])).toEqual([
      ['faq', 0, 1, 0, 1, null],
      ['terms', 0, 0, 0, 1, null],
      ['shipping', 0, 0, 0, 0, 'answered 500'],
      ['returns', 1, 0, 1, 0, null],
    ]);
    const after = await cards();
    expect(after.find((c) => c.title === 'Do you ship to Mexico?')?.content).toBe(
      'Yes: we ship to Mexico in 5-7 business days for a flat $15.',
    );
    expect(after.find((c) => c.title === 'Can I change my order?')?.status).toBe('unpublished');
    expect(after.filter((c) => c.title.startsWith('Shipping policy'))).toHaveLength(2);
    expect(after.filter((c) => c.title.startsWith('Returns policy'))).toEqual([
      { title: 'Returns policy', content: 'Returns are free within 60 days.', status: 'published', source: 'import' },
    ]);
  });

  it('runs daily on the worker (the agent_store_facts schedule queues agent:import-facts)', async () => {
    expect(DEFAULT_SCHEDULES.find((s) => s.name === 'agent_store_facts')).toMatchObject({
      task: 'agent:import-facts',
      pattern: '20 4 * * *',
    });
    pages.set('/terms', { status: 200, body: html('<p>By ordering you accept these terms of sale.</p>') });
    await enqueueJob(t.db, 'agent:import-facts', {});
    await runDueJobs(ctx, TASKS);
    expect((await cards()).find((c) => c.title === 'Terms of service')?.content).toBe(
      'By ordering you accept these terms of sale.',
    );
  });
});
