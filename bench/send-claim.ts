/**
 * npm run bench:send-claim
 *
 * The ceiling beside bench:send-system: the send path's SQL alone, on one connection, with no
 * worker, no provider and no rules. BENCH_TEXTS (200,000) texts of 100 brands seeded as
 * bench:send-system seeds them and made due; then batch after batch of BENCH_BATCH (1,000, a
 * lane's batch): the fair claim (lockDueMessages: the due brands, each one's share locked, what the
 * rules read), one update marking the batch sent as the outbox does, the commit. Prints the texts a
 * second and each part's share of the time. What a worker adds on top (the rules in JavaScript,
 * its event loop, a second lane's overlap) is the gap between this and bench:send-system.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_TEXTS (200000), BENCH_BATCH (1000), BENCH_BATCHES (50).
 */
import os from 'node:os';
import { lockDueMessages, updateMessages } from '../src/messaging/store/sending.ts';
import { segmentInfo } from '../src/messaging/rules.ts';
import { machineLine } from './machine.ts';
import { createTemplate, roundDatabase, SERVER } from './scale-out/processes.ts';
import { BRANDS, int, seed } from './send-seed.ts';

const TEXTS = Number(process.env.BENCH_TEXTS ?? 200_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 50);

async function main(): Promise<void> {
  console.log(machineLine(SERVER));
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const template = await createTemplate();
  const database = await roundDatabase(template.name, 'claim');
  const { db } = database;
  try {
    await seed(db, { perBrand: () => Math.floor(TEXTS / BRANDS), rate: () => 1000 });
    await db.raw(
      `update conversation_messages set scheduled_for = now() - interval '1 second' where status = 'auto_queued'`,
    );
    await db.raw('analyze conversation_messages');
    const parts = { claim: 0, update: 0, commit: 0 };
    let sent = 0;
    const started = performance.now();
    for (let b = 0; b < BATCHES; b += 1) {
      const tx = await db.transaction();
      let at = performance.now();
      const rows = await lockDueMessages(tx, { now: new Date(), limit: BATCH });
      parts.claim += performance.now() - at;
      at = performance.now();
      const now = new Date();
      await updateMessages(
        tx,
        rows.map((row) => {
          const segments = segmentInfo(row.body);
          return {
            id: row.id,
            status: 'sent',
            sent_at: now,
            status_reason: null,
            segments: segments.segments,
            encoding: segments.encoding,
            provider: 'outbox',
            provider_message_id: `outbox-${row.id}`,
          };
        }),
      );
      parts.update += performance.now() - at;
      at = performance.now();
      await tx.commit();
      parts.commit += performance.now() - at;
      sent += rows.length;
      if (rows.length === 0) break;
    }
    const ms = performance.now() - started;
    const share = (part: number): string => `${Math.round((part / ms) * 100)}%`;
    console.log(
      `send SQL alone, one connection, batches of ${int(BATCH)} of ${int(TEXTS)} due texts: ${int(sent)} in ${(ms / 1000).toFixed(2)} s, ` +
        `${int((sent / ms) * 1000)} texts/s (claim ${share(parts.claim)}, update ${share(parts.update)}, commit ${share(parts.commit)}) ` +
        `(load ${os.loadavg()[0]!.toFixed(2)})`,
    );
  } finally {
    await database.drop();
    await template.drop();
  }
}

await main();
