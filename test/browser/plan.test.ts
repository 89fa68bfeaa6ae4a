/**
 * Plan and billing in the browser against the local Stripe fake: Harbor & Pine Goods (no plan,
 * its store not a connected Shopify shop here, so it pays by card) reads what a brand without a
 * plan can and cannot do, chooses Growth, pays at the (fake) Stripe checkout and comes back to a
 * page that says it is on Growth; cancelling asks first, with the safe button focused. Northwind's
 * charges read in words ("5% of $134.10 recovered by the conversation with …"). axe on each page,
 * screenshots at 1280x800 and 375x812.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { FakeStripe } from '../fakes/stripe/index.ts';
import { DEMO, usePanel } from './harness.ts';

const stripe = await FakeStripe.start();

describe('plan and billing in the browser', () => {
  const panel = usePanel({ STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_API_BASE_URL: stripe.baseUrl });
  afterAll(async () => {
    await stripe.close();
  });

  test('a brand without a plan chooses Growth, pays at the Stripe checkout and comes back on Growth', async () => {
    const harbor = await panel.ctx.db('brands').where({ name: DEMO.partnerBrandName }).first('id');
    // Its store is not a connected Shopify shop here: `billing subscribe` would bill it through Stripe.
    await panel.ctx.db('brand_integrations').where({ brand_id: harbor.id }).update({ status: 'disconnected' });

    const page = await panel.signIn(DEMO.partner);
    await page.goto(`/b/${harbor.id}/settings`);
    const noPlan = page.getByTestId('no-plan').first();
    await noPlan.waitFor();
    expect(await noPlan.textContent()).toContain('Your workflows still text shoppers');
    expect(await noPlan.textContent()).not.toContain('choose one to start texting');
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await page.waitForURL(`**/b/${harbor.id}/settings/plan`);
    // The URL changes before the page's code has loaded and drawn its heading.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Plan and billing');
    await page.getByTestId('plan-card').first().waitFor();
    const names = await page.getByTestId('plan-card').getByRole('heading', { level: 3 }).allTextContents();
    expect(names).toContain('Growth');
    const growth = page
      .getByTestId('plan-card')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Growth', exact: true }) });
    expect(await growth.textContent()).toMatch(/\$\d[\d,]*\.\d{2} a month/);
    expect(await growth.textContent()).toMatch(/plus \d+(\.\d+)?% of each recovered sale/);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'plan-choose');

    // The fake Stripe's hosted page: the shopper of the checkout pays, Stripe sends them back.
    await page.route(`${stripe.baseUrl}/c/pay/**`, async (route) => {
      const sessionId = new URL(route.request().url()).pathname.split('/').pop()!;
      stripe.completeCheckout(sessionId);
      await route.fulfill({
        status: 302,
        headers: { location: `${panel.base}/b/${harbor.id}/settings/plan?checkout=return` },
      });
    });
    await page.getByLabel('Billing e-mail (invoices go there)').fill('accounts@harborandpine.example');
    await growth.getByRole('button', { name: 'Choose Growth' }).click();
    await page.waitForURL(`**/b/${harbor.id}/settings/plan?checkout=return`);
    const result = page.getByTestId('checkout-result');
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^You are on Growth now/);
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toContain('Active');
    expect(await page.getByTestId('current-plan').textContent()).toContain('Paid by card through Stripe');
    const row = await panel.ctx.db('subscriptions').where({ brand_id: harbor.id, status: 'active' }).first();
    expect(row.billing_email).toBe('accounts@harborandpine.example');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'plan-active');

    // Cancel asks first; the safe button has the focus.
    await page.getByRole('button', { name: 'Cancel plan…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Growth?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep my plan');
    await panel.expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel plan', exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('last-subscription')
          .textContent()
          .catch(() => ''),
      )
      .toMatch(/^Your last subscription \(Growth\) is cancelled since /);
    await expect
      .poll(async () => (await panel.ctx.db('subscriptions').where({ id: row.id }).first()).status)
      .toBe('cancelled');
  });

  test("the charges read in words: the share, the sale and the shopper's conversation", async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`/b/${brandId}/settings`);
    await page.getByTestId('charge-totals').waitFor();
    const words = await page.getByTestId('charge-words').allTextContents();
    expect(words.length).toBeGreaterThan(0);
    const usage = words.filter((w) => /recovered/.test(w));
    expect(usage.length).toBeGreaterThan(0);
    for (const w of usage)
      expect(w).toMatch(/^\d+(\.\d+)?% of \$[\d,]+\.\d{2} recovered by (the conversation with \S.*|Reclaim)/);
    expect(words.join(' ')).not.toMatch(/USD/);
    const statuses = await page.locator('tbody tr td:nth-child(4)').allTextContents();
    for (const s of statuses) expect(s).not.toMatch(/^(queued|complete|pending)$/);
    await panel.expectAccessible(page);
  });
});
