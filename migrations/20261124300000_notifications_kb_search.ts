import type { Knex } from 'knex';

// Notifications the product raises itself, and the knowledge base's full-text search.
//
// notifications.audience: 'all' (the default) or 'staff'. A notification with no user and no
// tenant is global: seen by every user, or, with audience 'staff', by staff users only (the
// dead-lettered webhooks and failed billing syncs ops act on). A staff notification is never
// addressed to a user or a tenant.
// notifications.dedupe_key: what raised it ('webhook_dead_letter:42'); unique, so a cause raises
// one notification however often it is seen. Notifications sent by hand have none.
// notifications.updated_at: set when a notification is edited.
//
// kb_cards: a GIN index on the weighted text vector of title (A) and content (B); the knowledge
// base's search uses exactly this expression (src/insights/kb/store.ts, KB_VECTOR_SQL).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table notifications
      add column audience text not null default 'all',
      add column dedupe_key text,
      add column updated_at timestamptz not null default now(),
      add constraint notifications_audience_check check (audience in ('all', 'staff')),
      add constraint notifications_staff_unaddressed_check
        check (audience = 'all' or (user_id is null and tenant_id is null)),
      add constraint notifications_dedupe_key_key unique (dedupe_key);

    create index kb_cards_search_index on kb_cards using gin (
      (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
        || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B'))
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index kb_cards_search_index;
    alter table notifications
      drop constraint notifications_dedupe_key_key,
      drop constraint notifications_staff_unaddressed_check,
      drop constraint notifications_audience_check,
      drop column updated_at,
      drop column dedupe_key,
      drop column audience;
  `);
}
