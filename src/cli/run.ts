import path from 'node:path';
import type { Command } from 'commander';
import {
  coerceError,
  createLogger,
  GENERIC_INTERNAL_MESSAGE,
  isAppError,
  isEmbedded,
  loadConfig,
  type AppContext,
  type Config,
  type ContextOptions,
} from '../app/index.ts';
import { databaseConnectionError } from '../db/index.ts';
import { createAppContext } from './context.ts';

/** Results go to stdout; everything else (logs, progress, errors) to stderr. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLines(...lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

const wantsJson = (argv: string[]): boolean => argv.includes('--json');

/** One handler turns anything thrown into output and an exit code (1 user error, 2 ours). */
export function reportError(error: unknown, { json = wantsJson(process.argv) }: { json?: boolean } = {}): number {
  if (isAppError(error) && error.kind !== 'internal') {
    const reason = typeof error.details?.reason === 'string' ? error.details.reason : undefined;
    const message = error.cliMessage ?? error.message;
    if (json)
      printJson({
        error: { kind: error.kind, code: error.code ?? null, message, ...(reason ? { reason } : {}) },
      });
    process.stderr.write(`Error: ${message}\n${reason ? `Reason: ${reason}\n` : ''}`);
    return error.exitCode;
  }
  const cause = coerceError(error);
  const shown = isAppError(error) ? error.message : GENERIC_INTERNAL_MESSAGE;
  try {
    createLogger({ level: 'error' }).error({ err: cause }, 'command failed');
  } catch {
    process.stderr.write(`${cause.stack ?? cause.message}\n`);
  }
  if (json)
    printJson({ error: { kind: 'internal', code: isAppError(error) ? (error.code ?? null) : null, message: shown } });
  process.stderr.write(`Error: ${shown}\n`);
  return 2;
}

/** Loads the configuration; a bad value stops here with the list of bad variables. */
export function configFromEnv(): Config {
  return loadConfig(process.env);
}

/**
 * Builds the startup context, runs fn, and releases every resource afterwards,
 * whatever happened. Sets the exit code; never calls process.exit directly on success.
 */
export async function withContext<T>(fn: (ctx: AppContext) => Promise<T>, options: ContextOptions = {}): Promise<T> {
  const ctx = await createAppContext({ config: options.config ?? configFromEnv(), poolMax: 4, ...options });
  try {
    return await fn(ctx);
  } catch (error) {
    // A database that cannot be reached is the user's to fix: say where, which setting chose it, and why.
    const embeddedDataDir = isEmbedded(ctx.config) ? path.resolve(ctx.config.RECLAIM_DATA_DIR) : undefined;
    throw databaseConnectionError(error, ctx.databaseUrl, { embeddedDataDir }) ?? error;
  } finally {
    await ctx.release();
  }
}

/** Ctrl-C at a prompt (@inquirer's ExitPromptError): the person stopped, nothing failed. */
const stoppedAtPrompt = (error: unknown): boolean => error instanceof Error && error.name === 'ExitPromptError';

/** The shell's code for a command stopped by Ctrl-C (128 + SIGINT). */
export const INTERRUPTED_EXIT_CODE = 130;

/**
 * Wraps a command action: errors are reported and turned into the exit code. Ctrl-C at a prompt
 * exits 130 quietly (no error, no stack), as a shell expects.
 */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (error) {
      if (stoppedAtPrompt(error) || stoppedAtPrompt((error as { cause?: unknown } | undefined)?.cause)) {
        if (process.stderr.isTTY) process.stderr.write('\n');
        process.exitCode = INTERRUPTED_EXIT_CODE;
        return;
      }
      process.exitCode = reportError(error);
    }
  };
}

/** Adds "Example:" lines under a command's --help. */
export function withExamples(command: Command, ...examples: string[]): Command {
  return command.addHelpText(
    'after',
    `\nExample${examples.length > 1 ? 's' : ''}:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`,
  );
}
