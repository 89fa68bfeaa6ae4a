/**
 * npm run bench:campaign
 *
 * Seeds a fresh server database, set-based, with one brand (America/New_York, a connected Shopify
 * integration) and BENCH_CONTACTS (200,000) subscribed contacts with +1 SMS channels spread over
 * area codes of ten states (no Texas: the brand has no Texas compliance), a segment matching all
 * of them (contact group A-D) and a campaign to it, due now. At a fixed clock (18:00 UTC: inside
 * the sending window in every US zone) it times (1) freezing the audience: the start of the run
 * (`startDueRuns`), one insert … select of a recipient row per contact, and (2) the send path
 * (`sendRunTexts`): batches of recipients claimed, each given its conversation, first text and
 * short link, and handed to the send job through the outbox provider, texts per second. Targets:
 * frozen in under 5 s; at least 2,000 texts per second (the bench:send figure). Checks that no
 * contact got two texts and every text was sent once.
 *
 * It also times the segment count the panel shows while a segment is built (the preview service),
 * median of 5, before the freeze; target under 500 ms. BENCH_COUNT_ONLY=1 stops after that.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CONTACTS (200000; 20000 for a quick run), BENCH_KEEP=1 keeps the database.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext } from '../src/cli/index.ts';
import { machineLine, dropUnlessKept } from './machine.ts';
import { createDatabase, createDb, migrateLatest, withDatabase } from '../src/db/index.ts';
import { createCampaign, createSegment, previewSegment, sendRunTexts, startDueRuns } from '../src/workflows/index.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
/** California, New York, Florida, Illinois, Georgia, Washington, Colorado, Arizona, Massachusetts, Oklahoma. */
const AREA_CODES = ['310', '212', '305', '312', '404', '206', '303', '602', '617', '405'];
const MESSAGE = 'Hi {first_name}, our winter sale starts now at {brand_name}: {cart_link}';
const FREEZE_TARGET_S = 5;
const SEND_TARGET_PER_S = 2_000;
/** The panel's live segment count (the preview service): under 500 ms for the brand. */
const COUNT_TARGET_MS = 500;
const COUNT_ROUNDS = 5;
/** BENCH_COUNT_ONLY=1: seed and time the segment count only (no freeze, no send). */
const COUNT_ONLY = process.env.BENCH_COUNT_ONLY === '1';
const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const elapsed = (started: bigint): number => Number(process.hrtime.bigint() - started) / 1e9;

async function seed(url: string): Promise<{ brandId: number; seconds: number }> {
  const db = createDb({ url, pool: { max: 2 } });
  const started = process.hrtime.bigint();
  try {
    await migrateLatest(db);
    const [tenant] = await db('tenants').insert({ name: 'Bench tenant' }).returning<{ id: number }[]>('id');
    const [brand] = await db('brands')
      .insert({
        tenant_id: tenant!.id,
        name: 'Northwind',
        domain: 'northwind.example.com',
        timezone: 'America/New_York',
      })
      .returning<{ id: number }[]>('id');
    await db('integrations')
      .insert({ name: 'Shopify', slug: 'shopify', category: 'ecommerce', is_published: true })
      .onConflict('slug')
      .ignore();
    const shopify = await db('integrations').where({ slug: 'shopify' }).first<{ id: number }>('id');
    await db('brand_integrations').insert({
      brand_id: brand!.id,
      integration_id: shopify!.id,
      lookup_id: 'northwind.myshopify.com',
      status: 'connected',
      is_enabled: true,
    });
    await db.raw(
      `insert into contacts (brand_id, given_name, family_name, external_id, extra_data)
       select ?, (array['Ava','Ben','Cy','Dee','Eli','Fay'])[g % 6 + 1], 'Shopper', 'bench-' || g, jsonb_build_object('group_name', chr(65 + g % 4))
         from generate_series(0, ? - 1) g`,
      [brand!.id, CONTACTS],
    );
    await db.raw(
      `insert into contact_channels (brand_id, contact_id, type, username, status, compliance_type, consent_source, consented_at)
       select c.brand_id, c.id, 'sms', '+1' || (?::text[])[1 + g % ?] || lpad((2000000 + g)::text, 7, '0'), 'subscribed', 'p2p', 'bench', now()
         from contacts c, lateral (select substr(c.external_id, 7)::int as g) s`,
      [AREA_CODES, AREA_CODES.length],
    );
    await db.raw('analyze');
    return { brandId: brand!.id, seconds: elapsed(started) };
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const name = `reclaim_bench_campaign_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(SERVER, name);
  await createDatabase(SERVER, name);
  const now = new Date();
  now.setUTCHours(18, 0, 0, 0);
  try {
    const { brandId, seconds: seedSeconds } = await seed(url);
    const ctx = await createAppContext({
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', SMS_PROVIDER: 'outbox' }),
      logger: createLogger({ level: 'silent', pretty: false }),
      poolMax: 4,
    });
    try {
      const segment = await createSegment(ctx, {
        brandId,
        name: 'Everyone',
        filter: { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['A', 'B', 'C', 'D'] }] },
      });
      const campaign = await createCampaign(ctx, {
        brandId,
        segmentId: segment.id,
        message: MESSAGE,
        linkUrl: 'https://northwind.example.com/sale',
        now,
      });

      // The segment count the panel shows while a segment is built (median of COUNT_ROUNDS, each
      // after one warm-up): everyone, and a narrower tree (two groups, or Florida).
      const counts: { name: string; matching: number; reachable: number; ms: number }[] = [];
      for (const [name, filter] of [
        ['everyone (group A-D)', segment.filter],
        [
          'groups A or B, or Florida',
          {
            condition: 'OR',
            rules: [
              { field: 'contact_group', op: 'in', values: ['A', 'B'] },
              { field: 'state', op: 'in', values: ['FL'] },
            ],
          },
        ],
      ] as const) {
        await previewSegment(ctx, { brandId, filter, now });
        const times: number[] = [];
        let last = { matching: 0, reachable: 0 };
        for (let k = 0; k < COUNT_ROUNDS; k += 1) {
          const t0 = process.hrtime.bigint();
          last = await previewSegment(ctx, { brandId, filter, now });
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
        times.sort((x, y) => x - y);
        counts.push({ name, ...last, ms: times[Math.floor(COUNT_ROUNDS / 2)]! });
      }

      if (COUNT_ONLY) {
        const load = os.loadavg().map((n) => n.toFixed(2));
        process.stdout.write(
          [
            `bench:campaign (BENCH_COUNT_ONLY) — the segment count over ${fmt(CONTACTS)} contacts`,
            machineLine(SERVER, `load average ${load.join(' ')}`),
            ...counts.map(
              (c) =>
                `segment count: ${c.name}: ${fmt(c.matching)} match, ${fmt(c.reachable)} reachable, median ${fmt(c.ms)} ms (target < ${COUNT_TARGET_MS} ms: ${c.ms < COUNT_TARGET_MS ? 'yes' : 'NO'})`,
            ),
            '',
          ].join('\n'),
        );
        return;
      }

      let started = process.hrtime.bigint();
      const [run] = await startDueRuns(ctx, { now });
      const freezeSeconds = elapsed(started);

      started = process.hrtime.bigint();
      const sent = await sendRunTexts(ctx, { limit: CONTACTS * 2, now });
      const sendSeconds = elapsed(started);

      const { rows } = await ctx.db.raw<{
        rows: Array<{ messages: string; sent: string; provider_ids: string; contacts: string; recipients: string }>;
      }>(
        `select count(*) as messages, count(*) filter (where m.status = 'sent') as sent,
                count(distinct m.provider_message_id) as provider_ids, count(distinct c.contact_id) as contacts,
                (select count(*) from workflow_run_recipients where run_id = ?) as recipients
           from conversation_messages m join conversations c on c.id = m.conversation_id
          where c.workflow_id = ? and m.direction = 'outgoing'`,
        [run?.runId ?? 0, campaign.id],
      );
      const check = rows[0]!;
      const onceEach =
        run !== undefined &&
        run.queued === CONTACTS &&
        Number(check.messages) === CONTACTS &&
        Number(check.sent) === CONTACTS &&
        Number(check.provider_ids) === CONTACTS &&
        Number(check.contacts) === CONTACTS &&
        Number(check.recipients) === CONTACTS;
      const perSecond = (rowsDone: number, s: number): number => rowsDone / s;
      const table = [
        ['phase', 'rows', 'seconds', 'rows/s', 'target', 'met'],
        [
          'freeze audience (startDueRuns)',
          fmt(run?.targeted ?? 0),
          fmt(freezeSeconds, 2),
          fmt(perSecond(run?.targeted ?? 0, freezeSeconds)),
          `< ${FREEZE_TARGET_S} s`,
          freezeSeconds < FREEZE_TARGET_S ? 'yes' : 'NO',
        ],
        ...counts.map((c) => [
          `segment count: ${c.name} (median of ${COUNT_ROUNDS})`,
          fmt(c.matching),
          fmt(c.ms / 1000, 3),
          fmt(c.matching / (c.ms / 1000)),
          `< ${COUNT_TARGET_MS} ms`,
          c.ms < COUNT_TARGET_MS ? 'yes' : 'NO',
        ]),
        [
          'send path (sendRunTexts)',
          fmt(sent.sent),
          fmt(sendSeconds, 2),
          fmt(perSecond(sent.sent, sendSeconds)),
          `>= ${fmt(SEND_TARGET_PER_S)}/s`,
          perSecond(sent.sent, sendSeconds) >= SEND_TARGET_PER_S ? 'yes' : 'NO',
        ],
      ];
      const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
      const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
      const load = os.loadavg().map((n) => n.toFixed(2));
      process.stdout.write(
        [
          `bench:campaign — a campaign to ${fmt(CONTACTS)} contacts of one brand through the outbox provider`,
          machineLine(SERVER, `load average ${load.join(' ')}`),
          `seeded in ${fmt(seedSeconds, 1)} s (set-based: 1 brand, ${fmt(CONTACTS)} contacts with +1 SMS channels over ${AREA_CODES.length} area codes)`,
          `run: targeted ${fmt(run?.targeted ?? 0)}, queued ${fmt(run?.queued ?? 0)}, excluded ${fmt(run?.excluded ?? 0)}; send path: texts written ${fmt(sent.started)}, sent ${fmt(sent.sent)}, deferred ${fmt(sent.deferred)}, skipped ${fmt(sent.skipped)}, failed ${fmt(sent.failed)}`,
          '',
          line(table[0]!),
          `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
          ...table.slice(1).map(line),
          '',
          `none sent twice (messages ${fmt(Number(check.messages))}, sent ${fmt(Number(check.sent))}, distinct outbox ids ${fmt(Number(check.provider_ids))}, distinct contacts ${fmt(Number(check.contacts))}, recipients ${fmt(Number(check.recipients))}): ${onceEach ? 'yes' : 'NO'}`,
          `command: npm run bench:campaign (BENCH_CONTACTS=${CONTACTS})`,
          '',
        ].join('\n'),
      );
      if (!onceEach) process.exitCode = 1;
    } finally {
      await ctx.release();
    }
  } finally {
    await dropUnlessKept(SERVER, name);
  }
}

await main();
