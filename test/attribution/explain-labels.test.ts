/**
 * `reclaim orders explain` names why a text did not count: a team member's conversational reply
 * and a service message (an opt-out or help answer) are not marketing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { attributeOrder } from '../../src/attribution/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { createOrder } from '../factories/index.ts';
import { createUser } from '../factories/accounts.ts';
import { createConversation, createSentMessage, createShop, hoursBefore } from '../factories/attribution.ts';

const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context();
});

const ORDER_AT = new Date(Date.now() - 3_600_000);
const explain = async (orderId: number) => {
  const result = await runCli(['orders', 'explain', String(orderId), '--json'], testEnv(t.url));
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
};

describe('reclaim orders explain: texts that are not marketing', () => {
  it("a team member's conversational reply and a service message are shown as such and not counted", async () => {
    const s = await createShop(t.db);
    const agent = await createUser(t.db);
    const conversation = await createConversation(t.db, {
      brandId: s.brandId,
      workflowId: s.workflowId,
      contactId: s.contactId,
      createdAt: hoursBefore(ORDER_AT, 48),
    });
    const reply = await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: conversation.id,
      sentAt: hoursBefore(ORDER_AT, 10),
      is_marketing: false,
      user_id: agent.id,
      extra_data: {},
    });
    const service = await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: conversation.id,
      sentAt: hoursBefore(ORDER_AT, 8),
      is_marketing: false,
      extra_data: {},
    });
    const order = await createOrder(t.db, {
      brandId: s.brandId,
      integrationId: s.integrationId,
      contact_id: s.contactId,
      created_at: ORDER_AT,
    });
    await attributeOrder(ctx, order.id);
    expect((await explain(order.id)).decision.items).toMatchObject([
      {
        kind: 'message',
        id: service.id,
        counted: false,
        reason: 'a service message (opt-out or help answer)',
        reason_code: 'service_message',
      },
      {
        kind: 'message',
        id: reply.id,
        counted: false,
        reason: "a conversational reply by the brand's team, not marketing",
        reason_code: 'team_reply',
      },
    ]);
  });
});
