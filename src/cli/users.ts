import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { getUser, inviteMembers, listUsers, reinviteMember, suspendUser, updateUser } from '../accounts/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { invitations, memberList, userDetail, userUpdated } from './format/users.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

function owner(opts: { tenant?: string; partner?: string }): { tenantId?: number; partnerId?: number } {
  if ((opts.tenant === undefined) === (opts.partner === undefined))
    throw new AppError('invalid_input', 'Give exactly one of --tenant ID or --partner ID.');
  return opts.tenant !== undefined
    ? { tenantId: parseIntegerFlag('--tenant', opts.tenant) }
    : { partnerId: parseIntegerFlag('--partner', opts.partner!) };
}

export function usersCommand(): Command {
  const users = withExamples(
    new Command('users').description('users and members of tenants and partners: list, show, invite, update, suspend'),
    'reclaim users list --tenant 1',
    'reclaim users invite --tenant 1 --emails "ann@acme.com, bob@acme.com"',
  );

  withExamples(
    users
      .command('list')
      .description('members of a tenant or partner, by last login (newest first)')
      .option('--tenant <id>', 'tenant id')
      .option('--partner <id>', 'partner id')
      .option('--page <n>', 'page, from 1', '1')
      .option('--limit <n>', 'members per page', '10')
      .option('--state <state>', 'active, invited (never activated) or suspended')
      .option('--search <text>', 'part of the e-mail, given or family name')
      .option('--json', 'print as JSON'),
    'reclaim users list --tenant 1',
    'reclaim users list --partner 2 --state invited --search ann --json',
  ).action(
    action(
      async (opts: {
        tenant?: string;
        partner?: string;
        page: string;
        limit: string;
        state?: string;
        search?: string;
        json?: boolean;
      }) => {
        const query = {
          ...owner(opts),
          page: parseIntegerFlag('--page', opts.page),
          limit: parseIntegerFlag('--limit', opts.limit),
          state: opts.state,
          search: opts.search,
        };
        await withContext(async (ctx) => {
          const result = await listUsers(ctx.db, query);
          if (opts.json) return printJson(result);
          printLines(memberList(result));
        });
      },
    ),
  );

  withExamples(
    users.command('show <id>').description('one user and their memberships').option('--json', 'print as JSON'),
    'reclaim users show 12',
  ).action(
    action(async (id: string, opts: { json?: boolean }) => {
      const userId = parseIntegerFlag('id', id);
      await withContext(async (ctx) => {
        const user = await getUser(ctx.db, userId);
        if (opts.json) return printJson({ user });
        printLines(userDetail(user));
      });
    }),
  );

  withExamples(
    users
      .command('invite')
      .description('invite people to a tenant (or a partner): disabled users, a setup link valid 3 days by e-mail')
      .option('--tenant <id>', 'tenant id')
      .option('--partner <id>', 'partner id')
      .requiredOption('--emails <list>', 'e-mails separated by commas, semicolons or newlines')
      .option('--role <role>', 'admin or member', 'member')
      .option('--inviter <userId>', 'the user who invites (named in the mail)')
      .option('--json', 'print as JSON'),
    'reclaim users invite --tenant 1 --emails "ann@acme.com, bob@acme.com; cy@acme.com"',
    'reclaim users invite --tenant 1 --emails ann@acme.com --role admin --inviter 3 --json',
  ).action(
    action(
      async (opts: {
        tenant?: string;
        partner?: string;
        emails: string;
        role: string;
        inviter?: string;
        json?: boolean;
      }) => {
        const who = owner(opts);
        const inviterId = optionalInteger('--inviter', opts.inviter);
        await withContext(async (ctx) => {
          const kind = who.tenantId !== undefined ? 'tenant' : 'partner';
          const result = await inviteMembers(ctx, {
            kind,
            ownerId: (who.tenantId ?? who.partnerId)!,
            emails: opts.emails,
            role: opts.role,
            inviterId,
          });
          if (opts.json) return printJson(result);
          printLines(invitations(result.invited, result.invalid));
        });
      },
    ),
  );

  withExamples(
    users
      .command('reinvite')
      .description('a fresh setup link (valid 3 days) for a member who has not accepted yet')
      .option('--tenant <id>', 'tenant id')
      .option('--partner <id>', 'partner id')
      .requiredOption('--user <id>', 'user id')
      .option('--inviter <userId>', 'the user who invites')
      .option('--json', 'print as JSON'),
    'reclaim users reinvite --tenant 1 --user 12',
  ).action(
    action(async (opts: { tenant?: string; partner?: string; user: string; inviter?: string; json?: boolean }) => {
      const who = owner(opts);
      const userId = parseIntegerFlag('--user', opts.user);
      const inviterId = optionalInteger('--inviter', opts.inviter);
      await withContext(async (ctx) => {
        const invitation = await reinviteMember(ctx, {
          kind: who.tenantId !== undefined ? 'tenant' : 'partner',
          ownerId: (who.tenantId ?? who.partnerId)!,
          userId,
          inviterId,
        });
        if (opts.json) return printJson({ invited: invitation });
        printLines(invitations([invitation], []));
      });
    }),
  );

  withExamples(
    users
      .command('update <id>')
      .description('change names, phone (US numbers to E.164) or role')
      .option('--given-name <name>')
      .option('--family-name <name>')
      .option('--phone <phone>')
      .option('--role <role>', 'admin or member')
      .option('--json', 'print as JSON'),
    'reclaim users update 12 --given-name Ann --phone "(415) 555-0100" --role admin',
  ).action(
    action(
      async (
        id: string,
        opts: { givenName?: string; familyName?: string; phone?: string; role?: string; json?: boolean },
      ) => {
        const userId = parseIntegerFlag('id', id);
        await withContext(async (ctx) => {
          const user = await updateUser(ctx.db, userId, {
            givenName: opts.givenName,
            familyName: opts.familyName,
            phone: opts.phone,
            role: opts.role,
          });
          if (opts.json) return printJson({ user });
          printLines(userUpdated(user));
        });
      },
    ),
  );

  withExamples(
    users
      .command('suspend <id>')
      .description('suspend a user: login is refused from then on')
      .option('--json', 'print as JSON'),
    'reclaim users suspend 12',
  ).action(
    action(async (id: string, opts: { json?: boolean }) => {
      const userId = parseIntegerFlag('id', id);
      await withContext(async (ctx) => {
        const user = await suspendUser(ctx.db, userId);
        if (opts.json) return printJson({ user: { id: user.id, email: user.email, state: user.state } });
        printLines(`Suspended user ${user.id} (${user.email}).`);
      });
    }),
  );
  return users;
}
