import type { Command } from 'commander';
import { CommanderError } from 'commander';
import { buildProgram, reportError } from '../../src/cli/index.ts';
import type { CliResult } from './cli.ts';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs a `reclaim` command inside the test's process: the program the binary builds (a fresh one
 * each time: commander keeps parsed values), its actions and their error reporting, with stdout,
 * stderr and the exit code captured. For tables of hundreds of commands, which as processes cost
 * minutes on a busy machine; runCli runs the binary itself. Runs one command at a time: the
 * environment, argv, the exit code and the streams are the process's own.
 */
export function runInProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  const run = queue.then(() => runNow(args, env));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(args: string[], env: Record<string, string>): Promise<CliResult> {
  const saved = {
    env: { ...process.env },
    argv: process.argv,
    exitCode: process.exitCode,
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
  };
  let stdout = '';
  let stderr = '';
  const capture =
    (append: (text: string) => void) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    };
  Object.assign(process.env, { LOG_LEVEL: 'silent' }, env);
  process.argv = [process.execPath, 'reclaim', ...args];
  process.exitCode = undefined;
  process.stdout.write = capture((text) => (stdout += text)) as typeof process.stdout.write;
  process.stderr.write = capture((text) => (stderr += text)) as typeof process.stderr.write;
  try {
    const program = await buildProgram();
    const overrideExit = (command: Command): void => {
      command.exitOverride();
      command.commands.forEach(overrideExit);
    };
    overrideExit(program);
    try {
      await program.parseAsync(process.argv);
    } catch (error) {
      // What main() does with what escapes an action: usage mistakes are exit 1, the rest reported.
      process.exitCode = error instanceof CommanderError ? (error.exitCode === 0 ? 0 : 1) : reportError(error);
    }
    return { code: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    process.argv = saved.argv;
    process.exitCode = saved.exitCode;
    for (const key of Object.keys(process.env)) if (!(key in saved.env)) delete process.env[key];
    Object.assign(process.env, saved.env);
  }
}
