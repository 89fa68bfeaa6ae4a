/**
 * Retry loops on p-retry with an injectable sleep (tests record the waits instead of sleeping
 * them). `retrying` is the general loop the HTTP client builds on; `retryAtFixedDelay` serves the
 * spec's own fixed rules (hook calls retried 5 times 1 s apart, contact initiation tried 3 times
 * 1 s apart).
 */
export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Carries a failure through p-retry as it was (p-retry treats TypeErrors and non-errors specially). */
class AttemptFailure extends Error {
  constructor(readonly failure: unknown) {
    super('attempt failed');
    this.name = 'AttemptFailure';
  }
}

/** p-retry, loaded on first use and kept (an import() per call resolved the module again each time). */
let pRetryModule: Promise<typeof import('p-retry')> | undefined;

/**
 * Runs `attempt` (numbered from 1) until it succeeds or `next` gives up. After a failure,
 * `next(failure, retries)` (retries made so far) returns how long to wait before the next attempt,
 * or undefined to stop; the last failure is then thrown as the attempt threw it.
 */
export async function retrying<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  next: (failure: unknown, retries: number) => number | undefined,
  sleep: Sleep = realSleep,
): Promise<T> {
  const { default: pRetry } = await (pRetryModule ??= import('p-retry'));
  try {
    return await pRetry(
      async (attemptNumber) => {
        try {
          return await attempt(attemptNumber);
        } catch (error) {
          throw new AttemptFailure(error);
        }
      },
      {
        retries: Number.POSITIVE_INFINITY,
        minTimeout: 0,
        shouldRetry: async ({ error, retriesConsumed }) => {
          const wait = next((error as AttemptFailure).failure, retriesConsumed);
          if (wait === undefined) return false;
          await sleep(wait);
          return true;
        },
      },
    );
  } catch (error) {
    throw error instanceof AttemptFailure ? error.failure : error;
  }
}

export interface FixedDelayOptions {
  /** Retries after the first attempt. */
  retries: number;
  delayMs: number;
  /** Which failures are worth another attempt (default: all). */
  shouldRetry?: (failure: unknown) => boolean;
  sleep?: Sleep;
}

/** Runs `attempt`, retrying a failure up to `retries` times, `delayMs` apart; the last failure is thrown. */
export function retryAtFixedDelay<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  { retries, delayMs, shouldRetry = () => true, sleep = realSleep }: FixedDelayOptions,
): Promise<T> {
  return retrying(attempt, (failure, done) => (done < retries && shouldRetry(failure) ? delayMs : undefined), sleep);
}
