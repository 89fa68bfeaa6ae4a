/** A member's role and state in the panel's words. */
import type { Member } from '../api/types.ts';

export const ROLE_WORDS: Record<string, string> = { admin: 'Admin', member: 'Member' };
export const STATE_WORDS: Record<string, string> = {
  active: 'Active',
  invited: 'Invited, not accepted yet',
  suspended: 'Suspended',
};

export const memberName = (m: Pick<Member, 'given_name' | 'family_name' | 'email'>): string =>
  [m.given_name, m.family_name].filter(Boolean).join(' ') || m.email;
