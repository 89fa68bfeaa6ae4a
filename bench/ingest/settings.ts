/** bench:ingest's settings, from the environment (see ../ingest.ts), and the shop it plays. */
export const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
export const DURATION = Number(process.env.BENCH_DURATION ?? 20);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const SECRET = 'bench-shopify-app-secret';
export const SHOP = 'bench-outfitters.myshopify.com';
