import type { Knex } from 'knex';

// Sending at carrier speed (issue 35).
//
// conversation_messages: a statement that inserts or updates outgoing texts that are queued and due
// within the minute notifies the channel `reclaim_send_due` (once per statement, whatever its
// rows), so the workers' sender lanes, listening on it, wake at once instead of at the next
// `send_due` tick. Statement-level with transition tables: a campaign batch of 2,000 texts costs
// one check, not 2,000.
//
// sms_send_slots: each sending number's pace, shared by every worker. next_send_at was already the
// number's next free send time (one text every 1/rate s: a token bucket of one token); the rate it
// was last planned with, its daily cap, the texts of the current day (UTC) and the texts handed to
// the provider in the current and the previous minute (the send rate the dashboard and /metrics
// show) join it.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table sms_send_slots
      add column per_second double precision,
      add column per_day integer,
      add column day date,
      add column day_count integer not null default 0,
      add column minute timestamptz,
      add column minute_count integer not null default 0,
      add column last_minute_count integer not null default 0;

    create function reclaim_notify_send_due() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from due_rows
                  where direction = 'outgoing' and status in ('auto_queued', 'queued')
                    and scheduled_for <= now() + interval '1 minute') then
        perform pg_notify('reclaim_send_due', '');
      end if;
      return null;
    end
    $$;
    create trigger conversation_messages_send_due_insert after insert on conversation_messages
      referencing new table as due_rows for each statement execute function reclaim_notify_send_due();
    create trigger conversation_messages_send_due_update after update on conversation_messages
      referencing new table as due_rows for each statement execute function reclaim_notify_send_due();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger conversation_messages_send_due_update on conversation_messages;
    drop trigger conversation_messages_send_due_insert on conversation_messages;
    drop function reclaim_notify_send_due();
    alter table sms_send_slots
      drop column per_second, drop column per_day, drop column day, drop column day_count,
      drop column minute, drop column minute_count, drop column last_minute_count;
  `);
}
