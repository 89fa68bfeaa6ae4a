import type { Knex } from 'knex';

// A worker killed with its jobs locked strands them until graphile-worker's own four-hour lock
// timeout. Each running worker now has a row here, keyed by the id graphile-worker locks its jobs
// with, and refreshes heartbeat_at while it runs; a worker silent for longer than
// WORKER_STALE_AFTER_SECONDS has its jobs released through graphile-worker's forceUnlockWorkers
// (released_at set). A graceful stop sets stopped_at.
//
// webhook_events.status_at is when the event's status last changed (stored, an attempt began or
// ended, replayed), so "processing for longer than N minutes" can be asked of the event itself.
// Existing rows take the time of their last known change.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table job_workers (
      worker_id text primary key,
      hostname text not null,
      pid integer not null,
      started_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      stopped_at timestamptz,
      released_at timestamptz
    );
    create index job_workers_running_heartbeat_index on job_workers (heartbeat_at)
      where stopped_at is null and released_at is null;

    alter table webhook_events add column status_at timestamptz;
    update webhook_events set status_at = coalesce(processed_at, received_at);
    alter table webhook_events alter column status_at set default now(), alter column status_at set not null;
    create index webhook_events_unfinished_status_at_index on webhook_events (status_at)
      where status in ('pending', 'processing');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index webhook_events_unfinished_status_at_index;
    alter table webhook_events drop column status_at;
    drop table job_workers;
  `);
}
