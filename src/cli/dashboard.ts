import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { dashboardFrame, DEFAULT_REFRESH_SECONDS, NOT_A_TTY_MESSAGE, runDashboard } from '../tui/index.ts';
import { parseIntegerFlag } from './flags.ts';
import { action, withContext, withExamples } from './run.ts';

/** --refresh: seconds between refreshes, 0.5 to 3600 (decimals allowed). */
export function parseRefreshFlag(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0.5 || seconds > 3600)
    throw new AppError('invalid_input', `--refresh must be a number of seconds from 0.5 to 3600, got "${value}".`);
  return seconds;
}

export function dashboardCommand(): Command {
  return withExamples(
    new Command('dashboard')
      .description(
        "the operator dashboard: every brand's live feed, workflows, sending and the system that runs them, refreshed in the terminal (keys: ? shows them all)",
      )
      .option('--brand <id>', 'only this brand')
      .option('--refresh <seconds>', 'seconds between refreshes', String(DEFAULT_REFRESH_SECONDS))
      .option('--once', 'print one frame as text and exit (scripts, screenshots)'),
    'reclaim dashboard',
    'reclaim dashboard --brand 1 --refresh 5',
    'reclaim dashboard --once > frame.txt',
  ).action(
    action(async (opts: { brand?: string; refresh: string; once?: boolean }) => {
      const options = {
        brandId: opts.brand === undefined ? undefined : parseIntegerFlag('--brand', opts.brand, { min: 1 }),
        refreshSeconds: parseRefreshFlag(opts.refresh),
        once: opts.once === true,
        color: !process.env.NO_COLOR,
      };
      if (!options.once && !(process.stdout.isTTY && process.stdin.isTTY)) {
        process.stderr.write(`${NOT_A_TTY_MESSAGE}\n`);
        process.exitCode = 1;
        return;
      }
      await withContext(async (ctx) => {
        if (!options.once) return runDashboard(ctx, options);
        const { frame, ok } = await dashboardFrame(ctx, options);
        process.stdout.write(`${frame}\n`);
        if (!ok) process.exitCode = 1;
      });
    }),
  );
}
