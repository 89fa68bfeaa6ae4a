import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { HOME_METRICS } from '../../web-panel/src/app/routes/home.tsx';
import { formatValue, DEFAULT_LOCALE, timezoneName } from '../../web-panel/src/lib/format.ts';
import { addDays, todayIn } from '../../web-panel/src/lib/period.ts';
import { ARTIFACTS, DEMO, usePanel } from './harness.ts';

interface ApiMetric {
  id: string;
  unit: 'count' | 'money' | 'rate';
  current: number | string | null;
}

describe('the home page in the browser', () => {
  const panel = usePanel();

  /** The brand report of the API for the same local days the page shows. */
  const apiFigures = async (token: string, brandId: number, timezone: string, from: string, to: string) => {
    const answer = await panel.api<{ metrics: ApiMetric[] }>(
      `/api/brands/${brandId}/stats/brand?from=${from}&to=${to}&tz=${encodeURIComponent(timezone)}`,
      token,
    );
    expect(answer.status).toBe(200);
    const locale = { ...DEFAULT_LOCALE, timezone };
    return Object.fromEntries(
      HOME_METRICS.map((id) => {
        const metric = answer.body.metrics.find((m) => m.id === id)!;
        return [id, formatValue(metric.current, metric.unit, locale)];
      }),
    );
  };

  const pageFigures = async (page: Page) => {
    await page.locator('[data-ready="true"]').waitFor();
    const figures: Record<string, string> = {};
    for (const id of HOME_METRICS)
      figures[id] = (await page.locator(`[data-metric="${id}"] .metric-value`).textContent()) ?? '';
    return figures;
  };

  test('the figures equal the analytics API for the same period; a new period changes figures and URL', async () => {
    const token = await panel.token(DEMO.brand);
    const brand = (await panel.api<{ items: Array<{ id: number; timezone: string }> }>('/api/brands', token)).body
      .items[0]!;
    const today = todayIn(brand.timezone);

    const page = await panel.signIn(DEMO.brand);
    expect(new URL(page.url()).pathname).toBe(`/b/${brand.id}`);
    const last30 = await pageFigures(page);
    expect(last30).toEqual(await apiFigures(token, brand.id, brand.timezone, addDays(today, -29), today));
    expect(Number(last30.texts_sent!.replace(/,/g, ''))).toBeGreaterThan(0); // the demo has texts in the period
    expect(await page.getByText(`(${timezoneName(brand.timezone)})`).count()).toBe(1); // the time zone is shown

    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('period') === '7d');
    await page.locator(`[data-period="${addDays(today, -6)}..${today}"][data-ready="true"]`).waitFor();
    const last7 = await pageFigures(page);
    expect(last7).toEqual(await apiFigures(token, brand.id, brand.timezone, addDays(today, -6), today));
    expect(last7).not.toEqual(last30);

    // A link reproduces the view: a custom range from the URL.
    const from = addDays(today, -59);
    const to = addDays(today, -30);
    await page.goto(`/b/${brand.id}?period=custom&from=${from}&to=${to}`);
    await page.locator(`[data-period="${from}..${to}"][data-ready="true"]`).waitFor();
    expect(await pageFigures(page)).toEqual(await apiFigures(token, brand.id, brand.timezone, from, to));
    expect(await page.getByLabel('From').inputValue()).toBe(from);
  });

  test('each card carries its definition, the funnel lists the workflows, and the page passes axe', async () => {
    const page = await panel.signIn(DEMO.brand);
    await page.locator('[data-ready="true"]').waitFor();
    const tip = page.getByRole('button', { name: 'What is Recovered sales?' });
    await tip.focus();
    await expect.poll(() => page.getByRole('tooltip', { name: /recovered orders/i }).isVisible()).toBe(true);
    const funnel = page.getByRole('table', { name: 'Funnel by workflow' });
    await expect.poll(() => funnel.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.locator('.chart-body svg').first().waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^northwind-outfitters-funnel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toBe(
      'workflow,state,Candidates,Started,Started % of candidates,Sent,Sent % of started,Delivered,Delivered % of started,' +
        'Clicked,Clicked % of started,Replied,Replied % of started,Recovered,Recovered % of started,recovered sales,from,to',
    );
    const shown = await funnel.locator('tbody tr').first().locator('th').textContent();
    expect(rows[0]!.startsWith(`${shown},`)).toBe(true);
    expect(rows).toHaveLength(await funnel.locator('tbody tr').count());
    await tip.blur();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'home');
  });

  // The target is 1.5 s on an idle machine (bench-panel figures); the bound here only catches a
  // regression on a loaded CI machine, where bcrypt and the analytics queries share two cores.
  test('from sign-in to the home figures drawn: median of 5 (written to timings.json)', async () => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const page = await panel.newPage();
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(DEMO.brand.email);
      await page.getByLabel('Password').fill(DEMO.brand.password);
      const started = Date.now();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('[data-ready="true"] .metric-value').first().waitFor();
      runs.push(Date.now() - started);
      await page.context().close();
    }
    const median = [...runs].sort((a, b) => a - b)[2]!;
    await writeFile(
      join(ARTIFACTS, 'timings.json'),
      JSON.stringify({ sign_in_to_home_figures_ms: { runs, median } }, null, 2),
    );
    expect(median).toBeLessThan(5000);
  });
});
