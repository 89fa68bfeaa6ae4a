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
  conversationWorkflows,
  operatorBrands,
  operatorConversations,
  operatorDayTexts,
  operatorWorkflows,
  type OperatorBrandRow,
  type OperatorConversationRow,
  type OperatorWorkflowRow,
} from './store/operator.ts';

export const OPERATOR_FEED_LIMIT = 50;

export type OperatorBrand = OperatorBrandRow;
export type OperatorWorkflow = OperatorWorkflowRow & { sent: number; skipped: number; replies: number };
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

/**
 * The workflow of each conversation, kept between refreshes by the caller (a conversation's
 * workflow never changes): a refresh looks up only the conversations it has not seen.
 */
export type ConversationWorkflowCache = Map<number, number | null>;

/**
 * Every workflow of the brands (every brand when none are given) with its figures since `since`
 * (held: what waits now). The day's texts come per conversation and are added up per workflow
 * here, through `cache`; it is left holding the conversations of this call only.
 */
export async function operatorWorkflowDay(
  db: Handle,
  query: { brandIds?: number[]; since: Date; now: Date },
  cache: ConversationWorkflowCache = new Map(),
): Promise<OperatorWorkflow[]> {
  const [rows, texts] = await Promise.all([operatorWorkflows(db, query), operatorDayTexts(db, query)]);
  const unseen = texts.filter((t) => !cache.has(t.conversation_id)).map((t) => t.conversation_id);
  if (unseen.length > 0) for (const c of await conversationWorkflows(db, unseen)) cache.set(c.id, c.workflow_id);
  const today = new Set(texts.map((t) => t.conversation_id));
  for (const id of cache.keys()) if (!today.has(id)) cache.delete(id);
  const totals = new Map<number, { sent: number; skipped: number; replies: number }>();
  for (const t of texts) {
    const workflowId = cache.get(t.conversation_id);
    if (workflowId === null || workflowId === undefined) continue;
    const into = totals.get(workflowId) ?? { sent: 0, skipped: 0, replies: 0 };
    into.sent += t.sent;
    into.skipped += t.skipped;
    into.replies += t.replies;
    totals.set(workflowId, into);
  }
  return rows.map((w) => ({ ...w, ...(totals.get(w.id) ?? { sent: 0, skipped: 0, replies: 0 }) }));
}
