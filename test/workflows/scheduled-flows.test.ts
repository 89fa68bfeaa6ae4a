/**
 * A scheduled flow over three days with a fixed clock: one run per tick of its pattern in the
 * brand's time zone, each recorded with its outcomes, no contact texted twice in a run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { sendDueMessages } from '../../src/messaging/index.ts';
import {
  createScheduledFlow,
  createSegment,
  getScheduledFlow,
  INVALID_CRON,
  latestTick,
  scheduleFlowRuns,
  sendRunTexts,
  startDueRuns,
} from '../../src/workflows/index.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
let segmentId: number;

beforeAll(async () => {
  ctx = await t.context();
  const brand = await createBrand(t.db, { timezone: 'America/Chicago' });
  brandId = brand.id;
  await createIntegration(t.db, brandId);
  segmentId = (
    await createSegment(ctx, {
      brandId,
      name: 'Group A',
      filter: { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['A'] }] },
    })
  ).id;
  for (let i = 0; i < 5; i += 1) await createContact(t.db, brandId, { phone: usPhone('310') });
  await createContact(t.db, brandId, { phone: usPhone('310'), extra_data: { group_name: 'B' } });
});

describe('latestTick', () => {
  it("reads the pattern in the brand's time zone", () => {
    const now = new Date('2026-06-16T18:00:00Z');
    expect(latestTick('0 12 * * *', 'America/Chicago', now, new Date('2026-06-15T18:00:00Z'))).toEqual(
      new Date('2026-06-16T17:00:00Z'),
    );
    expect(latestTick('0 12 * * *', 'America/Chicago', now, new Date('2026-06-16T17:30:00Z'))).toBeUndefined();
  });
});

describe('a scheduled flow', () => {
  it('refuses a bad pattern and writes nothing', async () => {
    const before = await t.db('workflows').count<{ count: string }[]>('* as count');
    await expect(createScheduledFlow(ctx, { brandId, segmentId, message: 'Hi', cron: '61 * * * *' })).rejects.toThrow(
      INVALID_CRON,
    );
    expect(await t.db('workflows').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('runs at every tick, records each run, and texts a contact once per run', async () => {
    const flow = await createScheduledFlow(ctx, {
      brandId,
      segmentId,
      message: 'Hi {first_name}, this week at {brand_name}: new arrivals.',
      cron: '0 12 * * *',
    });
    expect(flow).toMatchObject({ cron: '0 12 * * *', timezone: 'America/Chicago', state: 'active' });
    for (
      let now = new Date('2026-06-15T16:00:00Z');
      now <= new Date('2026-06-17T20:00:00Z');
      now = new Date(now.getTime() + 10 * 60_000)
    ) {
      await scheduleFlowRuns(ctx, { now });
      // A second worker at the same minute: the tick exists already, the run is claimed once.
      await scheduleFlowRuns(ctx, { now });
      await Promise.all([startDueRuns(ctx, { now }), startDueRuns(ctx, { now })]);
      // Two workers on the send path too: each recipient is claimed by one of them.
      await Promise.all([sendRunTexts(ctx, { now, batchSize: 2 }), sendRunTexts(ctx, { now, batchSize: 2 })]);
      await sendDueMessages(ctx, { now, sleep: async () => {} });
      if (now.toISOString() === '2026-06-16T12:00:00.000Z')
        await createContact(t.db, brandId, { phone: usPhone('310') });
    }
    const view = await getScheduledFlow(ctx, { id: flow.id, now: new Date('2026-06-17T20:00:00Z') });
    expect(view.runs.map((r) => [r.scheduledFor, r.targeted, r.sent])).toEqual([
      ['2026-06-15T17:00:00.000Z', 5, 5],
      ['2026-06-16T17:00:00.000Z', 6, 6],
      ['2026-06-17T17:00:00.000Z', 6, 6],
    ]);
    const { rows } = await t.db.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from workflow_run_recipients r
         join conversation_messages m on m.conversation_id = r.conversation_id
        where r.run_id in (select id from workflow_runs where workflow_id = ?)
        group by r.run_id, r.contact_id order by 1 desc limit 1`,
      [flow.id],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
