/**
 * The operator's cross-brand reads (the `reclaim dashboard`): the brands in view, the newest
 * conversations in the live-feed states (shopper numbers masked, as in every list) and each
 * workflow's figures of the day. Pass the brands in view: one brand, or every brand.
 */
import { AppError } from '../app/index.ts';
import { maskUsername } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { BRAND_NOT_FOUND } from './scope.ts';
import {
  operatorBrands,
  operatorConversations,
  operatorWorkflows,
  type OperatorBrandRow,
  type OperatorConversationRow,
  type OperatorWorkflowRow,
} from './store/operator.ts';

export const OPERATOR_FEED_LIMIT = 50;

export type OperatorBrand = OperatorBrandRow;
export type OperatorWorkflow = OperatorWorkflowRow;
export type OperatorConversation = Omit<OperatorConversationRow, 'username'> & { phone: string | null };

/** The brands in view: the one asked for ('Brand not found' when missing), else every brand. */
export async function operatorBrandList(db: Handle, { brandId }: { brandId?: number } = {}): Promise<OperatorBrand[]> {
  const brands = await operatorBrands(db, brandId);
  if (brandId !== undefined && brands.length === 0) throw new AppError('not_found', BRAND_NOT_FOUND);
  return brands;
}

/** The newest conversations of the brands (every brand when none are given), newest first. */
export async function operatorLiveFeed(
  db: Handle,
  { brandIds, limit = OPERATOR_FEED_LIMIT }: { brandIds?: number[]; limit?: number },
): Promise<OperatorConversation[]> {
  const rows = await operatorConversations(db, { brandIds, limit });
  return rows.map(({ username, ...row }) => ({ ...row, phone: username ? maskUsername(username) : null }));
}

/** Every workflow of the brands (every brand when none are given) with its figures since `since` (held: what waits now). */
export function operatorWorkflowDay(
  db: Handle,
  query: { brandIds?: number[]; since: Date; now: Date },
): Promise<OperatorWorkflow[]> {
  return operatorWorkflows(db, query);
}
