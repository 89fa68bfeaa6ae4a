/**
 * Who may do what in a brand (spec 4 section 6: tenant and partner roles are admin and member;
 * default role permissions give an admin create:users and update:users and a member none). The
 * brand API's writes follow one table: a member reads everything and does the day's work (replies,
 * drafts, edits of drafts, pause); what changes what shoppers receive, or loses history, is an
 * admin's (staff count as admins). Each refusal's message is the reason the panel shows beside
 * the control it disables.
 */
import { AppError } from '../../app/index.ts';
import type { Handle } from '../../db/index.ts';
import { brandRole, type BrandRole } from '../store/access.ts';

export const ADMIN_ACTIONS = {
  'workflow.activate': 'Only a brand admin can activate a workflow.',
  'workflow.delete': 'Only a brand admin can delete a workflow.',
  'flow.start': 'Only a brand admin can start a scheduled or keyword flow.',
  'kb.publish': 'Only a brand admin can publish or unpublish a KB card.',
  'kb.edit_published': 'Only a brand admin can change a published KB card.',
  'kb.delete': 'Only a brand admin can delete a KB card.',
  'agent.settings': 'Only a brand admin can change the shopper agent’s settings.',
  'billing.manage': 'Only a brand admin can choose, change or cancel the plan.',
  'team.manage': 'Only a brand admin can invite, change or suspend team members.',
  'texting.register': 'Only a brand admin can register the texting number.',
  'integrations.manage': 'Only a brand admin can connect Slack or Klaviyo or change where notifications go.',
} as const;
export type AdminAction = keyof typeof ADMIN_ACTIONS;

export interface Reader {
  userId: number;
  isStaff: boolean;
}

export interface BrandAbilities {
  role: BrandRole;
  actions: Array<{ action: AdminAction; allowed: boolean; reason: string | null }>;
}

export const abilitiesOf = (role: BrandRole): BrandAbilities => ({
  role,
  actions: (Object.keys(ADMIN_ACTIONS) as AdminAction[]).map((action) => ({
    action,
    allowed: role === 'admin',
    reason: role === 'admin' ? null : ADMIN_ACTIONS[action],
  })),
});

export async function brandAbilities(db: Handle, reader: Reader, tenantId: number): Promise<BrandAbilities> {
  return abilitiesOf(await brandRole(db, reader, tenantId));
}

/** Throws 403 with the action's reason unless the reader is an admin of the brand's tenant. */
export async function requireBrandAdmin(
  db: Handle,
  reader: Reader,
  tenantId: number,
  action: AdminAction,
): Promise<void> {
  if ((await brandRole(db, reader, tenantId)) !== 'admin')
    throw new AppError('forbidden', ADMIN_ACTIONS[action], { code: 'admin_only' });
}
