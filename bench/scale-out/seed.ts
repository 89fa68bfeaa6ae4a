/**
 * The send benches' seeds, set-based: `brands` tenants and brands with the Infobip catalogue
 * entry, then one shopper per row of the temp table `bench_rows (g, brand_id)` (subscribed, in a
 * zone where it is daytime) with a conversation and one marketing text, queued.
 */
import { daytimeZone } from '../../test/helpers/daytime.ts';
import type { roundDatabase } from './processes.ts';

type Db = Awaited<ReturnType<typeof roundDatabase>>['db'];

export const BODY =
  'Hi Sam, you left something in your cart at Northwind: http://localhost:3000/r/AbC12345 Use LR-ABC234 for 10% off. Reply STOP to opt out.';

/** `n` tenants with a brand each, and Infobip in the integrations catalogue. */
export async function seedBrands(db: Db, n: number): Promise<void> {
  await db.raw(`insert into tenants (name) select 'Bench tenant ' || g from generate_series(1, ?) g`, [n]);
  await db.raw(`insert into brands (tenant_id, name) select id, 'Bench brand ' || id from tenants`);
  await db('integrations')
    .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
    .onConflict('slug')
    .ignore();
}

/**
 * A shopper, a conversation and a queued text for each row of `bench_rows`; `scheduledFor` is the
 * SQL for the texts' time (a constant of the caller). Ends with `analyze`.
 */
export async function seedTexts(db: Db, scheduledFor: string): Promise<void> {
  await db.raw(
    `insert into contacts (brand_id, given_name, family_name, external_id) select brand_id, 'Sam', 'Bench', 'bench-' || g from bench_rows`,
  );
  await db.raw(
    `insert into contact_channels (brand_id, contact_id, type, username, status, compliance_type, consent_source, consented_at, extra_data)
     select c.brand_id, c.id, 'sms', '+1415' || lpad((2000000 + r.g)::text, 7, '0'), 'subscribed', 'p2p', 'bench', now(),
            jsonb_build_object('timezone', ?::text)
       from contacts c join bench_rows r on c.external_id = 'bench-' || r.g`,
    [daytimeZone()],
  );
  await db.raw(
    `insert into conversations (brand_id, contact_id, contact_channel_id) select brand_id, contact_id, id from contact_channels`,
  );
  await db.raw(
    `insert into conversation_messages (brand_id, conversation_id, body, direction, status, scheduled_for, is_marketing, extra_data)
     select brand_id, id, ?, 'outgoing', 'auto_queued', ${scheduledFor}, true, '{"workflow_message": true}'::jsonb
       from conversations`,
    [BODY],
  );
  await db.raw('analyze');
}
