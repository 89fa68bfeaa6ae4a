import { Command } from 'commander';
import { invitePartner, listPartners } from '../accounts/index.ts';
import { collect, commaSeparated, optionalInteger, parseIntegerFlag } from './flags.ts';
import { partnerInvited, partnerList } from './format/partners.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

export function partnersCommand(): Command {
  const partners = withExamples(
    new Command('partners').description('partners (agencies managing several brands): invite, list'),
    'reclaim partners list',
    'reclaim partners invite --name "Growth Co" --emails ann@growth.co --brand 4',
  );

  withExamples(
    partners
      .command('invite')
      .description(
        'create a pending partner, invite its members (setup link valid 3 days) and attach the tenants of the given brands',
      )
      .requiredOption('--name <name>', 'partner name')
      .requiredOption('--emails <list>', 'e-mails separated by commas, semicolons or newlines')
      .option('--brand <id>', 'a brand the partner manages (repeatable, or comma-separated)', collect)
      .option('--role <role>', 'member role: admin or member', 'member')
      .option('--inviter <userId>', 'the user who invites (named in the mail)')
      .option('--json', 'print as JSON'),
    'reclaim partners invite --name "Growth Co" --emails "ann@growth.co; bob@growth.co" --brand 4 --brand 7',
    'reclaim partners invite --name "Growth Co" --emails ann@growth.co --role admin --json',
  ).action(
    action(
      async (opts: {
        name: string;
        emails: string;
        brand?: string[];
        role: string;
        inviter?: string;
        json?: boolean;
      }) => {
        const brandIds = commaSeparated(opts.brand ?? []).map((id) => parseIntegerFlag('--brand', id));
        const inviterId = optionalInteger('--inviter', opts.inviter);
        await withContext(async (ctx) => {
          const result = await invitePartner(ctx, {
            name: opts.name,
            emails: opts.emails,
            brandIds,
            role: opts.role,
            inviterId,
          });
          if (opts.json) return printJson(result);
          printLines(partnerInvited(result));
        });
      },
    ),
  );

  withExamples(
    partners
      .command('list')
      .description('every partner with its state, members and tenants')
      .option('--json', 'print as JSON'),
    'reclaim partners list --json',
  ).action(
    action(async (opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const rows = await listPartners(ctx.db);
        if (opts.json) return printJson({ partners: rows, count: rows.length });
        printLines(partnerList(rows));
      }),
    ),
  );
  return partners;
}
