/**
 * The seed of the send benches: brands, each with an Infobip SMS integration (its number and
 * rate), and texts to their own shoppers, due in an hour. Set-based.
 */
import type { roundDatabase } from './scale-out/processes.ts';
import { seedBrands, seedTexts } from './scale-out/seed.ts';

export const BRANDS = 100;
export type Db = Awaited<ReturnType<typeof roundDatabase>>['db'];
export const int = (n: number): string => Math.round(n).toLocaleString('en-US');

/**
 * Brands, each with an Infobip SMS integration (its number and rate), and `perBrand(i)` texts of
 * brand i, each to its own shopper, due in an hour. Set-based.
 */
export async function seed(
  db: Db,
  { perBrand, rate }: { perBrand: (i: number) => number; rate: (i: number) => number },
) {
  await seedBrands(db, BRANDS);
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
  await seedTexts(db, "now() + interval '1 hour'");
  return { total: counts.reduce((a, b) => a + b, 0), rates: new Map(brands.map((b, i) => [b, rates[i]!])) };
}
