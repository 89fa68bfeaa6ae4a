import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import {
  createDatabase,
  createDb,
  dropDatabase,
  dumpSchema,
  migrateLatest,
  migrationStatus,
  rollback,
} from '../db/index.ts';
import { lastHeartbeat, prepareQueue } from '../jobs/index.ts';
import { seedDemo } from '../demo/index.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const SCHEMA_FILE = fileURLToPath(new URL('../../migrations/schema.sql', import.meta.url));

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
        const applied = await migrateLatest(ctx.db);
        await prepareQueue(ctx);
        if (opts.json) return printJson({ database: ctx.databaseLabel, applied });
        printLines(
          applied.length
            ? `Applied ${applied.length} migration(s) on ${ctx.databaseLabel}:`
            : `Already up to date (${ctx.databaseLabel}).`,
          ...applied.map((name) => `  + ${name}`),
        );
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
        printLines(
          undone.length ? `Rolled back ${undone.length} migration(s):` : 'Nothing to roll back.',
          ...undone.map((name) => `  - ${name}`),
        );
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
        const migrations = await migrationStatus(ctx.db);
        const heartbeat = await lastHeartbeat(ctx.db);
        const applied = migrations.filter((m) => m.applied).length;
        const status = {
          database: ctx.databaseLabel,
          applied,
          pending: migrations.length - applied,
          migrations,
          last_heartbeat: heartbeat
            ? { worker: heartbeat.worker, recorded_at: heartbeat.recorded_at.toISOString() }
            : null,
        };
        if (opts.json) return printJson(status);
        printLines(
          `Database: ${status.database}`,
          ...migrations.map((m) => `  ${m.applied ? '[x]' : '[ ]'} ${m.name}`),
          `${applied} applied, ${status.pending} pending.`,
          `Last worker heartbeat: ${status.last_heartbeat ? `${status.last_heartbeat.recorded_at} (${status.last_heartbeat.worker})` : 'none yet (run `reclaim worker`)'}`,
        );
      }),
    ),
  );

  withExamples(
    db
      .command('seed')
      .description('load the deterministic demo data set (idempotent)')
      .option('--demo', 'load the demo brand, workflows, contacts, carts, orders and conversations')
      .option('--json', 'print the counts as JSON'),
    'reclaim db seed --demo',
    'reclaim db seed --demo --json',
  ).action(
    action(async (opts: { demo?: boolean; json?: boolean }) => {
      if (!opts.demo) throw new AppError('invalid_input', 'Say what to seed: --demo is the only data set so far.');
      await withContext(async (ctx) => {
        await migrateLatest(ctx.db);
        const result = await seedDemo(ctx.db);
        if (opts.json) return printJson(result.counts);
        printLines(
          result.created ? 'Demo data loaded:' : 'Demo data already present; nothing changed:',
          ...Object.entries(result.counts).map(([key, value]) => `  ${key.padEnd(14)} ${value}`),
        );
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
        const name = `reclaim_dump_${process.pid}_${Date.now()}`;
        const url = await createDatabase(ctx.databaseUrl, name);
        const scratch = createDb({ url, pool: { max: 1 } });
        let schema: string;
        try {
          await migrateLatest(scratch);
          schema = await dumpSchema(scratch);
        } finally {
          await scratch.destroy();
          await dropDatabase(ctx.databaseUrl, name);
        }
        if (opts.check) {
          const committed = await readFile(SCHEMA_FILE, 'utf8').catch(() => '');
          if (committed !== schema)
            throw new AppError(
              'invalid_input',
              'migrations/schema.sql is stale: run `npm run db:dump` and commit the result.',
            );
          return printLines('migrations/schema.sql is current.');
        }
        await writeFile(SCHEMA_FILE, schema);
        printLines(`Wrote migrations/schema.sql (${schema.split('\n').length} lines).`);
      }),
    ),
  );

  return db;
}
