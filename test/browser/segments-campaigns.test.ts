/**
 * Segments and campaigns in the browser, on the demo: a segment built with the condition builder
 * (an OR group, a number and a state), whose live count equals the preview API's for the same
 * tree, saved; a new campaign to it (message in the composer, the estimate of texts and segments),
 * a test sent to a typed +1 number (one text, in the outbox, marked as a test and not counted),
 * scheduled after a confirmation in the brand's time zone, then cancelled after one. A member sees
 * Schedule and Cancel disabled with the reason. Each new page passes axe and is saved at 1280x800
 * and 375x812.
 */
import { describe, expect, test } from 'vitest';
import { addTenantMember, createUser, TEST_PASSWORD } from '../factories/accounts.ts';
import { createContact } from '../factories/index.ts';
import { DEMO, usePanel } from './harness.ts';

const TESTER = '+12125550147';
/** A zone where it is noon now: the tester's window is open whatever the hour of the run. */
const noonZone = (): string => {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
};

describe('segments and campaigns in the browser', () => {
  const panel = usePanel();

  test('build a segment (count equal to the preview API), a campaign to it: test, schedule, cancel', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await createContact(panel.ctx.db, brandId, {
      phone: TESTER,
      given_name: 'Tess',
      channel: { extra_data: { timezone: noonZone() } },
    });

    await page.getByRole('navigation', { name: 'Brand pages' }).getByRole('link', { name: 'Segments' }).click();
    await page.waitForURL(`**/b/${brandId}/segments`);
    await page.getByRole('button', { name: 'New segment' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Buyers or Florida');
    // Condition 1: number of orders at least 1; then an OR group with the state Florida.
    await page.getByLabel('Condition 1: field').selectOption({ label: 'Number of orders' });
    await page.getByLabel('Condition 1: operator').selectOption({ label: 'is at least' });
    await page.getByLabel('Condition 1: number').fill('1');
    await page.getByLabel('Segment: how the conditions combine').selectOption('OR');
    await page.getByRole('button', { name: 'Add a condition', exact: true }).click();
    await page.getByLabel('Condition 2: field').selectOption({ label: 'US state (by area code)' });
    await page.getByLabel('Condition 2: states (pick one or more)').selectOption(['FL', 'NY']);
    const tree = {
      condition: 'OR',
      rules: [
        { field: 'order_count', op: 'gte', value: 1 },
        { field: 'state', op: 'in', values: ['FL', 'NY'] },
      ],
    };
    const token = await panel.token(DEMO.brand);
    const preview = await fetch(`${panel.base}/api/brands/${brandId}/segments/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: tree }),
    }).then((r) => r.json() as Promise<{ matching: number; reachable: number }>);
    expect(preview.matching).toBeGreaterThan(0);
    const count = page.getByTestId('segment-count');
    await expect
      .poll(() => count.textContent(), { timeout: 20_000 })
      .toBe(
        `${preview.matching.toLocaleString('en-US')} match · ${preview.reachable.toLocaleString('en-US')} can be texted · ${(preview.matching - preview.reachable).toLocaleString('en-US')} left out`,
      );
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'segments');

    await page.getByRole('button', { name: 'Save segment' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Buyers or Florida”.' }).waitFor();
    const saved = await panel.ctx.db('filters').where({ brand_id: brandId, name: 'Buyers or Florida' }).first();
    expect(saved.filter).toEqual(tree);
    await page.getByRole('row', { name: /Buyers or Florida/ }).waitFor();

    // A new campaign to it.
    await page.getByRole('navigation', { name: 'Brand pages' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.waitForURL(`**/b/${brandId}/campaigns/new`);
    await page.getByLabel('Name', { exact: true }).fill('Spring preview');
    await page.getByLabel('Who gets it (segment)').selectOption(String(saved.id));
    await page.getByLabel('Text to the shoppers').fill('Spring is here at {brand_name}: {cart_link}');
    await page.getByLabel(/^Link/).fill('https://northwind-outfitters.example/spring');
    const estimate = page.getByTestId('campaign-estimate');
    await expect.poll(() => estimate.textContent(), { timeout: 20_000 }).toContain('SMS segments');
    expect(await estimate.textContent()).toContain(`${preview.reachable.toLocaleString('en-US')} of`);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'campaign-new');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/campaigns\/\d+$/);
    const campaignId = Number(page.url().match(/campaigns\/(\d+)$/)![1]);
    await page.getByRole('heading', { level: 1, name: 'Spring preview' }).waitFor();
    expect(await page.getByTestId('campaign-state').first().textContent()).toBe('Draft');

    // A test to a typed number: one text, in the outbox, marked as a test, not counted.
    await page.getByLabel('Your +1 number').fill('(212) 555-0147');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('status').filter({ hasText: 'Test sent.' }).waitFor();
    const tests = await panel.ctx
      .db('conversation_messages as m')
      .join('conversations as v', 'v.id', 'm.conversation_id')
      .where({ 'v.workflow_id': campaignId, 'm.direction': 'outgoing' })
      .select('m.status', 'm.provider_message_id', 'm.extra_data', 'm.body');
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({ status: 'sent', extra_data: expect.objectContaining({ campaign_test: true }) });
    expect(tests[0].provider_message_id).toMatch(/^outbox-/);
    expect(tests[0].body).toContain('Spring is here at Northwind Outfitters');
    expect(await page.getByTestId('campaign-sum').textContent()).toMatch(/^Targeted 0 = sent 0/);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'campaign');

    // Schedule in the brand's time zone, after a confirmation.
    await page.getByLabel(/^Send at/).fill('2030-03-15T10:00');
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule “Spring preview”?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('It sends 2030-03-15 10:00');
    await panel.expectAccessible(page);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Scheduled for / })
      .waitFor();
    const run = await panel.ctx.db('workflow_runs').where({ workflow_id: campaignId }).first();
    expect(run.state).toBe('scheduled');
    const brand = await panel.ctx.db('brands').where({ id: brandId }).first('timezone');
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: brand.timezone,
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(new Date(run.scheduled_for));
    expect(local).toBe('2030-03-15, 10:00');

    // Cancel, after a confirmation.
    await page.getByRole('button', { name: 'Cancel campaign…' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel “Spring preview”?' });
    await cancel.getByRole('button', { name: 'Cancel campaign' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Cancelled\./ })
      .waitFor();
    await expect.poll(() => page.getByTestId('campaign-state').first().textContent()).toBe('Cancelled');
    expect((await panel.ctx.db('workflow_runs').where({ workflow_id: campaignId }).first()).state).toBe('cancelled');
    // Two builders' and campaign pages' worth of axe and screenshots: more than the harness's 90 s on a loaded machine.
  }, 240_000);

  test('a member sees Schedule and Cancel disabled with the reason', async () => {
    const admin = await panel.token(DEMO.brand);
    const me = (await panel.api<{ tenant_id: number; brand_id: number }>('/api/me', admin)).body;
    const member = await createUser(panel.ctx.db, { role: 'member' });
    await addTenantMember(panel.ctx.db, { tenantId: me.tenant_id, userId: member.id, role: 'member' });
    const filter = { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] };
    const segment = await panel.ctx
      .db('filters')
      .insert({ brand_id: me.brand_id, name: 'Members test', filter: JSON.stringify(filter), type: 'segment' })
      .returning('id');
    const page = await panel.signIn({ email: member.email, password: TEST_PASSWORD });
    await page.goto(`/b/${me.brand_id}/campaigns/new?segment=${segment[0].id}`);
    await page.getByLabel('Name', { exact: true }).fill('Member draft');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/campaigns\/\d+$/);
    const schedule = page.getByRole('button', { name: 'Schedule…' });
    await schedule.waitFor();
    await page.getByLabel(/^Send at/).fill('2030-03-15T10:00');
    expect(await schedule.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel campaign…' }).isDisabled()).toBe(true);
    await page.getByText('Only a brand admin can schedule or cancel a campaign.').first().waitFor();
    await panel.expectAccessible(page);
  });
});
