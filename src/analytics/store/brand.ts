/** The brand facts every brand report needs: its name, time zone and discount code prefixes. */
import type { Handle } from '../../db/index.ts';
import type { BrandCodePrefix } from '../rules-messages.ts';

export interface StatsBrand {
  id: number;
  name: string;
  timezone: string;
  industry: string | null;
}

export async function statsBrand(db: Handle, brandId: number): Promise<StatsBrand | undefined> {
  const row = await db('brands').where({ id: brandId }).first('id', 'name', 'timezone', 'industry');
  return row
    ? { id: Number(row.id), name: row.name, timezone: row.timezone, industry: row.industry ?? null }
    : undefined;
}

/** The brand's own code prefixes (discount_rules.extra_data.code_prefix), static or not. */
export async function brandCodePrefixes(db: Handle, brandId: number): Promise<BrandCodePrefix[]> {
  const rows = await db('discount_rules')
    .where({ brand_id: brandId })
    .whereRaw(`coalesce(extra_data->>'code_prefix', '') <> ''`)
    .distinct<Array<{ prefix: string; is_static: boolean }>>(
      db.raw(`extra_data->>'code_prefix' as prefix`),
      db.raw(`coalesce(extra_data->>'type', 'dynamic') = 'static' as is_static`),
    );
  return rows.map((r) => ({ prefix: r.prefix, isStatic: r.is_static }));
}
