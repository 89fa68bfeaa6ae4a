import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { maskUsername } from '../../src/contacts/index.ts';
import { startOfDay } from '../../src/tui/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { bodyRows, renderDashboard, type Dashboard } from './frames.ts';
import { plantRegistration } from './plant.ts';

// Frames are asserted without ANSI codes.
delete process.env.FORCE_COLOR;

const SEEDED_AT = new Date('2026-11-20T14:20:00Z');
const NOW = new Date('2026-11-20T14:20:30Z');
const HELP_LIVE = '1-4 panes · tab next pane · j/↓ down · enter thread · / filter · ? help · q quit';
// The demo data set seeded at SEEDED_AT, cloned from its template (seeded once per run).
const t = useTestDatabase({ demo: { now: SEEDED_AT } });
let ctx: AppContext;
let dash: Dashboard | undefined;
let deadWebhookId: number;

beforeAll(async () => {
  ctx = await t.context();
  const integration = await t.db('brand_integrations').where({ brand_id: 1 }).orderBy('id').first('id');
  [{ id: deadWebhookId }] = await t
    .db('webhook_events')
    .insert({
      source: 'shopify',
      event_id: 'dash-dead-1',
      topic: 'orders/create',
      shop: 'northwind-outfitters.myshopify.com',
      brand_integration_id: integration.id,
      status: 'dead',
      attempts: 5,
      last_error: 'order payload has no line_items',
      received_at: new Date(NOW.getTime() - 3_600_000),
      status_at: new Date(NOW.getTime() - 600_000),
    })
    .returning('id');
  await plantRegistration(t.db, {
    brandId: 2,
    campaignId: 'campaign-1',
    error: 'campaign rejected: sample messages lack opt-out language',
    failedFrom: 'campaign_approval_pending',
    since: new Date(NOW.getTime() - 7_200_000),
  });
});
afterEach(() => {
  dash?.unmount();
  dash = undefined;
});

describe('the panes on the demo data, at a fixed clock', () => {
  it('Live feed: the newest conversations of every brand, phones masked, with the help line', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    const frame = dash.frame();
    const newest = await t
      .db('conversations as c')
      .join('brands as b', 'b.id', 'c.brand_id')
      .join('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
      .orderBy([
        { column: 'c.created_at', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ])
      .first('b.name', 'ch.username');
    // The heading fits 80 columns whole, the database time of the refresh included.
    expect(frame.split('\n')[0]).toMatch(
      /^Reclaim dashboard · all brands · Live feed · 14:20 UTC · every 2s · db \d+ ms$/,
    );
    const rows = bodyRows(frame);
    // Newest conversation first, so the Age column (the conversation's age) never goes down.
    const seconds = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
    const ages = rows.slice(1).map((r) => {
      const [, n, unit] = /(\d+)([smhd])$/.exec(r.trimEnd())!;
      return Number(n) * seconds[unit as keyof typeof seconds];
    });
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    expect(rows[0]).toMatch(/Brand\s+Shopper\s+Workflow\s+Cart\s+State\s+Last message\s+Age/);
    expect(rows[1]).toContain(newest.name.slice(0, 10));
    expect(rows[1]).toContain(maskUsername(newest.username));
    expect(rows).toHaveLength(18); // 24 rows: heading, problems, tabs, 18 of the body, status, help
    expect(frame).not.toMatch(/\+1\d{10}/);
    expect(frame).toMatch(/recovered/);
    expect(frame.split('\n').at(-1)).toBe(HELP_LIVE);
  });

  it('Workflows: each workflow with its status, today’s outcomes and texts', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('2');
    const frame = await dash.waitFor('[2 Workflows]');
    const started = await t
      .db('flow_events')
      .where({ workflow_id: 1, state: 'started' })
      .where('created_at', '>=', startOfDay(NOW))
      .count<{ count: string }[]>('* as count');
    const lines = frame.split('\n');
    const abandoned = lines.findIndex((l) => l.includes('Abandoned Cart'));
    expect(lines[abandoned]).toMatch(/Northwind\s?O.*Abandoned Cart\s+active/);
    expect(lines[abandoned + 1]).toContain(`started ${started[0]!.count} · filtered`);
    expect(frame).toMatch(/Replenishment\s+draft/);
    expect(frame).toMatch(/Harbor & Pi.*Cart Reminder\s+active/);
    expect(lines.at(-1)).toContain('p pause/resume');
  });

  it('Sending: texts sent, what is held and until when, with masked phones', async () => {
    const held = await t
      .db('conversation_messages')
      .whereIn('status', ['queued', 'auto_queued'])
      .where('direction', 'outgoing')
      .whereNotNull('status_reason')
      .where('scheduled_for', '>', NOW)
      .count<{ count: string }[]>('* as count');
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('3');
    const frame = await dash.waitFor('[3 Sending]');
    expect(frame).toMatch(
      /Sent: \d+ in the last minute · \d+ in the last hour · (0 due now|[1-9]\d* due now \(oldest due [^)]+ ago\)) · provider outbox/,
    );
    expect(frame).toContain(`Held now: ${held[0]!.count}`);
    expect(Number(held[0]!.count)).toBeGreaterThan(0);
    expect(frame).toMatch(/\+1\d{3}\*\*\*\d{4}\s+quiet_hours/);
    expect(frame).toContain('No texts in the last minute.');
    dash.unmount();
    // One brand: its number's texts of the last minute against its limit.
    dash = await renderDashboard(ctx, { now: NOW, brandId: 1 });
    await dash.press('3');
    const brand = await dash.waitFor('[3 Sending]');
    expect(brand).toMatch(/Northwind Out… \+1415\*\*\*0100\s+0\/60 a minute/);
    expect(brand).not.toContain('Harbor');
  });

  it('System: the queue, schedules with their next run, dead letters, 10DLC and store integrations', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('4');
    const frame = await dash.waitFor('[4 System]');
    const all = [frame];
    for (let i = 0; i < 30; i += 1) {
      await dash.press('j');
      all.push(dash.frame());
    }
    const seen = all.join('\n');
    expect(seen).toMatch(/db_health\s+\* \* \* \* \*\s+last -\s+next 14:21 \(in 30s\)/);
    expect(seen).toMatch(/billing_sync\s+0 \* \* \* \*\s+last -\s+next 15:00 \(in 39m\)/);
    expect(seen).toContain('shopify     dead 1 failed 0, last 10m ago: order payload has no line_items');
    expect(seen).toMatch(new RegExp(`${deadWebhookId}\\s+shopify\\s+orders/create\\s+Northwind.*dead\\s+5\\s+1h`));
    expect(seen).toContain('10DLC registrations waiting for an operator: 1');
    expect(seen).toMatch(/Harbor & Pine…\s+2h campaign rejected: sample messages lack opt-out language/);
    expect(seen).toContain('Every store is connected.');
  });
});
