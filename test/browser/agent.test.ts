/**
 * The shopper agent in the browser, on the demo brand: in draft mode the agent's answer waits in the
 * reply box with its source named; the person edits and sends it, and marks an answer wrong. In
 * auto mode a question no card answers is escalated; on the knowledge page the person answers it
 * (texted to the shopper), saves it as a published card, and the next shopper asking the same is
 * answered from that card, shown on the conversation page; the person's answer paused the agent on
 * the first conversation, and the control there hands it back. Pages pass axe, saved at 1280x800 and
 * 375x812.
 */
import { describe, expect, test } from 'vitest';
import { updateAgentSettings } from '../../src/agent/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { createKbCard } from '../../src/insights/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { brandSenderNumber } from '../../src/messaging/index.ts';
import { createContact } from '../factories/index.ts';
import { DEMO, usePanel } from './harness.ts';

const ICELAND = 'We ship to Iceland in 7-10 business days for a flat $25.';

describe('the shopper agent in the panel', () => {
  const panel = usePanel();

  async function brandId(): Promise<number> {
    const token = await panel.token(DEMO.brand);
    return (await panel.api<{ brand_id: number }>('/api/me', token)).body.brand_id;
  }

  /** A new shopper of the brand texts; the worker's jobs run (the agent decides). */
  async function shopperTexts(brand: number, body: string) {
    const { channel } = await createContact(panel.ctx.db, brand);
    const to = await brandSenderNumber(panel.ctx.db, brand);
    const received = await receiveMessage(panel.ctx, {
      from: String(channel.username),
      to: to!,
      body,
      provider: 'outbox',
    });
    await runDueJobs(panel.ctx, TASKS);
    const decision = await panel.ctx.db('agent_decisions').where({ message_id: received.messageId }).first();
    return { conversationId: received.conversationId!, messageId: received.messageId!, decision };
  }

  test('draft mode: the draft waits in the reply box with its source; edited and sent; an answer marked wrong', async () => {
    const brand = await brandId();
    await updateAgentSettings(panel.ctx.db, { brandId: brand, mode: 'draft' });
    await createKbCard(panel.ctx.db, {
      brandId: brand,
      title: 'Shipping to Iceland',
      content: ICELAND,
      status: 'published',
    });
    const { conversationId, messageId, decision } = await shopperTexts(brand, 'do you ship to iceland?');
    expect(decision).toMatchObject({ decision: 'answered', delivery: 'draft' });
    expect(decision.reply).toMatch(/^We ship to Iceland in 7-10 business days for a flat \$25\./);

    const page = await panel.signIn(DEMO.brand);
    await page.goto(`/b/${brand}/conversations/${conversationId}`);
    const box = page.getByLabel("Reply to the shopper (the agent's draft)");
    await box.waitFor();
    expect(await box.inputValue()).toBe(decision.reply);
    expect(await page.getByRole('note').textContent()).toContain('from: Shipping to Iceland');
    const agent = page.getByRole('region', { name: 'Shopper agent' });
    await expect.poll(() => agent.textContent(), { timeout: 15_000 }).toContain('Answered from: Shipping to Iceland');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'conversation-agent-draft');

    const edited = `${ICELAND} Tracking comes by text. Automated reply; text HUMAN for a person`;
    await box.fill(edited);
    await page.getByRole('button', { name: 'Send draft' }).click();
    await expect
      .poll(async () => (await panel.ctx.db('agent_decisions').where({ message_id: messageId }).first()).delivery)
      .toBe('sent_by_person');
    const sent = await panel.ctx
      .db('conversation_messages')
      .where({ conversation_id: conversationId, direction: 'outgoing' })
      .pluck('body');
    expect(sent).toEqual([edited]);
    await expect.poll(() => agent.textContent(), { timeout: 15_000 }).toContain('draft sent by a person');

    await agent.getByRole('button', { name: 'Mark this answer wrong' }).click();
    await agent.getByLabel('What was wrong (optional)').fill('Iceland takes longer in winter');
    await agent.getByRole('button', { name: 'Mark wrong', exact: true }).click();
    await expect
      .poll(() => agent.textContent(), { timeout: 15_000 })
      .toContain('Marked wrong: this card counts less for this topic.');
    await page.goto(`/b/${brand}/insights`);
    const wrong = page.getByRole('region', { name: 'Agent answers marked wrong' });
    await expect.poll(() => wrong.textContent(), { timeout: 15_000 }).toContain('Iceland takes longer in winter');
    expect(await wrong.textContent()).toContain('From the card “Shipping to Iceland”');
  });

  test('an escalation answered to the shopper, saved as a card, answers the next shopper', async () => {
    const brand = await brandId();
    await updateAgentSettings(panel.ctx.db, { brandId: brand, mode: 'auto' });
    const question = 'can I collect my parcel from your Reno warehouse?';
    const first = await shopperTexts(brand, question);
    expect(first.decision).toMatchObject({ decision: 'escalated' });

    const page = await panel.signIn(DEMO.brand);
    await page.goto(`/b/${brand}/knowledge`);
    const form = page.getByRole('form', { name: `Answer: ${question}` });
    await form.waitFor();
    const answer = 'Yes: collection at our Reno warehouse, weekdays 9 to 5, with your order number.';
    await form.getByLabel('Answer', { exact: true }).fill(answer);
    await form.getByRole('button', { name: 'Send the answer to the shopper' }).click();
    await expect.poll(() => form.textContent(), { timeout: 15_000 }).toContain('Sent to the shopper.');
    const texted = await panel.ctx
      .db('conversation_messages')
      .where({ conversation_id: first.conversationId, direction: 'outgoing' })
      .orderBy('id')
      .pluck('body');
    expect(texted.at(-1)).toBe(answer);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'knowledge-escalation-answered');
    await form.getByLabel('Publish the card now (the agent answers from it at once)').check();
    await form.getByRole('button', { name: 'Save as a KB card' }).click();
    await expect
      .poll(async () => (await panel.ctx.db('kb_cards').where({ brand_id: brand, title: question }).first())?.status)
      .toBe('published');
    const escalation = await panel.ctx
      .db('conversation_escalations')
      .where({ id: first.decision.escalation_id })
      .first();
    expect(escalation).toMatchObject({ processed_question: question, processed_response: answer, is_added_kb: true });

    // The person's answer paused the agent on that conversation; the control hands it back.
    await page.goto(`/b/${brand}/conversations/${first.conversationId}`);
    const paused = page.getByRole('region', { name: 'Shopper agent' });
    await expect
      .poll(() => paused.textContent(), { timeout: 15_000 })
      .toContain('A person at your brand replied here: the agent stays out of this conversation.');
    await paused.getByRole('button', { name: 'Hand back to the agent' }).click();
    await expect.poll(() => paused.textContent(), { timeout: 15_000 }).not.toContain('the agent stays out');
    const handed = await panel.ctx.db('agent_conversations').where({ conversation_id: first.conversationId }).first();
    expect(handed.handed_back_at).not.toBeNull();

    const next = await shopperTexts(brand, question);
    const card = await panel.ctx.db('kb_cards').where({ brand_id: brand, title: question }).first();
    expect(next.decision).toMatchObject({ decision: 'answered', delivery: 'queued' });
    expect(next.decision.sources.map(Number)).toEqual([Number(card.id)]);
    await page.goto(`/b/${brand}/conversations/${next.conversationId}`);
    const agent = page.getByRole('region', { name: 'Shopper agent' });
    await expect.poll(() => agent.textContent(), { timeout: 15_000 }).toContain(`Answered from: ${question}`);
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'conversation-agent-answered');
  });
});
