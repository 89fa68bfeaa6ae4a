import { Command } from 'commander';
import { AppError, isEmbedded } from '../app/index.ts';
import { checkSchemaDump, migrateLatest, migrationStatus, rollback, writeSchemaDump } from '../db/index.ts';
import { demoLogins, seedDemo } from '../demo/index.ts';
import { lastHeartbeat } from '../jobs/index.ts';
import {
  appliedMigrations,
  databaseStatus,
  databaseStatusText,
  rolledBackMigrations,
  seededDemo,
} from './format/db.ts';
import { prepareDatabase } from './prepare.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

export function dbCommand(): Command {
  const db = withExamples(
    new Command('db').description('database schema, status and demo data'),
    'reclaim db migrate',
    'reclaim db status --json',
  );

  withExamples(
    db
      .command('migrate')
      .description('apply every pending migration (and prepare the job queue)')
      .option('--json', 'print the result as JSON'),
    'reclaim db migrate',
    'DATABASE_URL=postgres://postgres@127.0.0.1:5432/reclaim reclaim db migrate --json',
  ).action(
    action(async (opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const applied = await prepareDatabase(ctx);
        if (opts.json) return printJson({ database: ctx.databaseLabel, applied });
        printLines(appliedMigrations(ctx.databaseLabel, applied));
      }),
    ),
  );

  withExamples(
    db
      .command('rollback')
      .description('undo the last batch of migrations, or all of them with --all')
      .option('--all', 'undo every migration')
      .option('--json', 'print the result as JSON'),
    'reclaim db rollback',
    'reclaim db rollback --all',
  ).action(
    action(async (opts: { all?: boolean; json?: boolean }) =>
      withContext(async (ctx) => {
        const undone = await rollback(ctx.db, { all: opts.all });
        if (opts.json) return printJson({ database: ctx.databaseLabel, rolled_back: undone });
        printLines(rolledBackMigrations(undone));
      }),
    ),
  );

  withExamples(
    db
      .command('status')
      .description('show applied and pending migrations and the last worker heartbeat')
      .option('--json', 'print the status as JSON'),
    'reclaim db status',
    'reclaim db status --json | jq .pending',
  ).action(
    action(async (opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const status = databaseStatus(ctx.databaseLabel, await migrationStatus(ctx.db), await lastHeartbeat(ctx.db));
        if (opts.json) return printJson(status);
        printLines(databaseStatusText(status));
      }),
    ),
  );

  withExamples(
    db
      .command('seed')
      .description('load the deterministic demo data set (idempotent)')
      .option('--demo', 'load the demo brands with 30 days of history (embedded database: with demo logins)')
      .option('--json', 'print the counts as JSON'),
    'reclaim db seed --demo',
    'reclaim db seed --demo --json',
  ).action(
    action(async (opts: { demo?: boolean; json?: boolean }) => {
      if (!opts.demo) throw new AppError('invalid_input', 'Say what to seed: --demo is the only data set so far.');
      await withContext(async (ctx) => {
        await migrateLatest(ctx.db);
        // Demo passwords only on the embedded (demo) database, never on a server.
        const embedded = isEmbedded(ctx.config);
        const result = await seedDemo(ctx, { demoPasswords: embedded });
        if (opts.json) return printJson(result.counts);
        printLines(seededDemo(result, embedded ? await demoLogins(ctx.db) : []));
      });
    }),
  );

  withExamples(
    db
      .command('dump')
      .description('write migrations/schema.sql from the migrations (or check it is current)')
      .option('--check', 'fail if migrations/schema.sql is stale'),
    'reclaim db dump',
    'reclaim db dump --check',
  ).action(
    action(async (opts: { check?: boolean }) =>
      withContext(async (ctx) => {
        if (opts.check) {
          const { current } = await checkSchemaDump({ serverUrl: ctx.databaseUrl });
          if (!current)
            throw new AppError(
              'invalid_input',
              'migrations/schema.sql is stale: run `npm run db:dump` and commit the result.',
            );
          return printLines('migrations/schema.sql is current.');
        }
        const { lines } = await writeSchemaDump({ serverUrl: ctx.databaseUrl });
        printLines(`Wrote migrations/schema.sql (${lines} lines).`);
      }),
    ),
  );

  return db;
}
