/**
 * The seed of the send benches: brands, each with an Infobip SMS integration (its number and
 * rate), and texts to their own shoppers, due in an hour. Set-based.
 */
import type { roundDatabase } from './scale-out/processes.ts';

export const BRANDS = 100;
const BODY =
  'Hi Sam, you left something in your cart at Northwind: http://localhost:3000/r/AbC12345 Use LR-ABC234 for 10% off. Reply STOP to opt out.';

export type Db = Awaited<ReturnType<typeof roundDatabase>>['db'];
export const int = (n: number): string => Math.round(n).toLocaleString('en-US');

/** A zone where it is now between 9:00 and 19:00, so no text is held for quiet hours. */
export function daytimeZone(now = new Date()): string {
  const zones = ['America/Los_Angeles', 'America/New_York', 'Pacific/Honolulu', 'Europe/London', 'Asia/Kolkata'];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  return zones.find((zone) => hour(zone) >= 9 && hour(zone) < 19) ?? 'Asia/Tokyo';
}

/**
 * Brands, each with an Infobip SMS integration (its number and rate), and `perBrand(i)` texts of
 * brand i, each to its own shopper, due in an hour. Set-based.
 */
export async function seed(
  db: Db,
  { perBrand, rate }: { perBrand: (i: number) => number; rate: (i: number) => number },
) {
  await db.raw(`insert into tenants (name) select 'Bench tenant ' || g from generate_series(1, ?) g`, [BRANDS]);
  await db.raw(`insert into brands (tenant_id, name) select id, 'Bench brand ' || id from tenants`);
  await db('integrations')
    .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
    .onConflict('slug')
    .ignore();
  const brands: number[] = (await db('brands').orderBy('id').pluck('id')).map(Number);
  const rates = brands.map((_, i) => rate(i));
  const counts = brands.map((_, i) => perBrand(i));
  await db.raw(
    `insert into brand_integrations (brand_id, integration_id, lookup_id, status, is_enabled, settings)
     select b.id, i.id, 'ib-' || b.id, 'connected', true,
            jsonb_build_object('infobip_phone_number', '+1415555' || lpad((1000 + b.id % 9000)::text, 4, '0'),
                               'messages_per_second', r.rate, 'messages_per_day', 10000000)
       from unnest(?::bigint[], ?::float8[]) as r(brand_id, rate)
       join brands b on b.id = r.brand_id cross join (select id from integrations where slug = 'infobip') i`,
    [brands, rates],
  );
  await db.raw(
    `create temp table bench_rows as
       select row_number() over () as g, r.brand_id
         from unnest(?::bigint[], ?::int[]) as r(brand_id, n), generate_series(1, r.n)`,
    [brands, counts],
  );
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
     select brand_id, id, ?, 'outgoing', 'auto_queued', now() + interval '1 hour', true, '{"workflow_message": true}'::jsonb
       from conversations`,
    [BODY],
  );
  await db.raw('analyze');
  return { total: counts.reduce((a, b) => a + b, 0), rates: new Map(brands.map((b, i) => [b, rates[i]!])) };
}
