import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, createLogger, loadConfig, type AppContext, type ClientFactories } from '../../src/app/index.ts';
import { listOutbox, sendMail } from '../../src/notifications/index.ts';
import { ingestWebhook } from '../../src/webhooks/index.ts';
import { createTestDatabase, testEnv, type TestDatabase } from '../helpers/db.ts';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'reclaim-clients-'));
});
afterAll(async () => {
  await t.drop();
  await rm(dir, { recursive: true, force: true });
});

const event = (eventId: string) => ({
  source: 'shopify' as const,
  eventId,
  topic: 'checkouts/update',
  shop: 'a.myshopify.com',
  payload: { token: eventId },
});

describe('the clients a context holds', () => {
  it('builds each client once per context, and another context gets its own', async () => {
    const ctx = await t.context({ STRIPE_SECRET_KEY: 'sk_test_clients' });
    const other = await t.context();
    expect(ctx.clients.stripe).toBe(ctx.clients.stripe);
    expect(ctx.clients.sms).toBe(ctx.clients.sms);
    expect(ctx.clients.sms.name).toBe('outbox');
    expect(ctx.clients.stores).toBe(ctx.clients.stores);
    expect(ctx.clients.webhookBatcher).toBe(ctx.clients.webhookBatcher);
    expect(other.clients.webhookBatcher).not.toBe(ctx.clients.webhookBatcher);
  });

  it('a client whose setting is missing is not built until asked, then fails as it did, on every use', async () => {
    const ctx = await t.context({ SMS_PROVIDER: 'infobip' });
    expect(Object.keys(ctx.clients)).toEqual([]);
    expect(() => JSON.stringify(ctx.clients)).not.toThrow();
    for (let use = 0; use < 2; use += 1) {
      expect(() => ctx.clients.stripe).toThrow('Stripe is not configured: set STRIPE_SECRET_KEY.');
      expect(() => ctx.clients.sms).toThrow(
        'SMS_PROVIDER is infobip but INFOBIP_BASE_URL or INFOBIP_API_KEY is not set.',
      );
    }
  });

  it('sendMail goes through the context transport', async () => {
    const ctx = await t.context({ EMAIL_TRANSPORT: 'outbox', RECLAIM_DATA_DIR: dir });
    expect(ctx.clients.mail.name).toBe('outbox');
    const first = await sendMail(ctx, { to: 'ann@acme.example', subject: 'one', text: 't' });
    const second = await sendMail(ctx, { to: 'bob@acme.example', subject: 'two', text: 't' });
    expect(ctx.clients.mail).toBe(ctx.clients.mail);
    expect((await listOutbox(ctx.config)).map((m) => m.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('release writes the webhooks already accepted, then refuses new ones', async () => {
    const ctx = await t.context();
    const accepted = Array.from({ length: 30 }, (_, i) => ingestWebhook(ctx, event(`release-${i}`)));
    await ctx.release();
    const results = await Promise.all(accepted);
    expect(results.every((r) => r.duplicate === false && typeof r.id === 'number')).toBe(true);
    expect(await t.db('webhook_events').where('event_id', 'like', 'release-%').count({ n: '*' })).toEqual([
      { n: '30' },
    ]);
    await expect(ingestWebhook(ctx, event('after-release'))).rejects.toThrow('The webhook batcher is closed.');
  });

  it('releases clients in reverse order of creation, before the database', async () => {
    const released: string[] = [];
    const factory = (name: string) => (ctx: AppContext) => {
      ctx.onRelease(async () => {
        await ctx.db.raw('select 1');
        released.push(name);
      });
      return name;
    };
    const ctx = await createContext({
      config: loadConfig(testEnv(t.url)),
      logger: createLogger({ level: 'silent', pretty: false }),
      poolMax: 1,
      // Probes standing in for real clients: each one is its own name.
      clients: {
        stripe: factory('stripe'),
        sms: factory('sms'),
        mail: factory('mail'),
      } as unknown as Partial<ClientFactories>,
    });
    void ctx.clients.sms;
    void ctx.clients.stripe;
    void ctx.clients.sms;
    await ctx.release();
    expect(released).toEqual(['stripe', 'sms']);
  });
});
