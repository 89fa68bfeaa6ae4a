/** Due outgoing messages for the send-job tests, seeded on a test database. */
import type { TestDatabaseHandle } from '../helpers/db.ts';
import { createContact } from '../factories/index.ts';

export const BODY = 'Hi Sam, your cart is waiting: http://localhost:3000/r/AbC12345 Reply STOP to opt out.';

export interface Seeded {
  messageId: number;
  channelId: number;
  conversationId: number;
}

/** `seedMessage` and `message` on the test database `t`. */
export function outgoingMessages(t: TestDatabaseHandle) {
  /** A conversation with one due outgoing message (a workflow's first text unless told otherwise). */
  async function seedMessage(
    brandId: number,
    {
      phone,
      scheduledFor,
      isMarketing = true,
      body = BODY,
      channel = {},
      conversation = {},
      extra = {},
    }: {
      phone: string;
      scheduledFor: Date;
      isMarketing?: boolean;
      body?: string;
      channel?: Record<string, unknown>;
      conversation?: Record<string, unknown>;
      extra?: Record<string, unknown>;
    },
  ): Promise<Seeded> {
    const existing = await t
      .db('contact_channels')
      .where({ brand_id: brandId, username: phone })
      .first<{ id: string; contact_id: string } | undefined>('id', 'contact_id');
    const ch = existing
      ? { id: Number(existing.id), contact_id: Number(existing.contact_id) }
      : await createContact(t.db, brandId, { phone, channel }).then(({ channel: c, contact }) => ({
          id: c.id,
          contact_id: contact.id,
        }));
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: ch.contact_id, contact_channel_id: ch.id, ...conversation })
      .returning<{ id: string }[]>('id');
    const [message] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brandId,
        conversation_id: conv!.id,
        body,
        direction: 'outgoing',
        status: 'auto_queued',
        scheduled_for: scheduledFor,
        is_marketing: isMarketing,
        extra_data: { workflow_message: true, ...extra },
      })
      .returning<{ id: string }[]>('id');
    return { messageId: Number(message!.id), channelId: ch.id, conversationId: Number(conv!.id) };
  }

  const message = (id: number) => t.db('conversation_messages').where({ id }).first();
  return { seedMessage, message };
}
