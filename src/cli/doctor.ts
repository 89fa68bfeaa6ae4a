import { Command } from 'commander';
import { createLogger, isAppError, type Config } from '../app/index.ts';
import { reportOf, runDoctor, type DoctorReport } from '../flows/index.ts';
import { doctorLines } from './format/doctor.ts';
import { action, configFromEnv, printJson, printLines, withContext, withExamples } from './run.ts';

export function doctorCommand(): Command {
  return withExamples(
    new Command('doctor')
      .description(
        'check the configuration, the database and its migrations, the worker heartbeat, the providers’ credentials and PUBLIC_URL; say what to fix (exit 0 healthy, 1 with problems)',
      )
      .option('--json', 'print the checks as JSON'),
    'reclaim doctor',
    'reclaim doctor --json | jq ".checks[] | select(.status == \\"problem\\")"',
  ).action(
    action(async (opts: { json?: boolean }) => {
      let config: Config;
      let report: DoctorReport;
      try {
        config = configFromEnv();
      } catch (error) {
        // A configuration that does not load is the first thing to fix; nothing else can be checked.
        if (!isAppError(error)) throw error;
        report = reportOf([
          { name: 'configuration', status: 'problem', detail: error.message, fix: 'correct the variables named above' },
        ]);
        return print(report, opts.json);
      }
      // The report is the output: the clients' own log lines stay out unless LOG_LEVEL asks for them.
      const logger = createLogger({ level: process.env.LOG_LEVEL ? config.LOG_LEVEL : 'error' });
      report = await withContext((ctx) => runDoctor(ctx), { config, poolMax: 2, logger });
      print(report, opts.json);
    }),
  );
}

function print(report: DoctorReport, json: boolean | undefined): void {
  if (json) printJson(report);
  else printLines(...doctorLines(report));
  if (!report.ok) process.exitCode = 1;
}
