/**
 * npm run bench:send
 *
 * Seeds a fresh server database, set-based, with BENCH_MESSAGES (50,000) due outgoing messages:
 * 50 brands, one contact, SMS channel and conversation per message, numbers spread over 14 area
 * codes (Florida, Oklahoma and Maryland among them, so the per-number lock and 24 h count of the
 * state cap run too; Texas among them, texted by the brands with texas_compliance). Then runs
 * the send job once through the outbox provider (`sendDueMessages(ctx, { limit })`) at a fixed
 * clock (19:00 UTC: inside 8:00-20:00 in every US zone) and prints messages per second. Target:
 * at least 2,000 per second. Checks that every message ended `sent` exactly once.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_MESSAGES (50000), BENCH_KEEP=1 keeps the database.
 */
import { randomBytes } from 'node:crypto';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext } from '../src/cli/index.ts';
import { machineLine, dropUnlessKept } from './machine.ts';
import { createDatabase, createDb, migrateLatest, withDatabase } from '../src/db/index.ts';
import { sendDueMessages } from '../src/messaging/index.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50_000);
const BRANDS = 50;
const AREA_CODES = ['310', '212', '305', '214', '415', '617', '312', '404', '206', '303', '602', '405', '410', '813'];
const TEXAS_AREA_CODES = ['214'];
const BODY =
  'Hi Sam, you left something in your cart at Northwind: http://localhost:3000/r/AbC12345 Use LR-ABC234 for 10% off. Reply STOP to opt out.';
const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function seed(url: string, now: Date): Promise<number> {
  const db = createDb({ url, pool: { max: 2 } });
  const started = process.hrtime.bigint();
  try {
    await migrateLatest(db);
    await db.raw(`insert into tenants (name) select 'Bench tenant ' || g from generate_series(1, ?) g`, [BRANDS]);
    await db.raw(`insert into brands (tenant_id, name) select id, 'Bench brand ' || id from tenants`);
    await db.raw(
      `create temp table bench_rows as
         select g, (select array_agg(id order by id) from brands)[1 + g % ?] as brand_id, (?::text[])[1 + g % ?] as area_code
           from generate_series(0, ? - 1) g`,
      [BRANDS, AREA_CODES, AREA_CODES.length, MESSAGES],
    );
    // Texas numbers are texted only by brands with texas_compliance (the send job checks it too): the
    // brands that get Texas numbers have it, the others are checked for a TX address on every text.
    await db.raw(
      `update brands set extra_data = extra_data || '{"texas_compliance": true}'::jsonb
        where id in (select brand_id from bench_rows where area_code = any(?::text[]))`,
      [TEXAS_AREA_CODES],
    );
    await db.raw(
      `insert into contacts (brand_id, given_name, family_name, external_id) select brand_id, 'Sam', 'Bench', 'bench-' || g from bench_rows`,
    );
    await db.raw(
      `insert into contact_channels (brand_id, contact_id, type, username, status, compliance_type, consent_source, consented_at)
       select c.brand_id, c.id, 'sms', '+1' || r.area_code || lpad((2000000 + r.g)::text, 7, '0'), 'subscribed', 'p2p', 'bench', now()
         from contacts c join bench_rows r on c.external_id = 'bench-' || r.g`,
    );
    await db.raw(
      `insert into conversations (brand_id, contact_id, contact_channel_id) select brand_id, contact_id, id from contact_channels`,
    );
    await db.raw(
      `insert into conversation_messages (brand_id, conversation_id, body, direction, status, scheduled_for, is_marketing, extra_data)
       select brand_id, id, ?, 'outgoing', 'auto_queued', ?::timestamptz - random() * interval '2 hours', true, '{"workflow_message": true}'::jsonb
         from conversations`,
      [BODY, now],
    );
    await db.raw('analyze');
  } finally {
    await db.destroy();
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(): Promise<void> {
  const name = `reclaim_bench_send_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(SERVER, name);
  await createDatabase(SERVER, name);
  const now = new Date();
  now.setUTCHours(19, 0, 0, 0);
  try {
    const seedSeconds = await seed(url, now);
    const ctx = await createAppContext({
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', SMS_PROVIDER: 'outbox' }),
      logger: createLogger({ level: 'silent', pretty: false }),
      poolMax: 4,
    });
    try {
      const started = process.hrtime.bigint();
      const result = await sendDueMessages(ctx, { limit: MESSAGES, now });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const { rows } = await ctx.db.raw<{ rows: Array<{ status: string; n: string; with_id: string }> }>(
        `select status, count(*) as n, count(provider_message_id) as with_id from conversation_messages group by status order by status`,
      );
      const perSecond = result.sent / seconds;
      const allSent =
        rows.length === 1 &&
        rows[0]!.status === 'sent' &&
        Number(rows[0]!.n) === MESSAGES &&
        Number(rows[0]!.with_id) === MESSAGES;
      process.stdout.write(
        [
          `bench:send — ${fmt(MESSAGES)} due messages through the outbox provider with the send job`,
          machineLine(SERVER),
          `seeded in ${fmt(seedSeconds, 1)} s (set-based: ${BRANDS} brands, ${fmt(MESSAGES)} contacts, channels, conversations, messages)`,
          `send job: sent ${fmt(result.sent)}, deferred ${fmt(result.deferred)}, skipped ${fmt(result.skipped)}, failed ${fmt(result.failed)} in ${fmt(seconds, 2)} s`,
          `messages per second: ${fmt(perSecond)} (target >= 2,000: ${perSecond >= 2000 ? 'met' : 'NOT met'})`,
          `every message sent once, with its outbox id: ${allSent ? 'yes' : `no (${JSON.stringify(rows)})`}`,
          `command: npm run bench:send (BENCH_MESSAGES=${MESSAGES})`,
          '',
        ].join('\n'),
      );
      if (!allSent) process.exitCode = 1;
    } finally {
      await ctx.release();
    }
  } finally {
    await dropUnlessKept(SERVER, name);
  }
}

await main();
