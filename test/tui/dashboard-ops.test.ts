/**
 * The dashboard at 3 a.m.: the problems line, job history and the retry of a failed job, 10DLC
 * retry and appeal from the System pane (the fake Infobip answers the appeal), the Sending pane's
 * last hour per brand, and thread and detail text wrapped to the width.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { bodyRows, eventually, KEY, renderDashboard, selectedRow, type Dashboard } from './frames.ts';
import { plantDeadLetter, plantFailedJob, plantRegistration } from './plant.ts';

delete process.env.FORCE_COLOR;

const SEEDED_AT = new Date('2026-11-20T14:20:00Z');
const NOW = new Date('2026-11-20T14:20:30Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const LONG_BODY =
  'Hi Ivy, the Trailhead Rain Shell you left in your cart is waterproof to 20,000 mm, packs into its own pocket and comes with free returns for 60 days; reply STOP to opt out.';

// The demo data set seeded at SEEDED_AT, cloned from its template (seeded once per run).
const t = useTestDatabase({ demo: { now: SEEDED_AT } });
let ctx: AppContext;
let infobip: FakeInfobip;
let dash: Dashboard | undefined;
let failedJobId: string;
let campaignId: string;

beforeAll(async () => {
  infobip = await startFakeInfobip();
  ctx = await t.context({ INFOBIP_BASE_URL: infobip.url, INFOBIP_API_KEY: infobip.apiKey });
  failedJobId = await plantFailedJob(ctx);
  await plantDeadLetter(t.db, { eventId: 'ops-dead-1', lastError: 'order payload has no line_items' });
  campaignId = infobip.registration.addExistingCampaign([]).id;
  await plantRegistration(t.db, {
    brandId: 1,
    error: 'Failed to create brand: 400 - EIN does not match the legal name',
    failedFrom: 'create_brand_pending',
    since: minutesAgo(90),
  });
  await plantRegistration(t.db, {
    brandId: 2,
    campaignId,
    error: 'Campaign rejected: sample messages lack opt-out language',
    failedFrom: 'campaign_approval_pending',
    since: minutesAgo(30),
  });

  // Northwind's last hour: 4 texts sent (2 delivered, 1 undelivered), 1 failed at the provider, 2
  // opt-outs; the longest text goes into the newest conversation.
  const conversation = await t
    .db('conversations')
    .where({ brand_id: 1 })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id', 'contact_channel_id');
  const text = (status: string, at: Date, extra: Record<string, unknown> = {}) => ({
    brand_id: 1,
    conversation_id: conversation.id,
    body: 'Your cart is waiting',
    direction: 'outgoing',
    status,
    sent_at: status === 'failed' ? null : at,
    created_at: at,
    updated_at: at,
    ...extra,
  });
  await t
    .db('conversation_messages')
    .insert([
      text('delivered', minutesAgo(50)),
      text('delivered', minutesAgo(40)),
      text('undelivered', minutesAgo(30), { status_reason: 'EC_ABSENT_SUBSCRIBER' }),
      text('sent', minutesAgo(5), { body: LONG_BODY }),
      text('failed', minutesAgo(20), { status_reason: 'E400: invalid destination' }),
    ]);
  // A sending number at 3 texts a second over the last minute (its limit 4) with 900 of its 1,000 today.
  await t.db('sms_send_slots').insert({
    provider: 'infobip',
    sender: '+14155550123',
    next_send_at: NOW,
    per_second: 4,
    per_day: 1_000,
    day: '2026-11-20',
    day_count: 900,
    minute: new Date('2026-11-20T14:19:00Z'),
    minute_count: 180,
  });
  await t.db('channel_consent_events').insert(
    [minutesAgo(10), minutesAgo(15)].map((at) => ({
      brand_id: 1,
      contact_channel_id: conversation.contact_channel_id,
      username: '+14155550100',
      status: 'unsubscribed',
      source: 'sms_keyword:STOP',
      recorded_at: at,
    })),
  );
});
afterEach(() => {
  dash?.unmount();
  dash = undefined;
});
afterAll(async () => {
  await infobip.close();
});

/** Presses j until the selected row matches (at most `max` times). */
async function select(d: Dashboard, pattern: RegExp, max = 60): Promise<string> {
  for (let i = 0; i < max && !pattern.test(selectedRow(d.frame()) ?? ''); i += 1) await d.press('j');
  const row = selectedRow(d.frame()) ?? '';
  expect(row).toMatch(pattern);
  return row;
}

describe('what is wrong, at a glance', () => {
  it('the problems line counts each problem, the bad ones first', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    const line = dash.frame().split('\n')[1];
    // The worker ran every due job and stopped: nothing waits, so no worker running is no problem.
    expect(line).toBe('✗ 1 failed job · ✗ 1 dead-lettered webhook · ! 2 10DLC registrations waiting · +1 more');
    // Wider, every problem shows: the texts that failed at the provider in the last hour too.
    dash.resize(160);
    await dash.waitFor('! 2 texts failed at the provider (1h)');
  });

  it('System: the queue and the workers on top; job history with the failed run and its error', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('4');
    const frame = await dash.waitFor('[4 System]');
    const rows = bodyRows(frame);
    expect(rows[0]).toMatch(/^ {2}Job queue: \d+ queued · \d+ running · 1 failed$/);
    expect(frame).toMatch(/webhook:process\s+0\s+0\s+1\s+-/);
    expect(frame).toContain('Workers: 0 running');
    expect(frame).toMatch(new RegExp(`${failedJobId} webhook:process\\s+1/1\\s+\\S+\\s+\\[`));
    expect(frame).toMatch(/Job history \(last hour\): completed \d+ · retrying 0 · failed 1/);
    const history = await select(dash, /webhook:process\s+failed\s+\d+ms/);
    expect(history).toContain('"code": "too_small"');
    await dash.press(KEY.enter);
    const detail = await dash.waitFor(`Job ${failedJobId}  (esc closes)`);
    // The whole error, wrapped: no word of it is cut.
    const text = bodyRows(detail).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Job ${failedJobId}: webhook:process, attempt 1 of 1, failed at`);
    expect(text).toContain('"message": "Too small: expected number to be >0" } ]');
    expect(text).toContain('retry: r here (the job runs again now, its attempts reset)');
  });
});

describe('acting from the System pane', () => {
  it('r on a failed job asks first; y puts it back in the queue with its attempts reset', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('4');
    await dash.waitFor('[4 System]');
    await select(dash, new RegExp(`^› +${failedJobId} webhook:process\\s+1/1`));
    await dash.press('r');
    await dash.waitFor(`Retry job ${failedJobId} (webhook:process) now, its attempts reset? (y/n)`);
    await dash.press('n');
    await dash.waitFor('Nothing changed.');
    const job = async () =>
      (
        await t.db.raw<{ rows: Array<{ attempts: number; max_attempts: number }> }>(
          `select attempts, max_attempts from graphile_worker.jobs where id = ?`,
          [failedJobId],
        )
      ).rows[0];
    expect(await job()).toEqual({ attempts: 1, max_attempts: 1 });
    await dash.press('r');
    await dash.waitFor(`Retry job ${failedJobId}`);
    await dash.press('y');
    await dash.waitFor(`Job ${failedJobId} (webhook:process) queued again.`);
    expect(await job()).toEqual({ attempts: 0, max_attempts: 1 });
    // Now queued, not failed: the header drops it.
    await eventually(() => expect(dash!.frame().split('\n')[1]).not.toContain('failed job'));
  });

  it('r on a 10DLC registration resumes it from the step that failed; a with no campaign says so', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('4');
    await dash.waitFor('10DLC registrations waiting for an operator: 2');
    await select(dash, /Northwind Out….*EIN does not match the legal name/);
    await dash.press('a');
    await dash.waitFor('Northwind Outfitters has no campaign to appeal: r retries the registration.');
    await dash.press('r');
    await dash.waitFor('Retry the 10DLC registration of Northwind Outfitters from the step that failed? (y/n)');
    await dash.press('y');
    await dash.waitFor('Brand 1: registration resumed (create_brand_pending).');
    const row = await t.db('brand_integrations').where({ brand_id: 1, lookup_id: 'infobip-brand-1' }).first('settings');
    expect(row.settings.automation_state).toBe('create_brand_pending');
    await dash.waitFor('10DLC registrations waiting for an operator: 1');
  });

  it('a on a rejected campaign asks the reason, then y/n, and sends the appeal to Infobip', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('4');
    await dash.waitFor('[4 System]');
    await select(dash, /Harbor & Pine….*sample messages lack opt-out language/);
    await dash.press('a');
    await dash.waitFor('Appeal reason for Harbor & Pine Goods: ▏ (enter asks y/n, esc cancels)');
    await dash.press(...'Opt-out line added'.split(''), KEY.enter);
    await dash.waitFor('Appeal the campaign of Harbor & Pine Goods with "Opt-out line added"? (y/n)');
    expect(infobip.registration.campaigns.get(campaignId)!.appeals).toEqual([]);
    await dash.press('y');
    await dash.waitFor('Brand 2: appeal sent; waiting on the carriers (campaign_approval_pending).');
    expect(infobip.registration.campaigns.get(campaignId)!.appeals).toEqual(['Opt-out line added']);
    const row = await t.db('brand_integrations').where({ brand_id: 2, lookup_id: 'infobip-brand-2' }).first('settings');
    expect(row.settings.automation_state).toBe('campaign_approval_pending');
  });
});

describe('Sending: the last hour per brand', () => {
  it('send rate, delivery and failure rates and opt-outs of each brand', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('3');
    const frame = await dash.waitFor('[3 Sending]');
    expect(frame).toContain('Last hour per brand · 2 failed at the provider');
    expect(frame).toMatch(/Brand\s+Sent\s+\/min\s+Deliv\s+Fail\s+Failed\s+Opt-outs/);
    // 4 sent (0.1 a minute), 2 delivered (50%), undelivered + failed = 2 of 5 tried (40%), 2 opt-outs.
    expect(frame).toMatch(/Northwind Outfitters\s+4\s+0\.1\s+50%\s+40%\s+2\s+2/);
  });
});

describe('Sending: the backlog and the numbers', () => {
  it("the due texts with the oldest one's age, and each number's pace against its limits", async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('3');
    const frame = await dash.waitFor('[3 Sending]');
    expect(frame).toMatch(/\d+ due now( \(oldest due \d+[smhd] ago\))? · provider/);
    expect(frame).toContain("Numbers' pace");
    expect(frame).toMatch(/0123\s+3\.0\/4 a second · 900\/1000 today/);
  });
});

describe('thread and detail views wrap their text', () => {
  it('a long message is shown whole, wrapped to the width, and scrolls with j', async () => {
    dash = await renderDashboard(ctx, { now: NOW, brandId: 1, scope: 'Northwind Outfitters (brand 1)' });
    dash.resize(60);
    await select(dash, /Northwind/, 1);
    await dash.press(KEY.enter);
    await dash.waitFor('(esc closes)');
    const seen: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const frame = dash.frame();
      for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
      seen.push(...bodyRows(frame));
      await dash.press('j');
    }
    const text = [...new Set(seen)].join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(LONG_BODY);
  });
});
