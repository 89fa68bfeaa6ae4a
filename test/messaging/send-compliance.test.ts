/**
 * The send job applies the brand's Texas setting as it is when the text goes out, and the 3-per-24 h
 * cap of Florida, Oklahoma and Maryland holds when several workers send to one number at once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { infobipProvider, sendDueMessages } from '../../src/messaging/index.ts';
import { zonedInstant } from '../../src/messaging/rules.ts';
import { createIntegration } from '../factories/index.ts';
import type { FakeInfobip } from '../fakes/infobip.ts';
import { readRequest, startServer, type FakeServer } from '../fakes/server.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { infobipSeeds, noWait, startInfobipApp } from './infobip-setup.ts';
import { outgoingMessages } from './send-seed.ts';

const CHI = 'America/Chicago';
const NY = 'America/New_York';
const HOUR = 3_600_000;
const SENDER = '+18885550100';

const t = useTestDatabase();
let ctx: AppContext;
let infobip: FakeInfobip;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, infobip, app } = await startInfobipApp(t));
});
afterAll(async () => {
  await app.close();
  await infobip.close();
});

const { infobipBrand } = infobipSeeds(t);
const { seedMessage, message } = outgoingMessages(t);
const acceptedTo = (phone: string) => infobip.accepted.filter((a) => a.to === phone.slice(1));

/** Marketing texts to `phone` already sent `hoursAgo` before `now`. */
async function alreadySent(brandId: number, phone: string, now: Date, hoursAgo: number[]): Promise<void> {
  for (const h of hoursAgo) {
    const at = new Date(now.getTime() - h * HOUR);
    const m = await seedMessage(brandId, { phone, scheduledFor: at });
    await t.db('conversation_messages').where({ id: m.messageId }).update({ status: 'sent', sent_at: at });
  }
}

/** Sessions of this test database waiting for a lock. */
async function waitingForLocks(): Promise<number> {
  const { rows } = await t.db.raw<{ rows: Array<{ n: string }> }>(
    `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(rows[0]!.n);
}

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Another worker handing out send slots of the sending number: it holds the number's row in
 * sms_send_slots until `release`, so claims of that number are held up right before they commit.
 */
async function holdSendingNumber(sender: string): Promise<{ release(): Promise<void> }> {
  await t.db.raw(
    `insert into sms_send_slots (provider, sender, next_send_at) values ('infobip', ?, ?) on conflict do nothing`,
    [sender, new Date(0)],
  );
  const trx = await t.db.transaction();
  await trx.raw(`select 1 from sms_send_slots where sender = ? for update`, [sender]);
  return {
    release: async () => {
      if (!trx.isCompleted()) await trx.commit();
    },
  };
}

describe('a revoked Texas flag stops a held text', () => {
  it('a Texas text held for quiet hours is not sent at 08:00 once the brand turned texas_compliance off', async () => {
    const brandId = await infobipBrand(
      { infobip_phone_number: SENDER, messages_per_second: 50 },
      { extra_data: { texas_compliance: true } },
    );
    const night = zonedInstant(CHI, 2026, 10, 14, 2, 0);
    const eight = zonedInstant(CHI, 2026, 10, 14, 8, 0);
    const texas = await seedMessage(brandId, { phone: '+12145550177', scheduledFor: night });
    const texasAddress = await seedMessage(brandId, { phone: '+13125550177', scheduledFor: night });
    const integrationId = (await createIntegration(t.db, brandId)).id;
    const [checkout] = await t
      .db('checkouts')
      .insert({
        brand_id: brandId,
        brand_integration_id: integrationId,
        external_id: 'co-texas-address',
        checkout_details: { shipping_address: { province: 'Texas', country_code: 'US' } },
        remote_updated_at: new Date(night.getTime() - HOUR),
      })
      .returning<{ id: string }[]>('id');
    await t.db('conversations').where({ id: texasAddress.conversationId }).update({ checkout_id: checkout!.id });

    await sendDueMessages(ctx, { now: night, sleep: noWait });
    for (const held of [texas, texasAddress]) {
      expect(await message(held.messageId)).toMatchObject({ status: 'auto_queued', scheduled_for: eight });
      expect((await message(held.messageId)).status_reason).toMatch(/^quiet_hours: /);
    }

    await t
      .db('brands')
      .where({ id: brandId })
      .update({ extra_data: { texas_compliance: false } });
    await sendDueMessages(ctx, { now: eight, sleep: noWait });
    expect(await message(texas.messageId)).toMatchObject({ status: 'agent_skipped', sent_at: null });
    expect((await message(texas.messageId)).extra_data.skip_reason).toBe('texas');
    expect((await message(texas.messageId)).status_reason).toBe(
      'texas: Texas customer (a Texas area code) and the brand has not set texas_compliance',
    );
    expect(await message(texasAddress.messageId)).toMatchObject({ status: 'agent_skipped', sent_at: null });
    expect((await message(texasAddress.messageId)).status_reason).toBe(
      'texas: Texas customer (a TX address) and the brand has not set texas_compliance',
    );
    expect(acceptedTo('+12145550177')).toHaveLength(0);
    expect(acceptedTo('+13125550177')).toHaveLength(0);
  });

  it('with the flag still on, the held Texas text goes out at 08:00; transactional texts ignore the flag', async () => {
    const brandId = await infobipBrand(
      { infobip_phone_number: SENDER, messages_per_second: 50 },
      { extra_data: { texas_compliance: true } },
    );
    const plainBrandId = await infobipBrand({ infobip_phone_number: '+18885550109', messages_per_second: 50 });
    const eight = zonedInstant(CHI, 2026, 10, 15, 8, 0);
    const texas = await seedMessage(brandId, { phone: '+12145550178', scheduledFor: eight });
    const reply = await seedMessage(plainBrandId, { phone: '+12145550179', scheduledFor: eight, isMarketing: false });
    await sendDueMessages(ctx, { now: eight, sleep: noWait });
    expect(await message(texas.messageId)).toMatchObject({ status: 'sent', sent_at: eight });
    expect(await message(reply.messageId)).toMatchObject({ status: 'sent', sent_at: eight });
  });
});

describe('the Florida cap holds when two workers send to one number at once', () => {
  const noon = (day: number): Date => zonedInstant(NY, 2026, 10, day, 12, 0);
  // Each test claims one message at a time: the texts an earlier test held must not come first.
  beforeEach(async () => {
    await t
      .db('conversation_messages')
      .whereIn('status', ['auto_queued', 'queued'])
      .update({ status: 'agent_skipped', status_reason: 'left by an earlier test' });
  });

  it('a Florida number with 2 texts in 24 h: two sends started at the same instant send exactly one', async () => {
    const brandId = await infobipBrand({ infobip_phone_number: SENDER, messages_per_second: 50 });
    const now = noon(20);
    const phone = '+13055550144';
    await alreadySent(brandId, phone, now, [20, 1]);
    const first = await seedMessage(brandId, { phone, scheduledFor: new Date(now.getTime() - 2000) });
    const second = await seedMessage(brandId, { phone, scheduledFor: new Date(now.getTime() - 1000) });

    const slots = await holdSendingNumber(SENDER);
    const runs = [1, 2].map(() => sendDueMessages(ctx, { now, limit: 1, batchSize: 1, sleep: noWait }));
    await until('both workers to wait', async () => (await waitingForLocks()) >= 2);
    await slots.release();
    const results = await Promise.all(runs);

    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(acceptedTo(phone)).toHaveLength(1);
    const rows = [await message(first.messageId), await message(second.messageId)];
    expect(rows.map((r) => r.status).sort()).toEqual(['auto_queued', 'sent']);
    const held = rows.find((r) => r.status === 'auto_queued')!;
    expect(held.status_reason).toMatch(/^state_daily_limit: FL allows 3 marketing texts per 24 h/);
    expect(held.scheduled_for).toEqual(new Date(now.getTime() + 4 * HOUR));
  });

  it('a text still with the provider counts, and a slow provider call holds up no other claim', async () => {
    const brandId = await infobipBrand({ infobip_phone_number: SENDER, messages_per_second: 50 });
    const now = noon(21);
    const phone = '+13055550155';
    await alreadySent(brandId, phone, now, [20, 1]);
    const first = await seedMessage(brandId, { phone, scheduledFor: new Date(now.getTime() - 2000) });
    const second = await seedMessage(brandId, { phone, scheduledFor: new Date(now.getTime() - 1000) });

    // The first request to Infobip hangs until released; the ones after it pass straight through.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    const proxy: FakeServer = await startServer(async (req, res) => {
      const request = await readRequest(req, 'raw');
      requests += 1;
      if (requests === 1) await gate;
      const answer = await fetch(`${infobip.url}${request.path}`, {
        method: request.method,
        headers: { authorization: String(request.headers.authorization), 'content-type': 'application/json' },
        body: request.raw,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
    const provider = infobipProvider({ baseUrl: proxy.url, apiKey: infobip.apiKey, retries: 0 });
    const slow = sendDueMessages(ctx, { now, limit: 1, batchSize: 1, provider, sleep: noWait });
    try {
      await until('the first text to reach the provider', async () => requests === 1);
      const other = await sendDueMessages(ctx, { now, limit: 1, batchSize: 1, provider, sleep: noWait });
      expect(other).toEqual({ sent: 0, deferred: 1, skipped: 0, failed: 0 });
      expect((await message(second.messageId)).status_reason).toMatch(/^state_daily_limit: FL allows 3/);
    } finally {
      release();
      expect((await slow).sent).toBe(1);
      await proxy.close();
    }
    expect(await message(first.messageId)).toMatchObject({ status: 'sent' });
    expect(await message(second.messageId)).toMatchObject({
      status: 'auto_queued',
      scheduled_for: new Date(now.getTime() + 4 * HOUR),
    });
    expect(acceptedTo(phone)).toHaveLength(1);
  });

  it('a claim waiting on one Florida number holds up no other number', async () => {
    const busyBrand = await infobipBrand({ infobip_phone_number: '+18885550101', messages_per_second: 50 });
    const otherBrand = await infobipBrand({ infobip_phone_number: '+18885550102', messages_per_second: 50 });
    const now = noon(22);
    const busy = await seedMessage(busyBrand, { phone: '+13055550166', scheduledFor: new Date(now.getTime() - 2000) });
    const other = await seedMessage(otherBrand, {
      phone: '+13055550167',
      scheduledFor: new Date(now.getTime() - 1000),
    });

    const slots = await holdSendingNumber('+18885550101');
    try {
      const stuck = sendDueMessages(ctx, { now, limit: 1, batchSize: 1, sleep: noWait });
      await until('the first claim to wait', async () => (await waitingForLocks()) >= 1);
      expect(await sendDueMessages(ctx, { now, limit: 1, batchSize: 1, sleep: noWait })).toMatchObject({ sent: 1 });
      expect(await message(other.messageId)).toMatchObject({ status: 'sent' });
      await slots.release();
      expect((await stuck).sent).toBe(1);
    } finally {
      await slots.release();
    }
    expect(await message(busy.messageId)).toMatchObject({ status: 'sent' });
  });
});
