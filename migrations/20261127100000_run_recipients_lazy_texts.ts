import type { Knex } from 'knex';

// A run's audience is frozen as recipient rows only, in one insert … select; each queued
// recipient's conversation and first text are written when the send path claims it. The claim
// reads the recipients still without a conversation (partial index, emptied as the send goes on),
// and a conversation belongs to at most one recipient (unique), so a claimed recipient is linked,
// and texted, once. The freeze writes a row per contact of the brand, so the row carries only the
// checks it needs: the run's foreign key (it cascades from the workflow and the brand); the brand
// is the run's; the contact and channel ids are notes of the contact and channel chosen at freeze
// time, read back through joins by the send path (a contact or channel deleted since is left out),
// not foreign keys. Contacts are never deleted on their own (a redaction clears them; a brand's
// deletion cascades through its runs).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index workflow_run_recipients_unstarted_index on workflow_run_recipients (run_id, id)
      where outcome = 'queued' and conversation_id is null;
    drop index workflow_run_recipients_conversation_id_index;
    create unique index workflow_run_recipients_conversation_id_key on workflow_run_recipients (conversation_id)
      where conversation_id is not null;
    alter table workflow_run_recipients drop constraint workflow_run_recipients_brand_id_fkey;
    alter table workflow_run_recipients drop constraint workflow_run_recipients_contact_channel_id_fkey;
    drop index workflow_run_recipients_contact_channel_id_index;
    alter table workflow_run_recipients drop constraint workflow_run_recipients_contact_id_fkey;
    drop index workflow_run_recipients_contact_id_index;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    delete from workflow_run_recipients r where not exists (select 1 from contacts c where c.id = r.contact_id);
    alter table workflow_run_recipients add constraint workflow_run_recipients_contact_id_fkey
      foreign key (contact_id) references contacts(id) on delete cascade;
    create index workflow_run_recipients_contact_id_index on workflow_run_recipients (contact_id);
    create index workflow_run_recipients_contact_channel_id_index on workflow_run_recipients (contact_channel_id);
    update workflow_run_recipients r set contact_channel_id = null
     where contact_channel_id is not null and not exists (select 1 from contact_channels ch where ch.id = r.contact_channel_id);
    alter table workflow_run_recipients add constraint workflow_run_recipients_contact_channel_id_fkey
      foreign key (contact_channel_id) references contact_channels(id) on delete set null;
    alter table workflow_run_recipients add constraint workflow_run_recipients_brand_id_fkey
      foreign key (brand_id) references brands(id) on delete cascade;
    drop index workflow_run_recipients_unstarted_index;
    drop index workflow_run_recipients_conversation_id_key;
    create index workflow_run_recipients_conversation_id_index on workflow_run_recipients (conversation_id);
  `);
}
