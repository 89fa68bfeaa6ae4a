import type { Invitation, MemberListRow, UserDetails, UserRow } from '../../accounts/index.ts';

const name = (u: { given_name: string | null; family_name: string | null }): string =>
  [u.given_name, u.family_name].filter(Boolean).join(' ') || '-';
const when = (d: Date | null): string => (d ? new Date(d).toISOString() : 'never');
const memberRow = (u: MemberListRow): string =>
  [
    String(u.user_id).padStart(6),
    u.state.padEnd(9),
    u.email.padEnd(32),
    name(u).padEnd(24),
    u.member_role.padEnd(6),
    `last login ${when(u.last_login)}`,
  ].join('  ');

/** `users list`: one row per member and the page shown, or that none were found. */
export const memberList = (result: { users: MemberListRow[]; total: number; page: number }): string =>
  result.users.length === 0
    ? `No members found (${result.total} in total).`
    : [
        ...result.users.map(memberRow),
        `Page ${result.page}, ${result.users.length} of ${result.total} member(s).`,
      ].join('\n');

/** `users show`: the user and their memberships. */
export const userDetail = (user: UserDetails): string =>
  [
    `User ${user.id}: ${user.email} (${name(user)})`,
    `  role ${user.role}, state ${user.state}, ${user.is_enabled ? 'enabled' : 'disabled'}${user.is_staff ? ', staff' : ''}, phone ${user.phone ?? '-'}, last login ${when(user.last_login)}`,
    ...user.memberships.map((m) => `  ${m.kind} ${m.owner_id} (${m.owner_name}): ${m.role}, ${m.state}`),
  ].join('\n');

/** `users update`: the user as it now is. */
export const userUpdated = (user: UserRow): string =>
  `Updated user ${user.id}: ${user.email} (${name(user)}), role ${user.role}, phone ${user.phone ?? '-'}.`;

/** Invitations sent (with the mail that carries each link) and the addresses skipped. */
export const invitations = (invited: Invitation[], invalid: string[]): string =>
  [
    ...invited.map(
      (i) =>
        `Invited ${i.email} (user ${i.user_id}, ${i.role}); link valid until ${i.expires_at}; ${i.mail ? `mail ${i.mail.id} (${i.mail.transport})` : `MAIL NOT SENT: ${i.mail_error} (retry with users reinvite)`}`,
    ),
    ...(invalid.length ? [`Skipped, not e-mail addresses: ${invalid.join(', ')}`] : []),
  ].join('\n');
