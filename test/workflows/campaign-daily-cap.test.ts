/**
 * A number's daily cap on a campaign: the texts over it wait for the next day (UTC), and the brand
 * sees why and when, on each text, in the campaign's progress (the API and the panel read it) and
 * in `reclaim campaigns show`. The texts go through the fake Infobip (the SMS API's wire format).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { infobipProvider } from '../../src/messaging/index.ts';
import { createCampaign, createSegment, getCampaign, sendRunTexts, startDueRuns } from '../../src/workflows/index.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { daytimeZone } from '../helpers/worker-process.ts';

const t = useTestDatabase();
const ALL = { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['A'] }] };
const SENDER = '+14155550371';
// Now (the CLI reads the campaign at the real time), the shoppers in a zone where it is daytime.
const now = new Date();
const today = now.toISOString().slice(0, 10);
const nextDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

let ctx: AppContext;
let infobip: FakeInfobip;

beforeAll(async () => {
  infobip = await startFakeInfobip();
  const base = await t.context();
  ctx = {
    ...base,
    clients: {
      ...base.clients,
      sms: infobipProvider({ baseUrl: infobip.url, apiKey: infobip.apiKey, sleep: async () => undefined }),
    },
  };
});
afterAll(async () => infobip?.close());

describe("a campaign over its number's daily cap", () => {
  it('sends up to the cap; the rest wait for the next day, with the reason on each text, in the progress and the CLI', async () => {
    const brand = await createBrand(t.db, {
      timezone: 'America/New_York',
      support_phone: SENDER,
      extra_data: { sms_messages_per_second: 50, sms_messages_per_day: 3 },
    });
    await createIntegration(t.db, brand.id);
    const segment = await createSegment(ctx, { brandId: brand.id, name: 'Everyone', filter: ALL });
    for (let i = 0; i < 5; i += 1)
      await createContact(t.db, brand.id, {
        phone: usPhone('212'),
        extra_data: { group_name: 'A' },
        channel: { extra_data: { timezone: daytimeZone() } },
      });
    const campaign = await createCampaign(ctx, { brandId: brand.id, segmentId: segment.id, message: 'Sale', now });
    await startDueRuns(ctx, { now });
    await sendRunTexts(ctx, { now });

    expect(infobip.accepted.filter((a) => a.sender === SENDER.slice(1))).toHaveLength(3);
    const held = await t
      .db('conversation_messages as m')
      .join('conversations as c', 'c.id', 'm.conversation_id')
      .where({ 'c.workflow_id': campaign.id, 'm.direction': 'outgoing' })
      .whereIn('m.status', ['queued', 'auto_queued'])
      .select('m.scheduled_for', 'm.status_reason');
    expect(held).toHaveLength(2);
    for (const row of held) {
      expect(row.scheduled_for.toISOString()).toBe(nextDay);
      expect(row.status_reason).toBe(`daily_cap: ${SENDER} sent its 3 texts of ${today} (UTC); held until ${nextDay}`);
    }

    const view = await getCampaign(ctx, { id: campaign.id, now });
    expect(view.progress).toMatchObject({ sent: 3, held: 2, heldByDailyCap: { count: 2, until: nextDay } });

    const shown = await runCli(['campaigns', 'show', String(campaign.id)], testEnv(t.url));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Daily cap:  2 held by the number's daily cap; they go from ${nextDay}`);
  });
});
