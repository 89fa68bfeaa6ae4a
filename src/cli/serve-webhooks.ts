import { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { AppError, recordServer, removeServerRecord, serverRecordPath, type AppContext } from '../app/index.ts';
import { METRICS_COLLECTORS } from '../flows/index.ts';
import { buildHttpServer, listenProblem } from '../http/index.ts';
import { ROUTES } from './routes.ts';
import { parsePortFlag } from './flags.ts';
import { prepareDatabase } from './prepare.ts';
import { action, withContext, withExamples } from './run.ts';
import { untilSignal } from './signals.ts';

/**
 * Builds the HTTP server with every domain's routes and starts listening. A port in use or an
 * address this machine does not have is the user's to fix: one line naming the setting (exit 1).
 * Once listening, the address is recorded in `<RECLAIM_DATA_DIR>/http-server.json` (removed on
 * close) so other commands on the folder print links that reach this server.
 */
export async function listen(
  ctx: AppContext,
  {
    port,
    host = '0.0.0.0',
    portFrom = 'env',
    hostFrom = 'default',
  }: { port: number; host?: string; portFrom?: 'flag' | 'env'; hostFrom?: 'flag' | 'default' },
): Promise<FastifyInstance> {
  const app = await buildHttpServer(ctx, { routes: ROUTES, metrics: METRICS_COLLECTORS });
  let recorded = false;
  app.addHook('onClose', async () => {
    if (recorded) await removeServerRecord(ctx.config).catch(() => undefined);
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const problem = listenProblem(error, { port, host, portFrom, hostFrom });
    throw problem ? new AppError('invalid_input', problem, { code: 'cannot_listen', cause: error }) : error;
  }
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address : { address: host, port };
  try {
    await recordServer(ctx.config, { host: bound.address, port: bound.port });
    recorded = true;
  } catch (error) {
    ctx.logger.warn(
      { err: error, file: serverRecordPath(ctx.config) },
      'could not record where the server listens; links printed by other commands need PUBLIC_URL',
    );
  }
  return app;
}

export function serveWebhooksCommand(): Command {
  return withExamples(
    new Command('serve-webhooks')
      .description(
        'HTTP server: platform webhooks (verified, stored, acknowledged, queued), auth and panel API, the panel; /healthz and /readyz',
      )
      .option('--port <port>', 'port to listen on, 1 to 65535 (PORT)', (value: string) =>
        parsePortFlag('--port', value),
      )
      .option('--host <host>', 'address to bind', '0.0.0.0'),
    'reclaim serve-webhooks',
    'PORT=8080 reclaim serve-webhooks --host 127.0.0.1',
  ).action(
    action(async (opts: { port?: number; host: string }, command: Command) =>
      withContext(
        async (ctx) => {
          await prepareDatabase(ctx);
          const port = opts.port ?? ctx.config.PORT;
          const app = await listen(ctx, {
            port,
            host: opts.host,
            portFrom: opts.port === undefined ? 'env' : 'flag',
            hostFrom: command.getOptionValueSource('host') === 'default' ? 'default' : 'flag',
          });
          process.stderr.write(`Listening on http://${opts.host}:${port} (Ctrl-C to stop)\n`);
          await untilSignal();
          await app.close(); // stops accepting, lets in-flight requests finish
        },
        { poolMax: 20 },
      ),
    ),
  );
}
