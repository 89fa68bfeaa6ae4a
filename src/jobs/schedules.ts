import type { CronItem, ParsedCronItem } from 'graphile-worker';
import { graphileWorker } from './graphile-worker.ts';
import { isTaskName } from './payloads.ts';

export interface Schedule {
  name: string;
  /** The task it queues; a schedule whose task does not exist yet is left out. */
  task: string;
  /** Crontab pattern (UTC). */
  pattern: string;
  /** How far back a missed run is made up after downtime; 0 = never. */
  backfillPeriodMs: number;
  description: string;
}

/** The worker's default schedules. Each can be overridden or turned off by configuration. */
export const DEFAULT_SCHEDULES: Schedule[] = [
  {
    name: 'db_health',
    task: 'db:health',
    pattern: '* * * * *',
    backfillPeriodMs: 0,
    description: 'record a worker heartbeat',
  },
  {
    name: 'release_stale_workers',
    task: 'jobs:release-stale-workers',
    pattern: '* * * * *',
    backfillPeriodMs: 0,
    description:
      'release the jobs of workers silent for WORKER_STALE_AFTER_SECONDS (each worker also checks at every heartbeat)',
  },
  {
    name: 'run_candidates',
    task: 'workflows:run-candidates',
    pattern: '* * * * *',
    backfillPeriodMs: 0,
    description: 'select candidates and start conversations for every runnable workflow',
  },
  {
    name: 'start_due_runs',
    task: 'workflows:start-due-runs',
    pattern: '* * * * *',
    backfillPeriodMs: 0,
    description: 'start the due campaigns and scheduled-flow runs: freeze their audience and queue their texts',
  },
  {
    name: 'send_due',
    task: 'messages:send-due',
    pattern: '* * * * *',
    backfillPeriodMs: 0,
    description: 'send the messages that are due (run-candidates also queues it right away)',
  },
  {
    name: 'insights_batch',
    task: 'insights:batch',
    pattern: '0 3 * * *',
    backfillPeriodMs: 0,
    description:
      "group shoppers' messages of the last 5 days into brand insights (the model when LLM_MODEL is set, else the local analyser)",
  },
  {
    name: 'billing_sync',
    task: 'billing:sync',
    pattern: '0 * * * *',
    backfillPeriodMs: 3_600_000,
    description: 'reconcile subscriptions with Stripe and Shopify, create and push usage charges',
  },
  {
    name: 'analytics_refresh',
    task: 'analytics:refresh',
    pattern: '* * * * *',
    backfillPeriodMs: 0,
    description: "recompute the analytics rollups' changed hours (reports stay exact without it, only slower)",
  },
  {
    name: 'pending_carts',
    task: 'stores:recheck-pending-carts',
    pattern: '*/10 * * * *',
    backfillPeriodMs: 0,
    description: 're-read no_identity BigCommerce carts of the last 24 h; reachable ones become pending',
  },
  {
    name: 'tendlc_poll',
    task: 'messaging:poll-registrations',
    pattern: '*/10 * * * *',
    backfillPeriodMs: 0,
    description: '10DLC registrations waiting on Infobip: read brand and campaign statuses (no webhook needed)',
  },
  {
    name: 'agent_store_facts',
    task: 'agent:import-facts',
    pattern: '20 4 * * *',
    backfillPeriodMs: 0,
    description:
      "read the FAQ, terms, shipping and returns pages of brands whose shopper agent is on into KB cards of source 'import'",
  },
];

/**
 * The schedule settings of the configuration: `SCHEDULE_<NAME>` = a crontab pattern, or `off`
 * (validated when the configuration is loaded).
 */
export type ScheduleOverrides = { readonly [key: `SCHEDULE_${string}`]: string | undefined };

/**
 * The schedules with their overrides applied. Example: SCHEDULE_DB_HEALTH="*\/5 * * * *" runs
 * db_health every five minutes; SCHEDULE_DB_HEALTH=off leaves it out.
 */
export function resolveSchedules(overrides: ScheduleOverrides, schedules: Schedule[] = DEFAULT_SCHEDULES): Schedule[] {
  const out: Schedule[] = [];
  for (const schedule of schedules) {
    if (!isTaskName(schedule.task)) continue;
    const override = overrides[`SCHEDULE_${schedule.name.toUpperCase()}`]?.trim();
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
    options: {
      backfillPeriod: schedule.backfillPeriodMs,
      jobKey: `cron:${schedule.name}`,
      jobKeyMode: 'replace',
      maxAttempts: 3,
    },
    payload: {},
  }));
  return graphileWorker().parseCronItems(items);
}
