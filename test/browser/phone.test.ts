/**
 * The panel on a phone (375 px) and its small courtesies: a table wider than the screen scrolls
 * inside a focusable, labelled region with a visible hint; the not-found page inside a brand draws
 * the top bar once; every page has its own title; a confirmation focuses the safe choice first.
 */
import { describe, expect, test } from 'vitest';
import { DEMO, usePanel, VIEWPORTS } from './harness.ts';

describe('the panel on a phone', () => {
  const panel = usePanel();
  const PHONE = VIEWPORTS[1];

  const brandId = async () => Number((await panel.ctx.db('brands').where({ name: DEMO.brandName }).first('id')).id);

  test('the home funnel scrolls sideways in a focusable region with a hint, and axe finds nothing serious', async () => {
    const id = await brandId();
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${id}` });
    await page.setViewportSize(PHONE);
    const region = page.locator('.table-wrap[aria-label="Funnel by workflow"]');
    await region.waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');
    const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(overflows).toBe(true);
    await expect.poll(() => page.locator('.table-more').first().textContent()).toBe('Scroll sideways for more →');
    await region.focus();
    await page.keyboard.press('End');
    await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(() => page.locator('.table-more').count()).toBe(0);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'home-phone');
  });

  test('each page has its own title; not found inside a brand draws one top bar', async () => {
    const id = await brandId();
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${id}/workflows` });
    await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
    await expect.poll(() => page.title()).toBe('Workflows · Reclaim');
    await page.goto(`/b/${id}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(() => page.title()).toBe('Settings · Reclaim');
    await page.goto(`/b/${id}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await page.locator('.skip-link').count()).toBe(1);
    await expect.poll(() => page.title()).toBe('Not found · Reclaim');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'not-found-in-brand');
  });

  test('blocking a shopper asks first, with the focus on Cancel', async () => {
    const id = await brandId();
    const { rows } = await panel.ctx.db.raw(
      `select c.id from conversations c where c.brand_id = ? and c.contact_id is not null and not c.is_hidden
        order by c.id limit 1`,
      [id],
    );
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${id}/conversations/${rows[0].id}` });
    await page.getByRole('button', { name: 'Block contact' }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    // Enter on arrival cancelled: nobody was blocked.
    expect(await page.getByRole('button', { name: 'Block contact' }).isEnabled()).toBe(true);
  });

  test('after sign-out and sign-in from a workflow page, the user lands on home; notifications keep the brand navigation', async () => {
    const id = await brandId();
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${id}/workflows` });
    await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('');
    await panel.submitLogin(page, DEMO.brand);
    await page.waitForURL((url) => url.pathname === `/b/${id}`);
    await page.goto('/notifications');
    await page.locator('.notification-list[data-ready="true"]').waitFor();
    await page.getByRole('link', { name: 'Conversations' }).waitFor();
    expect(await page.getByRole('link', { name: 'Workflows' }).count()).toBe(1);
  });

  test('the inbox at 375 px: the filters fold behind one button, the search stays; the hidden ones are counted with one click to show them', async () => {
    const id = await brandId();
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${id}/conversations` });
    await page.setViewportSize(PHONE);
    const toggle = page.getByRole('button', { name: 'Filters' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Search').isVisible()).toBe(true);
    expect(await page.getByLabel('Workflow').isVisible()).toBe(false);
    expect(await page.getByLabel('Unread only').isVisible()).toBe(false);
    // Folded, the first screen reaches the list.
    const firstRow = await page.locator('.inbox-row').first().boundingBox();
    expect(firstRow!.y).toBeLessThan(812);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'inbox-phone-folded');

    await toggle.click();
    expect(await page.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');
    // The box is ticked from the URL once the navigation commits (check() reads it at once, too soon under load).
    await page.getByLabel('Unread only').click();
    await page.waitForURL((url) => url.searchParams.get('unread') === '1');
    await expect.poll(() => page.getByLabel('Unread only').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await page.getByRole('button', { name: 'Filters (1 on)' }).waitFor();
    expect(await page.getByLabel('Unread only').isVisible()).toBe(false);

    // At 1280 there is no button: the filters are in view.
    await page.setViewportSize(VIEWPORTS[0]);
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    expect(await page.getByLabel('Workflow').isVisible()).toBe(true);

    // The default "Visible" filter says how many it hides; one click shows them.
    await page.goto(`/b/${id}/conversations`);
    const token = await panel.token(DEMO.brand);
    const count = async (query: string) =>
      (await panel.api<{ total: number }>(`/api/brands/${id}/conversations?${query}limit=1`, token)).body.total;
    const hidden = await count('is_hidden=true&');
    expect(hidden).toBeGreaterThan(0);
    const note = page.getByTestId('hidden-note');
    await expect
      .poll(() => note.textContent())
      .toMatch(new RegExp(`^${hidden.toLocaleString('en-US')} more are hidden by the Show filter`));
    await note.getByRole('button', { name: 'Show hidden ones too' }).click();
    await page.waitForURL((url) => url.searchParams.get('hidden') === 'all');
    const all = await count('');
    await expect
      .poll(() => page.locator('#inbox-count, h2[aria-live]').first().textContent())
      .toBe(`${all.toLocaleString('en-US')} conversations`);
    expect(await note.count()).toBe(0);
  });

  /** axe at 375 px on each page of the list (a page's heading drawn and its queries settled first). */
  const axeAtPhone = async (paths: (id: number, workflowId: number) => string[]) => {
    const id = await brandId();
    const workflow = await panel.ctx.db('workflows').where({ brand_id: id }).orderBy('id').first('id');
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${id}` });
    await page.setViewportSize(PHONE);
    for (const path of paths(id, Number(workflow.id))) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await panel.expectAccessible(page).catch((error: Error) => {
        throw new Error(`${path} at 375 px: ${error.message}`);
      });
    }
  };

  test('at 375 px home, the inbox, the workflows, a workflow and the campaigns pass axe (scrollable regions reachable)', () =>
    axeAtPhone((id, workflowId) => [
      `/b/${id}`,
      `/b/${id}/conversations`,
      `/b/${id}/workflows`,
      `/b/${id}/workflows/${workflowId}`,
      `/b/${id}/campaigns`,
    ]));

  test('at 375 px segments, insights, knowledge, settings, plan and notifications pass axe', () =>
    axeAtPhone((id) => [
      `/b/${id}/segments`,
      `/b/${id}/insights`,
      `/b/${id}/knowledge`,
      `/b/${id}/settings`,
      `/b/${id}/settings/plan`,
      '/notifications',
    ]));
});
