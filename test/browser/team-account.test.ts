/**
 * Issue 32 item 1 in the browser: Settings → Team (invite by e-mail, the mail in the demo's
 * outbox with its setup link, the invitee accepts, the admin suspends after a confirmation whose
 * first focus is the safe button) and Account → Security (add a passkey with Chromium's virtual
 * authenticator, sign in with it; sign out the other sessions). axe on each state; screenshots at
 * both widths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { latestOutboxMessageTo } from '../../src/notifications/index.ts';
import { addTenantMember, createUser, TEST_PASSWORD } from '../factories/accounts.ts';
import { addVirtualAuthenticator, DEMO, usePanel } from './harness.ts';

const panel = usePanel();

const brandIdOf = async (): Promise<number> => {
  const token = await panel.token(DEMO.brand);
  const me = await panel.api<{ brand_id: number }>('/api/me', token);
  return me.body.brand_id;
};

const memberCard = (page: Page, name: string) => page.getByRole('listitem', { name });

describe('Settings → Team', () => {
  test('invite by e-mail: the mail carries the setup link, the invitee joins; then the admin suspends them', async () => {
    const id = await brandIdOf();
    const page = await panel.signIn(DEMO.brand);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Team members' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Team');
    await expect.poll(() => page.title()).toContain('Team');
    await page.getByTestId('member').first().waitFor();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'team');

    const email = 'dana.new@example.com';
    await page.getByLabel('E-mail addresses').fill(`${email}, not-an-address`);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect.poll(() => page.getByTestId('invited').textContent()).toContain(`Invitation sent to ${email}.`);
    expect(await page.getByTestId('invited').textContent()).toContain(
      'Not e-mail addresses, left out: not-an-address.',
    );
    const invited = memberCard(page, email);
    await expect.poll(() => invited.textContent()).toContain('Invited, not accepted yet');
    expect(await invited.getByRole('button', { name: 'Send the invitation again' }).isEnabled()).toBe(true);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'team-invited');

    // The mail in the outbox, with the link that sets up the account.
    const mail = await latestOutboxMessageTo(panel.ctx.config, email);
    expect(mail?.subject).toBe(`Set up your account for ${DEMO.brandName}`);
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/account/setup');
    const invitee = await panel.newPage();
    await invitee.goto(`${link.pathname}${link.search}`);
    await invitee.getByLabel('First name').fill('Dana');
    await invitee.getByLabel('Last name').fill('Novak');
    await invitee.getByLabel('New password').fill('dana-password-1');
    await invitee.getByLabel('Repeat the password').fill('dana-password-1');
    await invitee.getByRole('button', { name: 'Create my account' }).click();
    await invitee.waitForURL((url) => url.pathname === '/login');

    await page.reload();
    const joined = memberCard(page, 'Dana Novak');
    await expect.poll(() => joined.textContent()).toContain('Active');
    expect(await joined.textContent()).toContain(email);

    // Suspend, after a confirmation whose first focus is the safe button.
    await joined.getByRole('button', { name: 'Suspend…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Dana Novak?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await panel.expectAccessible(page);
    await dialog.getByRole('button', { name: 'Suspend Dana Novak' }).click();
    await expect.poll(() => joined.textContent()).toContain('Suspended');
    expect(await joined.getByRole('button', { name: 'Lift the suspension' }).isVisible()).toBe(true);
    await panel.screenshots(page, 'team-suspended');
    // At a phone's width nothing sticks out of the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The suspended member is refused at sign-in, with the spec's words.
    const refused = await panel.newPage();
    await refused.goto('/login');
    await panel.submitLogin(refused, { email, password: 'dana-password-1' });
    await expect
      .poll(() => refused.getByRole('alert').textContent())
      .toBe('You are not authorized to access this app!');

    // Nobody changes their own membership: the admin's own card says why.
    const own = memberCard(page, await ownName(id));
    expect(await own.getByRole('button', { name: 'Suspend…' }).isDisabled()).toBe(true);
    expect(await own.textContent()).toContain('This is you: another admin changes your membership.');
  });
});

describe('Settings → Team for a member', () => {
  test('every control is disabled, with the reason the API gives', async () => {
    const token = await panel.token(DEMO.brand);
    const me = await panel.api<{ brand_id: number; tenant_id: number }>('/api/me', token);
    const user = await createUser(panel.ctx.db, { role: 'member', given_name: 'Mo', family_name: 'Member' });
    await addTenantMember(panel.ctx.db, { tenantId: me.body.tenant_id, userId: user.id, role: 'member' });
    const page = await panel.signIn({ email: user.email, password: TEST_PASSWORD });
    await page.goto(`/b/${me.body.brand_id}/settings/team`);
    await expect
      .poll(() => page.getByTestId('team-reason').textContent())
      .toBe('Only a brand admin can invite, change or suspend team members.');
    expect(await page.getByRole('button', { name: 'Send invitations' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('E-mail addresses').isDisabled()).toBe(true);
    const admin = memberCard(page, await ownName(me.body.brand_id));
    expect(await admin.getByRole('button', { name: 'Suspend…' }).isDisabled()).toBe(true);
    expect(await admin.getByRole('combobox').isDisabled()).toBe(true);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'team-member-view');
  });
});

async function ownName(brandId: number): Promise<string> {
  const token = await panel.token(DEMO.brand);
  const team = await panel.api<{
    members: Array<{ email: string; given_name: string | null; family_name: string | null }>;
  }>(`/api/brands/${brandId}/team`, token);
  const me = team.body.members.find((m) => m.email === DEMO.brand.email)!;
  return [me.given_name, me.family_name].filter(Boolean).join(' ') || me.email;
}

describe('Account → Security', () => {
  test('add a passkey with a virtual authenticator, sign out the other sessions, sign in with the passkey', async () => {
    const id = await brandIdOf();
    const other = await panel.token(DEMO.brand); // another sign-in, elsewhere
    const page = await panel.signIn(DEMO.brand);
    await addVirtualAuthenticator(page);
    await page.getByRole('link', { name: DEMO.brand.email }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Account security');

    await page.getByLabel('Name of the new passkey').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Passkey' }).textContent())
      .toBe('Passkey “Work laptop” added: you can sign in with it now.');
    await expect.poll(() => page.getByTestId('passkeys').textContent()).toContain('Work laptop');

    const sessions = page.getByTestId('sessions');
    await expect.poll(() => sessions.textContent()).toContain('This browser');
    expect(await sessions.textContent()).toContain('Chrome (headless) on Linux (the brand panel)This browser');
    const signOutOthers = page.getByRole('button', { name: /^Sign out the \d+ other sessions?$/ });
    await signOutOthers.waitFor();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'account');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // On a phone the top bar's way here is "Account" (the e-mail does not fit).
    expect(await page.getByRole('link', { name: 'Account', exact: true }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signOutOthers.click();
    await expect
      .poll(() => page.getByTestId('signed-out-others').textContent())
      .toMatch(/^\d+ other sessions? signed out\.$/);
    await expect.poll(() => page.getByRole('button', { name: 'No other session' }).isDisabled()).toBe(true);
    expect((await panel.api('/api/me', other)).status).toBe(401);
    expect(await sessions.getByRole('listitem').count()).toBe(1);

    // Sign out, then in again with the passkey just added (no password).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-mail').fill(DEMO.brand.email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === `/b/${id}`);
    await page.getByRole('link', { name: DEMO.brand.email }).click();
    await expect.poll(() => page.getByTestId('passkeys').textContent()).toMatch(/Work laptop.*last used/);
  });
});
