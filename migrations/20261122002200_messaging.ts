import type { Knex } from 'knex';

// Sending: the per-number send rate limit lives in the database (not process memory) so every
// worker shares it; due messages are found through a partial index; messages stuck in 'sending'
// (a worker killed mid-send) are found through another.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table sms_send_slots (
      provider text not null,
      sender text not null,
      next_send_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (provider, sender)
    );
    create index conversation_messages_due_index on conversation_messages (scheduled_for, id)
      where direction = 'outgoing' and status in ('auto_queued', 'queued');
    create index conversation_messages_sending_index on conversation_messages (updated_at)
      where status = 'sending';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index conversation_messages_sending_index;
    drop index conversation_messages_due_index;
    drop table sms_send_slots;
  `);
}
