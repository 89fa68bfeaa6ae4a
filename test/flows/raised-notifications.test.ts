import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { billingSync, createPlan } from '../../src/billing/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { WEBHOOK_PROCESSORS } from '../../src/flows/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { listNotifications, raiseTenDlcManualIntervention } from '../../src/notifications/index.ts';
import {
  getEvent,
  ingestWebhook,
  MAX_WEBHOOK_ATTEMPTS,
  processWebhookEvent,
  replayWebhookEvent,
} from '../../src/webhooks/index.ts';
import { addTenantMember, createUser } from '../factories/accounts.ts';
import {
  connectInfobip,
  createBrand,
  createContact,
  createIntegration,
  createWorkflow,
  usPhone,
} from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brand: { id: number; tenant_id: number };
let other: { id: number; tenant_id: number };
let member: number;
let outsider: number;
let staff: number;

/** The notifications of one kind the user sees. */
const seen = async (userId: number, kind: string) =>
  (await listNotifications(t.db, { userId, limit: 100 })).items.filter((n) => n.data.kind === kind);
const stored = (kind: string) => t.db('notifications').whereRaw(`extra_data->>'kind' = ?`, [kind]);

beforeAll(async () => {
  ctx = await t.context();
  brand = await createBrand(t.db, { name: 'Northwind Outfitters' });
  other = await createBrand(t.db, { name: 'Contoso' });
  member = (await createUser(t.db)).id;
  outsider = (await createUser(t.db)).id;
  staff = (await createUser(t.db, { is_staff: true })).id;
  await addTenantMember(t.db, { tenantId: brand.tenant_id, userId: member });
  await addTenantMember(t.db, { tenantId: other.tenant_id, userId: outsider });
});

describe('an engaged conversation notifies the brand, once per conversation', () => {
  const BRAND_NUMBER = usPhone('628');

  beforeAll(async () => {
    await connectInfobip(t.db, brand.id, BRAND_NUMBER);
  });

  it("a shopper's replies raise one notification to the brand's tenant; STOP raises none", async () => {
    const { contact, channel } = await createContact(t.db, brand.id, { given_name: 'Sam' });
    const workflow = await createWorkflow(t.db, { brandId: brand.id });
    const [conversation] = await t
      .db('conversations')
      .insert({ brand_id: brand.id, workflow_id: workflow.id, contact_id: contact.id, contact_channel_id: channel.id })
      .returning('id');
    const conversationId = Number(conversation.id);
    const from = String(channel.username);

    await receiveMessage(ctx, { from, to: BRAND_NUMBER, body: 'Do you ship to Canada?', provider: 'outbox' });
    await runDueJobs(ctx, TASKS);
    await receiveMessage(ctx, { from, to: BRAND_NUMBER, body: 'Hello?', provider: 'outbox' });
    await runDueJobs(ctx, TASKS);

    const notes = await seen(member, 'engaged_conversation');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'system',
      audience: 'tenant',
      tenant_id: brand.tenant_id,
      brand_id: brand.id,
      title: 'Sam replied',
      is_read: false,
      data: { conversation_id: conversationId, link: `/b/${brand.id}/conversations/${conversationId}` },
    });
    expect(notes[0]!.body).toMatch(/^Sam replied: "/);
    expect(await seen(outsider, 'engaged_conversation')).toEqual([]);
    expect(await seen(staff, 'engaged_conversation')).toEqual([]);

    const quitter = await createContact(t.db, brand.id, { given_name: 'Quinn' });
    await receiveMessage(ctx, {
      from: String(quitter.channel.username),
      to: BRAND_NUMBER,
      body: 'STOP',
      provider: 'outbox',
    });
    await runDueJobs(ctx, TASKS);
    expect(await stored('engaged_conversation')).toHaveLength(1);
  });
});

describe('a dead-lettered webhook notifies staff, once per event', () => {
  it('processing the same dead letter twice (after a replay) raises one staff notification', async () => {
    const integration = await createIntegration(t.db, brand.id);
    const shop = String(integration.lookup_id);
    const { id } = await ingestWebhook(ctx, {
      source: 'shopify',
      eventId: 'dead-1',
      topic: 'checkouts/update',
      shop,
      payload: { id: 'not a checkout' },
    });
    const lastAttempt = () =>
      TASKS['webhook:process']({
        ctx,
        payload: { id: id!, attemptOffset: MAX_WEBHOOK_ATTEMPTS - 1 },
        attempt: 1,
        jobId: 'test',
      });
    await expect(lastAttempt()).rejects.toThrow();
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'dead' });
    await replayWebhookEvent(ctx, id!);
    await expect(lastAttempt()).rejects.toThrow();
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'dead' });

    expect(await stored('webhook_dead_letter')).toHaveLength(1);
    const [note] = await seen(staff, 'webhook_dead_letter');
    expect(note).toMatchObject({
      audience: 'staff',
      brand_id: brand.id,
      title: 'Webhook dead-lettered: shopify checkouts/update',
      data: { webhook_event_id: id, source: 'shopify', topic: 'checkouts/update' },
    });
    expect(note!.body).toContain(`reclaim webhooks replay ${id}`);
    expect(await seen(member, 'webhook_dead_letter')).toEqual([]);
  });

  it('an attempt that will be retried raises nothing', async () => {
    const { id } = await ingestWebhook(ctx, {
      source: 'shopify',
      eventId: 'retry-1',
      topic: 'checkouts/update',
      shop: 'x.myshopify.com',
      payload: {},
    });
    const failing = { shopify: async () => Promise.reject(new Error('store API unreachable')) };
    await expect(processWebhookEvent(ctx, id!, failing, { attempt: 1 })).rejects.toThrow();
    expect(await t.db('notifications').where({ dedupe_key: `webhook_dead_letter:${id}` })).toHaveLength(0);
  });
});

describe('a failed billing sync notifies staff, once per subscription and failure', () => {
  it('two hourly syncs failing the same way raise one notification', async () => {
    const plan = await createPlan(t.db, { name: 'Growth', price: 99, rate: 5 });
    const [source] = await t
      .db('subscription_payment_source')
      .insert({ brand_id: brand.id, gateway: 'shopify', gateway_account_id: null })
      .returning('id');
    const [subscription] = await t
      .db('subscriptions')
      .insert({
        brand_id: brand.id,
        plan_id: plan.id,
        payment_source_id: source.id,
        status: 'active',
        external_id: 'gid://shopify/AppSubscription/1',
      })
      .returning('id');
    const first = await billingSync(ctx, { brandId: brand.id });
    const second = await billingSync(ctx, { brandId: brand.id });
    expect([first.errors, second.errors]).toEqual([1, 1]);

    expect(await stored('billing_sync_failed')).toHaveLength(1);
    const [note] = await seen(staff, 'billing_sync_failed');
    expect(note).toMatchObject({
      audience: 'staff',
      brand_id: brand.id,
      title: 'Billing sync failed for Northwind Outfitters',
      data: { subscription_id: Number(subscription.id), gateway: 'shopify' },
    });
    expect(note!.body).toContain(`reclaim billing sync --brand ${brand.id}`);
    expect(await seen(member, 'billing_sync_failed')).toEqual([]);
  });
});

describe('a disconnected store notifies the brand, once per install', () => {
  it('app/uninstalled raises one tenant notification; a second uninstall of the same install none; a reinstall anew', async () => {
    const installedAt = new Date(Date.now() - 3_600_000).toISOString();
    const integration = await createIntegration(t.db, other.id, { settings: { installed_at: installedAt } });
    const shop = String(integration.lookup_id);
    const uninstall = async (eventId: string) => {
      const { id } = await ingestWebhook(ctx, {
        source: 'shopify',
        eventId,
        topic: 'app/uninstalled',
        shop,
        payload: {},
      });
      await processWebhookEvent(ctx, id!, WEBHOOK_PROCESSORS);
      return getEvent(t.db, id!);
    };
    const reconnect = (settings: Record<string, unknown>) =>
      t
        .db('brand_integrations')
        .where({ id: integration.id })
        .update({ status: 'connected', is_enabled: true, settings });

    expect(await uninstall('uninstall-1')).toMatchObject({ status: 'processed' });
    await reconnect({ installed_at: installedAt });
    expect(await uninstall('uninstall-2')).toMatchObject({ status: 'processed' });
    expect(await seen(outsider, 'store_disconnected')).toHaveLength(1);

    await reconnect({ installed_at: new Date(Date.now() - 1000).toISOString() });
    expect(await uninstall('uninstall-3')).toMatchObject({ status: 'processed' });
    const notes = await seen(outsider, 'store_disconnected');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({
      audience: 'tenant',
      tenant_id: other.tenant_id,
      brand_id: other.id,
      title: 'Store disconnected',
      data: { brand_integration_id: integration.id, platform: 'shopify', reason: 'app_uninstalled' },
    });
    expect(notes[0]!.body).toContain(shop);
    expect(await seen(member, 'store_disconnected')).toEqual([]);
    expect(await seen(staff, 'store_disconnected')).toEqual([]);
  });
});

describe('a 10DLC registration stopped at manual_intervention notifies staff, once each time', () => {
  it('raised twice for the same transition, one notification; a later transition another', async () => {
    const integration = await createIntegration(t.db, brand.id);
    const since = new Date('2026-11-20T10:00:00Z');
    const input = { brandId: brand.id, brandIntegrationId: integration.id, reason: 'Brand registration failed', since };
    const first = await raiseTenDlcManualIntervention(t.db, input);
    const again = await raiseTenDlcManualIntervention(t.db, input);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    await raiseTenDlcManualIntervention(t.db, { ...input, since: new Date('2026-11-21T10:00:00Z') });
    const notes = await seen(staff, 'tendlc_manual_intervention');
    expect(notes).toHaveLength(2);
    expect(notes[1]).toMatchObject({
      audience: 'staff',
      title: '10DLC registration needs attention: Northwind Outfitters',
      body: 'The texting registration (10DLC) of Northwind Outfitters stopped at manual_intervention: Brand registration failed',
    });
    expect(await seen(member, 'tendlc_manual_intervention')).toEqual([]);
  });
});
