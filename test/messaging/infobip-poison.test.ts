import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import type { FakeInfobip } from '../fakes/infobip.ts';
import { useTestDatabase } from '../helpers/db.ts';
import {
  expectAllAccepted,
  expectQueuedOnce,
  LONE_SURROGATE_TEXT,
  NUL_TEXT,
  PROCESSABLE,
  queuedBatches,
  storedEvents,
} from '../helpers/poisoned-webhooks.ts';
import { SECRET, startInfobipApp } from './infobip-setup.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
let infobip: FakeInfobip;

beforeAll(async () => {
  ({ ctx, app, infobip } = await startInfobipApp(t));
});
afterAll(async () => {
  await app.close();
  await infobip.close();
});

describe('a bad webhook does not fail its neighbours: Infobip delivery reports', () => {
  it('a poisoned report sent among valid ones is stored raw; the valid ones get 200 and are stored and queued once', async () => {
    const callbacks = Array.from({ length: 12 }, (_, i) =>
      i === 2 ? NUL_TEXT : i === 10 ? LONE_SURROGATE_TEXT : null,
    );
    const reports = callbacks.map((callbackData, i) => {
      const report = infobip.deliveryReport([
        { messageId: `dlr-poison-${i}`, groupName: 'DELIVERED', name: 'DELIVERED_TO_HANDSET' },
      ]) as { results: Array<Record<string, unknown>> };
      report.results[0]!.callbackData = callbackData;
      return report;
    });
    const responses = await Promise.all(
      reports.map((report) =>
        app.inject({
          method: 'POST',
          url: `/webhooks/infobip/delivery?secret=${SECRET}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(report),
        }),
      ),
    );
    expectAllAccepted(responses.map((r) => r.statusCode));

    const eventIds = callbacks.map((_, i) => `dlr-poison-${i}:DELIVERED_TO_HANDSET`);
    const rows = await storedEvents(t, 'infobip', eventIds);
    expect(rows.size).toBe(12);
    callbacks.forEach((callbackData, i) => {
      const row = rows.get(eventIds[i]!)!;
      expect(row.status).toBe('pending');
      expect((row.payload as { callbackData: unknown }).callbackData).toBe(
        callbackData === null ? null : PROCESSABLE[callbackData],
      );
      if (callbackData === null) expect(row.raw_payload).toBeNull();
      // One delivery holds many reports: a report's record is its own JSON text, strings exact.
      else expect(JSON.parse((row.raw_payload as Buffer).toString('utf8'))).toEqual(reports[i]!.results[0]);
    });
    expectQueuedOnce(
      await queuedBatches(ctx),
      [...rows.values()].map((row) => Number(row.id)),
    );
  });
});
