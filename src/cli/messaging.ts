import { Command } from 'commander';
import { AppError, isAppError } from '../app/index.ts';
import {
  appealCampaign,
  checkBrandPolicy,
  checkPolicyPages,
  getCompanySettingsOf,
  registrationStatus,
  retryRegistration,
  startRegistration,
  updateCompanySettings,
  type CompanySettingsInput,
  type PolicyCheckResult,
} from '../messaging/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { policyLines, registrationStatusLines, settingsLines } from './format/messaging.ts';
import { action, configFromEnv, printJson, printLines, withContext, withExamples } from './run.ts';

interface SettingsFlags {
  brand: string;
  legalName?: string;
  companyType?: string;
  industry?: string;
  ein?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  areaCode?: string;
  termsUrl?: string;
  privacyUrl?: string;
  website?: string;
  brandName?: string;
  phone?: string;
  email?: string;
  compliancePhone?: string;
  complianceEmail?: string;
  json?: boolean;
}

const settingsPatch = (o: SettingsFlags): CompanySettingsInput => ({
  company_info: {
    legal_company_name: o.legalName,
    company_type: o.companyType as 'private' | undefined,
    industry_type: o.industry,
    tax_ein: o.ein,
    address: { line1: o.street, city: o.city, state: o.state, zip: o.zip },
    area_code_preference: o.areaCode,
    terms_url: o.termsUrl,
    privacy_url: o.privacyUrl,
  },
  brand_info: { website_url: o.website, brand_name: o.brandName },
  contact_info: { phone: o.phone, email: o.email },
  compliance_contact: { phone: o.compliancePhone, email: o.complianceEmail },
});

function addSettingsCommand(messaging: Command): void {
  withExamples(
    messaging
      .command('settings')
      .description(
        'show or set the company settings 10DLC registration sends (each flag is validated; nothing changes on a bad one)',
      )
      .requiredOption('--brand <id>', 'brand id')
      .option('--legal-name <name>', 'legal company name')
      .option('--company-type <type>', 'non_profit (the default), private or public')
      .option('--industry <industry>', 'industry (see the README table; anything else registers as retail)')
      .option('--ein <ein>', 'tax id, 12-3456789')
      .option('--street <line1>', 'street address')
      .option('--city <city>', 'city')
      .option('--state <code>', 'US state code, e.g. CA')
      .option('--zip <zip>', 'ZIP code, 94107 or 94107-1234')
      .option('--area-code <code>', 'preferred area code of the texting number, e.g. 415')
      .option('--terms-url <url>', 'terms page with the SMS consent language')
      .option('--privacy-url <url>', 'privacy page with the SMS consent language')
      .option('--website <url>', 'website')
      .option('--brand-name <name>', 'brand name shoppers know')
      .option('--phone <phone>', 'contact phone')
      .option('--email <email>', 'contact e-mail')
      .option('--compliance-phone <phone>', 'compliance contact phone')
      .option('--compliance-email <email>', 'compliance contact e-mail')
      .option('--json', 'print as JSON'),
    'reclaim messaging settings --brand 1 --legal-name "Acme Goods LLC" --ein 12-3456789 --state CA --zip 94107',
    'reclaim messaging settings --brand 1 --json',
  ).action(
    action(async (opts: SettingsFlags) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const changing = Object.keys(opts).some((k) => k !== 'brand' && k !== 'json');
        const { settings, missing } = changing
          ? await updateCompanySettings(ctx, { brandId, patch: settingsPatch(opts) })
          : await getCompanySettingsOf(ctx, brandId);
        if (opts.json) return printJson({ brandId, settings, missing });
        printLines(...settingsLines(brandId, settings, missing));
      });
    }),
  );
}

const printPolicy = (result: PolicyCheckResult, json?: boolean): void =>
  json ? printJson({ policy: result }) : printLines(...policyLines(result));

function addPolicyCheckCommand(messaging: Command): void {
  withExamples(
    messaging
      .command('policy-check')
      .description(
        'check that the terms and privacy pages carry the SMS consent language carriers look for (exit 1 when not)',
      )
      .option('--brand <id>', "the brand's terms and privacy pages (--terms or --privacy checks that page instead)")
      .option('--terms <url>', 'a terms page')
      .option('--privacy <url>', 'a privacy page')
      .option('--json', 'print as JSON'),
    'reclaim messaging policy-check --brand 1',
    'reclaim messaging policy-check --brand 1 --privacy https://shop.example.com/privacy-draft',
    'reclaim messaging policy-check --terms https://shop.example.com/terms --privacy https://shop.example.com/privacy --json',
  ).action(
    action(async (opts: { brand?: string; terms?: string; privacy?: string; json?: boolean }) => {
      const brandId = optionalInteger('--brand', opts.brand);
      if (brandId === undefined && (!opts.terms || !opts.privacy)) {
        throw new AppError('invalid_input', 'Give --brand ID, or both --terms URL and --privacy URL.');
      }
      const result =
        brandId !== undefined
          ? await withContext((ctx) =>
              checkBrandPolicy(ctx, brandId, { termsUrl: opts.terms, privacyUrl: opts.privacy }),
            )
          : await checkPolicyPages({
              termsUrl: opts.terms!,
              privacyUrl: opts.privacy!,
              allowPrivateNetwork: configFromEnv().ALLOW_PRIVATE_NETWORK_FETCH,
            });
      printPolicy(result, opts.json);
      if (!result.passes) process.exitCode = 1;
    }),
  );
}

/** `messaging status` exits with this while a registration waits for an operator (not 1 or 2: the command worked). */
export const NEEDS_OPERATOR_EXIT = 3;

function addRegisterCommands(messaging: Command): void {
  withExamples(
    messaging
      .command('register')
      .description(
        'check the opt-in pages, then register the brand and its campaign with Infobip (the worker runs each step)',
      )
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim messaging register --brand 1',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        try {
          const result = await startRegistration(ctx, { brandId });
          if (opts.json) return printJson(result);
          printLines(
            `Brand ${brandId}: registration started (${result.state}); follow it with reclaim messaging status --brand ${brandId}.`,
          );
        } catch (error) {
          const policy = isAppError(error) ? (error.details?.policy as PolicyCheckResult | undefined) : undefined;
          if (policy && !opts.json) process.stderr.write(`${policyLines(policy).slice(1).join('\n')}\n\n`);
          throw error;
        }
      });
    }),
  );
  withExamples(
    messaging
      .command('status')
      .description("each brand's registration state, since when, the last error and what to do next")
      .option('--brand <id>', 'one brand')
      .option('--json', 'print as JSON'),
    'reclaim messaging status',
    'reclaim messaging status --brand 1 --json',
  )
    .addHelpText(
      'after',
      `Exit status: 0 when no registration listed waits for an operator; ${NEEDS_OPERATOR_EXIT} when one does (manual_intervention: a monitor can alert on it); 1 for a mistake such as an unknown brand; 2 for an internal error.`,
    )
    .action(
      action(async (opts: { brand?: string; json?: boolean }) => {
        const brandId = optionalInteger('--brand', opts.brand);
        await withContext(async (ctx) => {
          const rows = await registrationStatus(ctx, { brandId });
          if (opts.json) printJson({ registrations: rows });
          else printLines(...registrationStatusLines(rows));
          if (rows.some((r) => r.state === 'manual_intervention')) process.exitCode = NEEDS_OPERATOR_EXIT;
        });
      }),
    );
  withExamples(
    messaging
      .command('retry')
      .description('after a manual intervention is fixed: resume from the step that failed')
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim messaging retry --brand 1',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const result = await retryRegistration(ctx, { brandId });
        if (opts.json) return printJson(result);
        printLines(`Brand ${brandId}: registration resumed (${result.state}).`);
      });
    }),
  );
  withExamples(
    messaging
      .command('appeal')
      .description('appeal a rejected campaign with Infobip')
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--reason <text>', 'why the campaign should be approved (what was fixed)')
      .option('--json', 'print as JSON'),
    'reclaim messaging appeal --brand 1 --reason "Opt-in language added to the checkout page"',
  ).action(
    action(async (opts: { brand: string; reason: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const result = await appealCampaign(ctx, { brandId, reason: opts.reason });
        if (opts.json) return printJson(result);
        printLines(`Brand ${brandId}: appeal sent; waiting on the carriers (${result.state}).`);
      });
    }),
  );
}

export function messagingCommand(): Command {
  const messaging = withExamples(
    new Command('messaging').description(
      '10DLC registration with Infobip: company settings, opt-in policy check, register, status',
    ),
    'reclaim messaging settings --brand 1 --legal-name "Acme Goods LLC"',
    'reclaim messaging register --brand 1',
    'reclaim messaging status',
  );
  addSettingsCommand(messaging);
  addPolicyCheckCommand(messaging);
  addRegisterCommands(messaging);
  return messaging;
}
