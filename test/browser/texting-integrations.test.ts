/**
 * The texting number and the integrations in the browser (issue 32, items 3 and 4), against the
 * local fakes of Infobip and Slack and a small local site serving the brand's terms and privacy
 * pages: Settings says the registration's true state with a link to its page; a bad EIN is refused
 * in place with the registration service's message; the policy check lists each missing phrase
 * with the sentence to add; registering starts the registration, and a campaign the carriers
 * rejected shows their reasons with the appeal form, whose reason reaches Infobip. Slack's connect shows the authorize link with the app's client id,
 * scopes and redirect; back from Slack, the channel is chosen and a test message sent. axe on each
 * page, screenshots at 1280x800 and 375x812.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeInfobip } from '../fakes/infobip.ts';
import { SLACK_CLIENT, SLACK_TEAM, startFakeSlack } from '../fakes/slack.ts';
import { rejectCampaign, startPageSite } from '../messaging/registration-setup.ts';
import { DEMO, usePanel } from './harness.ts';

const infobip = await startFakeInfobip();
const slack = await startFakeSlack();
const site = await startPageSite();

describe('the texting number and the integrations in the browser', () => {
  const panel = usePanel({
    INFOBIP_BASE_URL: infobip.url,
    INFOBIP_API_KEY: infobip.apiKey,
    INFOBIP_WEBHOOK_SECRET: 'infobip-secret',
    // The brand's pages are served on 127.0.0.1.
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
    SLACK_CLIENT_ID: SLACK_CLIENT.id,
    SLACK_CLIENT_SECRET: SLACK_CLIENT.secret,
    SLACK_API_BASE_URL: slack.apiUrl,
  });
  afterAll(async () => {
    await Promise.all([infobip.close(), slack.close(), site.server.close()]);
  });

  test('10DLC: the state on Settings, a bad EIN refused in place, the missing phrases of the privacy page', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`/b/${brandId}/settings`);
    const state = page.getByTestId('ten-dlc');
    await state.waitFor();
    expect(await state.textContent()).toContain('Not registered yet');
    expect(await page.textContent('body')).not.toContain('Not known yet');
    await page.getByRole('link', { name: 'Register your texting number' }).click();
    await page.waitForURL(`**/b/${brandId}/settings/texting`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Texting number');
    expect(await page.getByTestId('registration-state').textContent()).toContain('Not registered yet');

    const ein = page.getByLabel('EIN (US tax id)');
    await ein.fill('12-345');
    await ein.press('Tab');
    await expect.poll(() => ein.getAttribute('aria-invalid')).toBe('true');
    const einError = page.locator('.field', { has: ein }).locator('.field-error');
    expect(await einError.textContent()).toBe('EIN must be 9 digits written 12-3456789');
    // The message is the input's description (read with it by a screen reader).
    const described = (await ein.getAttribute('aria-describedby'))!.split(' ');
    expect(described).toContain(await einError.getAttribute('id'));
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'texting-bad-ein');

    // Saving with the bad EIN keeps nothing and puts the focus on it.
    await page.getByRole('button', { name: 'Save company details' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('company_info.tax_ein');
    expect(await panel.ctx.db('messaging_company_settings').where({ brand_id: brandId })).toEqual([]);

    await ein.fill('12-3456789');
    const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
    await fill('Legal company name', 'Northwind Outfitters LLC');
    await fill('Brand name shoppers know', 'Northwind');
    await fill('Website', 'https://northwind.example.com');
    await fill('Street', '1 Market St');
    await fill('City', 'San Francisco');
    await fill('State', 'CA');
    await fill('ZIP', '94105');
    await fill('Support phone', '(415) 555-0100');
    await fill('Support e-mail', 'hello@northwind.example.com');
    await fill('Terms page', site.url('/terms'));
    await fill('Privacy page', site.url('/partial'));
    await page.getByRole('button', { name: 'Save company details' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = await panel.ctx.db('messaging_company_settings').where({ brand_id: brandId }).first();
    expect(saved.settings.company_info.tax_ein).toBe('12-3456789');

    await page.getByRole('button', { name: 'Check my pages' }).click();
    const result = page.getByTestId('policy-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(
      'Policy verification failed: Privacy page missing required SMS compliance text',
    );
    const pages = page.getByTestId('policy-page');
    expect(await pages.nth(0).textContent()).toContain('Terms page: has the consent language');
    const privacy = await pages.nth(1).textContent();
    expect(privacy).toContain('Privacy page: missing consent language');
    expect(privacy).toContain('4 of 9 consent phrases found (7 are needed)');
    expect(privacy).toContain('“not a condition of purchasing”');
    expect(privacy).toContain('Your consent is not a condition of purchasing any goods or services.');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'texting-policy-check');
  });

  test('10DLC: register, then a rejected campaign shows the carriers’ reasons and is appealed', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`/b/${brandId}/settings/texting`);
    // The privacy page now has the consent language (the first test saved the partial one).
    await page.getByLabel('Privacy page', { exact: true }).fill(site.url('/privacy'));
    await page.getByRole('button', { name: 'Save company details' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('button', { name: 'Register my texting number' }).click();
    const state = page.getByTestId('registration-state');
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toContain('Sending your company details');
    expect(await state.textContent()).toContain('This usually takes a few minutes.');

    // What the carriers' rejection webhook leaves (messaging/registration/webhook.ts): the stop and its reasons.
    const campaignId = 'camp-browser-1';
    await rejectCampaign(panel.ctx.db, infobip, {
      brandId,
      campaignId,
      reason:
        'Campaign rejected. Reasons: Opt-out wording missing. Details: 1001: Terms page has no STOP instructions. Date: 2026-11-20T10:00:00Z',
    });
    await page.reload();
    await expect.poll(() => state.textContent()).toContain('Campaign rejected by the carriers');
    expect(await page.getByTestId('stop-reasons').locator('li').allTextContents()).toEqual([
      'Opt-out wording missing',
      '1001: Terms page has no STOP instructions',
    ]);
    expect(await state.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'texting-rejected');

    await page.getByLabel('What did you fix?').fill('We added “Reply STOP to cancel” to our terms page.');
    await page.getByRole('button', { name: 'Send the appeal' }).click();
    await expect.poll(() => state.textContent()).toContain('Campaign under carrier review');
    expect(await state.textContent()).toContain('This usually takes 1 to 3 weeks.');
    expect(await state.textContent()).toMatch(/You appealed on /);
    expect(infobip.registration.campaigns.get(campaignId)!.appeals).toEqual([
      'We added “Reply STOP to cancel” to our terms page.',
    ]);
    await page.goto(`/b/${brandId}/settings`);
    await expect.poll(() => page.getByTestId('ten-dlc').textContent()).toContain('Campaign under carrier review');
    expect(await page.getByTestId('ten-dlc').textContent()).toContain('See the registration');
  });

  test("Slack: the authorize link carries the app's client id, scopes and redirect; then a channel and a test", async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`/b/${brandId}/settings`);
    await page.getByRole('link', { name: 'Integrations: store, Slack and Klaviyo' }).click();
    await page.waitForURL(`**/b/${brandId}/settings/integrations`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Integrations');
    await page.getByTestId('slack-state').waitFor();
    expect(await page.getByTestId('slack-state').textContent()).toContain('Not connected');
    expect(await page.getByTestId('store-health').first().textContent()).toContain('Connected');

    await page.getByRole('button', { name: 'Connect Slack' }).click();
    const link = page.getByTestId('slack-authorize');
    await link.waitFor();
    const url = new URL((await link.getAttribute('href'))!);
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe(SLACK_CLIENT.id);
    expect(url.searchParams.get('scope')).toBe(
      'chat:write,chat:write.public,incoming-webhook,channels:read,channels:join',
    );
    expect(url.searchParams.get('redirect_uri')).toBe(`${panel.base}/api/integration/slack/auth`);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'integrations-slack-connect');

    // What Slack does after the admin approves: back to the callback with a code and the state.
    slack.addCode('code-browser', 'xoxb-browser-1');
    slack.channels = [
      { id: 'C0SALES', name: 'sales' },
      { id: 'C0HELP', name: 'help' },
    ];
    await page.goto(
      `/api/integration/slack/auth?code=code-browser&state=${encodeURIComponent(url.searchParams.get('state')!)}`,
    );
    expect(await page.textContent('body')).toContain(`Slack workspace ${SLACK_TEAM.name} is connected.`);
    await page.goto(`/b/${brandId}/settings/integrations`);
    await expect.poll(() => page.getByTestId('slack-state').textContent()).toContain(SLACK_TEAM.name);
    await page.getByLabel('Channel for notifications').selectOption('C0SALES');
    await page.getByRole('button', { name: 'Use this channel' }).click();
    await expect.poll(() => page.getByTestId('slack-state').textContent()).toContain('#sales');
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await page.getByRole('status').filter({ hasText: 'Test message sent to #sales.' }).waitFor();
    expect(slack.posted.at(-1)).toMatchObject({ channel: 'C0SALES', token: 'xoxb-browser-1' });
    expect(await page.getByTestId('slack-state').textContent()).toContain('The last check passed.');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'integrations-slack-connected');
  });
});
