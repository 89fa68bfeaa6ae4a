import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
let s: Seeded;
beforeAll(async () => {
  s = await seedAnalytics(t.db);
});

const WEEK = ['--from', '2026-11-10', '--to', '2026-11-16'];
const cli = (...args: string[]) => runCli(['stats', ...args], testEnv(t.url));

describe('reclaim stats brand | funnel | conversations | workflows | brands | live', () => {
  it.concurrent.each(['brand', 'funnel', 'conversations', 'workflows', 'brands', 'live', 'refresh'])(
    '`stats %s --help` exits 0 with an example',
    async (command) => {
      const { code, stdout } = await runCli(['stats', command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: reclaim stats ${command} [options]`);
      expect(stdout).toMatch(new RegExp(`^Examples?:\\n {2}\\$ reclaim stats ${command}`, 'm'));
    },
  );

  it('brand: JSON for scripts, a table for people, CSV of the metrics or of the chart', async () => {
    const json = await cli('brand', '--brand', String(s.brandA), ...WEEK, '--json');
    expect(json.code).toBe(0);
    const stats = JSON.parse(json.stdout);
    expect(stats.metrics.find((m: { id: string }) => m.id === 'recovered_sales')).toMatchObject({
      current: '100.00',
      previous: '60.00',
      change: 0.6667,
      definition: 'The total of the recovered orders.',
    });

    const table = await cli('brand', '--brand', String(s.brandA), ...WEEK);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(
      `Analytics A ${s.tag} (brand ${s.brandA}), 2026-11-10 to 2026-11-16 (7 days, America/Los_Angeles) against 2026-11-03 to 2026-11-09`,
    );
    expect(table.stdout).toMatch(/Texts sent\s+6\s+1\s+\+500\.0%/);
    expect(table.stdout).toMatch(/Delivery rate\s+50\.0%\s+100\.0%\s+-50\.0 pts/);
    expect(table.stdout).toMatch(/Recovered sales\s+100\.00\s+60\.00\s+\+66\.7%/);

    const csv = await cli('brand', '--brand', String(s.brandA), ...WEEK, '--chart', '--format', 'csv', '--tz', 'UTC');
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0]!.startsWith('bucket,start,conversations_started,texts_sent,template_texts_sent,')).toBe(true);
    expect(lines).toHaveLength(8);
    expect(lines[1]!.startsWith('2026-11-10,2026-11-10T00:00:00.000Z,2,')).toBe(true);
  });

  it('funnel, conversations and workflows as tables and CSV', async () => {
    const funnel = await cli('funnel', '--brand', String(s.brandA), ...WEEK, '--format', 'csv');
    expect(funnel.code).toBe(0);
    const rows = funnel.stdout.trimEnd().split('\n');
    expect(rows[0]).toBe('group,id,label,current,previous,change,share,share_of');
    expect(rows).toContain('step,started,Started,5,2,1.5,0.625,candidates');
    expect(rows).toContain('outcome,quiet_hours_held,Held for quiet hours,1,0,,,');
    expect(rows).toContain('order,recovered_sales,Recovered sales,100.00,60.00,0.6667,,');

    const conversations = await cli('conversations', '--brand', String(s.brandA), ...WEEK, '--all');
    expect(conversations.stdout).toContain(`Conversations (all) of Analytics A ${s.tag}`);
    expect(conversations.stdout).toMatch(/Reply rate\s+40\.0%\s+50\.0%\s+-10\.0 pts/);

    const workflows = await cli('workflows', '--brand', String(s.brandA), ...WEEK);
    expect(workflows.stdout).toMatch(
      new RegExp(`${s.w1}\\s+Abandoned Cart\\s+active\\s+6\\s+3\\s+3\\s+2\\s+1\\s+1\\s+1\\s+100\\.00\\s+0\\s+0`),
    );
    expect(workflows.stdout).toMatch(
      new RegExp(`${s.w2}\\s+Upsell\\s+active\\s+2\\s+1\\s+0\\s+0\\s+0\\s+0\\s+0\\s+0\\.00\\s+1\\s+1`),
    );
  });

  it('brands: staff ranking by earnings; live: the feed as three lists (no CSV)', async () => {
    const brands = await cli('brands', '--search', s.tag, '--format', 'csv');
    expect(brands.stdout).toBe(
      [
        'rank,id,name,domain,total_earnings,recovered_orders',
        `1,${s.brandB},Analytics B ${s.tag},${await domain(s.brandB)},1000.00,1`,
        `2,${s.brandA},Analytics A ${s.tag},${await domain(s.brandA)},660.00,3`,
        '',
      ].join('\n'),
    );
    const live = await cli('live', '--brand', String(s.brandA));
    expect(live.code).toBe(0);
    expect(live.stdout).toContain('Conversations (7):');
    expect(live.stdout).toContain('Orders (5):');
    expect(live.stdout).toContain('Events (3):');
    expect(live.stdout).toMatch(new RegExp(`${s.orders.o5}\\s+pending`));
    const csv = await cli('live', '--brand', String(s.brandA), '--format', 'csv');
    expect(csv.code).toBe(1);
    expect(csv.stderr).toContain('--format csv is for table results; use --json for stats live.');
  });

  it('refresh: recomputes the dirty hours of the rollups; the reports read the same before and after', async () => {
    const before = await cli('funnel', '--brand', String(s.brandA), ...WEEK, '--format', 'csv');
    const refresh = await cli('refresh', '--json');
    expect(refresh.code).toBe(0);
    const result = JSON.parse(refresh.stdout);
    expect(result.hours).toBeGreaterThan(0);
    expect(result.remaining).toBe(0);
    const after = await cli('funnel', '--brand', String(s.brandA), ...WEEK, '--format', 'csv');
    expect(after.stdout).toBe(before.stdout);
    expect((await cli('refresh')).stdout).toBe('Refreshed 0 hours in 0 batches; 0 left to refresh.\n');
  });

  it.each([
    [['brand', '--brand', '1', '--from', '2026-02-30'], '--from must be a day like 2026-11-01, got "2026-02-30".'],
    [
      ['brand', '--brand', '1', '--granularity', 'minute'],
      '--granularity must be one of hour, day, week, month, year, got "minute".',
    ],
    [['funnel', '--brand', '1', '--tz', 'Mars/Olympus'], 'Unknown time zone "Mars/Olympus"'],
    [['conversations', '--brand', '999999999'], 'Brand not found'],
    [['brand', '--brand', '1', '--format', 'xml'], '--format must be table or csv, got "xml".'],
    [['brand', '--brand', '1', '--from', '2026-11-10', '--to', '2026-11-01'], 'The range starts after it ends'],
  ])('stats %j is refused (exit 1): %s', async (args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });
});

async function domain(brandId: number): Promise<string> {
  return (await t.db('brands').where({ id: brandId }).first('domain')).domain;
}
