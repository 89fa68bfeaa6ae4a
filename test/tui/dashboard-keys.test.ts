import { renderToString } from 'ink';
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  App,
  createDashboardStore,
  dashboardSource,
  PANE_TITLES,
  PANES,
  type DashboardSource,
} from '../../src/tui/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { bodyRows, eventually, KEY, renderDashboard, selectedRow, type Dashboard } from './frames.ts';

delete process.env.FORCE_COLOR;

const SEEDED_AT = new Date('2026-11-20T14:20:00Z');
const NOW = new Date('2026-11-20T14:20:30Z');
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
      event_id: 'keys-dead-1',
      topic: 'orders/create',
      brand_integration_id: integration.id,
      status: 'dead',
      attempts: 5,
      last_error: 'order payload has no line_items',
    })
    .returning('id');
});
afterEach(() => {
  dash?.unmount();
  dash = undefined;
});

const pausedOf = async (id: number): Promise<boolean> =>
  (await t.db('workflows').where({ id }).first('is_paused')).is_paused;

describe('keys', () => {
  it('j/k and the arrows move the selection; tab, shift-tab and 1-4 switch panes', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    const first = selectedRow(dash.frame());
    const second = bodyRows(dash.frame())[2];
    await dash.press('j');
    expect(selectedRow(dash.frame())).toBe(`› ${second!.slice(2)}`);
    await dash.press('k');
    expect(selectedRow(dash.frame())).toBe(first);
    await dash.press(KEY.down, KEY.down, KEY.up);
    expect(selectedRow(dash.frame())).toBe(`› ${second!.slice(2)}`);
    await dash.press(KEY.tab);
    await dash.waitFor('[2 Workflows]');
    await dash.press(KEY.tab);
    await dash.waitFor('[3 Sending]');
    await dash.press(KEY.shiftTab, KEY.shiftTab);
    await dash.waitFor('[1 Live feed]');
    // The selection of a pane is kept when coming back to it.
    expect(selectedRow(dash.frame())).toBe(`› ${second!.slice(2)}`);
    await dash.press('4');
    await dash.waitFor('[4 System]');
    await dash.press('1');
    await dash.waitFor('[1 Live feed]');
  });

  it('enter opens the selected conversation’s thread with its messages; esc closes it', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    const newest = await t
      .db('conversations')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('id');
    const message = await t
      .db('conversation_messages')
      .where({ conversation_id: newest.id })
      .orderBy('id')
      .first('body', 'status');
    await dash.press(KEY.enter);
    const frame = await dash.waitFor(`Conversation ${newest.id}  (esc closes)`);
    await dash.waitFor(message.body.replace(/\s+/g, ' ').slice(0, 30));
    expect(frame).toContain('esc close · j/k scroll · pgdn/pgup page · ? keys · q quit');
    await dash.press(KEY.escape);
    await dash.waitFor('Brand');
    expect(dash.frame()).not.toContain('(esc closes)');
  });

  it('p asks first: n leaves the workflow alone, y pauses it in the database, p again resumes it', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('2');
    await dash.waitFor('[2 Workflows]');
    expect(selectedRow(dash.frame())).toMatch(/Abandoned Cart\s+active/);
    expect(await pausedOf(1)).toBe(false);
    await dash.press('p');
    await dash.waitFor('Pause workflow 1 "Abandoned Cart" of Northwind Outfitters? (y/n)');
    await dash.press('n');
    await dash.waitFor('Nothing changed.');
    expect(await pausedOf(1)).toBe(false);
    await dash.press('p');
    await dash.waitFor('Pause workflow 1');
    await dash.press('y');
    await dash.waitFor('Paused workflow 1.');
    expect(await pausedOf(1)).toBe(true);
    await dash.waitFor(/› .*Abandoned Cart\s+paused/);
    await dash.press('p');
    await dash.waitFor('Resume workflow 1 "Abandoned Cart" of Northwind Outfitters? (y/n)');
    await dash.press('y');
    await dash.waitFor('Resumed workflow 1.');
    expect(await pausedOf(1)).toBe(false);
  });

  it('r replays the selected dead-lettered webhook after y', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('4');
    await dash.waitFor('[4 System]');
    for (let i = 0; i < 20 && !selectedRow(dash.frame())?.includes('dead'); i += 1) await dash.press('j');
    expect(selectedRow(dash.frame())).toMatch(new RegExp(`${deadWebhookId}\\s+shopify\\s+orders/create`));
    await dash.press('r');
    await dash.waitFor(`Replay webhook ${deadWebhookId} (dead)? (y/n)`);
    await dash.press('y');
    await dash.waitFor(`Webhook ${deadWebhookId} queued again.`);
    expect((await t.db('webhook_events').where({ id: deadWebhookId }).first('status')).status).toBe('pending');
  });

  it('/ filters the rows by brand or text; esc clears the filter', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('/', 'h', 'a', 'r', 'b', 'o', 'r', KEY.enter);
    const frame = await dash.waitFor('filter: harbor (esc clears)');
    const rows = bodyRows(frame).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('Harbor');
    await dash.press(KEY.escape);
    await dash.waitFor('Northwind');
  });

  it('? shows every key', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    await dash.press('?');
    const frame = await dash.waitFor('Keys  (esc closes)');
    for (const text of ['shift-tab', 'pause/resume', 'replay webhook', 'filter', 'quit']) expect(frame).toContain(text);
  });

  it('a failed refresh shows one line with the error and keeps the last good rows', async () => {
    const real = dashboardSource(ctx);
    let fail = false;
    const source: DashboardSource = {
      ...real,
      load: (now) => (fail ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) : real.load(now)),
    };
    dash = await renderDashboard(ctx, { now: NOW, source });
    const before = bodyRows(dash.frame());
    fail = true;
    await dash.store.refresh();
    const frame = await dash.waitFor('Refresh failed: connect ECONNREFUSED 127.0.0.1:5432 (showing 14:20 UTC)');
    expect(bodyRows(frame)).toEqual(before);
    fail = false;
    await dash.store.refresh();
    await eventually(() => expect(dash!.frame()).not.toContain('Refresh failed'));
  });

  it('a conversation that arrives between refreshes is marked new', async () => {
    dash = await renderDashboard(ctx, { now: NOW });
    const channel = await t.db('contact_channels').where({ brand_id: 2 }).orderBy('id').first('id', 'contact_id');
    const [{ id }] = await t
      .db('conversations')
      .insert({
        brand_id: 2,
        contact_id: channel.contact_id,
        contact_channel_id: channel.id,
        workflow_id: 4,
        created_at: NOW,
      })
      .returning('id');
    await dash.store.refresh();
    await eventually(() => expect(bodyRows(dash!.frame())[1]).toMatch(/^› \+ Harbor & Pine/));
    await t.db('conversations').where({ id }).delete();
  });

  it('fits 80x24 and is laid out again when the terminal is resized', async () => {
    const store = createDashboardStore(ctx, { refreshSeconds: 2, once: true, color: false, now: () => NOW });
    await store.refresh();
    for (const pane of PANES) {
      const frame = renderToString(
        createElement(App, {
          store,
          scope: 'all brands',
          color: false,
          size: { columns: 80, rows: 24 },
          interactive: false,
          initialPane: pane,
        }),
        { columns: 80 },
      );
      const lines = frame.split('\n');
      expect(lines[2]).toContain(`[${PANES.indexOf(pane) + 1} ${PANE_TITLES[pane]}]`);
      expect(lines.length).toBe(23);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    }
    dash = await renderDashboard(ctx, { now: NOW });
    expect(bodyRows(dash.frame())[0]!.length).toBeGreaterThan(90);
    dash.resize(80);
    await eventually(() => {
      for (const line of dash!.frame().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    });
  });
});
