import type { Knex } from 'knex';

// A knowledge-base card can come from a brand insight (`reclaim insights promote`): source
// 'insight', the insight's id in extra_data.brand_insight_id, found again through this index so
// that promoting an insight twice gives the same card.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table kb_cards drop constraint kb_cards_source_check`);
  await knex.raw(
    `alter table kb_cards add constraint kb_cards_source_check check (source in ('manual', 'flow', 'escalation', 'import', 'insight'))`,
  );
  await knex.raw(
    `create unique index kb_cards_brand_insight_unique on kb_cards (brand_id, ((extra_data->>'brand_insight_id'))) where source = 'insight'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index kb_cards_brand_insight_unique`);
  await knex.raw(`delete from kb_cards where source = 'insight'`);
  await knex.raw(`alter table kb_cards drop constraint kb_cards_source_check`);
  await knex.raw(
    `alter table kb_cards add constraint kb_cards_source_check check (source in ('manual', 'flow', 'escalation', 'import'))`,
  );
}
