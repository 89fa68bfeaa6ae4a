import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));

/**
 * The binary runs the build in dist/ (the global setup rebuilds it when a source is newer);
 * RECLAIM_FROM_SOURCE=1 in the environment of `npm test` makes it run the sources instead.
 */
export const BIN_ENV: Record<string, string> =
  process.env.RECLAIM_FROM_SOURCE === '1' ? { RECLAIM_FROM_SOURCE: '1' } : {};

export interface CliResult {
  /** The exit code; null when the process was killed (the timeout). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `reclaim` binary as a user would, with only the given environment. */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
  { timeoutMs = 60_000 } = {},
): Promise<CliResult> {
  const result = await execa(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...BIN_ENV, ...env },
    extendEnv: false,
    stdin: 'ignore',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    stripFinalNewline: false,
    reject: false,
  });
  // A process that could not be started at all is the test's fault, not the command's.
  if (result.exitCode === undefined && !result.isTerminated) throw result;
  return { code: result.exitCode ?? null, stdout: result.stdout, stderr: result.stderr };
}
