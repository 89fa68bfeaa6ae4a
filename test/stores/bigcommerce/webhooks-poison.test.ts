import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import type { FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import {
  expectAllAccepted,
  expectQueuedOnce,
  LONE_SURROGATE_TEXT,
  NUL_TEXT,
  PROCESSABLE,
  queuedBatches,
  storedEvents,
} from '../../helpers/poisoned-webhooks.ts';
import { hookStoreSeeds, startHookStore } from './hooks-setup.ts';

const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let integrationId: number;
let brandId: number;

beforeAll(async () => {
  ({ fake, ctx, app, integrationId, brandId } = await startHookStore(t));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const { deliver, seedCart } = hookStoreSeeds(t, () => ({ fake, ctx, app, integrationId, brandId }));

describe('a bad webhook does not fail its neighbours: BigCommerce', () => {
  it('a poisoned delivery sent among valid ones is stored raw; the valid ones get 200 and are stored and queued once', async () => {
    const notes = Array.from({ length: 12 }, (_, i) => (i === 4 ? NUL_TEXT : i === 9 ? LONE_SURROGATE_TEXT : null));
    const sent = await Promise.all(
      notes.map((note) => deliver('store/cart/updated', { type: 'cart', id: seedCart(), note })),
    );
    expectAllAccepted(sent.map((s) => s.response.statusCode));

    const hashes = sent.map((s) => String(s.body.hash));
    const rows = await storedEvents(t, 'bigcommerce', hashes);
    expect(rows.size).toBe(12);
    sent.forEach(({ body }, i) => {
      const row = rows.get(String(body.hash))!;
      const note = notes[i]!;
      expect(row.status).toBe('pending');
      expect((row.payload as { data: { note: unknown } }).data.note).toBe(note === null ? null : PROCESSABLE[note]);
      if (note === null) expect(row.raw_payload).toBeNull();
      // The record is the delivery's bytes as they arrived.
      else expect((row.raw_payload as Buffer).equals(Buffer.from(JSON.stringify(body)))).toBe(true);
    });
    expectQueuedOnce(
      await queuedBatches(ctx),
      [...rows.values()].map((row) => Number(row.id)),
    );
  });
});
