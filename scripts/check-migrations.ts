// Checks the migrations against a throwaway database: up (in filename order), a cascade smoke
// test, down (in reverse, must leave nothing behind), up again (must give the same schema).
// Usage: npx tsx scripts/check-migrations.ts [database-name]
// The server is MIGCHECK_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const adminUrl = process.env.MIGCHECK_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.argv[2] ?? 'reclaim_migcheck';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`bad database name: ${dbName}`);
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

async function loadMigrations(): Promise<Array<{ name: string; mod: Migration }>> {
  const names = (await readdir(migrationsDir)).filter((f) => /^\d+_\w+\.ts$/.test(f)).sort();
  const out: Array<{ name: string; mod: Migration }> = [];
  for (const name of names) {
    const mod = (await import(pathToFileURL(path.join(migrationsDir, name)).href)) as Migration;
    if (typeof mod.up !== 'function' || typeof mod.down !== 'function') throw new Error(`${name}: needs up and down`);
    out.push({ name, mod });
  }
  return out;
}

async function schemaSnapshot(db: Knex): Promise<string> {
  const q = async (sql: string): Promise<unknown[]> => (await db.raw(sql)).rows as unknown[];
  const parts = await Promise.all([
    q(`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_schema = 'public' order by table_name, column_name`),
    q(`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`),
    q(`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
       where connamespace = 'public'::regnamespace order by conname`),
  ]);
  return JSON.stringify(parts);
}

async function count(db: Knex, sql: string): Promise<number> {
  return Number(((await db.raw(sql)).rows as Array<{ n: string }>)[0].n);
}

// Deleting a brand must take all its rows with it, even orders (which block deleting only the
// integration), and keep compliance rows (privacy_requests) with brand_id set null.
async function cascadeSmoke(db: Knex): Promise<void> {
  const rollback = new Error('rollback');
  await db
    .transaction(async (trx) => {
      const one = async (sql: string): Promise<number> =>
        Number(((await trx.raw(sql)).rows as Array<{ id: string }>)[0].id);
      const tenant = await one(`insert into tenants (name) values ('t') returning id`);
      const brand = await one(`insert into brands (tenant_id, name) values (${tenant}, 'b') returning id`);
      const integ = await one(
        `insert into integrations (name, slug, category) values ('Shopify', 'shopify', 'ecommerce') returning id`,
      );
      const bi = await one(
        `insert into brand_integrations (brand_id, integration_id, lookup_id) values (${brand}, ${integ}, 'x.myshopify.com') returning id`,
      );
      const contact = await one(`insert into contacts (brand_id) values (${brand}) returning id`);
      const channel = await one(
        `insert into contact_channels (brand_id, contact_id, username) values (${brand}, ${contact}, '+15555550100') returning id`,
      );
      const cart = await one(
        `insert into carts (brand_id, brand_integration_id, external_id, contact_id) values (${brand}, ${bi}, 'c1', ${contact}) returning id`,
      );
      const wf = await one(
        `insert into workflows (brand_id, name, type) values (${brand}, 'Cart Flow', 'cart') returning id`,
      );
      const order = await one(
        `insert into orders (brand_id, brand_integration_id, external_id, cart_id, workflow_id) values (${brand}, ${bi}, 'o1', ${cart}, ${wf}) returning id`,
      );
      const conv = await one(
        `insert into conversations (brand_id, workflow_id, contact_channel_id, order_id) values (${brand}, ${wf}, ${channel}, ${order}) returning id`,
      );
      await trx.raw(
        `insert into conversation_messages (brand_id, conversation_id, body, direction, status) values (${brand}, ${conv}, 'hi', 'outgoing', 'queued')`,
      );
      await trx.raw(
        `insert into flow_events (brand_id, workflow_id, event_id, event_type, state) values (${brand}, ${wf}, ${cart}, 'cart', 'started')`,
      );
      const plan = await one(`insert into plans (name, price) values ('Basic', 99) returning id`);
      const sub = await one(`insert into subscriptions (brand_id, plan_id) values (${brand}, ${plan}) returning id`);
      await trx.raw(
        `insert into subscription_charges (subscription_id, brand_id, plan_id, order_id, amount, type) values (${sub}, ${brand}, ${plan}, ${order}, 1.50, 'usage')`,
      );
      await trx.raw(
        `insert into privacy_requests (brand_id, topic, shop_domain) values (${brand}, 'shop/redact', 'x.myshopify.com')`,
      );

      await trx.raw('savepoint dup');
      const dup = await trx
        .raw(
          `insert into subscription_charges (subscription_id, brand_id, plan_id, order_id, amount, type) values (${sub}, ${brand}, ${plan}, ${order}, 1.50, 'usage')`,
        )
        .then(
          () => 'inserted',
          (e: { code?: string }) => e.code,
        );
      if (dup !== '23505') throw new Error(`second usage charge for one order: expected unique violation, got ${dup}`);
      await trx.raw('rollback to savepoint dup');

      await trx.raw(`delete from workflows where id = ${wf}`);
      if ((await count(trx, `select count(*) as n from orders where workflow_id is null`)) !== 1)
        throw new Error('orders.workflow_id not set null');
      await trx.raw(`delete from brands where id = ${brand}`);
      for (const t of [
        'brand_integrations',
        'contacts',
        'contact_channels',
        'carts',
        'orders',
        'conversations',
        'conversation_messages',
        'flow_events',
        'subscriptions',
        'subscription_charges',
      ]) {
        const n = await count(trx, `select count(*) as n from ${t}`);
        if (n !== 0) throw new Error(`brand delete left ${n} rows in ${t}`);
      }
      if ((await count(trx, `select count(*) as n from privacy_requests where brand_id is null`)) !== 1)
        throw new Error('privacy request not kept');
      throw rollback; // leave nothing behind
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
}

async function main(): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`drop database if exists ${dbName} with (force)`);
    await admin.raw(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const db = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 2 } });
    try {
      const migrations = await loadMigrations();
      const runUp = async (): Promise<void> => {
        for (const { name, mod } of migrations) {
          await db
            .transaction((trx) => mod.up(trx))
            .catch((e: unknown) => {
              throw new Error(`${name} up: ${String(e)}`);
            });
        }
      };
      await runUp();
      const tables = await count(
        db,
        `select count(*) as n from information_schema.tables where table_schema = 'public'`,
      );
      const first = await schemaSnapshot(db);
      console.log(`up: ${migrations.length} migrations, ${tables} tables`);

      await cascadeSmoke(db);
      console.log('cascade smoke test: ok');

      for (const { name, mod } of [...migrations].reverse()) {
        await db
          .transaction((trx) => mod.down(trx))
          .catch((e: unknown) => {
            throw new Error(`${name} down: ${String(e)}`);
          });
      }
      const left = await count(db, `select count(*) as n from pg_class where relnamespace = 'public'::regnamespace`);
      if (left !== 0) throw new Error(`down left ${left} relations behind`);
      console.log('down: ok, schema empty');

      await runUp();
      if ((await schemaSnapshot(db)) !== first) throw new Error('second up gave a different schema');
      console.log('up again: ok, same schema');
    } finally {
      await db.destroy();
    }
    await admin.raw(`drop database ${dbName} with (force)`);
    console.log(`dropped ${dbName}; migrations OK`);
  } finally {
    await admin.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
