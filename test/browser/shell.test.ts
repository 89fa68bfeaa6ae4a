import { describe, expect, test } from 'vitest';
import { DEMO, usePanel } from './harness.ts';

describe('the panel shell in the browser', () => {
  const panel = usePanel();

  test('a deep link before sign-in goes to sign-in and comes back to the same page after it', async () => {
    const page = await panel.newPage();
    const response = await page.goto('/b/1/workflows?period=7d');
    expect(response?.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/b/1/workflows?period=7d');
    await panel.submitLogin(page, DEMO.brand);
    await page.waitForURL((url) => url.pathname === '/b/1/workflows');
    expect(new URL(page.url()).search).toBe('?period=7d');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Workflows');
    await expect.poll(() => page.getByRole('navigation', { name: 'Brand pages' }).isVisible()).toBe(true);
  });

  test('the page is served with a CSP that allows only its own scripts and no framing', async () => {
    const response = await fetch(`${panel.base}/b/1/conversations/5`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect((await fetch(`${panel.base}/api/nothing-here`)).status).toBe(404);
    expect((await fetch(`${panel.base}/assets/missing.js`)).status).toBe(404);
  });

  test('a reload keeps the session through the refresh cookie, never through storage', async () => {
    const page = await panel.signIn(DEMO.brand);
    await page.reload();
    await expect.poll(() => page.getByRole('navigation', { name: 'Brand pages' }).isVisible()).toBe(true);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).toBe('{}{}');
    const cookies = await page.context().cookies();
    const refresh = cookies.find((c) => c.name === 'reclaim_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });
});
