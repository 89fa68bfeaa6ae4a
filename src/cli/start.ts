import { Command } from 'commander';
import { migrateLatest } from '../db/index.ts';
import { databaseIsEmpty, demoOverview, seedDemo, type DemoOverview } from '../demo/index.ts';
import { prepareQueue, startWorker } from '../jobs/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';
import { listen } from './serve.ts';
import { untilSignal } from './signals.ts';
import { TASKS } from './tasks.ts';

function describe(overview: DemoOverview, database: string, seeded: boolean): string[] {
  const states = Object.entries(overview.carts_by_state)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
  return [
    `Reclaim is running on ${database}.`,
    seeded ? 'The database was empty, so the demo data set was loaded.' : 'Using the data already in the database.',
    '',
    `  brands         ${overview.brands}${overview.brand_names.length ? ` (${overview.brand_names.join(', ')})` : ''}`,
    `  workflows      ${overview.workflows}`,
    `  contacts       ${overview.contacts}`,
    `  carts          ${overview.carts}${states ? ` (${states})` : ''}`,
    `  orders         ${overview.orders}`,
    `  conversations  ${overview.conversations}`,
    '',
    'Next:',
    '  reclaim db status          migrations and the last worker heartbeat',
    '  reclaim --help             every command',
  ];
}

export function startCommand(): Command {
  return withExamples(
    new Command('start')
      .description(
        'run Reclaim in one process: database (embedded unless DATABASE_URL is set), migrations, demo data when empty, the HTTP server and the worker',
      )
      .option('--once', 'print what is there and exit (for scripts and CI)')
      .option('--no-seed', 'do not load the demo data into an empty database')
      .option('--port <port>', 'HTTP port (PORT)')
      .option('--json', 'with --once: print the overview as JSON'),
    'npm start',
    'reclaim start --once --json',
  ).action(
    action(async (opts: { once?: boolean; seed: boolean; json?: boolean; port?: string }) =>
      withContext(
        async (ctx) => {
          await ctx.secrets(); // generated once in embedded mode; required in server mode
          await migrateLatest(ctx.db);
          await prepareQueue(ctx);
          const seeded = opts.seed && (await databaseIsEmpty(ctx.db));
          if (seeded) await seedDemo(ctx.db);
          const overview = await demoOverview(ctx.db);
          if (opts.json) printJson({ database: ctx.databaseLabel, seeded, ...overview });
          else printLines(...describe(overview, ctx.databaseLabel, seeded));
          if (opts.once) return;

          const app = await listen(ctx, { port: opts.port ? parseIntegerFlag('--port', opts.port) : ctx.config.PORT });
          const worker = await startWorker(ctx, TASKS);
          const address = app.server.address();
          const port = typeof address === 'object' && address ? address.port : ctx.config.PORT;
          process.stderr.write(
            `\nServing webhooks, API and panel on http://localhost:${port}; worker running. Press Ctrl-C to stop.\n`,
          );
          await Promise.race([untilSignal(), worker.done]);
          await app.close();
          await worker.stop();
        },
        { poolMax: 10 },
      ),
    ),
  );
}
