/**
 * Figures that agree, on the demo: every figure of home, the workflows list, a workflow page, a
 * campaign and the funnel CSV is read as a brand sees it and checked against the API and against
 * each figure it must equal (one definition each): recovered orders and sales, the funnel's
 * steps, the one state word of a workflow, rates that name what they divide by, and a campaign's
 * parts that add up to its targeted shoppers.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { receiveMessage } from '../../src/conversations/index.ts';
import { createCampaign, createSegment, sendRunTexts, startDueRuns } from '../../src/workflows/index.ts';
import { DEFAULT_LOCALE, formatMoney, formatNumber } from '../../web-panel/src/lib/format.ts';
import { addDays, todayIn } from '../../web-panel/src/lib/period.ts';
import { DEMO, usePanel } from './harness.ts';

interface Figure {
  id: string;
  label: string;
  definition: string;
  current: number | string;
  rate?: number | null;
  rate_of?: string | null;
}
interface Funnel {
  workflow: { id: number; name: string; state: string; status: string; is_paused: boolean };
  steps: Figure[];
  orders: Figure[];
}
interface Metric extends Figure {
  unit: string;
}

const STEPS = ['candidates', 'started', 'sent', 'delivered', 'clicked', 'replied', 'recovered'];
const value = (list: Figure[], id: string) => list.find((f) => f.id === id)!.current;
const firstNumber = (text: string | null) => Number((text ?? '').trim().split(/\s/)[0]!.replace(/,/g, ''));

describe('figures that agree', () => {
  const panel = usePanel();

  const setup = async () => {
    const token = await panel.token(DEMO.brand);
    const brand = (await panel.api<{ items: Array<{ id: number; timezone: string }> }>('/api/brands', token)).body
      .items[0]!;
    const today = todayIn(brand.timezone);
    const period = `from=${addDays(today, -29)}&to=${today}&tz=${encodeURIComponent(brand.timezone)}`;
    const locale = { ...DEFAULT_LOCALE, timezone: brand.timezone };
    return { token, brand, period, locale };
  };

  const ready = (page: Page) => page.locator('[data-ready="true"]').first().waitFor();

  test('home, the workflows list, a workflow page and the CSV show the same figures, with one state word', async () => {
    const { token, brand, period, locale } = await setup();
    const stats = await panel.api<{ metrics: Metric[] }>(`/api/brands/${brand.id}/stats/brand?${period}`, token);
    const funnels = (
      await panel.api<{ workflows: Funnel[] }>(`/api/brands/${brand.id}/stats/workflows?${period}`, token)
    ).body.workflows;
    const list = (
      await panel.api<{ items: Array<{ id: number; state: string; stats: Omit<Funnel, 'workflow'> }> }>(
        `/api/brands/${brand.id}/workflows?${period}`,
        token,
      )
    ).body.items;
    const metric = (id: string) => stats.body.metrics.find((m) => m.id === id)!;

    // API: the brand's recovered orders and sales are its workflows' added up; the list and the
    // funnel carry the same figures and the same state word for each workflow.
    const sum = (id: string) => funnels.reduce((n, w) => n + Number(value(w.orders, id)), 0);
    expect(sum('recovered_orders')).toBe(metric('recovered_orders').current);
    expect(sum('recovered_sales').toFixed(2)).toBe(metric('recovered_sales').current);
    expect(sum('recovered_orders')).toBeGreaterThan(0);
    for (const w of funnels) {
      const item = list.find((i) => i.id === w.workflow.id)!;
      expect(item.state).toBe(w.workflow.state);
      for (const id of STEPS) expect(value(item.stats.steps, id)).toBe(value(w.steps, id));
      for (const o of w.orders) expect(value(item.stats.orders, o.id)).toBe(o.current);
    }
    // The demo's draft workflow is paused as well: "Draft" everywhere, never "Paused".
    const draft = funnels.find((w) => w.workflow.status === 'draft' && w.workflow.is_paused)!;
    expect(draft.workflow.state).toBe('draft');
    // Every rate says what it divides by.
    expect(metric('click_rate').rate_of).toBe('texts sent');
    expect(metric('reply_rate').rate_of).toBe('conversations texted');
    expect(funnels[0]!.steps.map((s) => s.rate_of)).toEqual([
      null,
      'candidates',
      'started',
      'started',
      'started',
      'started',
      'started',
    ]);

    // Home: the cards, the funnel table and its CSV.
    const page = await panel.signIn(DEMO.brand);
    await ready(page);
    const card = (id: string) => page.locator(`[data-metric="${id}"] .metric-value`).textContent();
    expect(await card('recovered_orders')).toBe(formatNumber(metric('recovered_orders').current, locale));
    expect(await card('recovered_sales')).toBe(formatMoney(metric('recovered_sales').current, locale));
    expect(await page.locator('[data-metric="click_rate"] .metric-of').textContent()).toBe('of texts sent');
    const table = page.getByRole('table', { name: 'Funnel by workflow' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(funnels.length);
    const clicked = table.locator('thead th', { hasText: 'Clicked' });
    expect(await clicked.textContent()).toBe('Clicked % of started');
    expect(await clicked.getAttribute('title')).toMatch(/The percentage is clicked ÷ started\.$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
    const header = csv[0]!.split(',');
    for (const [k, w] of funnels.entries()) {
      const row = table.locator('tbody tr').nth(k);
      const cells = row.locator('td');
      for (const [i, id] of STEPS.entries())
        expect(firstNumber(await cells.nth(i).textContent()), `${w.workflow.name} ${id}`).toBe(value(w.steps, id));
      const sales = formatMoney(value(w.orders, 'recovered_sales'), locale);
      expect(await cells.nth(STEPS.length).textContent()).toBe(sales);
      const line = csv[k + 1]!.split(',');
      const at = (name: string) => line[header.indexOf(name)];
      expect(at('workflow')).toBe(w.workflow.name);
      expect(at('state')).toBe({ draft: 'Draft', paused: 'Paused', active: 'Active' }[w.workflow.state]);
      expect(Number(at('Clicked'))).toBe(value(w.steps, 'clicked'));
      expect(Number(at('recovered sales'))).toBe(Number(value(w.orders, 'recovered_sales')));
    }
    expect(
      await table.locator('tbody tr', { hasText: draft.workflow.name }).getByTestId('workflow-state').textContent(),
    ).toBe('Draft');

    // The workflows list: the same steps, sales and state word.
    await page.goto(`/b/${brand.id}/workflows`);
    await page.locator('.workflow-list[data-ready="true"]').waitFor();
    for (const w of funnels) {
      const item = page.locator(`[data-workflow-id="${w.workflow.id}"]`);
      expect(await item.getByTestId('workflow-state').textContent()).toBe(
        { draft: 'Draft', paused: 'Paused', active: 'Active' }[w.workflow.state],
      );
      const figures = item.locator('.workflow-funnel > div');
      expect(firstNumber(await figures.nth(3).locator('dd').textContent())).toBe(value(w.steps, 'replied'));
      if (w.steps.find((x) => x.id === 'clicked')!.rate !== null)
        expect(await figures.nth(2).locator('dd small').textContent()).toMatch(/% of started$/);
      expect(await figures.last().locator('dd').textContent()).toBe(
        formatMoney(value(w.orders, 'recovered_sales'), locale),
      );
    }

    // A workflow page: its orders beside its recovered orders, both defined in view, equal to the API.
    const main = funnels.reduce((a, b) =>
      Number(value(b.orders, 'recovered_orders')) > Number(value(a.orders, 'recovered_orders')) ? b : a,
    );
    await page.goto(`/b/${brand.id}/workflows/${main.workflow.id}`);
    const row = (id: string) => page.locator(`tr[data-figure="${id}"] td`).textContent();
    await page.locator('tr[data-figure="orders"]').waitFor();
    expect(await row('orders')).toBe(formatNumber(value(main.orders, 'orders'), locale));
    expect(await row('recovered_orders')).toBe(formatNumber(value(main.orders, 'recovered_orders'), locale));
    expect(await row('recovered_sales')).toBe(formatMoney(value(main.orders, 'recovered_sales'), locale));
    const definitions = page.getByRole('definition');
    expect(await definitions.filter({ hasText: 'cancelled ones left out' }).count()).toBe(1);
    expect(await definitions.filter({ hasText: 'cancelled ones included' }).count()).toBe(1);
    expect(await page.locator('tr[data-step="clicked"] td').last().textContent()).toMatch(/% of started$/);
    expect(await page.getByTestId('workflow-state').textContent()).toBe(
      { draft: 'Draft', paused: 'Paused', active: 'Active' }[main.workflow.state],
    );
    await panel.expectAccessible(page);
  });

  test("a campaign's progress adds up to its targeted shoppers, on the page as in the API", async () => {
    const { token, brand } = await setup();
    const ctx = panel.ctx;
    const now = new Date();
    const segment = await createSegment(ctx, {
      brandId: brand.id,
      name: 'Everyone (figures)',
      filter: { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['A', 'B', 'C', 'D'] }] },
    });
    const campaign = await createCampaign(ctx, {
      brandId: brand.id,
      segmentId: segment.id,
      message: 'Hi {first_name}, new arrivals at {brand_name}: {cart_link}',
      now,
    });
    const run = (await startDueRuns(ctx, { now })).find((r) => r.workflowId === campaign.id)!;
    // Part of the send: some texts out, the rest waiting or held.
    await sendRunTexts(ctx, { now, runIds: [run.runId], limit: 5, batchSize: 5 });

    const answer = await panel.api<{
      progress: {
        targeted: number;
        sent: number;
        held: number;
        pending: number;
        failed: number;
        undelivered: number;
        skipped: Record<string, number>;
      };
    }>(`/api/brands/${brand.id}/campaigns/${campaign.id}`, token);
    const p = answer.body.progress;
    const leftOut = Object.values(p.skipped).reduce((a, b) => a + b, 0);
    expect(p.targeted).toBeGreaterThan(5);
    expect(p.sent).toBeGreaterThan(0);
    expect(p.sent + p.held + p.pending + leftOut + (p.failed - p.undelivered)).toBe(p.targeted);

    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${brand.id}/campaigns/${campaign.id}` });
    const sentence = page.getByTestId('campaign-sum');
    await sentence.waitFor();
    const text = (await sentence.textContent())!;
    expect(text).toMatch(
      new RegExp(
        `^Targeted ${formatNumber(p.targeted, DEFAULT_LOCALE)} = sent ${p.sent} \\+ held ${p.held} \\+ waiting ${p.pending} \\+ left out ${leftOut}`,
      ),
    );
    const progress = page.getByRole('table', { name: 'Where the targeted shoppers are' });
    expect(firstNumber(await progress.locator('tr.total td').textContent())).toBe(p.targeted);
  });

  test("unread is true: a conversation is unread when the shopper's last text came after the brand's last read", async () => {
    const { token, brand } = await setup();
    type Row = { id: number; is_unread: boolean };
    const inbox = async () =>
      (
        await panel.api<{ items: Row[]; total: number }>(
          `/api/brands/${brand.id}/conversations?is_hidden=false&limit=25`,
          token,
        )
      ).body.items;
    const items = await inbox();
    // The rule, from the rows: the last incoming text against the read marker.
    const { rows } = await panel.ctx.db.raw<{ rows: Array<{ id: string; unread: boolean }> }>(
      `select c.id, coalesce(max(m.created_at) filter (where m.direction = 'incoming'), '-infinity')
                    > coalesce(c.last_read_at, '-infinity') as unread
         from conversations c left join conversation_messages m on m.conversation_id = c.id
        where c.id = any(?::bigint[]) group by c.id, c.last_read_at`,
      [items.map((i) => i.id)],
    );
    for (const item of items)
      expect(item.is_unread, `conversation ${item.id}`).toBe(rows.find((r) => Number(r.id) === item.id)!.unread);
    const unread = items.filter((i) => i.is_unread).length;
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(items.length); // the demo's brand has read some: not every row is unread

    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${brand.id}/conversations` });
    await page.locator('.inbox-row').first().waitFor();
    for (const item of items)
      expect(await page.locator(`[data-conversation="${item.id}"] .unread-text`).count(), `row ${item.id}`).toBe(
        item.is_unread ? 1 : 0,
      );

    // A read conversation whose shopper texts again is unread; opening it reads it.
    const read = items.find((i) => !i.is_unread)!;
    const shopper = await panel.ctx
      .db('conversations as c')
      .join('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
      .join('brands as b', 'b.id', 'c.brand_id')
      .where('c.id', read.id)
      .first('ch.username as phone', 'b.support_phone as number');
    await receiveMessage(panel.ctx, {
      from: shopper.phone,
      to: shopper.number,
      body: 'Is the blue one back?',
      provider: 'outbox',
    });
    expect((await inbox()).find((i) => i.id === read.id)?.is_unread).toBe(true);
    await page.reload();
    await page.locator(`[data-conversation="${read.id}"] .unread-text`).waitFor();
    await page.locator(`[data-conversation="${read.id}"] a`).first().click();
    await page.waitForURL(`**/conversations/${read.id}**`);
    await expect.poll(async () => (await inbox()).find((i) => i.id === read.id)?.is_unread).toBe(false);
  });
});
