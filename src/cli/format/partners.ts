import type { PartnerInviteResult, PartnerListRow } from '../../accounts/index.ts';
import { invitations } from './users.ts';

/** `partners invite`: the new partner, the tenants attached, the invitations sent. */
export const partnerInvited = (result: PartnerInviteResult): string =>
  [
    `Created partner ${result.partner.id} "${result.partner.name}" (pending until a member accepts), ${result.tenant_ids.length} tenant(s) attached.`,
    invitations(result.invited, result.invalid),
  ].join('\n');

/** `partners list`: one row per partner, or that there are none. */
export const partnerList = (rows: PartnerListRow[]): string =>
  rows.length === 0
    ? 'No partners yet.'
    : rows
        .map(
          (p) =>
            `${String(p.id).padStart(6)}  ${p.state.padEnd(9)}  ${p.name.padEnd(28)}  ${p.members} member(s), ${p.tenants} tenant(s)`,
        )
        .join('\n');
