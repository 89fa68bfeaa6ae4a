/**
 * Words a brand reads: every page of the demo, signed in as the brand and as the partner, with the
 * explain panel and the attribution evidence opened, must show no ISO timestamp, no snake_case
 * word, no internal id ("conversation 265", "workflow 1"), no raw hours ("0.7 h") and no IANA time
 * zone id ("America/Los_Angeles") in its visible text. The API keeps those machine values; the
 * panel says them in words.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, usePanel } from './harness.ts';

/** What must never stand in a page's visible text, with a name for the failure message. */
const MACHINE_WORDS: Array<[string, RegExp]> = [
  ['an ISO timestamp', /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ['an ISO date', /\b\d{4}-\d{2}-\d{2}\b/],
  ['a snake_case word', /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/],
  [
    'an internal id',
    /\b(?:conversation|workflow|cart|checkout|contact|message|brand|card|subscription|charge|campaign|segment|insight|escalation)s? #?\d+\b/i,
  ],
  ['raw hours', /\b\d+(?:\.\d+)? ?h\b/],
  ['an IANA time zone', /\b(?:America|Europe|Asia|Africa|Australia|Pacific|Etc)\/[A-Z][A-Za-z_]+/],
];

/** The visible text of the page's main content and header, once no state panel is loading. */
async function visibleText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.state-loading, .is-refreshing').count(), { timeout: 20_000 }).toBe(0);
  return page.evaluate(() => document.body.innerText);
}

function machineWordsIn(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n'))
    for (const [name, pattern] of MACHINE_WORDS) {
      const match = pattern.exec(line);
      if (match) found.push(`${name} "${match[0]}" in: ${line.trim().slice(0, 160)}`);
    }
  return found;
}

describe('every page in a brand’s words', () => {
  const panel = usePanel();

  const brandIdOf = async (name: string): Promise<number> =>
    Number((await panel.ctx.db('brands').where({ name }).first('id')).id);

  /** A conversation of a recovered, billed order (the evidence) about a cart (the explain panel). */
  const recoveredConversation = async (brandId: number): Promise<number> => {
    const { rows } = await panel.ctx.db.raw(
      `select c.id from conversations c
         join order_conversations oc on oc.conversation_id = c.id
         join orders o on o.id = oc.order_id and o.recovered_at is not null
        where c.brand_id = ? and not c.is_hidden and c.cart_id is not null
          and o.billing_status in ('billable', 'processing', 'complete')
        order by c.created_at desc limit 1`,
      [brandId],
    );
    expect(rows.length).toBe(1);
    return Number(rows[0].id);
  };

  test('the brand user’s pages', async () => {
    const brandId = await brandIdOf(DEMO.brandName);
    const conversationId = await recoveredConversation(brandId);
    const workflowId = Number(
      (await panel.ctx.db('workflows').where({ brand_id: brandId }).orderBy('id').first('id')).id,
    );
    const page = await panel.signIn(DEMO.brand);
    const problems: string[] = [];
    const paths = [
      '',
      '/conversations',
      `/conversations/${conversationId}`,
      '/workflows',
      `/workflows/${workflowId}`,
      `/workflows/${workflowId}/edit`,
      '/workflows/new',
      '/workflows/new/scheduled',
      '/workflows/new/keyword',
      '/campaigns',
      '/insights',
      '/knowledge',
      '/ads',
      '/settings',
    ];
    for (const path of paths) {
      await page.goto(`/b/${brandId}${path}`);
      await page.locator('h1').first().waitFor();
      if (path.startsWith('/conversations/')) {
        await page.locator('.evidence-sentence').waitFor();
        await page.getByRole('button', { name: 'Why was this shopper texted or not?' }).click();
        await page.getByRole('list', { name: 'Why this shopper was texted or not' }).waitFor();
      }
      for (const problem of machineWordsIn(await visibleText(page))) problems.push(`/b/${brandId}${path}: ${problem}`);
    }
    await page.goto('/notifications');
    await page.locator('.notification-list[data-ready="true"]').waitFor();
    for (const problem of machineWordsIn(await visibleText(page))) problems.push(`/notifications: ${problem}`);
    expect(problems).toEqual([]);
  });

  test('the explain panel and the evidence say what decided, in the brand’s time zone', async () => {
    const brandId = await brandIdOf(DEMO.brandName);
    const conversationId = await recoveredConversation(brandId);
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${brandId}/conversations/${conversationId}` });
    await page.locator('.evidence-sentence').waitFor();
    expect(await page.locator('.evidence-sentence').textContent()).toBe('Billed: recovered by this conversation.');
    expect(await page.locator('.evidence-because').textContent()).toMatch(/ P[SD]T, inside the \d+-(day|hour) window/);
    const items = await page.locator('.evidence-items li').allTextContents();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toMatch(/(minutes?|hours?|days?) (before|after) the order: /);
    await page.getByRole('button', { name: 'Why was this shopper texted or not?' }).click();
    const list = page.getByRole('list', { name: 'Why this shopper was texted or not' });
    await list.waitFor();
    const texted = list.locator('> li', { has: page.locator('.pill-recovered', { hasText: 'Texted' }) }).first();
    // A texted workflow says when, in the brand's zone, and lists no check that contradicts it.
    expect(await texted.locator('p').textContent()).toMatch(/^Texted on \w{3} \d+, \d+:\d{2} [AP]M P[SD]T: /);
    expect(await texted.locator('.checks').count()).toBe(0);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'conversation-words');
  });

  test('the partner’s brand picker and brand pages', async () => {
    const page = await panel.signIn(DEMO.partner);
    await page.goto('/brands');
    await page.locator('table tbody tr').first().waitFor();
    const picker = await visibleText(page);
    expect(picker).toMatch(/Eastern Time|Pacific Time/);
    const problems = machineWordsIn(picker).map((p) => `/brands: ${p}`);
    const brandId = await brandIdOf(DEMO.partnerBrandName);
    for (const path of ['', '/conversations', '/workflows', '/settings']) {
      await page.goto(`/b/${brandId}${path}`);
      await page.locator('h1').first().waitFor();
      for (const problem of machineWordsIn(await visibleText(page))) problems.push(`/b/${brandId}${path}: ${problem}`);
    }
    await panel.expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
