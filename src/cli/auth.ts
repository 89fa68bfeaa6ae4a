import { password as promptPassword } from '@inquirer/prompts';
import { Command } from 'commander';
import { forgotPassword, login, LOGIN_MESSAGES, resetPassword, type AuthApp } from '../accounts/index.ts';
import { AppError, type Config } from '../app/index.ts';
import { loggedIn } from './format/auth.ts';
import { action, configFromEnv, printJson, printLines, withContext, withExamples } from './run.ts';

/** The password from RECLAIM_PASSWORD, else asked for (hidden) on a terminal; undefined otherwise. */
async function readPassword(config: Config, message: string): Promise<string | undefined> {
  if (config.RECLAIM_PASSWORD) return config.RECLAIM_PASSWORD;
  if (!process.stdin.isTTY) return undefined;
  return promptPassword({ message, mask: '*' });
}

export function authCommand(): Command {
  const auth = withExamples(
    new Command('auth').description(
      'log in and recover passwords, with the same rules as the apps (passwords from RECLAIM_PASSWORD or a hidden prompt)',
    ),
    'RECLAIM_PASSWORD=… reclaim auth login --email ada@example.com --json',
    'reclaim auth forgot-password --email ada@example.com',
  );

  withExamples(
    auth
      .command('login')
      .description('check a login as the brand or admin app would; tokens are printed only with --json')
      .requiredOption('--email <email>', 'the account e-mail')
      .option('--app <app>', 'brand or admin', 'brand')
      .option('--json', 'print the login response (with the access and refresh tokens) as JSON'),
    'reclaim auth login --email ada@example.com',
    'RECLAIM_PASSWORD=secret reclaim auth login --email ops@example.com --app admin --json',
  ).action(
    action(async (opts: { email: string; app: string; json?: boolean }) => {
      if (opts.app !== 'brand' && opts.app !== 'admin')
        throw new AppError('invalid_input', `--app must be brand or admin, got "${opts.app}".`);
      const password = await readPassword(configFromEnv(), 'Password');
      await withContext(async (ctx) => {
        const session = await login(ctx, { email: opts.email, password, app: opts.app as AuthApp });
        if (opts.json) return printJson(session);
        printLines(loggedIn(session, opts.app));
      });
    }),
  );

  withExamples(
    auth
      .command('forgot-password')
      .description(
        'mail a password-reset link (valid 7 days); the answer is the same whether or not the account exists',
      )
      .requiredOption('--email <email>', 'the account e-mail')
      .option('--json', 'print the answer as JSON'),
    'reclaim auth forgot-password --email ada@example.com',
  ).action(
    action(async (opts: { email: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const answer = await forgotPassword(ctx, { email: opts.email });
        if (opts.json) return printJson(answer);
        printLines(answer.message);
      }),
    ),
  );

  withExamples(
    auth
      .command('reset-password')
      .description('set a new password with the token of a reset link')
      .requiredOption('--token <token>', 'the token query parameter of the reset link')
      .option('--json', 'print the result as JSON'),
    'reclaim auth reset-password --token eyJhbGciOi…',
    'RECLAIM_PASSWORD=new-secret reclaim auth reset-password --token eyJhbGciOi… --json',
  ).action(
    action(async (opts: { token: string; json?: boolean }) => {
      const config = configFromEnv();
      const password = await readPassword(config, 'New password');
      if (!password)
        throw new AppError('invalid_input', LOGIN_MESSAGES.noPasswordGiven, {
          details: { hint: 'set RECLAIM_PASSWORD or run on a terminal' },
        });
      const confirmPassword = config.RECLAIM_PASSWORD
        ? password
        : await promptPassword({ message: 'Repeat the new password', mask: '*' });
      await withContext(async (ctx) => {
        const done = await resetPassword(ctx, { token: opts.token, password, confirmPassword });
        if (opts.json) return printJson(done);
        printLines(`Password reset for ${done.email}; log in with the new one.`);
      });
    }),
  );
  return auth;
}
