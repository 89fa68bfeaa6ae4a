/**
 * The program: one loader per top-level command, so a command's module (and the domains it
 * imports) loads only when that command runs. `reclaim --version` and `reclaim --help` load none:
 * the top-level help is drawn from commands.json, which the build (scripts/build.js) writes next
 * to the built main.js from the real commands. Run from the sources, with no commands.json, every
 * command is loaded as before.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';

type Loader = () => Promise<Command>;

/** Every top-level command, in the order of `reclaim --help`. */
const COMMANDS: [string, Loader][] = [
  ['start', () => import('./start.ts').then((m) => m.startCommand())],
  ['serve-webhooks', () => import('./serve-webhooks.ts').then((m) => m.serveWebhooksCommand())],
  ['worker', () => import('./worker.ts').then((m) => m.workerCommand())],
  ['run-candidates', () => import('./run-candidates.ts').then((m) => m.runCandidatesCommand())],
  ['explain', () => import('./explain.ts').then((m) => m.explainCommand())],
  ['webhooks', () => import('./webhooks.ts').then((m) => m.webhooksCommand())],
  ['stores', () => import('./stores.ts').then((m) => m.storesCommand())],
  ['bigcommerce', () => import('./bigcommerce.ts').then((m) => m.bigcommerceCommand())],
  ['slack', () => import('./slack.ts').then((m) => m.slackCommand())],
  ['klaviyo', () => import('./klaviyo.ts').then((m) => m.klaviyoCommand())],
  ['contacts', () => import('./contacts.ts').then((m) => m.contactsCommand())],
  ['db', () => import('./db.ts').then((m) => m.dbCommand())],
  ['auth', () => import('./auth.ts').then((m) => m.authCommand())],
  ['users', () => import('./users.ts').then((m) => m.usersCommand())],
  ['partners', () => import('./partners.ts').then((m) => m.partnersCommand())],
  ['billing', () => import('./billing.ts').then((m) => m.billingCommand())],
  ['mail', () => import('./mail.ts').then((m) => m.mailCommand())],
  ['tenant', () => import('./tenant.ts').then((m) => m.tenantCommand())],
  ['permissions', () => import('./permissions.ts').then((m) => m.permissionsCommand())],
  ['privacy', () => import('./privacy.ts').then((m) => m.privacyCommand())],
  ['workflows', () => import('./workflows.ts').then((m) => m.workflowsCommand())],
  ['segments', () => import('./segments.ts').then((m) => m.segmentsCommand())],
  ['campaigns', () => import('./campaigns.ts').then((m) => m.campaignsCommand())],
  ['orders', () => import('./orders.ts').then((m) => m.ordersCommand())],
  ['stats', () => import('./stats.ts').then((m) => m.statsCommand())],
  ['conversations', () => import('./conversations.ts').then((m) => m.conversationsCommand())],
  ['discounts', () => import('./discounts.ts').then((m) => m.discountsCommand())],
  ['messages', () => import('./messages.ts').then((m) => m.messagesCommand())],
  ['messaging', () => import('./messaging.ts').then((m) => m.messagingCommand())],
  ['notifications', () => import('./notifications.ts').then((m) => m.notificationsCommand())],
  ['kb', () => import('./kb.ts').then((m) => m.kbCommand())],
  ['agent', () => import('./agent.ts').then((m) => m.agentCommand())],
  ['ads', () => import('./ads.ts').then((m) => m.adsCommand())],
  ['insights', () => import('./insights.ts').then((m) => m.insightsCommand())],
  ['dashboard', () => import('./dashboard.ts').then((m) => m.dashboardCommand())],
  ['doctor', () => import('./doctor.ts').then((m) => m.doctorCommand())],
];

/** What the top-level help and command lookup need of a command, without loading it. */
export interface CommandManifestEntry {
  name: string;
  aliases: string[];
  description: string;
  summary: string;
  /** Whether it has options of its own: the help line shows `[options]`. */
  options: boolean;
  /** Its arguments as the help line shows them (`<id>`, `[names...]`). */
  arguments: string[];
  hidden: boolean;
}

function programShell(): Command {
  return new Command('reclaim')
    .description('Reclaim: win back abandoned carts and drive post-purchase sales with two-way text conversations.')
    .version('0.1.0')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ reclaim start\n  $ reclaim db status --json\n  $ reclaim worker\n\nConfiguration comes from the environment; see the README for every variable.\n',
    );
}

/** The program with every command loaded. */
export async function buildProgram(): Promise<Command> {
  const program = programShell();
  for (const command of await Promise.all(COMMANDS.map(([, load]) => load()))) program.addCommand(command);
  return program;
}

/** The manifest of the loaded program's commands (the build writes it to commands.json). */
export async function describeCommands(): Promise<CommandManifestEntry[]> {
  const program = await buildProgram();
  return program.commands.map((command) => ({
    name: command.name(),
    aliases: command.aliases(),
    description: command.description(),
    summary: command.summary(),
    options: command.options.length > 0,
    arguments: command.registeredArguments.map((argument) => {
      const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
      return argument.required ? `<${name}>` : `[${name}]`;
    }),
    hidden: (command as unknown as { _hidden: boolean })._hidden,
  }));
}

/** A command that stands in for an unloaded one in the top-level help and command lookup. */
function placeholder(entry: CommandManifestEntry): Command {
  const command = new Command(entry.name).description(entry.description).aliases(entry.aliases);
  if (entry.summary) command.summary(entry.summary);
  // Only the count matters to the help line (`[options]`); the real command is loaded to run.
  if (entry.options) command.addOption(new Option('--placeholder').hideHelp());
  for (const argument of entry.arguments) command.argument(argument);
  return command;
}

function readManifest(): CommandManifestEntry[] | undefined {
  try {
    return JSON.parse(readFileSync(new URL('./commands.json', import.meta.url), 'utf8')) as CommandManifestEntry[];
  } catch {
    return undefined;
  }
}

/**
 * The program for these arguments: the command they name loaded (after `help`, the one it asks
 * about), every other one a placeholder from the manifest.
 */
export async function programFor(argv: string[]): Promise<Command> {
  const manifest = readManifest();
  if (!manifest || manifest.length !== COMMANDS.length) return buildProgram();
  const operands = argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const named = operands[0] === 'help' ? operands[1] : operands[0];
  const program = programShell();
  for (const [index, [name, load]] of COMMANDS.entries()) {
    const entry = manifest[index];
    const wanted = named !== undefined && (named === name || entry.aliases.includes(named));
    program.addCommand(wanted ? await load() : placeholder(entry), { hidden: entry.hidden });
  }
  return program;
}

/**
 * RECLAIM_TIMING=1: on stderr, when the command's action started (since the process started), the
 * CPU time spent until then, and how long the action ran (benchmarks).
 */
function timeActions(program: Command): void {
  let started = 0;
  let cpu = 0;
  program.hook('preAction', () => {
    started = performance.now();
    const { user, system } = process.cpuUsage();
    cpu = (user + system) / 1000;
  });
  program.hook('postAction', () => {
    const ms = (value: number) => Math.round(value * 10) / 10;
    const timing = { action_start_ms: ms(started), start_cpu_ms: ms(cpu), action_ms: ms(performance.now() - started) };
    process.stderr.write(`reclaim-timing ${JSON.stringify(timing)}\n`);
  });
}

export async function main(argv: string[]): Promise<void> {
  // `reclaim … | head` closes the pipe early: the reader has what it wanted, so stop quietly, as
  // Unix tools do, instead of throwing EPIPE with a stack.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  try {
    const program = await programFor(argv);
    if (process.env.RECLAIM_TIMING === '1') timeActions(program);
    const overrideExit = (command: Command): void => {
      command.exitOverride();
      command.commands.forEach(overrideExit);
    };
    overrideExit(program);
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; usage mistakes are user errors.
      process.exitCode = error.exitCode === 0 ? 0 : 1;
      if (error.exitCode !== 0 && argv.includes('--json'))
        process.stdout.write(
          `${JSON.stringify(
            { error: { kind: 'invalid_input', code: error.code, message: error.message.replace(/^error: /, '') } },
            null,
            2,
          )}\n`,
        );
    } else {
      const { reportError } = await import('./run.ts');
      process.exitCode = reportError(error);
    }
  }
  // Whatever still holds the event loop (a stuck socket, a timer) must not keep us alive.
  setTimeout(() => process.exit(), 5_000).unref();
}
