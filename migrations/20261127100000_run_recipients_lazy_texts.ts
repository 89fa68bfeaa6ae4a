import type { Knex } from 'knex';

// A run's audience is frozen as recipient rows only; each queued recipient's conversation and
// first text are written when the send path claims it. The claim reads the recipients still
// without a conversation (partial index, emptied as the send goes on), and a conversation belongs
// to at most one recipient (unique), so a claimed recipient is linked, and texted, once.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index workflow_run_recipients_unstarted_index on workflow_run_recipients (run_id, id)
      where outcome = 'queued' and conversation_id is null;
    drop index workflow_run_recipients_conversation_id_index;
    create unique index workflow_run_recipients_conversation_id_key on workflow_run_recipients (conversation_id)
      where conversation_id is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index workflow_run_recipients_unstarted_index;
    drop index workflow_run_recipients_conversation_id_key;
    create index workflow_run_recipients_conversation_id_index on workflow_run_recipients (conversation_id);
  `);
}
