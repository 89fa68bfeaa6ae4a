/**
 * What a brand admin may change of a team member (Settings → Team). Pure: no I/O. Each refusal's
 * message is what the panel shows beside the control.
 */
import type { ErrorKind } from '../../app/index.ts';
import { parseInviteRole } from './rules.ts';

export const TEAM_MESSAGES = {
  nothingToChange: 'Nothing to change: give a role or a state.',
  self: 'You cannot change your own role or suspend yourself: ask another admin of the brand.',
  lastAdmin: 'The team needs at least one active admin: make another member an admin first.',
} as const;

export interface TeamChange {
  /** admin or member ('Invalid role "…": use admin or member.' otherwise). */
  role?: string;
  /** 'suspended' suspends; 'active' lifts a suspension (an invitation not yet accepted stays invited). */
  state?: 'active' | 'suspended';
}

export interface TeamChangeFacts {
  actorId: number;
  target: { userId: number; role: string; state: string; activated: boolean };
  change: { role?: string; state?: 'active' | 'suspended' };
  /** Active, activated admins of the tenant, the target included when it is one. */
  activeAdmins: number;
}

export interface TeamRefusal {
  kind: ErrorKind;
  code: string;
  message: string;
}

/** Why this change may not be made, or undefined. Throws the role's own message for an unknown role. */
export function teamChangeRefusal({ actorId, target, change, activeAdmins }: TeamChangeFacts): TeamRefusal | undefined {
  if (change.role === undefined && change.state === undefined)
    return { kind: 'invalid_input', code: 'empty_update', message: TEAM_MESSAGES.nothingToChange };
  if (change.role !== undefined) parseInviteRole(change.role);
  if (target.userId === actorId) return { kind: 'forbidden', code: 'own_membership', message: TEAM_MESSAGES.self };
  const activeAdmin = target.role === 'admin' && target.state === 'active' && target.activated;
  const demoted = change.role !== undefined && change.role !== 'admin';
  if (activeAdmin && (demoted || change.state === 'suspended') && activeAdmins <= 1)
    return { kind: 'conflict', code: 'last_admin', message: TEAM_MESSAGES.lastAdmin };
  return undefined;
}
