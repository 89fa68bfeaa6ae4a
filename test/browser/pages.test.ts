/**
 * The workflows, notifications, insights and settings pages in the browser, on the demo data set:
 * pause a workflow (with its confirmation), reload and see it paused, resume it; mark a
 * notification read and see the bell's count drop; the insights and settings pages show the demo
 * brand's data as the API gives it. Every page passes axe and is saved at 1280x800 and 375x812.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEFAULT_LOCALE, formatMoney } from '../../web-panel/src/lib/format.ts';
import { DEMO, usePanel } from './harness.ts';

describe('workflows, notifications, insights and settings in the browser', () => {
  const panel = usePanel();

  const brandPage = async (path: string): Promise<{ page: Page; brandId: number }> => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(brandId).toBeGreaterThan(0);
    await page.goto(`/b/${brandId}${path}`);
    return { page, brandId };
  };

  test('pause a workflow with a confirmation, reload and see it paused, then resume it', async () => {
    const { page, brandId } = await brandPage('/workflows');
    await page.locator('.workflow-list[data-ready="true"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Workflows');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'workflows');

    const card = page
      .locator('.workflow-card', { has: page.getByTestId('workflow-state').getByText('Active') })
      .first();
    const id = Number(await card.getAttribute('data-workflow-id'));
    const name = (await card.getByRole('heading', { level: 3 }).textContent())!;
    const row = page.locator(`.workflow-card[data-workflow-id="${id}"]`);

    await row.getByRole('button', { name: `Pause ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pause “${name}”?` });
    await dialog.waitFor();
    await panel.expectAccessible(page);
    await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('workflow-state').textContent()).toBe('Paused');
    const stored = await panel.ctx.db('workflows').where({ id }).first('is_paused');
    expect(stored.is_paused).toBe(true);

    await page.reload();
    await page.locator('.workflow-list[data-ready="true"]').waitFor();
    expect(await row.getByTestId('workflow-state').textContent()).toBe('Paused');

    // The workflow's own page says so too, with its message filled with sample values.
    await row.getByRole('link', { name }).click();
    await page.waitForURL(`**/b/${brandId}/workflows/${id}`);
    await page.locator('.workflow-list').waitFor({ state: 'detached' });
    expect(await page.getByTestId('workflow-state').textContent()).toBe('Paused');
    const preview = (await page.getByTestId('message-preview').textContent())!;
    expect(preview).not.toMatch(/\{\w+\}/);
    expect(preview).toMatch(/STOP/);
    await page.locator('.state-content table').first().waitFor();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'workflow');

    await page.getByRole('button', { name: `Resume ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resume', exact: true }).click();
    await expect.poll(() => page.getByTestId('workflow-state').textContent()).toBe('Active');
    expect((await panel.ctx.db('workflows').where({ id }).first('is_paused')).is_paused).toBe(false);
  });

  test('marking a notification read lowers the bell’s count; the filter lives in the URL', async () => {
    const token = await panel.token(DEMO.brand);
    const before = (await panel.api<{ unread: number }>('/api/notifications/unread-count', token)).body.unread;
    expect(before).toBeGreaterThan(0); // the demo has unread notifications

    const page = await panel.signIn(DEMO.brand);
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('data-unread')).toBe(String(before));
    await bell.click();
    await page.waitForURL('**/notifications');
    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'unread');
    await page.locator('.notification-list[data-ready="true"]').waitFor();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'notifications');

    await page
      .getByRole('button', { name: /^Mark “.*” read$/ })
      .first()
      .click();
    await expect.poll(() => bell.getAttribute('data-unread')).toBe(String(before - 1));
    await expect.poll(() => page.getByTestId('unread-count').textContent()).toBe(String(before - 1));
    expect((await panel.api<{ unread: number }>('/api/notifications/unread-count', token)).body.unread).toBe(
      before - 1,
    );

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell.getAttribute('data-unread')).toBe('0');
    await page.getByText('You have read every notification.').waitFor();
  });

  test('insights: counts by tag, the insights with example messages, and the KB search', async () => {
    const { page, brandId } = await brandPage('/insights');
    const token = await panel.token(DEMO.brand);
    const api = await panel.api<{ total: number; items: Array<{ topic: string | null }> }>(
      `/api/brands/${brandId}/insights`,
      token,
    );
    expect(api.body.total).toBeGreaterThan(0);
    await page.locator('.insight-groups[data-ready="true"]').waitFor();
    await page.locator('.insight-card').first().waitFor();
    expect(await page.locator('.insight-card').count()).toBe(api.body.items.length);
    expect(await page.locator('.insight-card h3').first().textContent()).toBe(api.body.items[0]!.topic);

    await page.getByRole('button', { name: /^Returns/ }).click();
    await page.waitForURL((url) => url.searchParams.get('tag') === 'returns');
    await page.getByRole('heading', { name: /Insights: .*Returns/ }).waitFor();

    await page.locator('.insight-card summary').first().click();
    await page.locator('.example-list blockquote').first().waitFor();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'insights');

    await page.getByLabel('Search the cards').fill('shipping');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'shipping');
    await page.getByText(/cards? match/).waitFor();
    expect(await page.locator('.kb-card').count()).toBeGreaterThan(0);
  });

  test('an empty period shows how insights are made', async () => {
    const { page } = await brandPage('/insights?period=custom&from=2020-01-01&to=2020-01-31');
    await page.getByText('Insights are made from your shoppers’ replies').first().waitFor();
  });

  test('settings: store, texting, quiet hours, attribution, holdout, plan and charges of the demo brand', async () => {
    const { page, brandId } = await brandPage('/settings');
    const token = await panel.token(DEMO.brand);
    const charges = await panel.api<{ total_amount: string; items: Array<{ created_at: string }> }>(
      `/api/brands/${brandId}/charges?limit=25`,
      token,
    );
    await page.getByTestId('store-connection').waitFor();
    expect(await page.getByTestId('store-connection').textContent()).toContain('Connected');
    await page.getByTestId('quiet-hours').waitFor();
    expect(await page.getByTestId('quiet-hours').textContent()).toContain('between 8:00 AM and 9:00 PM');
    expect(await page.getByTestId('attribution').textContent()).toContain('within 5 days after a text');
    expect(await page.getByTestId('holdout').textContent()).toContain('group D');
    await page.getByTestId('plan').waitFor();
    expect(await page.getByTestId('plan').textContent()).toContain('Growth');
    expect(await page.getByTestId('plan').textContent()).toContain('Active');
    await page.getByTestId('charge-totals').waitFor();
    expect(await page.getByTestId('charge-totals').textContent()).toContain(
      formatMoney(charges.body.total_amount, DEFAULT_LOCALE),
    );
    const rows = await page.locator('table tbody tr').count();
    expect(rows).toBe(charges.body.items.length);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'settings');
  });
});
