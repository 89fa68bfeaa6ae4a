import { Command, CommanderError } from 'commander';
import { dbCommand } from './db.ts';
import { reportError } from './run.ts';
import { startCommand } from './start.ts';
import { workerCommand } from './worker.ts';

export function buildProgram(): Command {
  const program = new Command('reclaim')
    .description('Reclaim: win back abandoned carts and drive post-purchase sales with two-way text conversations.')
    .version('0.1.0')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', '\nExamples:\n  $ reclaim start\n  $ reclaim db status --json\n  $ reclaim worker\n\nConfiguration comes from the environment; see the README for every variable.\n');
  program.addCommand(startCommand());
  program.addCommand(workerCommand());
  program.addCommand(dbCommand());
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  program.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; usage mistakes are user errors.
      process.exitCode = error.exitCode === 0 ? 0 : 1;
    } else {
      process.exitCode = reportError(error);
    }
  }
  // Whatever still holds the event loop (a stuck socket, a timer) must not keep us alive.
  setTimeout(() => process.exit(), 5_000).unref();
}
