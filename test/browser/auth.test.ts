import { describe, expect, test } from 'vitest';
import { addVirtualAuthenticator, DEMO, usePanel } from './harness.ts';

describe('signing in to the panel, in the browser', () => {
  const panel = usePanel();
  let northwindId = 0;
  const brandIdOf = async () => {
    if (!northwindId) {
      const answer = await panel.api<{ items: Array<{ id: number }> }>('/api/brands', await panel.token(DEMO.brand));
      northwindId = answer.body.items[0]!.id;
    }
    return northwindId;
  };

  test('each refusal shows the spec message as the API words it', async () => {
    const page = await panel.newPage();
    await page.goto('/login');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'login');

    await panel.submitLogin(page, { email: DEMO.brand.email, password: 'not-the-password' });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid password!');
    await panel.submitLogin(page, { email: 'nobody@nowhere.example', password: 'whatever-it-is' });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or password is incorrect!');
    await page.getByLabel('Password').fill('');
    await page.getByLabel('E-mail').fill(DEMO.brand.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Password not provided!');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('a deep link before sign-in goes to sign-in and comes back to the same page after it', async () => {
    const id = await brandIdOf();
    const page = await panel.newPage();
    const response = await page.goto(`/b/${id}/workflows?period=7d`);
    expect(response?.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/b/${id}/workflows?period=7d`);
    await panel.submitLogin(page, DEMO.brand);
    await page.waitForURL((url) => url.pathname === `/b/${id}/workflows`);
    expect(new URL(page.url()).search).toBe('?period=7d');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Workflows');
  });

  test('a reload keeps the session through the httpOnly refresh cookie, never through storage', async () => {
    const page = await panel.signIn(DEMO.brand);
    await page.reload();
    await expect.poll(() => page.getByRole('navigation', { name: 'Brand pages' }).isVisible()).toBe(true);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).toBe('{}{}');
    const refresh = (await page.context().cookies()).find((c) => c.name === 'reclaim_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  test('sign-out returns to sign-in, and the back button shows no data', async () => {
    const page = await panel.signIn(DEMO.brand);
    await page.locator('[data-ready="true"]').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.locator('.metric-card').count()).toBe(0);
    expect(await page.getByText(DEMO.brandName).count()).toBe(0);
    expect((await page.context().cookies()).find((c) => c.name === 'reclaim_refresh')).toBeUndefined();
  });

  test("another brand's user sees only its own brand, and the first brand's id answers not found (404)", async () => {
    const id = await brandIdOf();
    const page = await panel.signIn(DEMO.partner);
    expect(new URL(page.url()).pathname).toBe('/brands');
    await page.getByRole('link', { name: DEMO.partnerBrandName }).waitFor();
    expect(await page.getByRole('link', { name: DEMO.brandName }).count()).toBe(0);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'brands');

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/brands/${id}`);
    await page.goto(`/b/${id}`);
    expect((await answered).status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Not found');
    expect(await page.getByText(DEMO.brandName).count()).toBe(0);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'not-found');
  });

  test('forgot, reset and setup pages answer with the API’s messages', async () => {
    const page = await panel.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in page has an E-mail field too: fill the one of the forgot page once it is drawn.
    await page.waitForURL('**/forgot');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reset your password');
    await page.getByLabel('E-mail').fill(DEMO.brand.email);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'forgot');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/\S/);

    await page.goto('/account/reset?token=not-a-token'); // the mailed link's path
    await page.getByLabel('New password').fill('a-new-password-1');
    await page.getByLabel('Repeat the password').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Passwords do not match|Invalid token/);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'reset');

    await page.goto('/account/setup?token=not-a-token'); // the invitation's path
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid account token');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'setup');
  });

  test('the panel is served with a CSP that allows only its own scripts and no framing', async () => {
    const response = await fetch(`${panel.base}/b/1/conversations/5`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect((await fetch(`${panel.base}/api/nothing-here`)).status).toBe(404);
    expect((await fetch(`${panel.base}/assets/missing.js`)).status).toBe(404);
  });

  test('a passkey registered for the user signs in with no password (a virtual authenticator)', async () => {
    const id = await brandIdOf();
    const token = await panel.token(DEMO.brand);
    const page = await panel.newPage();
    await page.goto('/login');
    await addVirtualAuthenticator(page);
    // Registration as a signed-in user's settings would do it: options, create(), verify.
    const registered = await page.evaluate(async (accessToken) => {
      const b64 = (buffer: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(buffer)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const auth = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      const options = await (
        await fetch('/api/auth/passkeys/registration/options', { method: 'POST', headers: auth, body: '{}' })
      ).json();
      const credential = (await navigator.credentials.create({
        publicKey: {
          ...options,
          challenge: bytes(options.challenge),
          user: { ...options.user, id: bytes(options.user.id) },
          excludeCredentials: (options.excludeCredentials ?? []).map((c: { id: string }) => ({
            ...c,
            id: bytes(c.id),
          })),
        },
      })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAttestationResponse;
      const verify = await fetch('/api/auth/passkeys/registration/verify', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: 'Test browser',
          response: {
            id: credential.id,
            rawId: b64(credential.rawId),
            type: credential.type,
            clientExtensionResults: {},
            response: {
              clientDataJSON: b64(response.clientDataJSON),
              attestationObject: b64(response.attestationObject),
              transports: response.getTransports(),
            },
          },
        }),
      });
      return verify.status;
    }, token);
    expect(registered).toBe(201);

    await page.getByLabel('E-mail').fill(DEMO.brand.email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === `/b/${id}`);
    await page.locator('[data-ready="true"]').waitFor();
  });
});
