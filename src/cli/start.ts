import { Command } from 'commander';
import { isEmbedded } from '../app/index.ts';
import { databaseIsEmpty, demoLogins, demoOverview, seedDemo } from '../demo/index.ts';
import { startWorker } from '../jobs/index.ts';
import { startSendLanes } from '../messaging/index.ts';
import { parsePortFlag } from './flags.ts';
import { panelLines, startOverview } from './format/start.ts';
import { ensurePanelBuilt } from './panel-build.ts';
import { prepareDatabase } from './prepare.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';
import { listen } from './serve-webhooks.ts';
import { untilSignal } from './signals.ts';
import { TASKS } from './tasks.ts';

/** `start` is a local demo that prints demo passwords: it listens on this machine only unless told otherwise. */
export const START_HOST = '127.0.0.1';

export function startCommand(): Command {
  return withExamples(
    new Command('start')
      .description(
        'run Reclaim in one process: database (embedded unless DATABASE_URL is set), migrations, demo data when empty, the HTTP server and the worker',
      )
      .option('--once', 'print what is there and exit (for scripts and CI)')
      .option('--no-seed', 'do not load the demo data into an empty database')
      .option('--port <port>', 'HTTP port, 1 to 65535 (PORT)', (value: string) => parsePortFlag('--port', value))
      .option(
        '--host <host>',
        'address to bind: this machine only by default (it prints demo passwords); 0.0.0.0 for every interface',
        START_HOST,
      )
      .option('--json', 'with --once: print the overview as JSON'),
    'npm start',
    'reclaim start --once --json',
    'reclaim start --host 0.0.0.0 --port 8080',
  ).action(
    action(async (opts: { once?: boolean; seed: boolean; json?: boolean; port?: number; host: string }) =>
      withContext(
        async (ctx) => {
          await ctx.secrets(); // generated once in embedded mode; required in server mode
          await prepareDatabase(ctx);
          // The demo users get (and `start` prints) their demo passwords only on the embedded
          // database, a local demo; on a server (DATABASE_URL) they have none and none is printed.
          const embedded = isEmbedded(ctx.config);
          const seeded = opts.seed && (await databaseIsEmpty(ctx.db));
          if (seeded) await seedDemo(ctx, { demoPasswords: embedded });
          const overview = await demoOverview(ctx.db);
          const logins = embedded ? await demoLogins(ctx.db) : [];
          if (opts.json)
            printJson({
              database: ctx.databaseLabel,
              seeded,
              ...overview,
              ...(embedded ? { demo_logins: logins } : {}),
            });
          else printLines(startOverview(overview, ctx.databaseLabel, seeded, logins));
          if (opts.once) return;

          await ensurePanelBuilt((line) => process.stderr.write(`${line}\n`));
          const app = await listen(ctx, {
            port: opts.port ?? ctx.config.PORT,
            host: opts.host,
            portFrom: opts.port ? 'flag' : 'env',
            hostFrom: 'flag',
          });
          const worker = await startWorker(ctx, TASKS);
          const sendLanes = startSendLanes(ctx);
          const address = app.server.address();
          const port = typeof address === 'object' && address ? address.port : ctx.config.PORT;
          const bound = typeof address === 'object' && address ? address.address : opts.host;
          process.stderr.write(
            `\nServing webhooks, API and panel on http://localhost:${port} (listening on ${bound}:${port}); worker running. Press Ctrl-C to stop.\n`,
          );
          printLines(panelLines(`http://localhost:${port}/`, logins));
          await Promise.race([untilSignal(), worker.done]);
          await app.close();
          await sendLanes.stop();
          await worker.stop();
        },
        { poolMax: 10 },
      ),
    ),
  );
}
