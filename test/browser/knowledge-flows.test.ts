/**
 * The knowledge base and scheduled flows in the browser, on the demo: add a KB card, publish it and
 * edit it (its author shown); create a scheduled flow from a segment with the schedule picker
 * ("every Monday at 10:00" makes `0 10 * * 1`) and see it on its page with its history; a
 * member's controls that need an admin are disabled with the reason. Every new page passes axe and
 * is saved at 1280x800 and 375x812. A keyword flow shows its `sms:` link and its QR code downloads
 * as a PNG.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { createSegment } from '../../src/workflows/index.ts';
import { addTenantMember, createUser, TEST_PASSWORD } from '../factories/accounts.ts';
import { DEMO, usePanel } from './harness.ts';

describe('knowledge base and scheduled flows in the browser', () => {
  const panel = usePanel();

  test('add, publish and edit a KB card', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`/b/${brandId}/knowledge`);
    await page.getByLabel('Title').first().fill('Do you ship to Canada?');
    await page.getByLabel('Answer').first().fill('Yes: 5 to 8 days, free over $80.');
    await page.getByRole('button', { name: 'Add the card' }).click();
    const card = page.getByTestId('kb-card').filter({ hasText: 'Do you ship to Canada?' });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Draft');
    await card.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => card.textContent()).toContain('Published: the agent answers from it');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Answer').fill('Yes: 5 to 8 days, free over $100.');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('button', { name: 'Edit' }).waitFor();
    await expect.poll(() => card.locator('.kb-content').textContent()).toBe('Yes: 5 to 8 days, free over $100.');
    const row = await panel.ctx.db('kb_cards').where({ title: 'Do you ship to Canada?' }).first();
    expect(row).toMatchObject({ status: 'published', content: 'Yes: 5 to 8 days, free over $100.', source: 'manual' });
    expect(await card.textContent()).toMatch(/Written by hand · by \S+/);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'knowledge');
  });

  test('create a scheduled flow with the schedule picker', async () => {
    const token = await panel.token(DEMO.brand);
    const me = (await panel.api<{ brand_id: number }>('/api/me', token)).body;
    await createSegment(panel.ctx, {
      brandId: me.brand_id,
      name: 'Browser buyers',
      filter: { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] },
    });
    const page = await panel.signIn(DEMO.brand);
    await page.goto(`/b/${me.brand_id}/workflows`);
    await page.getByRole('link', { name: 'New scheduled flow' }).click();
    await page.waitForURL('**/workflows/new/scheduled');
    await page.getByLabel('Segment').selectOption({ label: 'Browser buyers' });
    await page.getByLabel('How often').selectOption('weekly');
    await page.getByLabel('At (', { exact: false }).fill('10:00');
    await expect.poll(() => page.getByTestId('cron-words').textContent()).toContain('every Monday at 10:00');
    await page.getByLabel('Message').fill('New this week at {brand_name}: {cart_link}');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'flow-new-scheduled');
    await page.getByRole('button', { name: 'Start the scheduled flow' }).click();
    await page.waitForURL(/\/workflows\/\d+$/);
    await expect.poll(() => page.getByTestId('schedule-words').textContent()).toContain('every Monday at 10:00');
    const id = Number(page.url().match(/workflows\/(\d+)$/)![1]);
    const flow = await panel.ctx.db('workflows').where({ id }).first();
    expect(flow).toMatchObject({ type: 'schedule', status: 'active' });
    expect(flow.extra_data.schedule.cron).toBe('0 10 * * 1');
    await expect.poll(() => page.getByTestId('workflow-history').textContent()).toContain('created it');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'flow-scheduled');
  });

  test('create a keyword flow: its sms: link and its QR code to download', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`/b/${brandId}/workflows`);
    await page.getByRole('link', { name: 'New keyword flow' }).click();
    await page.waitForURL('**/workflows/new/keyword');
    await page.getByLabel('Keyword', { exact: true }).fill('vip10');
    // The greeting left empty: its counter counts the default greeting that will be sent.
    const note = await page.getByText('Left empty, the greeting is:').textContent();
    const greeting = /“(.+)”/.exec(note ?? '')?.[1] ?? '';
    expect(greeting).toContain('VIP10');
    await expect
      .poll(() => page.getByTestId('composer-count').first().textContent())
      .toMatch(new RegExp(`^${greeting.length} characters`));
    await page.getByLabel('Message after Y (their first marketing text)').fill('Welcome to {brand_name}: {cart_link}');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'flow-new-keyword');
    await page.getByRole('button', { name: 'Start the keyword flow' }).click();
    await page.waitForURL(/\/workflows\/\d+$/);
    const id = Number(page.url().match(/workflows\/(\d+)$/)![1]);
    await expect.poll(() => page.getByTestId('keyword').textContent()).toBe('VIP10');
    const flow = await panel.ctx.db('workflows').where({ id }).first();
    expect(flow).toMatchObject({ status: 'active' });
    const link = await page.getByTestId('sms-link').textContent();
    expect(link).toMatch(/^sms:\+1\d{10}\?&body=VIP10$/);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PNG' }).click();
    const png = await download;
    expect(png.suggestedFilename()).toBe('VIP10-qr.png');
    const bytes = await readFile((await png.path())!);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'flow-keyword');
  });

  test('a member sees the controls that need an admin disabled, with the reason', async () => {
    const admin = await panel.token(DEMO.brand);
    const me = (await panel.api<{ tenant_id: number; brand_id: number }>('/api/me', admin)).body;
    const member = await createUser(panel.ctx.db, { role: 'member' });
    await addTenantMember(panel.ctx.db, { tenantId: me.tenant_id, userId: member.id, role: 'member' });
    const page = await panel.signIn({ email: member.email, password: TEST_PASSWORD });
    await page.goto(`/b/${me.brand_id}/workflows/new/scheduled`);
    await page.getByTestId('role-reason').waitFor();
    expect(await page.getByTestId('role-reason').textContent()).toBe(
      'Only a brand admin can start a scheduled or keyword flow.',
    );
    expect(await page.getByRole('button', { name: 'Start the scheduled flow' }).isDisabled()).toBe(true);
    await panel.screenshots(page, 'flow-new-scheduled-member');

    await page.goto(`/b/${me.brand_id}/knowledge`);
    const publishNow = page.getByLabel('Publish now (the agent answers from it at once)');
    await publishNow.waitFor();
    expect(await publishNow.isDisabled()).toBe(true);
    const cards = page.getByTestId('kb-card');
    await cards.first().waitFor();
    const first = cards.first();
    expect(await first.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    expect(await first.getByTestId('kb-reason').textContent()).toContain('Only a brand admin can delete a KB card.');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'knowledge-member');
  });
});
