declare module 'knex/lib/dialects/postgres/index.js' {
  import type { Knex } from 'knex';
  const PgClient: typeof Knex.Client;
  export default PgClient;
}
