/**
 * Deliveries PostgreSQL's jsonb refuses (a `\u0000` escape, a lone surrogate), sent among valid
 * ones, and what ingestion queued for them.
 */
import { expect } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import type { TestDatabaseHandle } from './db.ts';

/** A text holding U+0000: JSON.stringify writes it as the escape `\u0000`, which jsonb refuses (22P05). */
export const NUL_TEXT = 'leave at the door\u0000 please';
/** A text holding a lone high surrogate: JSON.stringify writes `\ud800`, which jsonb refuses (22P02). */
export const LONE_SURROGATE_TEXT = 'half a pair \ud800 here';

/** What the processable copy holds in place of each: U+0000 removed, a lone surrogate as U+FFFD. */
export const PROCESSABLE: Record<string, string> = {
  [NUL_TEXT]: 'leave at the door please',
  [LONE_SURROGATE_TEXT]: 'half a pair \ufffd here',
};

/**
 * Runs the due jobs and returns the event ids of each `webhook:process-batch` job (the job one
 * ingestion statement queues), without processing them.
 */
export async function queuedBatches(ctx: AppContext): Promise<number[][]> {
  const batches: number[][] = [];
  await runDueJobs(ctx, {
    ...TASKS,
    'webhook:process-batch': async ({ payload }) => void batches.push([...payload.ids]),
  });
  return batches;
}

/** Each id is in exactly one queued batch. */
export function expectQueuedOnce(batches: number[][], ids: number[]): void {
  const queued = batches.flat();
  for (const id of ids)
    expect(
      queued.filter((q) => q === id),
      `event ${id} queued once`,
    ).toHaveLength(1);
}

/** The stored rows of one source, by event id. */
export async function storedEvents(
  t: TestDatabaseHandle,
  source: string,
  eventIds: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const rows = await t.db('webhook_events').where({ source }).whereIn('event_id', eventIds);
  return new Map(rows.map((row: Record<string, unknown>) => [String(row.event_id), row]));
}

/** Every status code, poisoned deliveries included, is 200: none is 500. */
export function expectAllAccepted(statuses: number[]): void {
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
}
