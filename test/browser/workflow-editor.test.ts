/**
 * Building a workflow in the browser, on the demo: "New workflow", the abandoned-cart template,
 * the editor with the composer (an emoji turns the text into Unicode and the segment count
 * follows, the count equal to what the send path would record for the text as sent), a curly
 * apostrophe replaced in one click, save as draft, activate after a confirmation that says what
 * will happen, and the worker's candidate pass starts a conversation from it (its first text the
 * emoji message, opened in the panel). A member sees Activate and Delete disabled with the reason. Every new page passes
 * axe and is saved at 1280x800 and 375x812.
 */
import { describe, expect, test } from 'vitest';
import { countSms } from '../../src/messaging/sms-count/rules.ts';
import { renderMessage, runCandidates } from '../../src/workflows/index.ts';
import { addTenantMember, createUser, TEST_PASSWORD } from '../factories/accounts.ts';
import { createContact, usPhone } from '../factories/index.ts';
import { DEMO, usePanel } from './harness.ts';

const EMOJI_TEXT =
  'Hi {first_name} 🛒 your cart at {brand_name} is waiting: {cart_link} Use {discount_code} for {discount_value} off.';

describe('the workflow editor in the browser', () => {
  const panel = usePanel();

  test('a workflow from the abandoned-cart template: emoji in the composer, save, activate', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);

    await page.goto(`/b/${brandId}/workflows`);
    await page.getByRole('link', { name: 'New workflow' }).click();
    await page.waitForURL(`**/b/${brandId}/workflows/new`);
    await page.getByRole('button', { name: 'Use the Abandoned Cart template' }).waitFor();
    expect(await page.locator('.template-card h3').allTextContents()).toEqual([
      'Abandoned Cart',
      'Instant Upsell',
      'Upsell',
      'Cross-sell',
      'Replenishment',
      'Re-engagement',
    ]);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'workflow-new');

    await page.getByRole('button', { name: 'Use the Abandoned Cart template' }).click();
    await page.waitForURL(/\/workflows\/\d+\/edit$/);
    const workflowId = Number(page.url().match(/workflows\/(\d+)\/edit/)![1]);
    const row = await panel.ctx.db('workflows').where({ id: workflowId }).first();
    expect(row).toMatchObject({
      brand_id: String(brandId),
      template: 'abandoned-cart',
      status: 'draft',
      is_paused: true,
    });

    // The template's text: GSM-7.
    const count = page.getByTestId('composer-count');
    await expect.poll(() => count.textContent()).toMatch(/segments? · GSM-7/);

    // What the composer counts: the text as sent, with the brand's link and sample values.
    const token = await panel.token(DEMO.brand);
    const context = (
      await panel.api<{ link_example: string; sample: Record<string, string> }>(
        `/api/brands/${brandId}/texting/composer`,
        token,
      )
    ).body;
    const sent = renderMessage(EMOJI_TEXT, {
      ...context.sample,
      brand_name: context.sample.brand_name!,
      cart_link: context.link_example,
    });
    const expected = countSms(sent);
    expect(expected.encoding).toBe('UCS-2');

    const box = page.getByLabel('Text to the shopper');
    await box.fill(EMOJI_TEXT);
    await expect
      .poll(() => count.textContent())
      .toBe(
        `${expected.characters} characters · ${expected.segments} segments · Unicode (UCS-2) · ${expected.remaining} units left in this segment (67 per part)`,
      );
    expect(await page.getByTestId('composer-preview').textContent()).toBe(sent);
    const unicode = page.getByRole('group', { name: 'Characters that force Unicode' });
    expect(await unicode.textContent()).toContain('emoji 🛒');
    expect(await unicode.textContent()).toContain('no GSM-7 replacement');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'workflow-editor');

    // A curly apostrophe is named with its one-click replacement.
    await box.fill('It’s still in your cart: {cart_link}');
    await unicode.getByRole('button', { name: "Replace with “'”" }).click();
    expect(await box.inputValue()).toBe("It's still in your cart: {cart_link}");
    await expect.poll(() => count.textContent()).toMatch(/^\d+ characters · 1 segment · GSM-7/);

    // Back to the emoji text, a rule, then save as a draft.
    await box.fill(EMOJI_TEXT);
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByLabel('Rule 1: value').fill('50');
    expect(await page.locator('.rule-words').first().textContent()).toBe('Cart total is at least $50.00');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved / })
      .waitFor();
    const saved = await panel.ctx.db('workflows').where({ id: workflowId }).first();
    expect(JSON.stringify(saved.message)).toContain('🛒');
    expect(saved.rules.rules).toEqual([{ field: 'cart_total', operator: 'gte', value: 50 }]);
    expect(saved.status).toBe('draft');

    // Activate: the confirmation says what will happen.
    await page.getByRole('button', { name: 'Activate…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate “Abandoned Cart”?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Texts start within a minute for shoppers with checkouts abandoned more than 30 minutes ago',
    );
    await panel.expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save and activate' }).click();
    await page.getByRole('status').filter({ hasText: 'Activated: it is running.' }).waitFor();
    const active = await panel.ctx.db('workflows').where({ id: workflowId }).first();
    expect(active).toMatchObject({ status: 'active', is_paused: false });

    // The worker's candidate pass (run every minute) starts a conversation from it: its first text
    // is the emoji message, and the conversation opens in the panel with it.
    // A shopper whose $80 checkout was left an hour ago (the demo's own are older, or taken).
    const shopper = await createContact(panel.ctx.db, brandId, { given_name: 'Robin', phone: usPhone('212') });
    await panel.ctx.db('checkouts').insert({
      brand_id: brandId,
      brand_integration_id: active.brand_integration_id,
      external_id: `browser-checkout-${workflowId}`,
      contact_id: shopper.contact.id,
      state: 'pending',
      total_price: '80.00',
      abandoned_checkout_url: 'https://northwind-outfitters.example/checkouts/browser',
      updated_at: new Date(Date.now() - 60 * 60_000),
    });
    // The demo's own abandoned-checkout workflow would win the cart (one workflow per cart, by
    // priority, delay and id): it is paused, as a brand replacing it would.
    await panel.ctx
      .db('workflows')
      .where({ brand_id: brandId, type: 'checkout' })
      .whereNot({ id: workflowId })
      .update({ is_paused: true });
    await runCandidates(panel.ctx, { brandId, workflowId });
    const started = await panel.ctx.db('conversations').where({ workflow_id: workflowId }).orderBy('id');
    expect(started.length).toBeGreaterThan(0);
    const text = await panel.ctx
      .db('conversation_messages')
      .where({ conversation_id: started[0].id, direction: 'outgoing' })
      .orderBy('id')
      .first();
    expect(text.body).toContain('🛒');
    await page.goto(`/b/${brandId}/conversations/${started[0].id}`);
    await page.getByText(text.body.slice(0, 20), { exact: false }).first().waitFor();
  });

  test('a member edits but sees Activate and Delete disabled with the reason', async () => {
    const admin = await panel.token(DEMO.brand);
    const me = (await panel.api<{ tenant_id: number; brand_id: number }>('/api/me', admin)).body;
    const member = await createUser(panel.ctx.db, { role: 'member' });
    await addTenantMember(panel.ctx.db, { tenantId: me.tenant_id, userId: member.id, role: 'member' });
    const page = await panel.signIn({ email: member.email, password: TEST_PASSWORD });
    await page.goto(`/b/${me.brand_id}/workflows/new`);
    await page.getByRole('button', { name: 'Use the Upsell template' }).click();
    await page.waitForURL(/\/workflows\/\d+\/edit$/);
    const activate = page.getByRole('button', { name: 'Activate…' });
    await activate.waitFor();
    expect(await activate.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete…' }).isDisabled()).toBe(true);
    await page.getByText('Only a brand admin can activate or delete a workflow.').waitFor();
    await panel.expectAccessible(page);
  });
});
