/**
 * The moment a paced text is handed to the provider, and why a number never sends above its rate.
 *
 * A claim reserves a stretch of the number's time in `sms_send_slots`: slots `interval` apart from
 * [start, end), end being the number's next free time after the claim; the next claim, by any lane
 * of any worker, starts at `end` or later. A text is handed over no earlier than its slot, at least
 * `interval` after the text before it from the same claim, and no later than `end - interval`, so
 * any two hand-overs of a number are `interval` apart whoever made them: by construction, not by
 * timing. A text that is late (a busy machine, a slow provider call before it) past `end -
 * interval` first tries to move `end` on, which succeeds only when no later claim of the number
 * was made meanwhile; else it is not sent now but queued again for the number's next free slot.
 * The hand-over time is what the message records as sent_at.
 */
import type { AppContext } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { deliverClaimed, type ClaimedMessage, type Outcome } from './deliver.ts';
import type { Sleep } from './infobip-client.ts';
import type { SmsProvider } from './providers.ts';
import { extendSendSlot, releaseSendDay } from './store/senders.ts';

/** A late text moves the end of its claim's time this far past the moment it checks (the update's round trip). */
export const EXTEND_GRACE_MS = 200;

/** A claim's reserved time of one number, on the real clock (milliseconds). */
export interface SlotWindow {
  provider: string;
  sender: string;
  /** The number's next free time after this claim: the end of its reserved time. */
  end: number;
  /** The least time between two hand-overs. */
  interval: number;
  /** The last hand-over of this claim, if any. */
  last?: number;
  /** The UTC day the claim counted its texts in, and how many of them were not sent (given back after). */
  day?: string;
  refused?: number;
}

/**
 * Waits for the text's slot and the spacing after the previous hand-over, then returns the
 * hand-over time (now), or undefined when the claim's time is over and cannot be extended.
 */
export async function handOverAt(
  db: Handle,
  window: SlotWindow,
  { slotAt, sleep }: { slotAt: number; sleep: Sleep },
): Promise<number | undefined> {
  for (let tries = 0; tries < 3; tries += 1) {
    // A timer may fire a millisecond early by the wall clock: wait until the clock says so.
    const due = Math.max(slotAt, window.last === undefined ? 0 : window.last + window.interval);
    for (let wait = due - Date.now(); wait > 0; wait = due - Date.now()) await sleep(wait);
    const at = Date.now();
    if (at <= window.end - window.interval) {
      window.last = at;
      return at;
    }
    const end = at + EXTEND_GRACE_MS + window.interval;
    const moved = await extendSendSlot(db, {
      provider: window.provider,
      sender: window.sender,
      from: new Date(window.end),
      to: new Date(end),
    });
    if (!moved) break;
    window.end = end;
  }
  window.refused = (window.refused ?? 0) + 1;
  return undefined;
}

/** Gives back to their numbers' days the texts the claims counted but did not send. */
export async function releaseRefused(db: Handle, windows: Iterable<SlotWindow | undefined>): Promise<void> {
  for (const window of new Set(windows))
    if (window?.refused && window.day)
      await releaseSendDay(db, {
        provider: window.provider,
        sender: window.sender,
        day: window.day,
        count: window.refused,
      });
}

/** Provider calls in flight at once per pass (each sending number's texts go one after the other). */
const DELIVERY_CONCURRENCY = 16;

/**
 * Runs deliveries, every number's chain at once and at most DELIVERY_CONCURRENCY provider calls
 * in flight. Messages of one sending number go one after the other, each
 * no earlier than its slot (on the run's clock) and one interval after the previous actual send,
 * so a late send never squeezes the next one closer than the number allows.
 */
export async function deliverAll(
  ctx: AppContext,
  provider: SmsProvider,
  messages: ClaimedMessage[],
  { clock, now, claimedAt, sleep }: { clock: () => Date; now: Date; claimedAt?: number; sleep: Sleep },
): Promise<Outcome[]> {
  // The slots are on the run's clock from `now`: the real clock read at `claimedAt`, or a fixed
  // one (tests, a given time), which starts here.
  const started = claimedAt ?? Date.now();
  const chains = new Map<string, ClaimedMessage[]>();
  messages.forEach((m, i) => {
    const key = m.slotAt && m.from ? `sender:${m.from}` : `message:${i}`;
    chains.set(key, [...(chains.get(key) ?? []), m]);
  });
  const queue = [...chains.values()].map((chain) =>
    chain.sort((a, b) => (a.slotAt?.getTime() ?? 0) - (b.slotAt?.getTime() ?? 0)),
  );
  const outcomes: Outcome[] = [];
  // Every number's chain runs at once (mostly sleeping until its slots); provider calls are limited.
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const acquire = async (): Promise<void> => {
    if (inFlight < DELIVERY_CONCURRENCY) {
      inFlight += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };
  const runChain = async (chain: ClaimedMessage[]): Promise<void> => {
    let lastSent: number | undefined;
    for (const message of chain) {
      if (message.slotAt) {
        const bySlot = message.slotAt.getTime() - now.getTime() - (Date.now() - started);
        const byLast = lastSent === undefined ? 0 : lastSent + (message.intervalMs ?? 0) - Date.now();
        const wait = Math.max(bySlot, byLast);
        if (wait > 0) await sleep(wait);
      }
      await acquire();
      lastSent = Date.now();
      // On the real clock the hand-over waits for the text's turn once more (the provider calls
      // queued before it) and is refused past the claim's time; on a given clock it is that time.
      const window = message.window;
      const handOver =
        window && message.slotAt
          ? async (): Promise<Date | undefined> => {
              const at = await handOverAt(ctx.db, window, { slotAt: message.slotAt!.getTime(), sleep });
              return at === undefined ? undefined : new Date(at);
            }
          : undefined;
      try {
        outcomes.push(await deliverClaimed(ctx, provider, message, { clock, handOver }));
      } finally {
        release();
      }
    }
  };
  await Promise.all(queue.map(runChain));
  await releaseRefused(
    ctx.db,
    messages.map((m) => m.window),
  );
  return outcomes;
}
