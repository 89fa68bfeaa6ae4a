import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { brandStats } from '../../src/analytics/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { enqueueJob, resolveSchedules, runDueJobs } from '../../src/jobs/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
let ctx: AppContext;
let s: Seeded;
beforeAll(async () => {
  ctx = await t.context();
  s = await seedAnalytics(t.db);
});

const marks = async (): Promise<number> => {
  const [hours, conversations] = await Promise.all([
    t.db('analytics_dirty').count<{ count: string }[]>({ count: '*' }),
    t.db('analytics_dirty_conversations').count<{ count: string }[]>({ count: '*' }),
  ]);
  return Number(hours[0]!.count) + Number(conversations[0]!.count);
};

describe('the worker keeps the analytics rollups fresh', () => {
  it('runs analytics_refresh every minute, and it can be moved or turned off', () => {
    expect(resolveSchedules({}).find((x) => x.name === 'analytics_refresh')).toMatchObject({
      task: 'analytics:refresh',
      pattern: '* * * * *',
    });
    expect(resolveSchedules({ SCHEDULE_ANALYTICS_REFRESH: 'off' }).map((x) => x.name)).not.toContain(
      'analytics_refresh',
    );
  });

  it('the analytics:refresh job recomputes every marked hour; the reports read the same before and after', async () => {
    const period = { brandId: s.brandA, from: '2026-11-10', to: '2026-11-16' };
    const before = JSON.stringify(await brandStats(t.db, period));
    expect(await marks()).toBeGreaterThan(0);
    await enqueueJob(t.db, 'analytics:refresh', {});
    await runDueJobs(ctx, TASKS);
    expect(await marks()).toBe(0);
    expect(await t.db('analytics_hourly').where({ brand_id: s.brandA }).first()).toBeDefined();
    expect(JSON.stringify(await brandStats(t.db, period))).toBe(before);
  });
});
