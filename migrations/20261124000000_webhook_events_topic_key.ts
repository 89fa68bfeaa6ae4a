import type { Knex } from 'knex';

// Webhook de-duplication is per platform event *and topic*. Shopify's X-Shopify-Event-Id names the
// merchant action, and one action can be delivered on several topics (orders/create and
// orders/paid, say) under the same id; a redelivery always repeats both id and topic. Keying on
// (source, event_id) alone would drop the second topic as a duplicate. Stripe, BigCommerce and
// Infobip ids name one delivery each, so adding the topic changes nothing for them.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unique index webhook_events_source_event_id_topic_key
      on webhook_events (source, event_id, (coalesce(topic, '')));
    alter table webhook_events drop constraint webhook_events_source_event_id_key;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table webhook_events add constraint webhook_events_source_event_id_key unique (source, event_id);
    drop index webhook_events_source_event_id_topic_key;
  `);
}
