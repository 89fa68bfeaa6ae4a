/**
 * The inbox in the browser, on the seeded demo: open a recovered conversation from the filtered
 * list and read its messages, statuses, discount code and attribution evidence; reply; see why an
 * unsubscribed shopper cannot be answered; a second brand's user sees none of the first brand's
 * conversations and its URLs answer "not found"; axe, screenshots and the time to open a thread.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, DEMO, usePanel } from './harness.ts';

interface Pick {
  id: number;
  contact_id: number;
  brand_id: number;
  given_name: string | null;
  family_name: string | null;
}

describe('the inbox in the browser', () => {
  const panel = usePanel();

  const brandOf = async (user = DEMO.brand) => {
    const answer = await panel.api<{ items: Array<{ id: number }> }>('/api/brands', await panel.token(user));
    return answer.body.items[0]!.id;
  };

  /** A visible recovered conversation of the brand with a discount code, on a billed order. */
  const recoveredConversation = async (brandId: number): Promise<Pick & { code: string }> => {
    const { rows } = await panel.ctx.db.raw(
      `select c.id, c.contact_id, c.brand_id, ct.given_name, ct.family_name, dc.code
         from conversations c
         join contacts ct on ct.id = c.contact_id
         join order_conversations oc on oc.conversation_id = c.id
         join orders o on o.id = oc.order_id and o.recovered_at is not null and o.workflow_id is not null
         join discount_codes dc on dc.conversation_id = c.id
        where c.brand_id = ? and not c.is_hidden and ct.given_name is not null and ct.family_name is not null
          and o.billing_status in ('billable', 'processing', 'complete')
        order by c.created_at desc limit 1`,
      [brandId],
    );
    expect(rows.length).toBe(1);
    return rows[0];
  };

  const conversationWithChannel = async (brandId: number, status: 'subscribed' | 'unsubscribed'): Promise<Pick> => {
    const { rows } = await panel.ctx.db.raw(
      `select c.id, c.contact_id, c.brand_id, ct.given_name, ct.family_name
         from conversations c
         join contacts ct on ct.id = c.contact_id
         join contact_channels ch on ch.id = c.contact_channel_id
        where c.brand_id = ? and ch.status = ? and ch.username like '+1%' and (not c.is_hidden or ch.status <> 'subscribed')
          and coalesce(ch.extra_data -> 'blocked', 'false'::jsonb) <> 'true'::jsonb
        order by c.created_at desc limit 1`,
      [brandId, status],
    );
    expect(rows.length).toBe(1);
    return rows[0];
  };

  const threadReady = (page: Page) => page.locator('.conversation .thread li').first().waitFor();

  test('a recovered conversation opened from the filtered list shows its messages, statuses, code and evidence', async () => {
    const brandId = await brandOf();
    const target = await recoveredConversation(brandId);
    const page = await panel.signIn(DEMO.brand);
    await page.getByRole('link', { name: 'Conversations' }).click();
    await page.locator('.inbox-list').waitFor();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'conversations');

    await page.getByLabel('State').selectOption('recovered');
    await page.waitForURL((url) => url.searchParams.get('state') === 'recovered');
    await page.getByLabel('Search').fill(`${target.given_name} ${target.family_name}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === `${target.given_name} ${target.family_name}`);
    const row = page.locator(`.inbox-row[data-conversation="${target.id}"] a`);
    await row.waitFor();
    // Every row the filtered list shows is recovered (the previous list stays, dimmed, until the answer).
    await expect
      .poll(async () => {
        const refreshing = await page.locator('.inbox-card .is-refreshing').count();
        const rows = await page.locator('.inbox-row').count();
        const recovered = await page.locator('.inbox-row .pill-recovered').count();
        return refreshing === 0 && rows > 0 && rows === recovered;
      })
      .toBe(true);
    await row.click();
    await page.waitForURL((url) => url.pathname === `/b/${brandId}/conversations/${target.id}`);
    await threadReady(page);

    const messages = await panel.ctx.db('conversation_messages').where({ conversation_id: target.id }).orderBy('id');
    for (const m of messages) await expect.poll(() => page.getByText(m.body, { exact: true }).count()).toBe(1);
    const badges = await page.locator('.thread .status-badge').allTextContents();
    expect(badges.length).toBe(messages.length);
    expect(badges.some((b) => ['Sent', 'Delivered'].includes(b))).toBe(true);
    expect(await page.locator('.discount-code').allTextContents()).toContain(target.code);
    const evidence = page.locator('.evidence-sentence');
    await evidence.waitFor();
    expect(await evidence.textContent()).toBe('Billed: recovered by this conversation.');
    expect(await page.locator('.evidence-because').textContent()).toMatch(
      /^Billed because: (a text|a click|a reply from the shopper|the code \S+) at .+, inside the \d+-(day|hour|minute) window/,
    );
    expect(await page.getByText(/times in P[SD]T \(Pacific Time\)/).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Why was this shopper texted or not?' }).click();
    await page.getByRole('list', { name: 'Why this shopper was texted or not' }).waitFor();
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'conversation');

    // Back keeps the list's view.
    await page.getByRole('link', { name: '← All conversations' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'recovered');
  });

  test('a reply appears in the thread as sent or queued', async () => {
    const brandId = await brandOf();
    const target = await conversationWithChannel(brandId, 'subscribed');
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${brandId}/conversations/${target.id}` });
    await threadReady(page);
    const text = `Thanks for writing, we are on it (${Date.now()})`;
    await page.getByLabel('Reply to the shopper').fill(text);
    await page.getByRole('button', { name: 'Send reply' }).click();
    const bubble = page.locator('.bubble', { hasText: text });
    await bubble.waitFor();
    expect(await bubble.locator('.bubble-author').textContent()).toBe('Your team');
    expect(['Sent', 'Delivered', 'Queued', 'Held for quiet hours', "Held for the state's quiet hours"]).toContain(
      await bubble.locator('.status-badge').textContent(),
    );
    const stored = await panel.ctx
      .db('conversation_messages')
      .where({ conversation_id: target.id, body: text })
      .first();
    expect(stored).toMatchObject({ direction: 'outgoing' });
    expect(await page.getByLabel('Reply to the shopper').inputValue()).toBe('');
  });

  test('a reply to an unsubscribed shopper is not possible and says why', async () => {
    const brandId = await brandOf();
    const target = await conversationWithChannel(brandId, 'unsubscribed');
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${brandId}/conversations/${target.id}` });
    await threadReady(page);
    expect(await page.getByLabel('Reply to the shopper').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send reply' }).isDisabled()).toBe(true);
    await page
      .getByText(
        'You cannot reply: The shopper has unsubscribed (texted STOP): nothing can be sent until they text START.',
      )
      .waitFor();
    expect(await page.locator('[data-consent]').textContent()).toMatch(/^Unsubscribed/);
  });

  test("a second brand's user sees none of the first brand's conversations; their URLs are not found", async () => {
    const first = await brandOf(DEMO.brand);
    const second = await brandOf(DEMO.partner);
    expect(second).not.toBe(first);
    const firstIds = new Set(
      (await panel.ctx.db('conversations').where({ brand_id: first }).pluck('id')).map((id) => String(id)),
    );
    const foreign = await recoveredConversation(first);

    const page = await panel.signIn(DEMO.partner);
    await page.goto(`/b/${second}/conversations?hidden=all`);
    await page.locator('.inbox-list, .state-empty').first().waitFor();
    const shown = await page
      .locator('.inbox-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-conversation')));
    expect(shown.filter((id) => firstIds.has(String(id)))).toEqual([]);

    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/brands/${second}/conversations/${foreign.id}`));
    await page.goto(`/b/${second}/conversations/${foreign.id}`);
    expect((await answered).status()).toBe(404);
    await page.getByText('Not found').first().waitFor();
    expect(await page.getByText(foreign.code).count()).toBe(0);

    const brandAnswer = page.waitForResponse((r) => r.url().endsWith(`/api/brands/${first}`));
    await page.goto(`/b/${first}/conversations/${foreign.id}`);
    expect((await brandAnswer).status()).toBe(404);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
  });

  test('export the filtered list as CSV; hide and unhide; rate a text; block the shopper after confirming', async () => {
    const brandId = await brandOf();
    const page = await panel.signIn(DEMO.brand, { redirectTo: `/b/${brandId}/conversations?state=recovered` });
    await page.locator('.inbox-row').first().waitFor();
    const total = Number((await page.locator('#inbox-count').textContent())!.match(/^(\d+)/)![1]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Conversation,Started,Shopper,Phone,Workflow,State,Replied,Unread,Hidden,Messages,Last message',
    );
    expect(lines.length - 1).toBe(total);
    expect(lines.slice(1).every((line) => line.includes(',Recovered,'))).toBe(true);
    expect(lines.slice(1).every((line) => /,'\+1\d{3}\*\*\*\d{4},/.test(line))).toBe(true); // masked (and kept as text by spreadsheets)

    const target = await conversationWithChannel(brandId, 'subscribed');
    await page.goto(`/b/${brandId}/conversations/${target.id}`);
    await threadReady(page);
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await page.getByRole('button', { name: 'Unhide' }).waitFor();
    expect((await panel.ctx.db('conversations').where({ id: target.id }).first()).is_hidden).toBe(true);
    await page.getByRole('button', { name: 'Unhide' }).click();
    await page.getByRole('button', { name: 'Hide', exact: true }).waitFor();
    expect((await panel.ctx.db('conversations').where({ id: target.id }).first()).is_hidden).toBe(false);

    const sent = page.locator('.bubble-outgoing').first();
    await sent.getByRole('button', { name: /feedback on the message/ }).click();
    await sent.getByLabel('Rating').selectOption('2');
    await sent.getByLabel('Comment').fill('Too pushy for a first text');
    await sent.getByRole('button', { name: 'Save feedback' }).click();
    await sent.getByText('Rated 2 of 5').waitFor();
    const messageId = Number(await sent.getAttribute('data-message'));
    expect(await panel.ctx.db('conversation_feedback').where({ message_id: messageId }).first()).toMatchObject({
      rating: 2,
      comment: 'Too pushy for a first text',
    });

    await page.getByRole('button', { name: 'Block contact' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/Every text channel of this shopper is unsubscribed and blocked/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Block contact' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByRole('button', { name: 'Blocked' }).waitFor();
    await page.getByText('You cannot reply: The shopper is blocked: nothing can be sent to this number.').waitFor();
    const channel = await panel.ctx
      .db('contact_channels')
      .where({ id: (await panel.ctx.db('conversations').where({ id: target.id }).first()).contact_channel_id })
      .first();
    expect(channel).toMatchObject({ status: 'unsubscribed' });
    expect(channel.extra_data.blocked).toBe(true);
  });

  // Target 500 ms (bench-inbox figures on an idle machine); the bound here only catches a regression.
  test('opening a conversation from the list: median of 5 (written to timings-inbox.json)', async () => {
    const brandId = await brandOf();
    const page = await panel.signIn(DEMO.brand);
    const runs: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await page.goto(`/b/${brandId}/conversations`);
      const link = page.locator('.inbox-row a').nth(i);
      await link.waitFor();
      const id = await link.evaluate((a) => a.closest('li')!.getAttribute('data-conversation'));
      const started = Date.now();
      await link.click();
      await page.locator(`.conversation[data-conversation="${id}"] .thread li`).first().waitFor();
      runs.push(Date.now() - started);
    }
    const median = [...runs].sort((a, b) => a - b)[2]!;
    await writeFile(
      join(ARTIFACTS, 'timings-inbox.json'),
      JSON.stringify({ open_conversation_ms: { runs, median } }, null, 2),
    );
    expect(median).toBeLessThan(3000);
  });
});
