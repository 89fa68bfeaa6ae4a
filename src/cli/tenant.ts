import { readFile } from 'node:fs/promises';
import { input, password as passwordPrompt } from '@inquirer/prompts';
import { Command } from 'commander';
import { z } from 'zod';
import { setupTenant, type LeadInput } from '../accounts/index.ts';
import { AppError } from '../app/index.ts';
import { optionalInteger } from './flags.ts';
import { tenantSetup, tenantSetupJson } from './format/tenant.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

type LeadKey = 'email' | 'first_name' | 'last_name' | 'company_name' | 'store_url' | 'support_phone';
type Opts = {
  email?: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  storeUrl?: string;
  phone?: string;
  password?: string;
  plan?: string;
  allowDuplicate?: boolean;
  leadFile?: string;
  json?: boolean;
};

/** Lead fields: where the flag puts them, how a prompt asks, and whether setup needs them. */
const FIELDS: Array<{ key: LeadKey; flag: string; opt: keyof Opts; question: string; required: boolean }> = [
  { key: 'email', flag: '--email', opt: 'email', question: "Account owner's e-mail", required: true },
  { key: 'first_name', flag: '--first-name', opt: 'firstName', question: 'First name', required: false },
  { key: 'last_name', flag: '--last-name', opt: 'lastName', question: 'Last name', required: false },
  { key: 'company_name', flag: '--company', opt: 'company', question: 'Company name', required: true },
  { key: 'store_url', flag: '--store-url', opt: 'storeUrl', question: 'Store URL', required: true },
  { key: 'support_phone', flag: '--phone', opt: 'phone', question: 'Support phone (US, optional)', required: false },
];

const leadFileSchema = z.looseObject({
  id: z.string().optional(),
  ...Object.fromEntries(FIELDS.map((f) => [f.key, z.string().nullish()])),
  source_name: z.string().nullish(),
  annual_revenue: z.string().nullish(),
  password: z.string().nullish(),
  extra_data: z.record(z.string(), z.unknown()).nullish(),
});

async function readLeadFile(path: string): Promise<LeadInput & { password?: string | null }> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new AppError('invalid_input', `Could not read --lead-file ${path}: ${(error as Error).message}`);
  }
  const parsed = leadFileSchema.safeParse(data);
  if (!parsed.success)
    throw new AppError(
      'invalid_input',
      `--lead-file ${path} is not a lead: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'file'} ${i.message}`).join('; ')}`,
    );
  return parsed.data as LeadInput & { password?: string | null };
}

/** Flags win over the lead file; on a TTY, what is still missing is asked for; otherwise the missing flag is named. */
async function gatherLead(opts: Opts): Promise<{ lead: LeadInput; password: string | null }> {
  const { password: filePassword, ...lead } = opts.leadFile ? await readLeadFile(opts.leadFile) : {};
  for (const field of FIELDS) if (opts[field.opt]) lead[field.key] = String(opts[field.opt]);
  let password = opts.password ?? filePassword ?? null;
  const interactive = process.stdin.isTTY === true;
  const context = { output: process.stderr };
  for (const field of FIELDS) {
    if (lead[field.key]?.trim()) continue;
    if (interactive) lead[field.key] = await input({ message: field.question, required: field.required }, context);
    else if (field.required) throw new AppError('invalid_input', `Missing ${field.flag} (or set it in --lead-file)`);
  }
  if (!password && interactive)
    password =
      (await passwordPrompt({ message: 'Password (leave blank to have the user reset one)', mask: '*' }, context)) ||
      null;
  return { lead, password };
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
        'create the lead, tenant, admin user, membership and brand in one transaction (a lead already set up is left unchanged)',
      )
      .option('--email <email>', "the account owner's e-mail")
      .option('--first-name <name>', "the owner's first name")
      .option('--last-name <name>', "the owner's last name")
      .option('--company <name>', 'company name (tenant and brand name)')
      .option('--store-url <url>', 'the store address (https:// is added when missing)')
      .option('--phone <phone>', 'support phone, US number')
      .option('--password <password>', "the new user's password (stored hashed; omit to let the user reset one)")
      .option('--plan <id>', 'grant the brand this plan (read:plans:{id})')
      .option('--allow-duplicate', 'reuse an existing user with this e-mail instead of refusing')
      .option('--lead-file <file>', 'read the lead from a JSON file (flags win over it)')
      .option('--json', 'print {lead_id, tenant_id, user_id, brand_id, created} as JSON'),
    'reclaim tenant setup --email jane@acme.com --first-name Jane --last-name Doe --company "Acme Inc" --store-url acme.com --phone "(415) 555-0134" --plan 2',
    'reclaim tenant setup --lead-file lead.json --json',
  ).action(
    action(async (opts: Opts) => {
      const planId = optionalInteger('--plan', opts.plan) ?? null;
      const { lead, password } = await gatherLead(opts);
      await withContext(async (ctx) => {
        const result = await setupTenant(ctx.db, { lead, password, planId, allowDuplicate: opts.allowDuplicate });
        if (opts.json) return printJson(tenantSetupJson(result));
        printLines(tenantSetup(result));
      });
    }),
  );
  return tenant;
}
