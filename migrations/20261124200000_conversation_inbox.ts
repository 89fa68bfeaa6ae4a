import type { Knex } from 'knex';

// The brand inbox.
//
// conversation_messages.user_id: the brand user who wrote an agent reply (null for workflow texts,
// automatic replies and the shopper's own messages). A deleted user leaves the message, authorless.
//
// conversations.last_read_at / last_read_user_id: when the inbox was last read and by whom; a
// conversation is unread while it has an incoming message newer than last_read_at.
//
// Search: the inbox searches phone numbers by any run of digits (`username like '%4155%'`) and
// names by prefix or substring (ilike); trigram indexes serve both without a scan of the brand's
// contacts. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
// The down migration keeps the extension (another migration may use it; unused it costs nothing).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create extension if not exists pg_trgm;

    alter table conversation_messages add column user_id bigint references users(id) on delete set null;
    create index conversation_messages_user_id_index on conversation_messages (user_id) where user_id is not null;

    alter table conversations
      add column last_read_at timestamptz,
      add column last_read_user_id bigint references users(id) on delete set null;
    create index conversations_last_read_user_id_index on conversations (last_read_user_id)
      where last_read_user_id is not null;

    create index contact_channels_username_trgm_index on contact_channels using gin (username gin_trgm_ops);
    create index contacts_given_name_trgm_index on contacts using gin (given_name gin_trgm_ops);
    create index contacts_family_name_trgm_index on contacts using gin (family_name gin_trgm_ops);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index contacts_family_name_trgm_index;
    drop index contacts_given_name_trgm_index;
    drop index contact_channels_username_trgm_index;
    drop index conversations_last_read_user_id_index;
    alter table conversations drop column last_read_user_id, drop column last_read_at;
    drop index conversation_messages_user_id_index;
    alter table conversation_messages drop column user_id;
  `);
}
