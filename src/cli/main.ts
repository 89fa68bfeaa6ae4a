import { Command, CommanderError } from 'commander';
import { authCommand } from './auth.ts';
import { bigcommerceCommand } from './bigcommerce.ts';
import { contactsCommand } from './contacts.ts';
import { conversationsCommand } from './conversations.ts';
import { dashboardCommand } from './dashboard.ts';
import { dbCommand } from './db.ts';
import { explainCommand } from './explain.ts';
import { adsCommand } from './ads.ts';
import { insightsCommand } from './insights.ts';
import { kbCommand } from './kb.ts';
import { mailCommand } from './mail.ts';
import { messagesCommand } from './messages.ts';
import { messagingCommand } from './messaging.ts';
import { notificationsCommand } from './notifications.ts';
import { ordersCommand } from './orders.ts';
import { partnersCommand } from './partners.ts';
import { billingCommand } from './billing.ts';
import { discountsCommand } from './discounts.ts';
import { usersCommand } from './users.ts';
import { tenantCommand } from './tenant.ts';
import { permissionsCommand } from './permissions.ts';
import { privacyCommand } from './privacy.ts';
import { runCandidatesCommand } from './run-candidates.ts';
import { printJson, reportError } from './run.ts';
import { serveWebhooksCommand } from './serve-webhooks.ts';
import { slackCommand } from './slack.ts';
import { klaviyoCommand } from './klaviyo.ts';
import { startCommand } from './start.ts';
import { statsCommand } from './stats.ts';
import { storesCommand } from './stores.ts';
import { webhooksCommand } from './webhooks.ts';
import { workerCommand } from './worker.ts';
import { campaignsCommand } from './campaigns.ts';
import { segmentsCommand } from './segments.ts';
import { workflowsCommand } from './workflows.ts';

export function buildProgram(): Command {
  const program = new Command('reclaim')
    .description('Reclaim: win back abandoned carts and drive post-purchase sales with two-way text conversations.')
    .version('0.1.0')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ reclaim start\n  $ reclaim db status --json\n  $ reclaim worker\n\nConfiguration comes from the environment; see the README for every variable.\n',
    );
  program.addCommand(startCommand());
  program.addCommand(serveWebhooksCommand());
  program.addCommand(workerCommand());
  program.addCommand(runCandidatesCommand());
  program.addCommand(explainCommand());
  program.addCommand(webhooksCommand());
  program.addCommand(storesCommand());
  program.addCommand(bigcommerceCommand());
  program.addCommand(slackCommand());
  program.addCommand(klaviyoCommand());
  program.addCommand(contactsCommand());
  program.addCommand(dbCommand());
  program.addCommand(authCommand());
  program.addCommand(usersCommand());
  program.addCommand(partnersCommand());
  program.addCommand(billingCommand());
  program.addCommand(mailCommand());
  program.addCommand(tenantCommand());
  program.addCommand(permissionsCommand());
  program.addCommand(privacyCommand());
  program.addCommand(workflowsCommand());
  program.addCommand(segmentsCommand());
  program.addCommand(campaignsCommand());
  program.addCommand(ordersCommand());
  program.addCommand(statsCommand());
  program.addCommand(conversationsCommand());
  program.addCommand(discountsCommand());
  program.addCommand(messagesCommand());
  program.addCommand(messagingCommand());
  program.addCommand(notificationsCommand());
  program.addCommand(kbCommand());
  program.addCommand(adsCommand());
  program.addCommand(insightsCommand());
  program.addCommand(dashboardCommand());
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  const overrideExit = (command: Command): void => {
    command.exitOverride();
    command.commands.forEach(overrideExit);
  };
  overrideExit(program);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; usage mistakes are user errors.
      process.exitCode = error.exitCode === 0 ? 0 : 1;
      if (error.exitCode !== 0 && argv.includes('--json'))
        printJson({
          error: { kind: 'invalid_input', code: error.code, message: error.message.replace(/^error: /, '') },
        });
    } else {
      process.exitCode = reportError(error);
    }
  }
  // Whatever still holds the event loop (a stuck socket, a timer) must not keep us alive.
  setTimeout(() => process.exit(), 5_000).unref();
}
