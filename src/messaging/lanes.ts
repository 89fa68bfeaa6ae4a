/**
 * Sender lanes: loops inside each worker process that send due texts as long as any are due.
 *
 * Each lane runs the send job's claim (FOR UPDATE SKIP LOCKED, round-robin across brands, each
 * number paced by its row in `sms_send_slots`) one batch after another while batches come back
 * non-empty. When nothing is due it sleeps until the earliest queued text falls due, the safety
 * poll (SEND_POLL_SECONDS), or a notification on `reclaim_send_due`, which a trigger on
 * conversation_messages sends whenever a statement queues texts due within the minute (campaign
 * batches, workflow texts, agent replies, held texts released). So a text made due is sent in
 * well under a second on an idle worker, with no job per text and no minute tick in between.
 * Several lanes per process overlap one lane's provider calls with another's claim; several
 * worker processes share the work through the same claim. The `send_due` schedule stays as a
 * fallback (SEND_LANES=0 turns the lanes off).
 */
import { coerceError, type AppContext } from '../app/index.ts';
import { listenChannel } from '../db/index.ts';
import { sendDueMessages } from './send-job.ts';
import { nextDueAt } from './store/sending.ts';

export const SEND_DUE_CHANNEL = 'reclaim_send_due';
/** Lanes take a number's send slots at most this far ahead, so a batch never sleeps long. */
export const LANE_LOOKAHEAD_MS = 2_000;
/**
 * A lane's claim: 1,000 texts (each brand's share of them), so the claim's fixed part (finding the
 * due brands) and its round trips are spread over more texts than the send job's 500.
 */
export const LANE_BATCH_SIZE = 1_000;
/** Texts left in 'sending' by a stopped worker are looked for this often by a lane, not every batch. */
const REQUEUE_EVERY_MS = 60_000;
/** After an error (the database away) a lane waits this long before it claims again. */
const ERROR_PAUSE_MS = 2_000;

export interface SendLanes {
  readonly lanes: number;
  /** Lets the batches in flight finish (their texts handed to the provider and recorded), then stops. */
  stop(): Promise<void>;
}

let running = 0;
/** Whether this process runs sender lanes (a campaign's job then leaves its texts to them). */
export const sendLanesRunning = (): boolean => running > 0;

export function startSendLanes(
  ctx: AppContext,
  {
    lanes = ctx.config.SEND_LANES,
    pollMs = ctx.config.SEND_POLL_SECONDS * 1000,
  }: { lanes?: number; pollMs?: number } = {},
): SendLanes {
  if (lanes <= 0) return { lanes: 0, stop: async () => undefined };
  const log = ctx.logger.child({ component: 'send-lanes' });
  let stopping = false;
  // Bumped by every notification: a lane that claimed nothing sleeps only if nothing came meanwhile.
  let generation = 0;
  const sleepers = new Set<() => void>();
  const wakeAll = (): void => {
    generation += 1;
    for (const wake of sleepers) wake();
    sleepers.clear();
  };
  const idle = (ms: number, seen: number): Promise<void> =>
    generation !== seen || stopping
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = (): void => {
            clearTimeout(timer);
            sleepers.delete(done);
            resolve();
          };
          const timer = setTimeout(done, Math.max(1, ms));
          sleepers.add(done);
        });

  const listener = listenChannel(ctx.databaseUrl, SEND_DUE_CHANNEL, wakeAll, {
    retryMs: pollMs,
    applicationName: `reclaim-send-lanes-${process.pid}`,
    onError: (error) =>
      log.warn({ err: error }, 'the send lanes lost their LISTEN connection; polling until it is back'),
  });

  let requeuedAt = 0;
  const lane = async (index: number): Promise<void> => {
    while (!stopping) {
      const seen = generation;
      try {
        const requeueStale = Date.now() - requeuedAt >= REQUEUE_EVERY_MS;
        if (requeueStale) requeuedAt = Date.now();
        const result = await sendDueMessages(ctx, {
          limit: LANE_BATCH_SIZE,
          batchSize: LANE_BATCH_SIZE,
          lookaheadMs: LANE_LOOKAHEAD_MS,
          requeueStale,
        });
        if (result.sent + result.deferred + result.skipped + result.failed > 0) continue;
        const next = await nextDueAt(ctx.db);
        const untilNext = next ? next.getTime() - Date.now() : Number.POSITIVE_INFINITY;
        // Due already but nothing claimed: other lanes hold those texts; wait a little for them.
        await idle(Math.min(pollMs, untilNext <= 0 ? 200 : untilNext), seen);
      } catch (error) {
        log.error({ err: coerceError(error), lane: index }, 'a send lane failed; it claims again shortly');
        await idle(ERROR_PAUSE_MS, generation);
      }
    }
  };
  running += 1;
  const loops = Array.from({ length: lanes }, (_, i) => lane(i));
  log.info({ lanes, poll_seconds: pollMs / 1000 }, 'send lanes running');
  let stopped: Promise<void> | undefined;
  return {
    lanes,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        wakeAll();
        await Promise.all(loops);
        running -= 1;
        await listener.close();
      })()),
  };
}
