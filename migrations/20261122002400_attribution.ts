import type { Knex } from 'knex';

// Attribution: one evidence-ledger row per order (a re-run replaces it), at most one workflow goal
// and one 'converted' / 'recovered' goal event per order, so attributing an order twice can never
// bill or count it twice; the brand's attribution settings are checked where they are stored
// (see src/attribution/rules.ts for their meaning and defaults).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index attribution_evidence_order_id_index;
    create unique index attribution_evidence_order_id_key on attribution_evidence (order_id);
    create unique index workflow_goals_order_id_key on workflow_goals (order_id) where order_id is not null;
    create unique index workflow_goal_state_change_events_order_goal_key
      on workflow_goal_state_change_events (order_id, state)
      where order_id is not null and state in ('converted', 'recovered');
    alter table brands
      add constraint brands_attribution_type_check
        check (attribution_type is null or attribution_type in ('last_touch', 'first_touch', 'code_only')),
      add constraint brands_attribution_hard_cap_check
        check (attribution_hard_cap is null or (attribution_hard_cap >= 0 and attribution_hard_cap <= 365));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table brands drop constraint brands_attribution_hard_cap_check, drop constraint brands_attribution_type_check;
    drop index workflow_goal_state_change_events_order_goal_key;
    drop index workflow_goals_order_id_key;
    drop index attribution_evidence_order_id_key;
    create index attribution_evidence_order_id_index on attribution_evidence (order_id);
  `);
}
