import { parseCronItems, type CronItem, type ParsedCronItem } from 'graphile-worker';
import type { TaskName } from './registry.ts';

export interface Schedule {
  name: string;
  task: TaskName;
  /** Crontab pattern (UTC). */
  pattern: string;
  /** How far back a missed run is made up after downtime; 0 = never. */
  backfillPeriodMs: number;
  description: string;
}

/** The worker's default schedules. Each can be overridden or turned off by configuration. */
export const DEFAULT_SCHEDULES: Schedule[] = [
  { name: 'db_health', task: 'db:health', pattern: '* * * * *', backfillPeriodMs: 0, description: 'record a worker heartbeat' },
  { name: 'pending_carts', task: 'stores:recheck-pending-carts', pattern: '*/10 * * * *', backfillPeriodMs: 0, description: 're-read no_identity BigCommerce carts of the last 24 h; reachable ones become pending' },
];

/**
 * Applies overrides from the environment: `SCHEDULE_<NAME>` = a crontab pattern, or `off`.
 * Example: SCHEDULE_DB_HEALTH="*\/5 * * * *".
 */
export function resolveSchedules(env: NodeJS.ProcessEnv, schedules: Schedule[] = DEFAULT_SCHEDULES): Schedule[] {
  const out: Schedule[] = [];
  for (const schedule of schedules) {
    const override = env[`SCHEDULE_${schedule.name.toUpperCase()}`]?.trim();
    if (override === 'off') continue;
    out.push(override ? { ...schedule, pattern: override } : schedule);
  }
  return out;
}

/**
 * graphile-worker's crontab runs each tick once across every worker on the database
 * (it records the last run per identifier), so several workers never double a run.
 */
export function toCronItems(schedules: Schedule[]): ParsedCronItem[] {
  const items: CronItem[] = schedules.map((schedule) => ({
    task: schedule.task,
    match: schedule.pattern,
    identifier: schedule.name,
    options: { backfillPeriod: schedule.backfillPeriodMs, jobKey: `cron:${schedule.name}`, jobKeyMode: 'replace', maxAttempts: 3 },
    payload: {},
  }));
  return parseCronItems(items);
}
