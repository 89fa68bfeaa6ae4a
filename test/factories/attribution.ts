/**
 * Rows attribution reads: workflow conversations with sent messages, link clicks, replies,
 * discount codes issued in a conversation, and flow events (started / holdout) for lift.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/index.ts';
import { createBrand, createContact, createIntegration, createWorkflow } from './index.ts';

type Row = Record<string, unknown>;
const suffix = (): string => randomBytes(4).toString('hex');

export const hoursBefore = (at: Date, hours: number): Date => new Date(at.getTime() - hours * 3_600_000);

async function insert(db: Db, table: string, row: Row): Promise<Row & { id: number }> {
  const [created] = await db(table).insert(row).returning('*');
  return { ...(created as Row), id: Number((created as Row).id) };
}

/** A brand with a store, a workflow and one shopper (contact + SMS channel). */
export async function createShop(
  db: Db,
  brand: Row = {},
): Promise<{ brandId: number; integrationId: number; workflowId: number; contactId: number; channelId: number }> {
  const b = await createBrand(db, brand);
  const integration = await createIntegration(db, b.id);
  const workflow = await createWorkflow(db, { brandId: b.id, brand_integration_id: integration.id, type: 'checkout' });
  const { contact, channel } = await createContact(db, b.id);
  return {
    brandId: b.id,
    integrationId: integration.id,
    workflowId: workflow.id,
    contactId: contact.id,
    channelId: channel.id,
  };
}

export async function createConversation(
  db: Db,
  {
    brandId,
    workflowId = null,
    contactId = null,
    channelId = null,
    createdAt,
    ...rest
  }: Row & {
    brandId: number;
    workflowId?: number | null;
    contactId?: number | null;
    channelId?: number | null;
    createdAt: Date;
  },
): Promise<Row & { id: number }> {
  return insert(db, 'conversations', {
    brand_id: brandId,
    workflow_id: workflowId,
    contact_id: contactId,
    contact_channel_id: channelId,
    created_at: createdAt,
    ...rest,
  });
}

/** An outgoing workflow message that was sent at sentAt (status sent unless given). */
export async function createSentMessage(
  db: Db,
  {
    brandId,
    conversationId,
    sentAt,
    status = 'sent',
    ...rest
  }: Row & { brandId: number; conversationId: number; sentAt: Date; status?: string },
): Promise<Row & { id: number }> {
  return insert(db, 'conversation_messages', {
    brand_id: brandId,
    conversation_id: conversationId,
    body: 'Your cart is waiting',
    direction: 'outgoing',
    status,
    sent_at: sentAt,
    scheduled_for: sentAt,
    created_at: sentAt,
    extra_data: { workflow_message: true },
    ...rest,
  });
}

export async function createReply(
  db: Db,
  {
    brandId,
    conversationId,
    at,
    body = 'Is it in blue?',
    action = 'reply',
  }: { brandId: number; conversationId: number; at: Date; body?: string; action?: string },
): Promise<Row & { id: number }> {
  return insert(db, 'conversation_messages', {
    brand_id: brandId,
    conversation_id: conversationId,
    body,
    direction: 'incoming',
    status: 'received',
    sent_at: at,
    created_at: at,
    is_marketing: false,
    extra_data: { action },
  });
}

export async function createClick(
  db: Db,
  { brandId, conversationId, at }: { brandId: number; conversationId: number; at: Date },
): Promise<Row & { id: number }> {
  const link = await insert(db, 'short_links', {
    brand_id: brandId,
    conversation_id: conversationId,
    code: suffix(),
    target_url: 'https://shop.example.com/cart/1',
  });
  return insert(db, 'link_clicks', {
    brand_id: brandId,
    short_link_id: link.id,
    clicked_at: at,
    user_agent: 'Mozilla/5.0 (iPhone)',
  });
}

export async function createDiscountCode(
  db: Db,
  {
    brandId,
    conversationId,
    workflowId = null,
    code = `LR-${suffix().toUpperCase()}`,
    createdAt,
  }: { brandId: number; conversationId: number; workflowId?: number | null; code?: string; createdAt: Date },
): Promise<Row & { id: number; code: string }> {
  const row = await insert(db, 'discount_codes', {
    brand_id: brandId,
    conversation_id: conversationId,
    workflow_id: workflowId,
    code,
    status: 'created',
    created_at: createdAt,
  });
  return { ...row, code };
}

/** A candidate outcome: eventId is the cart (event_type 'cart') or checkout (event_type 'checkout') id. */
export async function createFlowEvent(
  db: Db,
  {
    brandId,
    workflowId,
    eventId,
    contactId,
    state,
    at,
    eventType = 'cart',
  }: {
    brandId: number;
    workflowId: number;
    eventId: number;
    contactId: number;
    state: string;
    at: Date;
    eventType?: string;
  },
): Promise<Row & { id: number }> {
  return insert(db, 'flow_events', {
    brand_id: brandId,
    workflow_id: workflowId,
    event_id: eventId,
    event_type: eventType,
    contact_id: contactId,
    state,
    created_at: at,
  });
}
