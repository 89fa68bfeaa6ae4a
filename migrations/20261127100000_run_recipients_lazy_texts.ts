import type { Knex } from 'knex';

// A run's audience is frozen as recipient rows only, in one insert … select; each queued
// recipient's conversation and first text are written when the send path claims it. The claim
// reads the recipients still without a conversation (partial index, emptied as the send goes on),
// and a conversation belongs to at most one recipient (unique), so a claimed recipient is linked,
// and texted, once.
// The freeze writes a row per contact of the brand in one statement, so the rows carry no per-row
// foreign-key checks: the brand is the run's; the contact, channel and conversation ids are notes,
// read back through joins by the send path (a contact or channel deleted since is left out); and a
// run's recipients go with the run through a statement-level trigger instead of a cascading key
// (the freeze inserts them under the run's lock, in the transaction that claimed the run).
// Contacts and conversations are never deleted on their own (a redaction clears a contact; a
// brand's deletion cascades through its workflows to their runs).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index workflow_run_recipients_unstarted_index on workflow_run_recipients (run_id, id)
      where outcome = 'queued' and conversation_id is null;
    drop index workflow_run_recipients_conversation_id_index;
    create unique index workflow_run_recipients_conversation_id_key on workflow_run_recipients (conversation_id)
      where conversation_id is not null;
    alter table workflow_run_recipients
      drop constraint workflow_run_recipients_brand_id_fkey,
      drop constraint workflow_run_recipients_contact_channel_id_fkey,
      drop constraint workflow_run_recipients_contact_id_fkey,
      drop constraint workflow_run_recipients_run_id_fkey,
      drop constraint workflow_run_recipients_conversation_id_fkey;
    drop index workflow_run_recipients_contact_channel_id_index;
    drop index workflow_run_recipients_contact_id_index;

    create function workflow_run_recipients_delete_with_runs() returns trigger language plpgsql as $$
    begin
      delete from workflow_run_recipients r using old_rows o where r.run_id = o.id;
      return null;
    end
    $$;
    create trigger workflow_run_recipients_delete_with_runs after delete on workflow_runs
      referencing old table as old_rows for each statement execute function workflow_run_recipients_delete_with_runs();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger workflow_run_recipients_delete_with_runs on workflow_runs;
    drop function workflow_run_recipients_delete_with_runs();
    delete from workflow_run_recipients r
     where not exists (select 1 from workflow_runs x where x.id = r.run_id)
        or not exists (select 1 from contacts c where c.id = r.contact_id);
    update workflow_run_recipients r set contact_channel_id = null
     where contact_channel_id is not null and not exists (select 1 from contact_channels ch where ch.id = r.contact_channel_id);
    update workflow_run_recipients r set conversation_id = null
     where conversation_id is not null and not exists (select 1 from conversations v where v.id = r.conversation_id);
    alter table workflow_run_recipients
      add constraint workflow_run_recipients_run_id_fkey foreign key (run_id) references workflow_runs(id) on delete cascade,
      add constraint workflow_run_recipients_contact_id_fkey foreign key (contact_id) references contacts(id) on delete cascade,
      add constraint workflow_run_recipients_contact_channel_id_fkey
        foreign key (contact_channel_id) references contact_channels(id) on delete set null,
      add constraint workflow_run_recipients_conversation_id_fkey
        foreign key (conversation_id) references conversations(id) on delete set null,
      add constraint workflow_run_recipients_brand_id_fkey foreign key (brand_id) references brands(id) on delete cascade;
    create index workflow_run_recipients_contact_id_index on workflow_run_recipients (contact_id);
    create index workflow_run_recipients_contact_channel_id_index on workflow_run_recipients (contact_channel_id);
    drop index workflow_run_recipients_unstarted_index;
    drop index workflow_run_recipients_conversation_id_key;
    create index workflow_run_recipients_conversation_id_index on workflow_run_recipients (conversation_id);
  `);
}
