import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { dashboardSource, startOfDay } from '../../src/tui/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

// The Workflows pane's texts of the day are counted per conversation and added up per workflow in
// the dashboard process, which keeps each conversation's workflow between refreshes. These tests
// hold its figures to a plain join of the day's messages with their conversations, refresh after
// refresh, as texts arrive in new and known conversations.

const SEEDED_AT = new Date('2026-11-20T14:20:00Z');
const NOW = new Date('2026-11-20T14:20:30Z');
// The demo data set seeded at SEEDED_AT, cloned from its template (seeded once per run).
const t = useTestDatabase({ demo: { now: SEEDED_AT } });
let ctx: AppContext;

beforeAll(async () => {
  ctx = await t.context();
});

type Texts = Record<number, { sent: number; skipped: number; replies: number }>;

/** The day's texts per workflow, straight from the rows. */
async function expectedTexts(brandId?: number): Promise<Texts> {
  const since = startOfDay(NOW);
  const { rows } = await t.db.raw<{
    rows: Array<{ workflow_id: string; sent: number; skipped: number; replies: number }>;
  }>(
    `select c.workflow_id,
            count(*) filter (where m.direction = 'outgoing' and m.status in ('sent', 'delivered', 'undelivered') and m.sent_at >= :since)::int as sent,
            count(*) filter (where m.status = 'agent_skipped' and m.created_at >= :since)::int as skipped,
            count(*) filter (where m.direction = 'incoming' and m.created_at >= :since)::int as replies
       from conversation_messages m join conversations c on c.id = m.conversation_id
      where c.workflow_id is not null and (:brand::bigint is null or m.brand_id = :brand)
      group by 1`,
    { since, brand: brandId ?? null },
  );
  return Object.fromEntries(
    rows
      .filter((r) => r.sent + r.skipped + r.replies > 0)
      .map((r) => [Number(r.workflow_id), { sent: r.sent, skipped: r.skipped, replies: r.replies }]),
  );
}

function shown(workflows: Array<{ id: number; sent: number; skipped: number; replies: number }>): Texts {
  return Object.fromEntries(
    workflows
      .filter((w) => w.sent + w.skipped + w.replies > 0)
      .map((w) => [w.id, { sent: w.sent, skipped: w.skipped, replies: w.replies }]),
  );
}

async function addTexts(conversationId: number, texts: Array<{ direction: string; status: string }>): Promise<void> {
  const conversation = await t.db('conversations').where({ id: conversationId }).first('brand_id');
  await t.db('conversation_messages').insert(
    texts.map((m) => ({
      brand_id: conversation.brand_id,
      conversation_id: conversationId,
      body: 'Is the jacket waterproof?',
      direction: m.direction,
      status: m.status,
      sent_at: m.direction === 'outgoing' && m.status !== 'agent_skipped' ? NOW : null,
      created_at: NOW,
    })),
  );
}

describe('the Workflows pane: texts of the day per workflow', () => {
  it('matches the rows on the first refresh and after texts arrive in known and new conversations', async () => {
    const source = dashboardSource(ctx);
    const first = await source.load(NOW);
    const before = await expectedTexts();
    expect(Object.keys(before).length).toBeGreaterThan(0);
    expect(shown(first.data.workflows)).toEqual(before);

    // A conversation already counted gets a reply; one of another workflow, not texted today, gets
    // a text sent and one skipped.
    const known = await t
      .db('conversation_messages as m')
      .join('conversations as c', 'c.id', 'm.conversation_id')
      .where('m.sent_at', '>=', startOfDay(NOW))
      .whereNotNull('c.workflow_id')
      .first('c.id', 'c.workflow_id');
    const quiet = await t
      .db('conversations as c')
      .whereNotNull('c.workflow_id')
      .whereNot('c.workflow_id', known.workflow_id)
      .whereNotExists(
        t
          .db('conversation_messages as m')
          .whereRaw('m.conversation_id = c.id')
          .where('m.created_at', '>=', startOfDay(NOW)),
      )
      .first('c.id', 'c.workflow_id');
    await addTexts(Number(known.id), [{ direction: 'incoming', status: 'received' }]);
    await addTexts(Number(quiet.id), [
      { direction: 'outgoing', status: 'sent' },
      { direction: 'outgoing', status: 'agent_skipped' },
    ]);

    const second = await source.load(NOW);
    const after = await expectedTexts();
    expect(shown(second.data.workflows)).toEqual(after);
    expect(after[Number(known.workflow_id)]!.replies).toBe(before[Number(known.workflow_id)]!.replies + 1);
    const quietBefore = before[Number(quiet.workflow_id)] ?? { sent: 0, skipped: 0 };
    expect(after[Number(quiet.workflow_id)]).toMatchObject({
      sent: quietBefore.sent + 1,
      skipped: quietBefore.skipped + 1,
    });
  });

  it('one brand: only its workflows, with the same figures as the rows', async () => {
    const source = dashboardSource(ctx, { brandId: 2 });
    const { data } = await source.load(NOW);
    expect(new Set(data.workflows.map((w) => w.brand_id))).toEqual(new Set([2]));
    expect(shown(data.workflows)).toEqual(await expectedTexts(2));
  });
});
