import { input, password as passwordPrompt } from '@inquirer/prompts';
import { Command } from 'commander';
import { leadEmailProblem, leadFieldProblem, setupTenant } from '../accounts/index.ts';
import { AppError, type AppContext } from '../app/index.ts';
import { optionalInteger } from './flags.ts';
import { tenantSetup, tenantSetupJson } from './format/tenant.ts';
import {
  LEAD_FIELDS,
  LEAD_FILE_KEYS,
  leadFromFlags,
  OTHER_LEAD_FILE_KEYS,
  namedLeadError,
  type GatheredLead,
  type LeadFlags,
} from './lead-input.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

type Opts = LeadFlags & { plan?: string; allowDuplicate?: boolean; json?: boolean };

/**
 * What is still missing: asked for on a terminal, each answer checked as it is typed (a bad one is
 * asked again with the reason); otherwise the missing flag is named. An e-mail given that belongs
 * to a user no setup was made for is refused before anything is asked.
 */
async function completeLead(ctx: AppContext, gathered: GatheredLead, opts: Opts): Promise<void> {
  const { lead, sources } = gathered;
  const emailCheck = (value: string) => leadEmailProblem(ctx.db, value, { allowDuplicate: opts.allowDuplicate });
  if (lead.email?.trim()) {
    const problem = await emailCheck(lead.email);
    if (problem) throw namedLeadError(new AppError('invalid_input', problem, { details: { field: 'email' } }), sources);
  }
  const interactive = process.stdin.isTTY === true;
  const context = { output: process.stderr };
  for (const field of LEAD_FIELDS) {
    if (lead[field.key]?.trim()) continue;
    if (!interactive) {
      if (field.required) throw new AppError('invalid_input', `Missing ${field.flag} (or set it in --lead-file)`);
      continue;
    }
    const check = field.check;
    lead[field.key] = await input(
      {
        message: field.question,
        required: field.required,
        ...(check
          ? {
              validate: async (value: string) =>
                (!field.required && !value.trim()
                  ? undefined
                  : field.key === 'email'
                    ? await emailCheck(value)
                    : leadFieldProblem(check, value)) ?? true,
            }
          : {}),
      },
      context,
    );
  }
  if (!gathered.password && interactive)
    gathered.password =
      (await passwordPrompt({ message: 'Password (leave blank to have the user reset one)', mask: '*' }, context)) ||
      null;
}

export function tenantCommand(): Command {
  const tenant = withExamples(
    new Command('tenant').description('tenants: set up a new account from a lead'),
    'reclaim tenant setup --lead-file lead.json',
  );
  withExamples(
    tenant
      .command('setup')
      .description(
        'create the lead, tenant, admin user, membership and brand in one transaction. On a terminal, asks for what the flags and the lead file leave out, checking each answer as it is typed (Ctrl-C stops, exit 130). Running the same setup again (same e-mail, company and store, or the same lead id) changes nothing and exits 0',
      )
      .option('--email <email>', "the account owner's e-mail")
      .option('--first-name <name>', "the owner's first name")
      .option('--last-name <name>', "the owner's last name")
      .option('--company <name>', 'company name (tenant and brand name)')
      .option('--store-url <url>', 'the store address (https:// is added when missing)')
      .option('--phone <phone>', 'support phone, US number')
      .option('--password <password>', "the new user's password (stored hashed; omit to let the user reset one)")
      .option('--plan <id>', 'grant the brand this plan (read:plans:{id})')
      .option('--allow-duplicate', "make an existing user with this e-mail the new tenant's admin instead of refusing")
      .option(
        '--lead-file <file>',
        `read the lead from a JSON object whose keys are these flags' names: ${LEAD_FILE_KEYS.join(', ')} (also ${OTHER_LEAD_FILE_KEYS.join(', ')}; _ may stand for -); flags win over it`,
      )
      .option('--json', 'print {lead_id, tenant_id, user_id, brand_id, created} as JSON'),
    'reclaim tenant setup',
    'reclaim tenant setup --email jane@acme.com --first-name Jane --last-name Doe --company "Acme Inc" --store-url acme.com --phone "(415) 555-0134" --plan 2',
    'reclaim tenant setup --lead-file lead.json --json   # lead.json: {"email": "jane@acme.com", "company": "Acme Inc", "store-url": "acme.com", "phone": "(415) 555-0134"}',
  ).action(
    action(async (opts: Opts) => {
      const planId = optionalInteger('--plan', opts.plan) ?? null;
      const gathered = await leadFromFlags(opts);
      await withContext(async (ctx) => {
        await completeLead(ctx, gathered, opts);
        const result = await setupTenant(ctx.db, {
          lead: gathered.lead,
          password: gathered.password,
          planId,
          allowDuplicate: opts.allowDuplicate,
        }).catch((error: unknown) => {
          throw namedLeadError(error, gathered.sources);
        });
        if (opts.json) return printJson(tenantSetupJson(result));
        printLines(tenantSetup(result));
      });
    }),
  );
  return tenant;
}
