/** The Infobip provider on a test database: the fake SMS API, the delivery-report route, and seeds. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/app/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { infobipDeliveryRoutes } from '../../src/messaging/index.ts';
import { zonedInstant } from '../../src/messaging/rules.ts';
import { createBrand, createContact } from '../factories/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import type { TestDatabaseHandle } from '../helpers/db.ts';

export const LA = 'America/Los_Angeles';
export const SECRET = 'infobip-webhook-secret-123';
export const PUBLIC_URL = 'https://reclaim.example.com';
export const BODY = 'Hi Sam, your cart is waiting: https://reclaim.example.com/r/AbC12345 Reply STOP to opt out.';

export const noWait = async (): Promise<void> => undefined;
export const noonLA = (day: number): Date => zonedInstant(LA, 2026, 10, day, 12, 0);

/** A context sending through the fake Infobip, and the delivery-report route on it. */
export async function startInfobipApp(
  t: TestDatabaseHandle,
): Promise<{ ctx: AppContext; infobip: FakeInfobip; app: FastifyInstance }> {
  const infobip = await startFakeInfobip();
  const ctx = await t.context({
    SMS_PROVIDER: 'infobip',
    INFOBIP_BASE_URL: infobip.url,
    INFOBIP_API_KEY: infobip.apiKey,
    INFOBIP_WEBHOOK_SECRET: SECRET,
    PUBLIC_URL,
  });
  const app = await buildHttpServer(ctx, { routes: [infobipDeliveryRoutes], panel: false });
  return { ctx, infobip, app };
}

/** `infobipBrand`, `seedMessage` and `message` on the test database `t`. */
export function infobipSeeds(t: TestDatabaseHandle) {
  /**
   * A brand with an Infobip SMS integration (its number and rate in the settings). A number belongs
   * to one integration: an earlier brand of the file holding it gives it up to the new one.
   */
  async function infobipBrand(
    settings: Record<string, unknown> = {},
    brand: Record<string, unknown> = {},
  ): Promise<number> {
    const brandId = (await createBrand(t.db, brand)).id;
    if (typeof settings.infobip_phone_number === 'string')
      await t
        .db('brand_integrations')
        .whereRaw('sending_number = sending_number_digits(?)', [settings.infobip_phone_number])
        .update({ settings: t.db.raw(`settings - 'infobip_phone_number' - 'sender_id' - 'phone'`) });
    await t
      .db('integrations')
      .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
      .onConflict('slug')
      .ignore();
    const integration = await t.db('integrations').where({ slug: 'infobip' }).first<{ id: string }>('id');
    await t.db('brand_integrations').insert({
      brand_id: brandId,
      integration_id: integration!.id,
      lookup_id: `ib-${brandId}`,
      status: 'connected',
      is_enabled: true,
      settings,
    });
    return brandId;
  }

  async function seedMessage(
    brandId: number,
    {
      phone,
      scheduledFor,
      channel = {},
      isMarketing = true,
    }: { phone: string; scheduledFor: Date; channel?: Record<string, unknown>; isMarketing?: boolean },
  ) {
    const { contact, channel: ch } = await createContact(t.db, brandId, { phone, channel });
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: contact.id, contact_channel_id: ch.id })
      .returning<{ id: string }[]>('id');
    const [row] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brandId,
        conversation_id: conv!.id,
        body: BODY,
        direction: 'outgoing',
        status: 'auto_queued',
        scheduled_for: scheduledFor,
        is_marketing: isMarketing,
        extra_data: { workflow_message: true },
      })
      .returning<{ id: string }[]>('id');
    return { messageId: Number(row!.id), conversationId: Number(conv!.id), channelId: ch.id };
  }

  const message = (id: number) => t.db('conversation_messages').where({ id }).first();
  return { infobipBrand, seedMessage, message };
}
