/**
 * The panel's browser test harness: the one file a browser test imports.
 *
 *   import { describe, expect, test } from 'vitest';
 *   import { DEMO, usePanel } from './harness.ts';
 *
 *   describe('workflows page', () => {
 *     const panel = usePanel(); // one server and one browser for the whole file
 *     test('lists the workflows', async () => {
 *       const page = await panel.signIn(DEMO.brand); // fresh browser context, signed in, on /b/<id>
 *       await page.getByRole('link', { name: 'Workflows' }).click();
 *       await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Workflows');
 *       await panel.expectAccessible(page); // axe: no critical or serious violation
 *       await panel.screenshots(page, 'workflows'); // 1280x800 and 375x812 in test-artifacts/panel/
 *     });
 *   });
 *
 * `usePanel()` registers the file's hooks: before all, it builds the panel when web-panel/dist is
 * missing or stale, clones a fresh database, seeds the demo data set (with the demo passwords),
 * starts the `serve-webhooks` HTTP server (every route, the panel) on a free loopback port,
 * reached as http://localhost:PORT (its PUBLIC_URL, so passkeys verify), and
 * launches Debian's Chromium (/usr/bin/chromium, STACK.md options); after all it closes them.
 * Every `newPage()` / `signIn()` opens a new browser context (no cookies, no storage).
 * `panel.api(path, token)` calls the API directly (to compare figures with what the page shows);
 * `panel.token(user)` signs in through the API. `panel.ctx` is the server's AppContext on the
 * test database (panel.ctx.db for rows). Browser tests run one file at a time
 * (test/browser/*.test.ts); keep each file on one server.
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { ensurePanelBuilt, ROUTES } from '../../src/cli/index.ts';
import { loadDemoFixtures, seedDemo } from '../../src/demo/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** STACK.md: the launch options verified with Debian's Chromium on these machines. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/panel/', import.meta.url));
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface DemoUser {
  email: string;
  password: string;
}

const fixtures = await loadDemoFixtures();
const brandUser = fixtures.brands.find((b) => b.user)!;
const partnerBrand = fixtures.brands.find((b) => b.partner)!;

/** The demo's sign-ins (fixtures/demo/brands.json). */
export const DEMO = {
  /** Northwind Outfitters' admin (a brand user of one brand). */
  brand: { email: brandUser.user!.email, password: brandUser.user!.password } as DemoUser,
  brandName: brandUser.brand.name,
  /** The partner managing the second brand (Harbor & Pine Goods) and only that one. */
  partner: { email: partnerBrand.partner!.user.email, password: partnerBrand.partner!.user.password } as DemoUser,
  partnerBrandName: partnerBrand.brand.name,
  staff: { email: fixtures.staff.email, password: fixtures.staff.password } as DemoUser,
};

export interface Panel {
  /** http://127.0.0.1:PORT */
  readonly base: string;
  readonly ctx: AppContext;
  readonly browser: Browser;
  /** A page in a new browser context at the given viewport (default 1280x800), nothing loaded. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** A new context signed in through /login as the user; resolves on the user's start page. */
  signIn(user: DemoUser, options?: { redirectTo?: string }): Promise<Page>;
  /** Fills and submits the sign-in form of a page already on /login. */
  submitLogin(page: Page, user: DemoUser): Promise<void>;
  /** An access token for the user (POST /api/auth/login). */
  token(user: DemoUser): Promise<string>;
  /** GET an API path with the token; the JSON answer and status. */
  api<T = Record<string, unknown>>(path: string, token: string): Promise<{ status: number; body: T }>;
  /** axe (WCAG 2.0/2.1 A and AA) on the page as it is: fails on a critical or serious violation. */
  expectAccessible(page: Page): Promise<void>;
  /** Saves `<name>-1280x800.png` and `<name>-375x812.png` (full page) under test-artifacts/panel/. */
  screenshots(page: Page, name: string): Promise<void>;
}

/** Registers the file's hooks and returns the panel; its fields are ready inside tests and hooks. */
export function usePanel(config: Record<string, string> = {}): Panel {
  // A real browser's flow (pages, axe on each, screenshots) takes seconds a step on a loaded
  // 2-core machine: the file's tests get 90 s each instead of the suite's 30 s.
  vi.setConfig({ testTimeout: 90_000 });
  const database = useTestDatabase();
  let ctx: AppContext;
  let server: Awaited<ReturnType<typeof buildHttpServer>>;
  let browser: Browser;
  let base = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await ensurePanelBuilt();
    // The server's public URL is the browser's origin (passkeys check it): http://localhost:PORT.
    const port = await freePort();
    base = `http://localhost:${port}`;
    ctx = await database.context({ ...config, PUBLIC_URL: base });
    await seedDemo(ctx, { demoPasswords: true });
    server = await buildHttpServer(ctx, { routes: ROUTES });
    await server.listen({ host: '127.0.0.1', port });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    await mkdir(ARTIFACTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  const panel: Panel = {
    get base() {
      return base;
    },
    get ctx() {
      return ctx;
    },
    get browser() {
      return browser;
    },
    async newPage(viewport = VIEWPORTS[0]) {
      const context = await browser.newContext({ baseURL: base, viewport, locale: 'en-US' });
      contexts.push(context);
      return context.newPage();
    },
    async submitLogin(page, user) {
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    },
    async signIn(user, options = {}) {
      const page = await panel.newPage();
      const query = options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : '';
      await page.goto(`/login${query}`);
      await panel.submitLogin(page, user);
      await page.waitForURL((url) => url.pathname !== '/login');
      return page;
    },
    async token(user) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, app: 'brand' }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!body.access_token) throw new Error(`login of ${user.email} failed: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async api(path, token) {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: await response.json() };
    },
    async expectAccessible(page) {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
      expect(blocking).toEqual([]);
    },
    async screenshots(page, name) {
      const original = page.viewportSize();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.screenshot({
          path: join(ARTIFACTS, `${name}-${viewport.width}x${viewport.height}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }
      if (original) await page.setViewportSize(original);
    },
  };
  return panel;
}

/**
 * A virtual platform authenticator in the page's Chromium (the WebAuthn domain of the DevTools
 * protocol): a passkey is created and used with no prompt.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
