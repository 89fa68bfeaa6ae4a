/**
 * An escalation: the question recorded in conversation_escalations (one open escalation per
 * conversation: a second question while the first waits joins it), the brand's team notified in the
 * panel and, with Slack connected and a channel chosen, on Slack.
 */
import { publicBaseUrl, type AppContext } from '../app/index.ts';
import { createAgentEscalations } from '../conversations/index.ts';
import { connectedSlack, postToSlack } from '../integrations/index.ts';
import { raiseAgentEscalations } from '../notifications/index.ts';
import { REASONS, type ReasonCode } from './rules.ts';
import { updateEscalationIds, type DecisionRow } from './store-decisions.ts';

/**
 * The escalations of several decisions (of distinct conversations): a conversation's open escalation
 * is joined, else a new one recorded (inserted together),
 * the decisions' escalation ids set in one statement, the team notified in the panel together.
 * Returns each decision's escalation id, in order, and the new ones (for postEscalations: Slack).
 */
export async function escalateAll(
  ctx: AppContext,
  items: { decision: DecisionRow; question: string; open: number | null }[],
): Promise<{ ids: number[]; fresh: { decision: DecisionRow; question: string }[] }> {
  const fresh = items.filter((i) => i.open === null);
  const created = await createAgentEscalations(
    ctx.db,
    fresh.map((i) => ({
      brandId: i.decision.brand_id,
      conversationId: i.decision.conversation_id,
      question: i.question,
    })),
  );
  const newIds = new Map(fresh.map((item, k) => [item, created[k]!.id]));
  const ids = items.map((item) => item.open ?? newIds.get(item)!);
  await updateEscalationIds(
    ctx.db,
    items.map((item, k) => ({ id: item.decision.id, escalation_id: ids[k]! })),
  );
  await raiseAgentEscalations(
    ctx.db,
    fresh.map((item) => ({
      brandId: item.decision.brand_id,
      conversationId: item.decision.conversation_id,
      escalationId: newIds.get(item)!,
      question: item.question,
      why: whyOf(item.decision),
    })),
  );
  return { ids, fresh };
}

const whyOf = (d: DecisionRow): string => REASONS[d.reason as ReasonCode] ?? d.reason;

/** The new escalations posted on Slack, one by one (after the transaction that recorded them). */
export async function postEscalations(
  ctx: AppContext,
  fresh: { decision: DecisionRow; question: string }[],
): Promise<void> {
  if (!ctx.config.SLACK_CLIENT_ID) return;
  for (const item of fresh) await postEscalation(ctx, item.decision, item.question, whyOf(item.decision));
}

/** The escalation posted to the brand's Slack channel, when Slack is connected and a channel chosen. */
async function postEscalation(ctx: AppContext, decision: DecisionRow, question: string, why: string): Promise<void> {
  const slack = await connectedSlack(ctx, decision.brand_id);
  if (!slack || typeof slack.link.settings.channel_id !== 'string') return;
  const link = `${publicBaseUrl(ctx.config)}/b/${decision.brand_id}/conversations/${decision.conversation_id}`;
  try {
    await postToSlack(ctx, {
      brandId: decision.brand_id,
      text: `A shopper needs an answer: "${question.slice(0, 300)}"\n${why}\n<${link}|Open the conversation>`,
    });
  } catch (error) {
    ctx.logger.child({ brand_id: decision.brand_id }).warn({ err: error }, 'agent escalation not posted to Slack');
  }
}
