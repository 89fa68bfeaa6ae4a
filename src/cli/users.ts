import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import {
  getUser,
  inviteMembers,
  listUsers,
  reinviteMember,
  suspendUser,
  updateUser,
  type Invitation,
  type MemberListRow,
} from '../accounts/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const name = (u: { given_name: string | null; family_name: string | null }): string =>
  [u.given_name, u.family_name].filter(Boolean).join(' ') || '-';
const when = (d: Date | null): string => (d ? new Date(d).toISOString() : 'never');
const memberLine = (u: MemberListRow): string =>
  [
    String(u.user_id).padStart(6),
    u.state.padEnd(9),
    u.email.padEnd(32),
    name(u).padEnd(24),
    u.member_role.padEnd(6),
    `last login ${when(u.last_login)}`,
  ].join('  ');

function owner(opts: { tenant?: string; partner?: string }): { tenantId?: number; partnerId?: number } {
  if ((opts.tenant === undefined) === (opts.partner === undefined))
    throw new AppError('invalid_input', 'Give exactly one of --tenant ID or --partner ID.');
  return opts.tenant !== undefined
    ? { tenantId: parseIntegerFlag('--tenant', opts.tenant) }
    : { partnerId: parseIntegerFlag('--partner', opts.partner!) };
}

export function printInvitations(invited: Invitation[], invalid: string[]): void {
  printLines(
    ...invited.map(
      (i) =>
        `Invited ${i.email} (user ${i.user_id}, ${i.role}); link valid until ${i.expires_at}; ${i.mail ? `mail ${i.mail.id} (${i.mail.transport})` : `MAIL NOT SENT: ${i.mail_error} (retry with users reinvite)`}`,
    ),
    ...(invalid.length ? [`Skipped, not e-mail addresses: ${invalid.join(', ')}`] : []),
  );
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
        const who = owner(opts);
        await withContext(async (ctx) => {
          const result = await listUsers(ctx.db, {
            ...who,
            page: parseIntegerFlag('--page', opts.page),
            limit: parseIntegerFlag('--limit', opts.limit),
            state: opts.state,
            search: opts.search,
          });
          if (opts.json) return printJson(result);
          if (result.users.length === 0) return printLines(`No members found (${result.total} in total).`);
          printLines(
            ...result.users.map(memberLine),
            `Page ${result.page}, ${result.users.length} of ${result.total} member(s).`,
          );
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
        printLines(
          `User ${user.id}: ${user.email} (${name(user)})`,
          `  role ${user.role}, state ${user.state}, ${user.is_enabled ? 'enabled' : 'disabled'}${user.is_staff ? ', staff' : ''}, phone ${user.phone ?? '-'}, last login ${when(user.last_login)}`,
          ...user.memberships.map((m) => `  ${m.kind} ${m.owner_id} (${m.owner_name}): ${m.role}, ${m.state}`),
        );
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
        const inviterId = opts.inviter === undefined ? undefined : parseIntegerFlag('--inviter', opts.inviter);
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
          printInvitations(result.invited, result.invalid);
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
      const inviterId = opts.inviter === undefined ? undefined : parseIntegerFlag('--inviter', opts.inviter);
      await withContext(async (ctx) => {
        const invitation = await reinviteMember(ctx, {
          kind: who.tenantId !== undefined ? 'tenant' : 'partner',
          ownerId: (who.tenantId ?? who.partnerId)!,
          userId,
          inviterId,
        });
        if (opts.json) return printJson({ invited: invitation });
        printInvitations([invitation], []);
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
          printLines(
            `Updated user ${user.id}: ${user.email} (${name(user)}), role ${user.role}, phone ${user.phone ?? '-'}.`,
          );
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
