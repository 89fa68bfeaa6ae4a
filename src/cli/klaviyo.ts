import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { refreshKlaviyoConsent } from '../flows/index.ts';
import {
  beginKlaviyoConnect,
  checkKlaviyo,
  connectKlaviyoApiKey,
  klaviyoProfileConsent,
  type ProfileRef,
} from '../integrations/index.ts';
import { parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

type BrandOpts = { brand: string; json?: boolean };
const brandOf = (opts: BrandOpts): number => parseIntegerFlag('--brand', opts.brand, { min: 1 });

function profileRef(opts: { profile?: string; email?: string; phone?: string }): ProfileRef {
  if (opts.profile) return { profileId: opts.profile };
  if (opts.email) return { email: opts.email };
  if (opts.phone) return { phone: opts.phone };
  throw new AppError('invalid_input', 'One of --profile, --email or --phone is required.');
}

export function klaviyoCommand(): Command {
  const klaviyo = withExamples(
    new Command('klaviyo').description("a brand's Klaviyo link: OAuth or a private API key, profile consent"),
    'reclaim klaviyo connect --brand 4',
    'reclaim klaviyo consent --brand 4 --email sam@example.com --apply',
  );

  withExamples(
    klaviyo
      .command('connect')
      .description('print the Klaviyo authorize URL (OAuth with PKCE), or connect with a private API key')
      .requiredOption('--brand <id>', 'brand id')
      .option('--api-key <key>', 'a private API key (pk_…) instead of OAuth (env KLAVIYO_PRIVATE_API_KEY)')
      .option('--json', 'print as JSON'),
    'reclaim klaviyo connect --brand 4',
    'KLAVIYO_PRIVATE_API_KEY=pk_… reclaim klaviyo connect --brand 4 --api-key "$KLAVIYO_PRIVATE_API_KEY"',
  ).action(
    action(async (opts: BrandOpts & { apiKey?: string }) => {
      const brandId = brandOf(opts);
      const apiKey = opts.apiKey ?? process.env.KLAVIYO_PRIVATE_API_KEY;
      await withContext(async (ctx) => {
        if (apiKey !== undefined) {
          const done = await connectKlaviyoApiKey(ctx, { brandId, apiKey });
          if (opts.json) return printJson({ brand_id: brandId, auth_mode: 'api_key', account: done.account });
          return printLines(
            `Klaviyo account ${done.account.organizationName ?? done.account.id} is connected to brand ${brandId}.`,
          );
        }
        const begun = await beginKlaviyoConnect(ctx, { brandId });
        if (opts.json) return printJson(begun);
        printLines('Open this URL as a Klaviyo admin of the brand:', begun.authorizeUrl);
      });
    }),
  );

  withExamples(
    klaviyo
      .command('check')
      .description('look up the Klaviyo account with the stored credentials (refreshing the token when due)')
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim klaviyo check --brand 4',
  ).action(
    action(async (opts: BrandOpts) => {
      const brandId = brandOf(opts);
      await withContext(async (ctx) => {
        const account = await checkKlaviyo(ctx, { brandId });
        if (opts.json) return printJson({ brand_id: brandId, account });
        printLines(
          `Klaviyo works for brand ${brandId}: ${account.organizationName ?? account.id}`,
          `Default sender: ${account.defaultSenderName ?? '-'} <${account.defaultSenderEmail ?? '-'}>`,
        );
      });
    }),
  );

  withExamples(
    klaviyo
      .command('consent')
      .description("a Klaviyo profile's SMS and e-mail consent as channel status; --apply records it on the contact")
      .requiredOption('--brand <id>', 'brand id')
      .option('--profile <id>', 'Klaviyo profile id')
      .option('--email <email>', 'find the profile by e-mail')
      .option('--phone <e164>', 'find the profile by phone number')
      .option('--apply', "update the contact's channels and their consent history")
      .option('--json', 'print as JSON'),
    'reclaim klaviyo consent --brand 4 --profile 01GDDKASAP8TKDDA2GRZDSVP4H',
    'reclaim klaviyo consent --brand 4 --email sam@example.com --apply --json',
  ).action(
    action(async (opts: BrandOpts & { profile?: string; email?: string; phone?: string; apply?: boolean }) => {
      const brandId = brandOf(opts);
      const ref = profileRef(opts);
      await withContext(async (ctx) => {
        const applied = opts.apply ? await refreshKlaviyoConsent(ctx, { brandId, ...ref }) : undefined;
        const result = applied ?? (await klaviyoProfileConsent(ctx, { brandId, ...ref }));
        if (!result) throw new AppError('not_found', 'Klaviyo profile not found');
        if (opts.json) return printJson({ brand_id: brandId, profile_id: result.profile.id, ...result });
        const line = (name: string, c: (typeof result.consent)['sms']) =>
          c ? `${name}: ${c.status} (${c.compliance_type}; Klaviyo ${c.consent ?? '-'})` : `${name}: no information`;
        printLines(
          `Profile ${result.profile.id}`,
          line('SMS', result.consent.sms),
          line('E-mail', result.consent.email),
          ...(applied ? [`Contact ${applied.contactId} ${applied.created ? 'created' : 'updated'}.`] : []),
        );
      });
    }),
  );
  return klaviyo;
}
